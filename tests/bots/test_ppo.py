"""The ``ppo`` level (issue 44 item 4): the shipped MaskablePPO policies load in this build (the test runs in the
pure and the compiled pass), play legal moves, read nothing hidden, and are trained, not random weights."""

from __future__ import annotations

import random

import pytest

import museion
from museion.arena.evaluate import win_rate
from museion.bots import BOTS, make_bot
from museion.bots.network import PolicyValueNet, random_document
from museion.bots.ppo import PPOBot, best_action, load_ppo
from museion.core.registry import entry
from museion.secrecy import BOT_SPECS, check_secrecy

SHIPPED = ["tholos", "imhotep", "pergamon"]


@pytest.mark.parametrize("name", SHIPPED)
def test_each_game_ships_a_policy_the_bot_plays_legally(name):
    game = museion.load(name, players=2)
    net = load_ppo(game)
    assert net is not None and net.meta["training"]["algorithm"] == "sb3-contrib MaskablePPO"
    bots = [make_bot("ppo", 0), make_bot("random", 1)]
    rng = random.Random(3)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        action = bots[state.current_player()].choose(state)
        assert action in legal
        moves += state.current_player() == 0
        state.apply_action(action)
    assert moves > 5


def test_numpy_and_plain_python_choose_alike():
    """The pure build may have no numpy: the plain-Python evaluation must pick the same moves."""
    game = museion.load("pergamon", players=2)
    net = load_ppo(game)
    assert net is not None
    plain = PolicyValueNet({**net.meta, "weights": _weights(game)}, game, use_numpy=False)
    fast = PolicyValueNet({**net.meta, "weights": _weights(game)}, game, use_numpy=True)
    state, rng, compared = game.new_initial_state(), random.Random(5), 0
    observer = entry(game).observer
    while not state.is_terminal() and compared < 25:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        tensor = observer.observation_tensor(state, state.current_player())
        assert best_action(plain, tensor, legal) == best_action(fast, tensor, legal)
        compared += 1
        state.apply_action(rng.choice(legal))
    assert compared == 25


def _weights(game):
    import json

    found = game.model_file("policy-ppo")
    return json.loads(found.read_text(encoding="utf-8"))["weights"]


def test_the_trained_policy_beats_its_untrained_shape():
    """The shipped Tholos policy is trained: against greedy it wins games an untrained network of its shape
    does not (20 seat-rotated games each, seeded, so the figures are exact)."""
    game = museion.load("tholos")
    trained = win_rate("ppo", "tholos", opponent="greedy", games=20, seed=1)
    untrained = PPOBot(0)
    untrained.network = PolicyValueNet(random_document(game, tuple(load_ppo(game).hidden), seed=0), game)
    baseline = win_rate(untrained, "tholos", opponent="greedy", games=20, seed=1)
    assert trained["win_rate"] >= baseline["win_rate"] + 0.15, (trained, baseline)


def test_without_a_policy_for_the_configuration_it_plays_as_greedy():
    game = museion.load("imhotep", players=3)
    assert load_ppo(game) is None
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    assert make_bot("ppo", 4).choose(state) == make_bot("greedy", 4).choose(state)


def test_it_is_offered_and_reads_nothing_hidden():
    from museion.server.config import BotPolicy

    assert "ppo" in BOTS and "ppo" in BotPolicy.levels() and "ppo" in BOT_SPECS
    report = check_secrecy(museion.load("pergamon"), games=3, seed=0, points=2, surfaces=["bots"])
    assert report.comparisons["bots"] > 0 and report.differences == 0
