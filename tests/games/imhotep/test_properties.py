"""Hypothesis property tests of the invariants (IMH-INV-1, IMH-INV-2, IMH-INV-3)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import museion
from museion.core.play import sample_chance
from museion.games.imhotep import data

GAMES = {(n, w): museion.load("imhotep", players=n, wrath=w) for n in (2, 3, 4) for w in (False, True)}


def _stones(state, p):
    # (lever_unloaded: already unloaded)
    aboard = state.ship_spaces.count(p) + state.lever_stones.count(p) + state.market_queue.count(p)
    return state.quarry[p] + state.sled[p] + aboard + len([o for o in state.pyramid if o == p]) + \
        state.temple.count(p) + state.burial_chamber.count(p) + state.obelisks[p]


def _cards(state):
    return state.draw_pile_size + state.market_size + sum(state.hands) + sum(state.discard_pile)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), wrath=st.booleans(), choices=st.randoms(use_true_random=False))
def test_inv_1_2_3_over_random_games(players, wrath, choices):
    """IMH-INV-1: 29 stones of each colour in play at every step; IMH-INV-2: 34 cards at every step;
    IMH-INV-3: no sled above 5, and every game ends after exactly 6 rounds."""
    state = GAMES[(players, wrath)].new_initial_state()
    rounds_seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, choices))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[choices.randrange(len(legal))])
        for p in range(players):
            assert _stones(state, p) == data.PLAYABLE_STONES  # IMH-INV-1
            assert 0 <= state.sled[p] <= data.SLED_CAPACITY  # IMH-INV-3
        assert _cards(state) == data.DECK_SIZE  # IMH-INV-2
        assert state.rounds_played >= rounds_seen
        rounds_seen = state.rounds_played
        assert not state.invariant_violations()
    revealed = state.round_cards_revealed
    assert state.rounds_played == data.ROUNDS and len(revealed) == 6 == len(set(revealed))  # IMH-INV-3
    assert state.winners()


@settings(max_examples=25, deadline=None)
@given(seq=st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=400))
def test_inv_clone_and_replay_agree(seq):
    """IMH-INV-1/2 hold on clones too, and a replayed history gives the same state."""
    game = GAMES[(4, False)]
    state = game.new_initial_state()
    for x in seq:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[x % len(legal)])
    copy = state.clone()
    assert copy == state and game.state_from_history(state.history()) == state
    assert all(_stones(copy, p) == data.PLAYABLE_STONES for p in range(4))
    assert _cards(copy) == data.DECK_SIZE
