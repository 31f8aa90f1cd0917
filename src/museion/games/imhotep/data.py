"""Imhotep components as tables (A sides of the sites; IMH-SETUP-*, site and card rules). No logic here."""

from __future__ import annotations

from typing import Final

# -- players and stones ----------------------------------------------------------------------------------
COLOURS: Final = ("black", "white", "brown", "grey")
"""Stone colours by seat: player 0 plays black, 1 white, 2 brown, 3 grey (IMH-SETUP-1)."""
COLOUR_CODES: Final = ("K", "W", "B", "G")
"""One-letter colour codes used by the text rendering (K = black, as in CMYK)."""

STONES_PER_COLOUR: Final = 30
SCORE_MARKERS: Final = 1
PLAYABLE_STONES: Final = STONES_PER_COLOUR - SCORE_MARKERS
"""29 playable stones per player; one stone marks the score (IMH-SETUP-1, IMH-INV-1)."""

SLED_CAPACITY: Final = 5
"""A supply sled holds at most 5 stones (IMH-SETUP-2, IMH-INV-3)."""
START_SLED: Final = (2, 3, 4, 5)
"""Sled stones clockwise from the start player (IMH-SETUP-2)."""
GET_STONES: Final = 3
"""Stones taken by the "get new stones" action, capped by sled room and quarry (IMH-ACT-STONES)."""

ROUNDS: Final = 6
"""IMH-ROUND-1, IMH-INV-3."""

# -- round cards and ships -------------------------------------------------------------------------------
ROUND_CARDS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {
    2: ((4, 3, 2, 2), (4, 3, 3, 1), (4, 2, 2, 1), (4, 3, 2, 1), (3, 2, 2, 1), (3, 3, 2, 2), (3, 3, 2, 1)),
    3: ((4, 3, 3, 2), (4, 3, 2, 1), (3, 3, 2, 2), (4, 2, 2, 1), (4, 3, 2, 2), (3, 3, 3, 2), (4, 4, 2, 1)),
    4: ((4, 4, 2, 1), (4, 3, 3, 2), (4, 3, 3, 3), (3, 3, 3, 2), (4, 4, 3, 2), (4, 4, 2, 2), (4, 3, 2, 2)),
}
"""The 7 round cards of each player count: capacities of the round's 4 ships, ship 1 first (IMH-SETUP-5)."""
ROUND_CARDS_USED: Final = 6
"""6 of the 7 cards are used; the seventh stays unseen in the box (IMH-SETUP-5)."""

SHIP_MINIMUM: Final = {4: 3, 3: 2, 2: 1, 1: 1}
"""Minimum load to sail, by capacity (IMH-SETUP-6)."""
SHIP_TOKENS: Final = {4: 2, 3: 3, 2: 2, 1: 1}
"""The 8 ship tokens in the box, by capacity (every round card can be set out from them)."""
SHIPS_PER_ROUND: Final = 4
MAX_SHIP_CAPACITY: Final = 4

# -- sites -----------------------------------------------------------------------------------------------
MARKET: Final = 0
PYRAMID: Final = 1
TEMPLE: Final = 2
BURIAL: Final = 3
OBELISK: Final = 4
SITES: Final = ("market", "pyramid", "temple", "burial chamber", "obelisks")
SITE_CODES: Final = ("MKT", "PYR", "TMP", "BUR", "OBL")
"""The five sites (IMH-SETUP-3); the codes are used in the notation (``V1>PYR``)."""

PYRAMID_VALUES: Final = (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)
"""Points of the 14 pyramid spaces in fill order (IMH-PYR-1): level 1 (3x3, column by column from the top
left), level 2 (2x2, column by column), level 3 (1 space)."""
PYRAMID_LEVELS: Final = ((0, 3), (9, 2), (13, 1))
"""(first fill index, side length) of each pyramid level; space k of a level lies at column k // side,
row k % side."""
PYRAMID_BESIDE_POINTS: Final = 1
"""Each stone after the 14th scores 1 point (IMH-PYR-2)."""

TEMPLE_WIDTH: Final = {2: 4, 3: 5, 4: 5}
"""Temple row width by player count (IMH-TEMPLE-1)."""
TEMPLE_VISIBLE_POINTS: Final = 1
"""Each visible temple stone scores 1 point at the end of every round (IMH-TEMPLE-3)."""

BURIAL_ROWS: Final = 3
"""The burial chamber has 3 rows; the k-th stone goes to column k // 3, row k % 3 (IMH-BURIAL-1)."""
BURIAL_GROUP_POINTS: Final = (0, 1, 3, 6, 10, 15)
BURIAL_GROUP_EXTRA: Final = 2
"""Points of a connected group by size; each stone beyond 5 adds 2 (IMH-BURIAL-2)."""

OBELISK_POINTS: Final = {2: (10, 1), 3: (12, 6, 1), 4: (15, 10, 5, 1)}
"""Obelisk points by rank and player count (IMH-OBEL-1)."""

# -- market cards ----------------------------------------------------------------------------------------
RED: Final = "red"
GREEN: Final = "green"
PURPLE: Final = "purple"
BLUE: Final = "blue"

ENTRANCE: Final = 0
SARCOPHAGUS: Final = 1
PAVED_PATH: Final = 2
DECO_PYRAMID: Final = 3
DECO_TEMPLE: Final = 4
DECO_BURIAL: Final = 5
DECO_OBELISK: Final = 6
STATUE: Final = 7
LEVER: Final = 8
HAMMER: Final = 9
SAIL: Final = 10
CHISEL: Final = 11

CARDS: Final = (
    # (code, colour, count, meaning)
    ("ENTRANCE", RED, 2, "put 1 stone from your quarry on the pyramid"),
    ("SARCOPHAGUS", RED, 2, "put 1 stone from your quarry in the burial chamber"),
    ("PAVED_PATH", RED, 2, "put 1 stone from your quarry on your obelisk"),
    ("DECO_PYR", GREEN, 2, "game end: 1 point per 3 stones at the pyramid"),
    ("DECO_TMP", GREEN, 2, "game end: 1 point per 3 stones in the temple"),
    ("DECO_BUR", GREEN, 2, "game end: 1 point per 3 stones in the burial chamber"),
    ("DECO_OBL", GREEN, 2, "game end: 1 point per 3 stones on the obelisks"),
    ("STATUE", PURPLE, 10, "game end: 1/3/6/10/15 points for 1-5 statues, +2 per further statue"),
    ("LEVER", BLUE, 2, "sail 1 ship and choose the unloading order"),
    ("HAMMER", BLUE, 2, "get up to 3 stones, then place 1 stone on a ship"),
    ("SAIL", BLUE, 3, "place 1 stone on a ship, then sail that ship"),
    ("CHISEL", BLUE, 3, "place 2 stones: both on 1 ship or 1 on each of 2 ships"),
)
"""The 34 market cards by type (IMH-SETUP-4, IMH-CARD-*)."""
CARD_CODES: Final = tuple(c[0] for c in CARDS)
CARD_COLOURS: Final = tuple(c[1] for c in CARDS)
CARD_COUNTS: Final = tuple(c[2] for c in CARDS)
NUM_CARD_TYPES: Final[int] = len(CARDS)
DECK_SIZE: Final = sum(CARD_COUNTS)
"""34 (IMH-INV-2)."""

RED_CARD_SITE: Final = {ENTRANCE: PYRAMID, SARCOPHAGUS: BURIAL, PAVED_PATH: OBELISK}
"""Where a red card puts a stone from the quarry (IMH-CARD-RED-1)."""
DECORATION_SITE: Final[dict[int, int]] = {
    DECO_PYRAMID: PYRAMID, DECO_TEMPLE: TEMPLE, DECO_BURIAL: BURIAL, DECO_OBELISK: OBELISK}
DECORATION_DIVISOR: Final = 3
"""Green cards: 1 point per 3 stones of any colour at their site (IMH-CARD-GREEN-1)."""
STATUE_POINTS: Final = (0, 1, 3, 6, 10, 15)
STATUE_EXTRA: Final = 2
"""Purple cards: points for n statues; each beyond 5 adds 2 (IMH-CARD-PURPLE-1)."""
BLUE_CARDS: Final = (LEVER, HAMMER, SAIL, CHISEL)
UNUSED_BLUE_POINTS: Final = 1
"""Each blue card still held at game end scores 1 point (IMH-CARD-BLUE-2)."""

MARKET_CARDS_PER_ROUND: Final = 4
"""IMH-ROUND-1."""

WRATH_PENALTY: Final = 5
"""Wrath of the Pharaoh: -5 without a stone at any one of pyramid, temple, burial chamber, obelisks
(IMH-WRATH-1)."""
