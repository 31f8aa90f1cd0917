"""The conformance checker, sizes, notation, rendering and registration of Pergamon
(a smaller run of `museion check pergamon --games 1000`)."""

from __future__ import annotations

import json
import random

import pytest

import museion
from museion.core.check import check_game
from museion.core.play import random_game
from museion.core.registry import entry
from museion.games.pergamon.actions import NUM_ACTIONS
from museion.games.pergamon.rules import RULES
from museion.games.pergamon.tables import RECONSTRUCTED_FILE

RULE_IDS = [
    "PER-SETUP-1", "PER-SETUP-2", "PER-SETUP-3", "PER-SETUP-4", "PER-SETUP-5", "PER-SETUP-6", "PER-TILE-1",
    "PER-TILE-2", "PER-TILE-3", "PER-TILE-4", "PER-LAYOUT-1", "PER-FUNDS-1", "PER-FUNDS-2", "PER-FUNDS-3",
    "PER-DIG-1", "PER-DIG-2", "PER-EXH-1", "PER-EXH-2", "PER-EXH-3", "PER-EXH-4", "PER-EXH-5", "PER-EXH-6",
    "PER-EXH-7", "PER-STORE-1", "PER-EVAL-1", "PER-EVAL-2", "PER-EVAL-3", "PER-EVAL-4", "PER-TURN-1", "PER-END-1",
    "PER-END-2", "PER-RAIDER-1", "PER-RAIDER-2", "PER-RAIDER-3", "PER-RAIDER-4", "PER-HIDDEN-1", "PER-INV-1",
    "PER-INV-2", "PER-INV-3", "PER-DATA-1",
]



@pytest.mark.parametrize(
    ("options", "games", "seed"),
    [
        ({"players": 2}, 15, 1),
        ({"players": 3}, 10, 2),
        ({"players": 4}, 10, 3),
        ({"players": 3, "start_player": "random", "open_scores": True}, 3, 4),
        ({"players": 4, "start_player": 3}, 3, 5),
        ({"players": 2, "storage_fee": "full_group", "payout_shortage": "nothing"}, 8, 6),
        ({"players": 4, "storage_fee": "full_group"}, 4, 7),
        ({"players": 3, "payout_shortage": "nothing", "tables": str(RECONSTRUCTED_FILE)}, 4, 8),
    ],
)
def test_conformance(options, games, seed):
    report = check_game(museion.load("pergamon", **options), games=games, seed=seed)
    assert report.games == games and report.steps > 100 * games


def test_sizes_and_game_length():
    """Sizes; the proven bound on game length has the values docs/pergamon.md gives (proof: its docstring)."""
    for n, bound in ((2, 4927), (3, 7243), (4, 9559)):
        game = museion.load("pergamon", players=n)
        assert game.num_players() == n and game.num_distinct_actions() == NUM_ACTIONS == 168
        assert game.max_chance_outcomes() == 60 and game.max_game_length() == bound
        for seed in range(5):
            end = random_game(game, seed)
            assert end.is_terminal() and len(end.history()) < game.max_game_length()
            assert len(end.history()) < 600   # random agents finish in a few hundred steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_tensor(players):
    game = museion.load("pergamon", players=players)
    state = game.new_initial_state()
    rng = random.Random(players)
    step = 0
    while not state.is_terminal():
        if step % 17 == 0:
            for p in range(players):
                tensor = state.observation_tensor(p)
                assert len(tensor) == game.observation_tensor_size()
                assert all(0.0 <= x <= 1.0 for x in tensor)
                assert state.resample(p, rng).observation_tensor(p) == tensor
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))] if not state.is_chance_node()
                           else state.chance_outcomes()[0][0])
        step += 1


def test_notation_and_records():
    state = random_game(museion.load("pergamon", players=3), 7)
    record = museion.Record.from_state(state)
    assert record.final_state().key() == state.key()
    texts = set(record.notation)
    assert {"end", "close"} <= texts and any(t.startswith("+") for t in texts)
    assert any(t.startswith("draw ") for t in texts) and any(t.startswith("card ") for t in texts)
    assert any(t.startswith("P") for t in texts) and any(t.startswith("polish ") for t in texts)
    back = museion.load("pergamon", players=3).state_from_json(json.loads(state.to_json()))
    assert back.key() == state.key()


def test_registered_with_rules_and_renderer():
    assert "pergamon" in museion.available_games()
    e = entry("pergamon")
    assert e.rules.startswith(RULES["en"]) and all(rule in RULES["en"] for rule in RULE_IDS)
    assert e.summary("es").startswith(RULES["es"]) and all(rule in RULES["es"] for rule in RULE_IDS)
    state = museion.load("pergamon", players=4).new_initial_state()
    text = str(state)
    assert "Pergamon" in text and "Galleries" in text and "Museum" in text
    end = random_game(museion.load("pergamon"), 3)
    assert "winner" in str(end)


def test_evaluate_hooks_hand_the_state_and_the_seat_asked_to_evaluate_py():
    """``State.evaluate``/``features`` (the bots' hooks) are games/pergamon/evaluate.py's, for the seat asked."""
    from museion.games.pergamon import evaluate as ev

    rng = random.Random(5)
    state = museion.load("pergamon", players=3).new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(3):
                assert state.evaluate(player) == ev.evaluate(state, player)
                assert state.features(player) == ev.seat_features(state)[player]
        state.apply_action(rng.choice(state.legal_actions()))
    assert len({tuple(state.features(p)) for p in range(3)}) == 3
