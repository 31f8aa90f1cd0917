"""The fields of a Imhotep position, generated from ``games/imhotep/fields.py``: do not edit.

Run ``python tools/generate_fields.py`` after changing the table (tests/core/test_fields.py checks it).
"""

from __future__ import annotations

from typing import Any

from museion.core.game import GameT, State


class ImhotepStateBase(State[GameT]):
    """The fields of a Imhotep position; the rules live in the subclass (``state.py``)."""

    __slots__ = (
        "player_count",
        "phase",
        "to_move",
        "turn_player",
        "round_start_player",
        "rounds_played",
        "quarry",
        "sled",
        "score_track",
        "hands",
        "obelisks",
        "pyramid",
        "temple",
        "burial_chamber",
        "ship_sizes",
        "ship_minimums",
        "ship_spaces",
        "ship_loads",
        "ship_sites",
        "docked_sites",
        "ships_sailed",
        "market",
        "market_size",
        "draw_pile",
        "draw_pile_size",
        "discard_pile",
        "round_cards_used",
        "round_cards_revealed",
        "market_deals_left",
        "lever_stones",
        "lever_unloaded",
        "market_queue",
        "sail_card_ship",
        "lever_site",
        "consecutive_passes",
        "last_active_player",
        "final_score_rows",
    )

    player_count: int
    """The number of players (2-4), as in the game (`game.n`)."""

    phase: int
    """START, ROUND, DEAL, TURN, a blue card's or the Lever's step, MARKET_PICK or OVER."""

    to_move: int
    """The player to decide, or CHANCE, or TERMINAL."""

    turn_player: int
    """The player whose turn it is (a market pick may be another's decision)."""

    round_start_player: int
    """The player who began this round (IMH-SETUP-7, IMH-ROUND-4)."""

    rounds_played: int
    """Rounds completed; the game ends after data.ROUNDS (IMH-END-1)."""

    quarry: list[int]
    """Stones each player still has in their quarry (IMH-SETUP-5)."""

    sled: list[int]
    """Stones on each player's supply sled (IMH-ACT-STONES)."""

    score_track: list[int]
    """Each player's points on the scoring track."""

    hands: list[int]
    """Market cards held, flat: index ``player * NUM_CARD_TYPES + card type`` (IMH-MARKET-*)."""

    obelisks: list[int]
    """The height of each player's obelisk (IMH-OBEL-1)."""

    pyramid: list[int]
    """Owners of the pyramid's stones in placement order (IMH-PYR-*)."""

    temple: list[int]
    """Owners of the temple's stones in placement order (IMH-TEMPLE-*)."""

    burial_chamber: list[int]
    """Owners of the burial chamber's stones in order (IMH-BURIAL-*)."""

    ship_sizes: tuple[int, ...]
    """Spaces of the 4 ships on this round's card (IMH-ROUND-1)."""

    ship_minimums: tuple[int, ...]
    """Stones each ship needs before it may sail (IMH-ACT-SAIL)."""

    ship_spaces: list[int]
    """Owners on the ships, flat: index ``ship * 4 + space`` (space 0 = bow), -1 for an empty space."""

    ship_loads: list[int]
    """Stones aboard each ship (follows from ship_spaces)."""

    ship_sites: list[int]
    """The site each ship sailed to, -1 while in the harbour."""

    docked_sites: int
    """Bitmask of the sites with a ship docked this round."""

    ships_sailed: int
    """Ships sailed this round (follows from ship_sites)."""

    market: list[int]
    """Face-up market cards by type (IMH-MARKET-1)."""

    market_size: int
    """Cards in the market (the sum of market)."""

    draw_pile: list[int]
    """The not-yet-seen cards by type: a multiset, since every deal is a chance node (IMH-SETUP-4)."""

    draw_pile_size: int
    """Cards in the draw pile (the sum of draw_pile)."""

    discard_pile: list[int]
    """Discarded market cards by type (IMH-ROUND-3)."""

    round_cards_used: int
    """Bitmask of the round cards revealed so far."""

    round_cards_revealed: tuple[int, ...]
    """The round cards in the order they were revealed."""

    market_deals_left: int
    """Market cards still to deal this round (IMH-ROUND-1)."""

    lever_stones: list[int]
    """Stones still aboard the Lever's ship, waiting for their order."""

    lever_unloaded: list[int]
    """Stones the Lever has unloaded so far, in order (shown in views)."""

    market_queue: list[int]
    """Owners of the unloaded stones still to pick a market card, in order."""

    sail_card_ship: int
    """The ship the Sail card just loaded, to sail next; -1 otherwise."""

    lever_site: int
    """The site the Lever's ship sailed to, -1 outside the Lever's order."""

    consecutive_passes: int
    """Passes in a row; when every player passed the round ends."""

    last_active_player: int
    """The last player who did not pass (the next round's start)."""

    final_score_rows: tuple[tuple[int, ...], ...] | None
    """Each player's final scoring (burial, obelisk, green, purple, blue, wrath); None before the end."""

    def _copy_into(self, other: State[Any]) -> None:
        assert isinstance(other, ImhotepStateBase)
        o = other
        o.player_count = self.player_count
        o.phase = self.phase
        o.to_move = self.to_move
        o.turn_player = self.turn_player
        o.round_start_player = self.round_start_player
        o.rounds_played = self.rounds_played
        o.quarry = self.quarry[:]
        o.sled = self.sled[:]
        o.score_track = self.score_track[:]
        o.hands = self.hands[:]
        o.obelisks = self.obelisks[:]
        o.pyramid = self.pyramid[:]
        o.temple = self.temple[:]
        o.burial_chamber = self.burial_chamber[:]
        o.ship_sizes = self.ship_sizes
        o.ship_minimums = self.ship_minimums
        o.ship_spaces = self.ship_spaces[:]
        o.ship_loads = self.ship_loads[:]
        o.ship_sites = self.ship_sites[:]
        o.docked_sites = self.docked_sites
        o.ships_sailed = self.ships_sailed
        o.market = self.market[:]
        o.market_size = self.market_size
        o.draw_pile = self.draw_pile[:]
        o.draw_pile_size = self.draw_pile_size
        o.discard_pile = self.discard_pile[:]
        o.round_cards_used = self.round_cards_used
        o.round_cards_revealed = self.round_cards_revealed
        o.market_deals_left = self.market_deals_left
        o.lever_stones = self.lever_stones[:]
        o.lever_unloaded = self.lever_unloaded[:]
        o.market_queue = self.market_queue[:]
        o.sail_card_ship = self.sail_card_ship
        o.lever_site = self.lever_site
        o.consecutive_passes = self.consecutive_passes
        o.last_active_player = self.last_active_player
        o.final_score_rows = self.final_score_rows

    def key(self) -> tuple[Any, ...]:
        return (
            self.phase,
            self.to_move,
            self.turn_player,
            self.round_start_player,
            self.rounds_played,
            tuple(self.quarry),
            tuple(self.sled),
            tuple(self.score_track),
            tuple(self.hands),
            tuple(self.obelisks),
            tuple(self.pyramid),
            tuple(self.temple),
            tuple(self.burial_chamber),
            self.ship_sizes,
            tuple(self.ship_spaces),
            tuple(self.ship_sites),
            self.docked_sites,
            tuple(self.market),
            tuple(self.draw_pile),
            tuple(self.discard_pile),
            self.round_cards_used,
            self.round_cards_revealed,
            self.market_deals_left,
            tuple(self.lever_stones),
            tuple(self.lever_unloaded),
            tuple(self.market_queue),
            self.sail_card_ship,
            self.lever_site,
            self.consecutive_passes,
            self.last_active_player,
            self.final_score_rows,
        )
