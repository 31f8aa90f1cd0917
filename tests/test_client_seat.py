"""``museion.client.seat``: a program's game rebuilt from its seat's log alone (the server's log entries, as
``core.observe`` makes them) offers, at every turn of random games of every game, exactly the legal moves of the
true state; with hidden information (Pergamon's face-down funds cards, later revealed) too, by the depth-first
search over the hidden draws."""

from __future__ import annotations

import random

import pytest

import museion
from museion.client.seat import SeatGame
from museion.core.observe import observe_step

GAMES = [("tholos", {}), ("imhotep", {"players": 2}), ("pergamon", {"players": 2}), ("pergamon", {"players": 3})]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_seat_rebuilds_a_state_with_the_true_legal_moves(name, options):
    turns = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = museion.load(name, **options).new_initial_state()
        seats = [SeatGame(name, options, seat, seed=seed) for seat in range(state.game.num_players())]
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            step = observe_step(state, action)
            state.apply_action(action)
            for seat in seats:
                seat.update([step.entry(seat.seat)], False, len(seat.seen))
            if not state.is_terminal() and not state.is_chance_node():
                mine = seats[state.current_player()].state
                assert mine is not None and sorted(mine.legal_actions()) == sorted(state.legal_actions())
                turns += 1
    assert turns > 20
