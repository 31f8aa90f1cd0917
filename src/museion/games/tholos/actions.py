"""Tholos action ids <-> notation.

Player action ids are fixed (121 in all):

======  =========================  ==================  ============================================
ids     move                       notation            meaning
======  =========================  ==================  ============================================
0-8     TAKE colour c, n stones    ``T2W``             take n stones of colour W/B/G from the quarry
9-29    PLACE colour c at L        ``PC:B``            place a B stone from your workshop on C
30-78   MOVE top of S to D         ``xA:E>F``          extra action A/B/G: move E's top stone to F
79-85   RETURN top of S            ``xC:A``            extra action C: top stone of A to the quarry
86-88   QUARRY colour c            ``xD:G``            extra action D: a G stone from the quarry
89-91   STEAL colour c             ``xE:W``            extra action E: a W stone from the rival's workshop
92-112  SECOND PLACE c at D        ``xF:B>D``          extra action F: place a B stone on D
113-119 GREY FROM QUARRY to D      ``xL:Q>D``          ornament 6 instead of L's action: quarry grey to D
120     DECLINE                    ``x-``              skip the optional extra action
======  =========================  ==================  ============================================

Chance outcome ids: 0/1 = start player White/Black (``start:W``), 2 + 7*(k-1) + L = ornament k on location L
(``O3@C``).
"""

from __future__ import annotations

from typing import Final

from museion.games.tholos.data import COLOURS, LOCATIONS

TAKE: Final = 0
PLACE: Final = 9
MOVE: Final = 30
RETURN: Final = 79
QUARRY: Final = 86
STEAL: Final = 89
SECOND: Final = 92
GREY_QUARRY: Final = 113
DECLINE: Final = 120
NUM_ACTIONS: Final = 121

CHANCE_START: Final = 0
CHANCE_ORNAMENT: Final = 2
NUM_CHANCE: Final = 2 + 7 * 7


def take(colour: int, n: int) -> int:
    return TAKE + colour * 3 + n - 1


def place(colour: int, loc: int) -> int:
    return PLACE + colour * 7 + loc


def move(src: int, dst: int) -> int:
    return MOVE + src * 7 + dst


def second(colour: int, loc: int) -> int:
    return SECOND + colour * 7 + loc


def ornament(number: int, loc: int) -> int:
    return CHANCE_ORNAMENT + (number - 1) * 7 + loc


def player_action_string(action: int, acting_loc: int | None) -> str:
    """Notation of a player action; ``acting_loc`` is the location whose extra action is being taken."""
    at = LOCATIONS[acting_loc] if acting_loc is not None else "?"
    if action < PLACE:
        c, n = divmod(action - TAKE, 3)
        return f"T{n + 1}{COLOURS[c]}"
    if action < MOVE:
        c, loc = divmod(action - PLACE, 7)
        return f"P{LOCATIONS[loc]}:{COLOURS[c]}"
    if action < RETURN:
        s, d = divmod(action - MOVE, 7)
        return f"x{at}:{LOCATIONS[s]}>{LOCATIONS[d]}"
    if action < QUARRY:
        return f"x{at}:{LOCATIONS[action - RETURN]}"
    if action < STEAL:
        return f"x{at}:{COLOURS[action - QUARRY]}"
    if action < SECOND:
        return f"x{at}:{COLOURS[action - STEAL]}"
    if action < GREY_QUARRY:
        c, loc = divmod(action - SECOND, 7)
        return f"x{at}:{COLOURS[c]}>{LOCATIONS[loc]}"
    if action < DECLINE:
        return f"x{at}:Q>{LOCATIONS[action - GREY_QUARRY]}"
    if action == DECLINE:
        return "x-"
    raise ValueError(f"no Tholos action has id {action}; ids are 0..{NUM_ACTIONS - 1}")


def decode(action: int) -> tuple[str, int, int]:
    """``(kind, a, b)`` of a player action id: take (colour, n), place/second (colour, loc), move (src, dst),
    return/grey (loc, 0), quarry/steal (colour, 0), decline (0, 0)."""
    if action < PLACE:
        c, n = divmod(action - TAKE, 3)
        return "take", c, n + 1
    if action < MOVE:
        return ("place", *divmod(action - PLACE, 7))
    if action < RETURN:
        return ("move", *divmod(action - MOVE, 7))
    if action < QUARRY:
        return "return", action - RETURN, 0
    if action < STEAL:
        return "quarry", action - QUARRY, 0
    if action < SECOND:
        return "steal", action - STEAL, 0
    if action < GREY_QUARRY:
        return ("second", *divmod(action - SECOND, 7))
    if action < DECLINE:
        return "grey", action - GREY_QUARRY, 0
    return "decline", 0, 0


def chance_string(outcome: int) -> str:
    if outcome < CHANCE_ORNAMENT:
        return f"start:{COLOURS[outcome]}"
    k, loc = divmod(outcome - CHANCE_ORNAMENT, 7)
    return f"O{k + 1}@{LOCATIONS[loc]}"
