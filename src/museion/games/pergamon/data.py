"""Printed components of Pergamon as plain tables (no logic).

Three tables are **RECONSTRUCTED** (PER-TILE-4, PER-FUNDS-3, PER-EVAL-1): the numbers are printed only on the board
and the tiles and no readable source gives them. Each lives in exactly one table below; the engine reads them only
through :class:`~museion.games.pergamon.state.PergamonGame` (``game.tiles``, ``game.track``, ``game.bands``), so
replacing a table here (or substituting one with ``PergamonGame.with_tables`` in tests) changes nothing else.
"""

from __future__ import annotations

# -- object types ---------------------------------------------------------------------------------------------------
TYPES = ("V", "J", "B", "M")
"""Object types by index: vase, jug, bracelet, mask (one letter each in notation and rendering)."""
TYPE_NAMES = ("vase", "jug", "bracelet", "mask")

# -- RECONSTRUCTED: the 60 find tiles (PER-TILE-4) -------------------------------------------------------------------
# One row per tile, read left to right as the tile lies: (type of the RIGHT half at the tile's left edge, the two-digit
# number printed under it, the century 1-5 printed under the left half at the right edge, type of that LEFT half).
# E.g. ("V", 63, 4, "J") is drawn "V63|4J". Generated once, deterministically (random.Random(2011)): each century
# holds each of the 12 ordered pairs of different types once (so every type is 15 times a left half and 15 times a
# right half) and the 60 two-digit numbers are distinct. Replace with the printed list when it is transcribed.
TILES: tuple[tuple[str, int, int, str], ...] = (
    ("M",  2, 1, "B"), ("V",  7, 1, "J"), ("B", 21, 1, "V"), ("B", 31, 1, "J"), ("M", 37, 1, "V"), ("V", 39, 1, "M"),
    ("J", 46, 1, "B"), ("M", 66, 1, "J"), ("V", 69, 1, "B"), ("J", 80, 1, "V"), ("B", 83, 1, "M"), ("J", 93, 1, "M"),
    ("M",  4, 2, "J"), ("J",  6, 2, "M"), ("B", 14, 2, "J"), ("V", 22, 2, "J"), ("M", 27, 2, "V"), ("V", 28, 2, "M"),
    ("J", 41, 2, "B"), ("V", 51, 2, "B"), ("B", 58, 2, "V"), ("J", 65, 2, "V"), ("M", 77, 2, "B"), ("B", 89, 2, "M"),
    ("B",  3, 3, "M"), ("M", 23, 3, "B"), ("V", 30, 3, "B"), ("M", 38, 3, "V"), ("J", 48, 3, "V"), ("V", 49, 3, "J"),
    ("M", 67, 3, "J"), ("J", 70, 3, "M"), ("V", 84, 3, "M"), ("B", 88, 3, "J"), ("B", 94, 3, "V"), ("J", 96, 3, "B"),
    ("V", 15, 4, "J"), ("M", 24, 4, "V"), ("M", 25, 4, "J"), ("J", 29, 4, "M"), ("V", 34, 4, "B"), ("J", 45, 4, "B"),
    ("M", 47, 4, "B"), ("B", 71, 4, "V"), ("B", 75, 4, "M"), ("B", 76, 4, "J"), ("V", 86, 4, "M"), ("J", 90, 4, "V"),
    ("J",  0, 5, "V"), ("M", 11, 5, "B"), ("B", 13, 5, "M"), ("J", 33, 5, "M"), ("V", 44, 5, "M"), ("V", 54, 5, "B"),
    ("B", 63, 5, "J"), ("M", 68, 5, "J"), ("M", 74, 5, "V"), ("B", 79, 5, "V"), ("J", 97, 5, "B"), ("V", 98, 5, "J"),
)

# -- RECONSTRUCTED: the research-funds track (PER-FUNDS-3, PER-RAIDER-1) --------------------------------------------
# Spaces P1 (rightmost) ... P13 (leftmost): (coins requested, deepest gallery allowed 1-5, tomb raider symbol).
# The raider symbol is the number of chests among the two funds cards that sends the tomb raider there
# (0 = two bags, 1 = bag + chest, 2 = two chests) or None. Anchored: P1 requests 0; P5 carries the two-bag symbol;
# P7 allows at most gallery III. Everything else is reconstructed.
FUNDS_TRACK: tuple[tuple[int, int, int | None], ...] = (
    (0, 5, None),  # P1
    (1, 3, None),  # P2
    (1, 2, None),  # P3
    (2, 4, None),  # P4
    (2, 3, 0),     # P5  tomb raider: 2 bags
    (3, 4, None),  # P6
    (3, 3, 1),     # P7  tomb raider: bag + chest
    (4, 5, None),  # P8
    (4, 4, 2),     # P9  tomb raider: 2 chests
    (5, 5, None),  # P10
    (5, 4, None),  # P11
    (6, 5, None),  # P12
    (6, 5, None),  # P13
)

# -- RECONSTRUCTED: victory points of the museum spaces (PER-EVAL-1) ------------------------------------------------
# (first space, last space, VP at an evaluation) covering spaces 1-24.
MUSEUM_BANDS: tuple[tuple[int, int, int], ...] = (
    (1, 4, 1),
    (5, 8, 2),
    (9, 12, 3),
    (13, 16, 4),
    (17, 20, 5),
    (21, 24, 6),
)

# -- printed, not reconstructed -------------------------------------------------------------------------------------
MUSEUM_SPACES = 24          # PER-EXH-4: the exhibition plan has spaces 1-24
GALLERIES = 5               # galleries I-V (PER-LAYOUT-1)
GALLERY_SIZE = 4            # at most 4 finds per gallery
TURNS = 12                  # 12 calendar turns (PER-SETUP-1)
PILE_SIZE = 5               # 5 tiles per calendar pile
MARKERS = 3                 # collection marker pairs I, II, III (PER-SETUP-4)
FUNDS_CARD_COPIES = 3       # 3 cards of each value 1-8 (PER-SETUP-2)
FUNDS_CARD_VALUES = 8
BAG_MAX = 4                 # values 1-4 show a money bag, 5-8 a chest
FREE_STORAGE = 3            # PER-STORE-1: 3 finds are stored for free

# The calendar's evaluations (PER-EVAL-2, PER-EVAL-3): turn -> (object type of the 2-VP prize, museum shift after).
EVALUATIONS: dict[int, tuple[int, int]] = {
    5: (0, 3),   # vase, markers down 3
    7: (1, 4),   # jug, down 4
    9: (3, 5),   # mask, down 5
    12: (2, 0),  # bracelet, no shift
}
PRIZE_VP = 2
FINAL_BONUS = (3, 2, 1)     # PER-END-1: oldest, second and third oldest exhibited object
