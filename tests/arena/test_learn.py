"""Self-play, training and calibration: the whole pipeline on a few games, and the shipped models."""

from __future__ import annotations

import json

import pytest

import museion
from museion.arena.calibration import calibration
from museion.arena.learn import positions, selfplay, train, win_shares
from museion.arena.runner import load_results
from museion.bots import make_bot
from museion.bots.learned import ValueModel, load_model
from museion.cli import main

from ..bots.conftest import CONFIGS, IDS

pytest.importorskip("sklearn")


def test_win_shares() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]
    assert win_shares([], 2) == [0.5, 0.5]


@pytest.mark.parametrize("kind", ["logistic", "mlp"])
def test_selfplay_then_train_writes_a_model_the_bots_read(tmp_path, kind) -> None:
    game = museion.load("imhotep", players=3)
    records = selfplay("imhotep", {"players": 3}, "greedy", 9, seed=2, out=tmp_path / "data")
    assert len(records) == 9
    rows, labels, groups, skipped = positions(records, game)
    assert skipped == 0 and len(rows) == len(labels) == len(groups) and len(rows[0]) == len(game.feature_names())
    assert sum(labels) == pytest.approx(len(rows) / 3)  # the win shares of each position sum to 1
    decisions = draws_after_decisions = 0
    for record in records:
        state, decided = game.new_initial_state(), False
        for action in record.actions:
            chance = state.is_chance_node()
            decisions += not chance
            draws_after_decisions += chance and decided
            decided = not chance
            state.apply_action(action)
    assert draws_after_decisions > 0 and len(rows) == 3 * (decisions + draws_after_decisions)
    out = tmp_path / "value.json"
    doc = train(game, [tmp_path / "data"], kind=kind, out=out, command="museion train imhotep --players 3")
    assert doc["features"] == game.feature_names() and doc["data"]["records"] == 9
    card = out.with_suffix(".md").read_text(encoding="utf-8")
    assert "museion train imhotep --players 3" in card and "Brier" in card
    model = ValueModel(json.loads(out.read_text(encoding="utf-8")), game)
    state = game.state_from_history(records[0].actions[:60])
    chances = model.win_chances(state, 0)
    assert len(chances) == 3 and sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)


def test_a_model_for_other_features_is_refused(tmp_path) -> None:
    game = museion.load("tholos")
    selfplay("tholos", {}, "greedy", 2, seed=1, out=tmp_path / "d")
    doc = train(game, [tmp_path / "d"], out=tmp_path / "m.json")
    doc["features"] = doc["features"][:-1]
    with pytest.raises(ValueError, match="retrain"):
        ValueModel(doc, game)


def test_selfplay_and_train_commands(tmp_path, capsys) -> None:
    data, model = tmp_path / "sp", tmp_path / "model.json"
    assert main(["selfplay", "tholos", "--bot", "greedy", "--games", "4", "--seed", "3", "--out", str(data)]) == 0
    assert len(load_results(data / "results.jsonl")) == 4
    assert main(["train", "tholos", "--data", str(data), "--out", str(model), "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["kind"] == "logistic" and result["data"]["records"] == 4 and model.exists()


def test_calibration_reports_brier_and_bins(tmp_path) -> None:
    game = museion.load("pergamon", players=2)
    records = selfplay("pergamon", {"players": 2}, "greedy", 4, seed=5, out=tmp_path / "d")
    result = calibration(records, game, count=200)
    assert result["positions"] == 200
    heuristic = result["evaluators"]["heuristic"]
    assert 0 <= heuristic["brier"] <= 1 and sum(b["count"] for b in heuristic["bins"]) == 200


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_shipped_models_match_the_games_features_and_expert_plays(name: str, options: dict) -> None:
    """A shipped model must load (trained on the game's current features); expert works with or without one."""
    game = museion.load(name, **options)
    model = load_model(game)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    bot = make_bot("expert:sims=20", 1)
    assert bot.choose(state) in state.legal_actions()
    if model is not None:
        assert sum(model.win_chances(state, state.current_player())) == pytest.approx(1.0)
        assert bot.evaluator == model.win_chances
