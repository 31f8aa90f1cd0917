"""Printed components of Pergamon as plain tables (no logic).

Three tables are **RECONSTRUCTED** (PER-TILE-4, PER-FUNDS-3, PER-EVAL-1): the numbers are printed only on the board
and the tiles and no readable source gives them. They are not here but in ``reconstructed.json`` (one place, in the
format players use to substitute the printed values: see ``tables.py``); the engine reads them only through
:class:`~museion.games.pergamon.state.PergamonGame` (``game.tiles``, ``game.track``, ``game.bands``), so nothing
else depends on their values.
"""

from __future__ import annotations

from typing import Final

# -- object types ---------------------------------------------------------------------------------------------------
TYPES: Final = ("V", "J", "B", "M")
"""Object types by index: vase, jug, bracelet, mask (one letter each in notation and rendering)."""
TYPE_NAMES: Final = ("vase", "jug", "bracelet", "mask")

# -- printed, not reconstructed -------------------------------------------------------------------------------------
MUSEUM_SPACES: Final = 24          # PER-EXH-4: the exhibition plan has spaces 1-24
GALLERIES: Final = 5               # galleries I-V (PER-LAYOUT-1)
GALLERY_SIZE: Final = 4            # at most 4 finds per gallery
TURNS: Final = 12                  # 12 calendar turns (PER-SETUP-1)
PILE_SIZE: Final = 5               # 5 tiles per calendar pile
MARKERS: Final = 3                 # collection marker pairs I, II, III (PER-SETUP-4)
FUNDS_CARD_COPIES: Final = 3       # 3 cards of each value 1-8 (PER-SETUP-2)
FUNDS_CARD_VALUES: Final = 8
BAG_MAX: Final = 4                 # values 1-4 show a money bag, 5-8 a chest
FREE_STORAGE: Final = 3            # PER-STORE-1: 3 finds are stored for free
STORAGE_GROUP: Final = 3           # PER-STORE-1: 1 coin per group of 3 further finds

# The calendar's evaluations (PER-EVAL-2, PER-EVAL-3): turn -> (object type of the 2-VP prize, museum shift after).
EVALUATIONS: Final[dict[int, tuple[int, int]]] = {
    5: (0, 3),   # vase, markers down 3
    7: (1, 4),   # jug, down 4
    9: (3, 5),   # mask, down 5
    12: (2, 0),  # bracelet, no shift
}
PRIZE_VP: Final = 2
FINAL_BONUS: Final = (3, 2, 1)     # PER-END-1: oldest, second and third oldest exhibited object
