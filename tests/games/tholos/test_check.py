"""The conformance checker on Tholos (a smaller run of `museion check tholos --games 2000`)."""

from __future__ import annotations

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
