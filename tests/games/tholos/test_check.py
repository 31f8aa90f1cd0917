"""The conformance checker on Tholos (a smaller run of `museion check tholos --games 2000`)."""

from __future__ import annotations

import random

import pytest

import museion
from museion.core.check import check_game


@pytest.mark.parametrize(
    ("options", "games", "seed"),
    [
        ({}, 150, 1),
        ({"advanced": True}, 150, 2),
        ({"advanced": True, "ornaments": 5, "start_player": "random"}, 40, 3),
        ({"advanced": True, "ornaments": "5@C,6@A,7@F", "end_check": "after_turn"}, 40, 4),
        ({"end_check": "after_turn", "start_player": "black"}, 60, 5),
    ],
)
def test_conformance(options, games, seed):
    report = check_game(museion.load("tholos", **options), games=games, seed=seed)
    assert report.games == games and report.steps > 60 * games


def test_observation_tensor_shape():
    game = museion.load("tholos", advanced=True)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for p in (0, 1):
        tensor = state.observation_tensor(p)
        assert len(tensor) == game.observation_tensor_size()
        assert all(0.0 <= x <= 1.0 for x in tensor)


def test_evaluate_hooks_hand_the_state_and_the_seat_asked_to_evaluate_py():
    """``State.evaluate``/``features`` (the bots' hooks) are games/tholos/evaluate.py's, for the seat asked."""
    from museion.games.tholos import evaluate as ev

    rng = random.Random(5)
    state = museion.load("tholos", advanced=True).new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in (0, 1):
                assert state.evaluate(player) == ev.evaluate(state, player)
                assert state.features(player) == ev.features(state, player)
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.features(0) != state.features(1)
