"""Hypothesis drives random action sequences; THO-INV-* must hold at every step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import museion

CONFIGS = [{}, {"advanced": True}, {"advanced": True, "ornaments": 5, "start_player": "random"},
           {"end_check": "after_turn"}, {"advanced": True, "ornaments": 3, "end_check": "after_turn"}]


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=400))
def test_invariants_hold_along_any_sequence_THO_INV_1_THO_INV_2(config, choices):
    """THO-INV-1 (stones conserved), THO-INV-2 (workshop <= 3, column <= height) at every step."""
    game = museion.load("tholos", **config)
    state = game.new_initial_state()
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
        assert state.invariant_violations() == []
        assert all(sum(state.workshops[3 * p:3 * p + 3]) <= 3 for p in (0, 1))
        assert all(len(c) <= h for c, h in zip(state.columns, state.max_heights, strict=True))


@settings(max_examples=30, deadline=None)
@given(config=st.sampled_from(CONFIGS), choices=st.lists(st.integers(0, 10_000), min_size=700, max_size=700))
def test_every_game_terminates_THO_INV_3(config, choices):
    """THO-INV-3: any sequence of legal actions ends within max_game_length()."""
    game = museion.load("tholos", **config)
    state = game.new_initial_state()
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    assert state.is_terminal()
    assert len(state.history()) <= game.max_game_length()
