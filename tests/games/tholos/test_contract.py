"""The game contract on Tholos: the conformance checker (a smaller run of `museion check tholos --games 2000`),
observations, invariants and illegal actions (THO-INV-*)."""

from __future__ import annotations

import random

import pytest

import museion
from museion import IllegalActionError
from museion.core.check import check_game
from museion.core.play import random_playout
from museion.core.registry import entry
from museion.games.tholos.data import STONES_IN_PLAY

from .helpers import position

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events


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
        tensor = PARTS.observer.observation_tensor(state, p)
        assert len(tensor) == game.observation_tensor_size()
        assert all(0.0 <= x <= 1.0 for x in tensor)


def test_evaluate_hooks_hand_the_state_and_the_seat_asked_to_evaluate_py():
    """The evaluator's ``evaluate`` and ``features`` (``entry(game).evaluator``, the bots' hooks) are
    games/tholos/evaluate.py's, for the seat asked."""
    from museion.games.tholos import evaluate as ev

    rng = random.Random(5)
    state = museion.load("tholos", advanced=True).new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in (0, 1):
                assert PARTS.evaluator.evaluate(state, player) == ev.evaluate(state, player)
                assert PARTS.evaluator.features(state, player) == ev.features(state, player)
        state.apply_action(rng.choice(state.legal_actions()))
    assert PARTS.evaluator.features(state, 0) != PARTS.evaluator.features(state, 1)


# -- invariants and illegal actions -----------------------------------------------------------------------------------
def test_invariants_in_random_games_THO_INV_1_THO_INV_2_THO_INV_3():
    """THO-INV-1/2 at every step of random games; THO-INV-3 every game ends within the proven bound
    (1 318 actions: the proof is the docstring of max_game_length)."""
    assert museion.load("tholos").max_game_length() == museion.load("tholos", advanced=True).max_game_length() == 1318
    for options in ({}, {"advanced": True, "ornaments": 5}):
        game = museion.load("tholos", **options)
        for seed in range(40):
            s = random_playout(game.new_initial_state(), random.Random(seed),
                               on_step=lambda st: _assert_no_violation(st))
            assert s.is_terminal() and len(s.history()) <= game.max_game_length()


def _assert_no_violation(state):
    assert not state.invariant_violations(), state.invariant_violations()


def test_illegal_action_leaves_state_unchanged():
    s = museion.load("tholos").new_initial_state()
    before = s.key()
    with pytest.raises(IllegalActionError, match="legal: "):
        s.apply_action(s.string_to_action("T1W") + 100)
    with pytest.raises(IllegalActionError, match="T1W"):
        s.string_to_action("T3G")
    assert s.key() == before


# -- the invariant checker --------------------------------------------------------------------------------------------
def _rebalance(state):
    """Put every stone not on the board or in a workshop back in the quarry (keeps THO-INV-1 after an edit)."""
    for c in range(3):
        on_board = sum(col.count(c) for col in state.columns)
        state.quarry[c] = STONES_IN_PLAY[c] - on_board - state.workshops[c] - state.workshops[3 + c]
    state.stones_in_temple = sum(map(len, state.columns))
    state._legal = None
    return state


@pytest.mark.parametrize("player", [0, 1])
def test_invariant_checker_reports_broken_states_THO_INV_1_THO_INV_2(player):
    """THO-INV-1/2: the checker itself notices an overfull workshop (stones of all three colours counted), a
    column above its height, lost or negative stones, a miscounted temple, a running game with no legal action."""
    s = position({"A": "WB"}, workshops=("WG", "BG"), to_move=player)
    assert s.invariant_violations() == []
    base = 3 * player
    for overfull in ([0, 0, 4], [1, 1, 2], [2, 0, 2], [0, 2, 2], [3, 1, 0]):
        over = s.clone()
        over.workshops[base:base + 3] = overfull
        _rebalance(over)
        assert over.invariant_violations() == [f"a workshop holds more than 3 stones: {over.workshops}"], overfull
    high = s.clone()
    high.columns[1] = (2,) * 6
    _rebalance(high)
    assert high.invariant_violations() == ["a column exceeds its maximum height"]
    lost = s.clone()
    lost.quarry[1] -= 1
    assert lost.invariant_violations() == ["stones W/B/G = [15, 14, 10], expected (15, 15, 10)"]
    negative = s.clone()
    negative.quarry[0] = -1
    negative.workshops[base] += s.quarry[0] + 1
    assert "a negative stone count" in negative.invariant_violations()
    miscounted = s.clone()
    miscounted.stones_in_temple += 1
    assert miscounted.invariant_violations() == ["the count of stones in the temple is out of step"]
    stuck = s.clone()  # a full temple and a full workshop, yet the game runs: no legal action
    stuck.columns = [(0,) * 5, (0,) * 5, (0, 0, 0, 0, 1), (1,) * 5, (1,) * 5, (2,) * 5, (2,) * 5]
    stuck.workshops = [0, 0, 0, 0, 0, 0]
    stuck.workshops[base:base + 3] = [1, 2, 0]
    _rebalance(stuck)
    assert stuck.invariant_violations() == ["no legal action in a running game"]
