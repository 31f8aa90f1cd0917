"""Fixture tiles for Pergamon tests (rows: left-edge type, number, century, right-edge type; code = century.number).

They replace the RECONSTRUCTED tile list in tests, so no test depends on its values.
"""

from __future__ import annotations

from typing import Any

from .helpers import fixture_game

SPECIALS = (
    # rulebook layout example: centuries 1, 2, 4, 4, 4 (the 4s numbered 14, 36, 85)
    ("V", 10, 1, "J"), ("J", 20, 2, "B"), ("B", 14, 4, "M"), ("M", 36, 4, "V"), ("V", 85, 4, "B"),
    # rulebook collection: bracelet (5th c.), vase (3rd c.), mask (4th c.) = 12
    ("M", 11, 5, "B"), ("B", 94, 3, "V"), ("V", 86, 4, "M"),
    # a ring worth 9: bracelet 541, jug 440
    ("J", 40, 5, "B"), ("B", 41, 4, "J"),
    # a ring worth 16: V->M->J->B->V
    ("V", 50, 5, "M"), ("M", 51, 5, "J"), ("J", 52, 3, "B"), ("B", 53, 3, "V"),
    # another ring worth 12: M->V->J->M
    ("M", 60, 5, "V"), ("V", 61, 5, "J"), ("J", 62, 2, "M"),
    # three rings worth 2
    ("V", 1, 1, "J"), ("J", 2, 1, "V"), ("B", 3, 1, "M"), ("M", 4, 1, "B"), ("V", 5, 1, "B"), ("B", 6, 1, "V"),
    # the rulebook's date example: X (century 4, jug left half) left of Y (jug right half, number 63) -> jug 463
    ("V", 45, 4, "J"), ("J", 63, 1, "V"),
    # a ring worth 5 with the vase 399 (older than the vase 386 by its number) and the jug 290
    ("J", 90, 3, "V"), ("V", 99, 2, "J"),
    # a ring worth 25 (five 5th-century finds): V->J->B->V->M->V
    ("V", 80, 5, "J"), ("J", 81, 5, "B"), ("B", 82, 5, "V"), ("V", 83, 5, "M"), ("M", 84, 5, "V"),
    # a find that can never be part of a ring with the example collection (J->V without a way back)
    ("J", 64, 2, "V"),
)

RING_12 = ("5.11", "3.94", "4.86")       # rulebook collection (value 12)
RING_9 = ("5.40", "4.41")
RING_16 = ("5.50", "5.51", "3.52", "3.53")
RING_12B = ("5.60", "5.61", "2.62")
RING_2A = ("1.01", "1.02")
RING_2B = ("1.03", "1.04")
RING_2C = ("1.05", "1.06")
RING_463 = ("4.45", "1.63")
RING_5 = ("3.90", "2.99")
RING_25 = ("5.80", "5.81", "5.82", "5.83", "5.84")


def fix(players: int = 3, **options: Any):
    """A game with the fixture tiles (and the given track/bands/options)."""
    return fixture_game(SPECIALS, players=players, **options)
