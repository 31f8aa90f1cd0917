"""The fields of a Pergamon position, generated from ``games/pergamon/fields.py``: do not edit.

Run ``python tools/generate_fields.py`` after changing the table (tests/core/test_fields.py checks it).
"""

from __future__ import annotations

from typing import Any

from museion.core.game import GameT, State


class PergamonStateBase(State[GameT]):
    """The fields of a Pergamon position; the rules live in the subclass (``state.py``)."""

    __slots__ = (
        "stage",
        "turn",
        "first_player",
        "actor",
        "galleries",
        "drawn_tiles",
        "tiles_to_draw",
        "undrawn_tiles",
        "calendar_tiles",
        "box_tiles",
        "box_unseen_tiles",
        "funds_deck",
        "funds_cards",
        "funds_revealed",
        "funds_used",
        "coins",
        "victory_points",
        "supply",
        "exhibited_rings",
        "marker_spaces",
        "marker_values",
        "museum",
        "figure_spaces",
        "funds_track",
        "figure_order",
        "figure_index",
        "figures_placed",
        "may_excavate",
        "cancelled_collections",
        "building_ring",
        "break_marker",
        "max_polish",
        "final_winners",
    )

    stage: int
    """The step being decided (ST_START ... ST_OVER; names in STAGE_NAMES)."""

    turn: int
    """The game turn, 1-12 (0 before the first)."""

    first_player: int
    """The player who puts the first figure this turn (PER-TURN-1)."""

    actor: int
    """The player deciding in phase 3 or placing a figure (4: the tomb raider)."""

    galleries: list[list[int]]
    """The finds lying in each gallery, by depth (PER-LAYOUT-*)."""

    drawn_tiles: list[int]
    """Tiles drawn so far for this turn's layout, laid out once all are drawn."""

    tiles_to_draw: int
    """Tiles this turn's layout draws (one per gallery with room)."""

    undrawn_tiles: list[int]
    """Tiles not seen yet: the calendar piles and the unseen box."""

    calendar_tiles: int
    """Tiles left in the calendar piles."""

    box_tiles: int
    """Seen tiles put back in the box (dropped, raided, broken up)."""

    box_unseen_tiles: int
    """Tiles that went to the box without being seen (rest of a pile)."""

    funds_deck: list[int]
    """Funds cards left in the deck, by value - 1 (PER-FUNDS-1)."""

    funds_cards: list[int]
    """This turn's two funds cards (values), once drawn."""

    funds_revealed: bool
    """True once this turn's funds cards are revealed (PER-FUNDS-2)."""

    funds_used: list[int]
    """Funds cards already played, by value - 1."""

    coins: list[int]
    """Coins of each actor (players 0-3, the tomb raider 4)."""

    victory_points: list[int]
    """Each player's victory points."""

    supply: list[list[int]]
    """The finds in each player's storage."""

    exhibited_rings: list[tuple[int, ...] | None]
    """The exhibited collection of each marker (its finds in ring order), None while the marker is unused."""

    marker_spaces: list[int]
    """The museum space of each marker, 0 when not in the museum."""

    marker_values: list[int]
    """The value each exhibited collection had when placed (PER-EXH-*)."""

    museum: list[int]
    """The marker on each museum space, NO_MARKER when free (index 0 unused)."""

    figure_spaces: list[int]
    """The funds-track space of each actor's figure, -1 when off the track."""

    funds_track: list[int]
    """The actor on each funds-track space, -1 when free (PER-FUNDS-*)."""

    figure_order: list[int]
    """The actors in phase-3 order (figures from right to left)."""

    figure_index: int
    """The position in figure_order of the actor now in phase 3."""

    figures_placed: int
    """Figures put on the funds track so far this turn."""

    may_excavate: bool
    """True while the actor has not excavated nor exhibited this phase-3 turn."""

    cancelled_collections: int
    """Collections the actor abandoned this phase-3 turn (MAX_CANCELS)."""

    building_ring: list[int]
    """The collection being built, find by find (PER-EXH-1)."""

    break_marker: int
    """The marker whose collection is broken up for the new one, -1 for none."""

    max_polish: int
    """The most coins the actor may spend polishing the collection."""

    final_winners: list[int]
    """The winners, set when the game ends."""

    def _copy_into(self, other: State[Any]) -> None:
        assert isinstance(other, PergamonStateBase)
        o = other
        o.stage = self.stage
        o.turn = self.turn
        o.first_player = self.first_player
        o.actor = self.actor
        o.galleries = [x[:] for x in self.galleries]
        o.drawn_tiles = self.drawn_tiles[:]
        o.tiles_to_draw = self.tiles_to_draw
        o.undrawn_tiles = self.undrawn_tiles[:]
        o.calendar_tiles = self.calendar_tiles
        o.box_tiles = self.box_tiles
        o.box_unseen_tiles = self.box_unseen_tiles
        o.funds_deck = self.funds_deck[:]
        o.funds_cards = self.funds_cards[:]
        o.funds_revealed = self.funds_revealed
        o.funds_used = self.funds_used[:]
        o.coins = self.coins[:]
        o.victory_points = self.victory_points[:]
        o.supply = [x[:] for x in self.supply]
        o.exhibited_rings = self.exhibited_rings[:]
        o.marker_spaces = self.marker_spaces[:]
        o.marker_values = self.marker_values[:]
        o.museum = self.museum[:]
        o.figure_spaces = self.figure_spaces[:]
        o.funds_track = self.funds_track[:]
        o.figure_order = self.figure_order[:]
        o.figure_index = self.figure_index
        o.figures_placed = self.figures_placed
        o.may_excavate = self.may_excavate
        o.cancelled_collections = self.cancelled_collections
        o.building_ring = self.building_ring[:]
        o.break_marker = self.break_marker
        o.max_polish = self.max_polish
        o.final_winners = self.final_winners[:]

    def key(self) -> tuple[Any, ...]:
        return (
            self.stage,
            self.turn,
            self.first_player,
            self.actor,
            tuple([tuple(x) for x in self.galleries]),
            tuple(self.drawn_tiles),
            self.tiles_to_draw,
            tuple(self.undrawn_tiles),
            self.calendar_tiles,
            self.box_tiles,
            self.box_unseen_tiles,
            tuple(self.funds_deck),
            tuple(self.funds_cards),
            self.funds_revealed,
            tuple(self.funds_used),
            tuple(self.coins),
            tuple(self.victory_points),
            tuple([tuple(x) for x in self.supply]),
            tuple(self.exhibited_rings),
            tuple(self.marker_spaces),
            tuple(self.marker_values),
            tuple(self.museum),
            tuple(self.figure_spaces),
            tuple(self.funds_track),
            tuple(self.figure_order),
            self.figure_index,
            self.figures_placed,
            self.may_excavate,
            self.cancelled_collections,
            tuple(self.building_ring),
            self.break_marker,
            self.max_polish,
            tuple(self.final_winners),
        )
