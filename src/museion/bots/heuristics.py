"""Values of positions for the bots, built on the games' own evaluations (their evaluator's ``evaluate``).

The game knowledge lives in each game's ``evaluate.py`` (reached as ``entry(game).evaluator.evaluate``,
``Game.evaluation_scale``); a game without one gets the score margin, so a new game has working ``greedy`` and
``mcts`` at once. Here only what every game shares: margins, their squashing into win chances, terminal rewards.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from museion.core.game import Game, State
from museion.core.registry import entry


def margin(values: list[float], player: int) -> float:
    """``player``'s value minus the best rival's (what greedy maximises)."""
    best_other = max(v for p, v in enumerate(values) if p != player) if len(values) > 1 else 0.0
    return values[player] - best_other


def squash(x: float) -> float:
    """The logistic function, clipped so ``exp`` never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def win_chances(state: State, player: int) -> list[float]:
    """Each player's chance of winning by the game's evaluation: a logistic of their margin over the best rival
    divided by the game's :meth:`~museion.core.game.Game.evaluation_scale` (``player``: whose view is used)."""
    values = entry(state.game).evaluator.evaluate(state, player)
    scale = state.game.evaluation_scale()
    return [squash(margin(values, p) / scale) for p in range(len(values))]


def heuristic_evaluator(game: Game) -> Callable[[State, int], list[float]]:
    """:func:`win_chances` for one game configuration, with its scale looked up once (the search's hot path)."""
    scale = game.evaluation_scale()
    evaluate = entry(game).evaluator.evaluate
    exp = math.exp

    def chances(state: State, player: int) -> list[float]:
        values = evaluate(state, player)
        if len(values) == 2:
            x = max(-30.0, min(30.0, (values[0] - values[1]) / scale))
            first = 1.0 / (1.0 + exp(-x))
            return [first, 1.0 / (1.0 + exp(x))]
        top = max(values)
        leader = values.index(top)
        second = max(v for p, v in enumerate(values) if p != leader)
        return [squash(((v - top) if p != leader else (v - second)) / scale) for p, v in enumerate(values)]

    return chances


def terminal_rewards(state: State) -> list[float]:
    """Win 1, shared win split among the winners (0.5 on a full draw), loss 0, compressed to [0.05, 0.95] with
    the score margin breaking ties slightly."""
    winners = state.winners()
    scores = [float(s) for s in state.scores()]
    n = len(scores)
    out = []
    for p in range(n):
        base = (1.0 / len(winners) if len(winners) < n else 0.5) if p in winners else 0.0
        nudge = math.tanh(margin(scores, p) / 20.0) if n > 1 else 0.0
        out.append(0.9 * base + 0.05 * (nudge + 1.0))
    return out
