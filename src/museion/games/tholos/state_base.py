"""The fields of a Tholos position, generated from ``games/tholos/fields.py``: do not edit.

Run ``python tools/generate_fields.py`` after changing the table (tests/core/test_fields.py checks it).
"""

from __future__ import annotations

from typing import Any

from museion.core.game import GameT, State


class TholosStateBase(State[GameT]):
    """The fields of a Tholos position; the rules live in the subclass (``state.py``)."""

    __slots__ = (
        "columns",
        "max_heights",
        "ornaments",
        "quarry",
        "workshops",
        "to_move",
        "phase",
        "extra_location",
        "stones_in_temple",
        "temple_capacity",
        "ornament_draws",
        "undrawn_ornaments",
        "undrawn_locations",
        "start_player_pending",
        "turns",
    )

    columns: list[tuple[int, ...]]
    """The stones on each of the 7 locations A-G, bottom first, by colour code (THO-PLACE-1)."""

    max_heights: tuple[int, ...]
    """Each column's maximum height: 5, or 7 under ornament 7 (THO-PLACE-2, THO-ORN-7)."""

    ornaments: tuple[int, ...]
    """The ornament (1-7) on each location, 0 for none (THO-ORN-SETUP-1/2)."""

    quarry: list[int]
    """Stones left in the quarry by colour W, B, G (THO-SETUP-3)."""

    workshops: list[int]
    """Stones in each player's workshop, flat: index ``3 * player + colour`` (THO-SETUP-2, THO-TAKE-3)."""

    to_move: int
    """The player to decide, or CHANCE during set-up, or TERMINAL."""

    phase: int
    """SETUP, MAIN (take or place), EXTRA (the optional extra action) or OVER."""

    extra_location: int
    """The location whose extra action is being decided (THO-PLACE-3), -1 outside EXTRA."""

    stones_in_temple: int
    """Stones on all columns together; the temple is full at capacity."""

    temple_capacity: int
    """The sum of the maximum heights (THO-END-1)."""

    ornament_draws: int
    """Ornaments still to be drawn at set-up (THO-ORN-SETUP-1)."""

    undrawn_ornaments: tuple[int, ...]
    """The ornaments that set-up may still draw."""

    undrawn_locations: tuple[int, ...]
    """The eligible locations that still have no ornament."""

    start_player_pending: bool
    """True until the random start player is drawn (chance)."""

    turns: int
    """Turns completed so far."""

    def _copy_into(self, other: State[Any]) -> None:
        assert isinstance(other, TholosStateBase)
        o = other
        o.columns = self.columns[:]
        o.max_heights = self.max_heights
        o.ornaments = self.ornaments
        o.quarry = self.quarry[:]
        o.workshops = self.workshops[:]
        o.to_move = self.to_move
        o.phase = self.phase
        o.extra_location = self.extra_location
        o.stones_in_temple = self.stones_in_temple
        o.temple_capacity = self.temple_capacity
        o.ornament_draws = self.ornament_draws
        o.undrawn_ornaments = self.undrawn_ornaments
        o.undrawn_locations = self.undrawn_locations
        o.start_player_pending = self.start_player_pending
        o.turns = self.turns

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.columns),
            self.max_heights,
            self.ornaments,
            tuple(self.quarry),
            tuple(self.workshops),
            self.to_move,
            self.phase,
            self.extra_location,
            self.stones_in_temple,
            self.ornament_draws,
            self.undrawn_ornaments,
            self.undrawn_locations,
            self.start_player_pending,
            self.turns,
        )
