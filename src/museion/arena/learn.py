"""Learned values from self-play: ``museion selfplay`` (data) and ``museion train`` (a value model per game).

* **Self-play** is an arena run with one bot in every seat (``ArenaConfig(game, options, [bot], ...)``), so it
  has the arena's reproducible seeding, resumption and ``local`` / ``ray`` backends; its ``results.jsonl`` holds
  one replayable record per game.
* **Positions**: every player decision of every recorded game, and every draw that follows a decision (where
  ``mcts:chance=leaf`` values its leaves), from every seat's point of view: the game's
  feature vector (its evaluator's ``features``) and the seat's share of the final win (1 sole winner, 1/k for k tied
  winners, 0 otherwise). Features are computed at training time by replaying the records, so a change of the
  feature vector needs no new games (a change of the rules does: records that no longer replay are skipped and
  counted).
* **Training** (scikit-learn): ``logistic`` (``LogisticRegression``) or ``mlp`` (``MLPClassifier``, one ReLU
  layer), on standardised features whose scaling is folded back into the weights, with a hold-out of 20 % of the
  games. The weights are written as JSON into the game's folder (``models/value-<players>p.json``, read by
  ``museion.bots.learned``) with a model card (``.md``) giving the data, the command, the size and the metrics.
"""

from __future__ import annotations

import json
import pathlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from museion.arena.runner import ArenaConfig, load_results, run_arena
from museion.bots.learned import FORMAT, ValueModel
from museion.core.errors import MuseionError
from museion.core.game import Game
from museion.core.record import Record
from museion.core.registry import entry

KINDS = ("logistic", "mlp")
HOLDOUT = 0.2


def selfplay(game: str, options: dict[str, Any], bot: str, games: int, seed: int, out: str | pathlib.Path,
             jobs: int = 1, backend: str = "local", address: str | None = None,
             on_progress: Callable[[int, int], None] | None = None) -> list[Record]:
    """Play ``games`` self-play games of ``bot`` into ``out/results.jsonl`` (resumable, as an arena)."""
    config = ArenaConfig(game, options, [bot], games, seed)
    return run_arena(config, out, jobs=jobs, backend=backend, address=address, on_progress=on_progress)


def win_shares(winners: Sequence[int], n: int) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners (all n on a full draw), 0 for the others."""
    won = set(winners) or set(range(n))
    return [1.0 / len(won) if p in won else 0.0 for p in range(n)]


def positions(records: Sequence[Record], game: Game) -> tuple[list[list[float]], list[float], list[int], int]:
    """Features and win shares of every decision (and every draw right after one) of every record, from every
    seat; also the game index of each row (for hold-out by game) and how many records did not replay (rules
    changed since they were played)."""
    rows: list[list[float]] = []
    labels: list[float] = []
    groups: list[int] = []
    skipped = 0
    n = game.num_players()
    for index, record in enumerate(records):
        if record.options != game.options_json():
            raise MuseionError(f"record {index} is for options {record.options}, not {game.options_json()}")
        shares = win_shares(record.winners or [], n)
        state = game.new_initial_state()
        seat_features = entry(game).evaluator.seat_features
        found: list[tuple[list[float], float]] = []
        try:
            decided = False  # the previous step was a player decision
            for action in record.actions:
                chance = state.is_chance_node()
                if not chance or decided:
                    found.extend(zip(seat_features(state), shares, strict=True))
                decided = not chance
                state.apply_action(action)
            if sorted(state.winners()) != sorted(record.winners or []):
                raise ValueError("different winners")
        except Exception:  # noqa: BLE001 - a record of other rules: skipped and counted
            skipped += 1
            continue
        for x, y in found:
            rows.append(x)
            labels.append(y)
            groups.append(index)
    return rows, labels, groups, skipped


def fit(rows: list[list[float]], labels: list[float], groups: list[int], kind: str = "logistic", seed: int = 0,
        hidden: int = 16) -> tuple[dict[str, Any], dict[str, Any]]:
    """Fit a value model; returns ``(weights, metrics)`` (metrics on the held-out games)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier

    if kind not in KINDS:
        raise MuseionError(f"unknown model kind {kind!r}; allowed: {', '.join(KINDS)}")
    x = np.asarray(rows, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    g = np.asarray(groups)
    games = sorted(set(groups))
    random.Random(seed).shuffle(games)
    held = set(games[: max(1, int(len(games) * HOLDOUT))])
    test = np.fromiter((k in held for k in groups), dtype=bool, count=len(groups))
    mean = x[~test].mean(axis=0)
    std = x[~test].std(axis=0)
    std[std < 1e-9] = 1.0
    z = (x - mean) / std
    # soft labels (shared wins) as two weighted rows, one per class
    zt, yt = z[~test], y[~test]
    xs = np.concatenate([zt, zt])
    ys = np.concatenate([np.ones(len(yt)), np.zeros(len(yt))])
    ws = np.concatenate([yt, 1.0 - yt])
    keep = ws > 0
    xs, ys, ws = xs[keep], ys[keep], ws[keep]
    start = time.perf_counter()
    if kind == "logistic":
        model = LogisticRegression(C=1.0, max_iter=2000)
        model.fit(xs, ys, sample_weight=ws)
        w = model.coef_[0] / std
        weights = {"w": w.tolist(), "b": float(model.intercept_[0] - (model.coef_[0] * mean / std).sum())}
    else:
        model = MLPClassifier(hidden_layer_sizes=(hidden,), activation="relu", alpha=1e-3, max_iter=200,
                              early_stopping=True, random_state=seed)
        model.fit(xs, ys, sample_weight=ws)
        w1, w2 = model.coefs_
        b1, b2 = model.intercepts_
        first = (w1 / std[:, None]).T  # hidden x features
        weights = {"W": first.tolist(), "b": (b1 - (w1 * (mean / std)[:, None]).sum(axis=0)).tolist(),
                   "v": w2[:, 0].tolist(), "c": float(b2[0])}
    seconds = time.perf_counter() - start
    p_test = model.predict_proba(z[test])[:, 1]
    p_train = model.predict_proba(zt)[:, 1]
    metrics = {
        "rows": int(len(y)), "games": len(games), "held_out_games": len(held), "train_seconds": round(seconds, 1),
        "brier_held_out": round(float(np.mean((p_test - y[test]) ** 2)), 4),
        "brier_train": round(float(np.mean((p_train - yt) ** 2)), 4),
        "brier_constant": round(float(np.mean((yt.mean() - y[test]) ** 2)), 4),
        "log_loss_held_out": round(float(-np.mean(y[test] * np.log(np.clip(p_test, 1e-6, 1)) + (1 - y[test])
                                                  * np.log(np.clip(1 - p_test, 1e-6, 1)))), 4),
    }
    del g
    return weights, metrics


def model_document(game: Game, kind: str, weights: dict[str, Any], metrics: dict[str, Any],
                   data: dict[str, Any]) -> dict[str, Any]:
    """The JSON a value model is shipped as (read by :class:`museion.bots.learned.ValueModel`)."""
    return {"format": FORMAT, "game": game.name, "players": game.num_players(), "kind": kind,
            "features": game.feature_names(), "data": data, "metrics": metrics, "weights": weights}


def inference_microseconds(model: ValueModel, game: Game, states: int = 300, seed: int = 0) -> float:
    """Mean microseconds of one ``win_chances`` call (every seat) on positions of random games."""
    from museion.core.play import random_playout

    found = []
    rng = random.Random(seed)
    while len(found) < states:
        random_playout(game.new_initial_state(), rng,
                       lambda s: found.append(s.clone()) if not s.is_terminal() and not s.is_chance_node() else None)
    found = found[:states]
    start = time.perf_counter()
    for state in found:
        model.win_chances(state, state.current_player())
    return (time.perf_counter() - start) / len(found) * 1e6


def train(game: Game, data_dirs: Sequence[str | pathlib.Path], kind: str = "logistic", seed: int = 0,
          out: str | pathlib.Path | None = None, command: str = "", hidden: int = 16) -> dict[str, Any]:
    """Train on the self-play records in ``data_dirs`` and write the model and its card; returns the document."""
    records: list[Record] = []
    commands = []
    for d in data_dirs:
        found = [r for r in load_results(pathlib.Path(d) / "results.jsonl") if r.game == game.name
                 and r.options == game.options_json()]
        if not found:
            raise MuseionError(f"no self-play records of {game!r} in {d} (run museion selfplay first)")
        records.extend(found)
        commands.append(selfplay_command(d, len(found)))
    start = time.perf_counter()
    rows, labels, groups, skipped = positions(records, game)
    if not rows:
        raise MuseionError("no positions could be replayed from the records (rules changed?): play new games")
    replay_seconds = time.perf_counter() - start
    weights, metrics = fit(rows, labels, groups, kind, seed, hidden)
    bots = sorted({b for r in records for b in r.meta.get("bots", [])})
    data = {"records": len(records), "skipped_records": skipped, "positions": len(rows) // game.num_players(),
            "bots": bots, "dirs": [str(d) for d in data_dirs], "replay_seconds": round(replay_seconds, 1),
            "selfplay": commands}
    document = model_document(game, kind, weights, metrics, data)
    model = ValueModel(document, game)
    metrics["inference_us_all_seats"] = round(inference_microseconds(model, game), 1)
    metrics["weights"] = len(weights["w"]) + 1 if kind == "logistic" else (
        len(weights["W"]) * len(weights["W"][0]) + len(weights["b"]) + len(weights["v"]) + 1)
    document["command"] = command
    path = pathlib.Path(out) if out else default_model_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(model_card(document, path), encoding="utf-8")
    return document


def selfplay_command(directory: str | pathlib.Path, games: int) -> str:
    """The ``museion selfplay`` command that (re)creates the first ``games`` games of a data directory, from its
    ``arena.json`` (game i depends only on the seed and i)."""
    from museion.core.registry import load

    config = json.loads((pathlib.Path(directory) / "arena.json").read_text(encoding="utf-8"))
    defaults = load(config["game"]).options_json()
    options = " ".join(f"-o {k}={json.dumps(v)}" for k, v in config["options"].items()
                       if k != "players" and v != defaults.get(k))
    players = f" --players {config['players']}" if "players" in config["options"] else ""
    return (f"museion selfplay {config['game']}{players}{' ' + options if options else ''} --bot {config['bots'][0]} "
            f"--games {games} --seed {config['seed']} --out {directory}")


def default_model_path(game: Game) -> pathlib.Path:
    """Where the game ships its value model for this player count (``Game.model_file`` reads it there)."""
    import importlib

    package = importlib.import_module(type(game).__module__.rpartition(".")[0])
    return pathlib.Path(package.__file__ or "").parent / "models" / f"value-{game.num_players()}p.json"


def model_card(doc: dict[str, Any], path: pathlib.Path) -> str:
    """A short Markdown model card: what the model is, the data, the command, the size and the metrics."""
    m, d = doc["metrics"], doc["data"]
    size = path.stat().st_size if path.exists() else 0
    features = "\n".join(f"{i}. {name}" for i, name in enumerate(doc["features"], 1))
    return f"""# Value model: {doc['game']}, {doc['players']} players

The leaf evaluation of `mcts:eval=learned` and of the `expert` level for this configuration: the chance that a
seat wins, from the game's feature vector (`features` in `games/{doc['game']}/evaluate.py`); per
position every seat is scored and the chances are normalised to sum to 1. Evaluated by `museion.bots.learned` in
plain Python (an `mlp` with numpy when it is installed).

- **Kind**: {doc['kind']} (scikit-learn, standardisation folded into the weights), {m['weights']} weights,
  file {size:,} bytes (format {doc['format']}).
- **Data**: {d['records']} self-play games of {', '.join(d['bots'])} ({d['skipped_records']} skipped: did not
  replay), {d['positions']:,} positions (decisions and the draws right after one) x {doc['players']} seats;
  held out for the metrics: {m['held_out_games']} whole games (20 %).
  Games: {'; '.join(f'`{c}`' for c in d.get('selfplay', []))}
- **Command**: `{doc.get('command') or 'museion train ' + doc['game']}`
- **Metrics** (held-out games): Brier score {m['brier_held_out']} (constant predictor {m['brier_constant']},
  training {m['brier_train']}), log loss {m['log_loss_held_out']}; inference {m['inference_us_all_seats']} us per
  position (every seat) on the machine that trained it; fitting took {m['train_seconds']} s.
- **Limits**: trained on the default options of the game at this player count with the bots above; the win
  chance is that of such players, not of perfect play. Retrain after a rules change (records that no longer
  replay are skipped).

## Features

{features}
"""
