"""Tholos components as tables (THO-SETUP-*, THO-SCORE-*, THO-ORN-*). No logic here."""

from __future__ import annotations

from typing import Final

WHITE, BLACK, GREY = 0, 1, 2
COLOURS = "WBG"
"""Stone colours by code; players are 0 = White and 1 = Black (THO-SETUP-2), so a player's colour code is their seat."""

LOCATIONS = "ABCDEFG"
"""The seven temple locations, clockwise from the top (THO-SETUP-4)."""

STONES_IN_PLAY = (15, 15, 10)
"""W, B, G in play; one W and one B are score markers (THO-SETUP-1)."""

QUARRY_START = (13, 13, 10)
"""THO-SETUP-3."""

WORKSHOP_START = 2
WORKSHOP_SIZE = 3
"""Each workshop starts with 2 stones of its owner's colour and holds at most 3 (THO-SETUP-2, THO-TAKE-3)."""

TAKE_LIMIT_OWN, TAKE_LIMIT_GREY, TAKE_LIMIT_RIVAL = 3, 2, 1
"""THO-TAKE-2."""

COLUMN_HEIGHT = 5
COLUMN_HEIGHT_ORNAMENT_7 = 7
"""THO-PLACE-2, THO-ORN-7."""

POINTS_OWN, POINTS_RIVAL, POINTS_GREY = 1, 3, -2
"""Points per stone for the winner of a column (THO-SCORE-2)."""

ORNAMENT_1_BONUS = 3
"""THO-ORN-1."""
GREY_POINTS_ORNAMENT_3, GREY_POINTS_ORNAMENT_4 = 2, -3
"""THO-ORN-3, THO-ORN-4."""

ORNAMENTS = (1, 2, 3, 4, 5, 6, 7)
DEFAULT_ORNAMENTS_ADVANCED = 2
MAX_ORNAMENTS = 5
"""THO-ORN-SETUP-1/2."""

MOVED_COLOUR = {0: GREY, 1: WHITE, 6: BLACK}
"""Locations whose extra action moves a top stone, and the colour it must have (A grey, B white, G black)."""

# -- phases (TholosState.phase) ----------------------------------------------------------------------------------
SETUP: Final = 0   # chance: ornaments and locations are drawn
MAIN: Final = 1    # the player to move takes or places
EXTRA: Final = 2   # the optional extra action of the location just built on
OVER: Final = 3    # game over
