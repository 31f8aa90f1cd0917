"""Action ids <-> structured moves <-> notation strings for Pergamon.

Player action ids (fixed for every configuration, ``num_distinct_actions() == 168``):

========  ==========================  =========================================================
ids       notation                    meaning
========  ==========================  =========================================================
0-12      ``P1`` ... ``P13``          put your figure on research-funds space P1 (right) ... P13
13-17     ``dig I`` ... ``dig V``     excavate gallery I ... V (pay 1 ... 5 coins)
18-77     ``+4.63``                   take find 4.63 (century 4, number 63) into the collection
                                      being built (the first one starts a collection)
78        ``close``                   close the ring (last find's left half matches the first's
                                      right half)
79-81     ``break I`` ... ``break III``  to exhibit a 4th collection: break up collection I/II/III
82-104    ``polish 0`` ... ``polish 22``  pay k coins of polish and exhibit (this confirms)
105       ``cancel``                  abandon the collection being built (finds stay in supply)
106       ``end``                     stop excavating/exhibiting: go to storage
107       ``pay``                     pay the storage fee (ends your turn)
108-167   ``drop 4.63``               discard find 4.63 to the box instead of paying for it
========  ==========================  =========================================================

Chance outcome ids (``max_chance_outcomes() == 60``): ``start 2`` (first player, id = seat) when
``start_player="random"``; ``draw 4.63`` (a find tile laid out, id = tile index); ``card 7`` (a funds card, id =
value - 1).

A find is named by its century and two-digit number (``4.63``), unique in a tile table; on the table it is drawn
``V63|4J`` (left edge: right half of a vase, number 63; right edge: left half of a jug, century 4).
"""

from __future__ import annotations

import re
from typing import Final

SPACES: Final = 13
A_SPACE: Final = 0            # + space index 0..12
A_DIG: Final = 13             # + gallery index 0..4
A_TILE: Final = 18            # + tile index 0..59
A_CLOSE: Final = 78
A_BREAK: Final = 79           # + marker 0..2
A_POLISH: Final = 82          # + coins 0..22
MAX_POLISH: Final = 22        # 24 - 2: more polish can never raise a collection's space (minimum value is 2)
A_CANCEL: Final = 105
A_END: Final = 106
A_PAY: Final = 107
A_DROP: Final = 108           # + tile index 0..59
NUM_ACTIONS: Final = 168

ROMAN: Final = ("I", "II", "III", "IV", "V")


def tile_code(century: int, number: int) -> str:
    """Short name of a find: century, dot, two-digit number (``4.63``)."""
    return f"{century}.{number:02d}"


def player_action_to_string(action: int, codes: tuple[str, ...]) -> str:
    """Notation of a player action id (``codes``: the short names of the tiles)."""
    if action < A_DIG:
        return f"P{action + 1}"
    if action < A_TILE:
        return f"dig {ROMAN[action - A_DIG]}"
    if action < A_CLOSE:
        return "+" + codes[action - A_TILE]
    if action == A_CLOSE:
        return "close"
    if action < A_POLISH:
        return f"break {ROMAN[action - A_BREAK]}"
    if action < A_CANCEL:
        return f"polish {action - A_POLISH}"
    if action == A_CANCEL:
        return "cancel"
    if action == A_END:
        return "end"
    if action == A_PAY:
        return "pay"
    return "drop " + codes[action - A_DROP]


_ARABIC: Final = re.compile(r"^(dig|break)\s*([1-5])$", re.IGNORECASE)


def alias(text: str) -> str:
    """``dig 4`` means ``dig IV`` and ``break 2`` means ``break II`` (the terminal accepts both)."""
    m = _ARABIC.match(text.strip())
    return f"{m.group(1)} {ROMAN[int(m.group(2)) - 1]}" if m else text
