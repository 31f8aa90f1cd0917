"""Calibration of leaf evaluations: predicted win chances against the outcomes of recorded games.

For positions drawn from the records (player decisions, uniformly, seeded), each evaluator predicts the chance
that the player to move wins; the outcome is that player's share of the win (1, 1/k when k share it, 0). Reported
per evaluator: the Brier score (mean squared error; 0.25 for a coin flip in 2-player games), the Brier score of
the constant predictor (the mean outcome) as the baseline, and a reliability table (10 bins of predicted chance:
mean prediction, observed rate, count) that the arena report plots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from museion.core.game import Game, State
from museion.core.record import Record

Evaluator = Callable[[State, int], list[float]]
BINS = 10


def evaluators(game: Game) -> dict[str, Evaluator]:
    """The leaf evaluations the bots can use in this game: ``heuristic`` and, when shipped, ``learned``."""
    from museion.bots.heuristics import heuristic_evaluator
    from museion.bots.learned import load_model

    found: dict[str, Evaluator] = {"heuristic": heuristic_evaluator(game)}
    model = load_model(game)
    if model is not None:
        found["learned"] = model.win_chances
    return found


def sample_positions(records: Sequence[Record], game: Game, count: int, seed: int = 0
                     ) -> list[tuple[State, float]]:
    """Up to ``count`` decision positions drawn uniformly from the records, with the mover's win share."""
    from museion.arena.learn import win_shares

    where = [(i, k) for i, r in enumerate(records) for k in range(len(r.actions))]
    rng = random.Random(seed)
    rng.shuffle(where)
    wanted: dict[int, set[int]] = {}
    for i, k in where[: count * 3]:  # chance nodes are skipped below; draw extra
        wanted.setdefault(i, set()).add(k)
    found: list[tuple[State, float]] = []
    n = game.num_players()
    for i in sorted(wanted):
        record = records[i]
        shares = win_shares(record.winners or [], n)
        state = game.new_initial_state()
        try:
            for k, action in enumerate(record.actions):
                if k in wanted[i] and not state.is_chance_node():
                    found.append((state.clone(), shares[state.current_player()]))
                state.apply_action(action)
        except Exception:  # noqa: BLE001 - a record of other rules is skipped
            continue
    rng.shuffle(found)
    return found[:count]


def calibration(records: Sequence[Record], game: Game, count: int = 1000, seed: int = 0,
                chosen: dict[str, Evaluator] | None = None) -> dict[str, Any]:
    """Brier scores and reliability tables of the game's evaluators on ``count`` positions of ``records``."""
    positions = sample_positions(records, game, count, seed)
    if not positions:
        return {"positions": 0, "evaluators": {}}
    outcomes = [y for _, y in positions]
    base = sum(outcomes) / len(outcomes)
    result: dict[str, Any] = {"positions": len(positions),
                              "brier_constant": round(sum((base - y) ** 2 for y in outcomes) / len(outcomes), 4),
                              "evaluators": {}}
    for name, evaluate in (chosen or evaluators(game)).items():
        predicted = [evaluate(state.clone(), state.current_player())[state.current_player()]
                     for state, _ in positions]
        bins: list[list[float]] = [[0.0, 0.0, 0] for _ in range(BINS)]
        for p, y in zip(predicted, outcomes, strict=True):
            b = bins[min(int(p * BINS), BINS - 1)]
            b[0] += p
            b[1] += y
            b[2] += 1
        result["evaluators"][name] = {
            "brier": round(sum((p - y) ** 2 for p, y in zip(predicted, outcomes, strict=True)) / len(outcomes), 4),
            "bins": [{"predicted": round(p / c, 4), "observed": round(y / c, 4), "count": int(c)}
                     for p, y, c in bins if c],
        }
    return result
