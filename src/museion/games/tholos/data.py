"""Tholos components as tables (THO-SETUP-*, THO-SCORE-*, THO-ORN-*). No logic here."""

from __future__ import annotations

from typing import Final

WHITE: Final = 0
BLACK: Final = 1
GREY: Final = 2
COLOURS: Final = "WBG"
"""Stone colours by code; players are 0 = White and 1 = Black (THO-SETUP-2), so a player's colour code is their seat."""

LOCATIONS: Final = "ABCDEFG"
"""The seven temple locations, clockwise from the top (THO-SETUP-4)."""

STONES_IN_PLAY: Final = (15, 15, 10)
"""W, B, G in play; one W and one B are score markers (THO-SETUP-1)."""

QUARRY_START: Final = (13, 13, 10)
"""THO-SETUP-3."""

WORKSHOP_START: Final = 2
WORKSHOP_SIZE: Final = 3
"""Each workshop starts with 2 stones of its owner's colour and holds at most 3 (THO-SETUP-2, THO-TAKE-3)."""

TAKE_LIMIT_OWN: Final = 3
TAKE_LIMIT_GREY: Final = 2
TAKE_LIMIT_RIVAL: Final = 1
"""THO-TAKE-2."""

COLUMN_HEIGHT: Final = 5
COLUMN_HEIGHT_ORNAMENT_7: Final = 7
"""THO-PLACE-2, THO-ORN-7."""

POINTS_OWN: Final = 1
POINTS_RIVAL: Final = 3
POINTS_GREY: Final = -2
"""Points per stone for the winner of a column (THO-SCORE-2)."""

ORNAMENT_1_BONUS: Final = 3
"""THO-ORN-1."""
GREY_POINTS_ORNAMENT_3: Final = 2
GREY_POINTS_ORNAMENT_4: Final = -3
"""THO-ORN-3, THO-ORN-4."""

ORNAMENTS: Final = (1, 2, 3, 4, 5, 6, 7)
DEFAULT_ORNAMENTS_ADVANCED: Final = 2
MAX_ORNAMENTS: Final = 5
"""THO-ORN-SETUP-1/2."""

MOVED_COLOUR: Final = {0: GREY, 1: WHITE, 6: BLACK}
"""Locations whose extra action moves a top stone, and the colour it must have (A grey, B white, G black)."""
MOVED_COLOUR_AT: Final = tuple(MOVED_COLOUR.get(loc, -1) for loc in range(len(LOCATIONS)))
"""The same by location index, -1 where the extra action moves no stone (the legal-action loop indexes it)."""
