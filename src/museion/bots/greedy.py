"""The greedy bot: one-step lookahead with the game's own evaluation (its evaluator's ``evaluate``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from museion.bots.base import Bot
from museion.bots.heuristics import margin
from museion.core.game import Option, State, float_option
from museion.core.registry import entry

WIN_BONUS = 1000.0
"""Ending the game as the sole winner beats any margin (and losing is worse than any)."""


def value_after(state: State, player: int, evaluate: Callable[[State, int], list[float]]) -> float:
    """How good ``state`` is for ``player`` by ``evaluate`` (the game's): the margin over the best rival, decisive
    once the game is over."""
    if state.is_terminal():
        winners = state.winners()
        outcome = WIN_BONUS if winners == [player] else 0.0 if player in winners else -WIN_BONUS
        return outcome + margin([float(s) for s in state.scores()], player)
    return margin(evaluate(state, player), player)


def greedy_action(state: State, player: int, rng: random.Random, epsilon: float = 0.0) -> int:
    """Best action by one-step lookahead on ``state`` (the player's determinisation); ties broken at random."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return legal[rng.randrange(len(legal))]
    evaluate = entry(state.game).evaluator.evaluate
    best_value = -float("inf")
    best: list[int] = []
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        value = value_after(child, player, evaluate)
        if value > best_value + 1e-9:
            best_value, best = value, [action]
        elif value > best_value - 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class GreedyBot(Bot):
    """Plays the action whose resulting position evaluates best for it (the game's ``evaluate.py``).

    It looks at its own determinisation (the observer's ``resample(state, player, rng)``), never at hidden fields.
    """

    name = "greedy"
    OPTIONS = {"epsilon": Option(0.0, "probability of a uniformly random move instead (the easy level)",
                                 float_option(0.0, 1.0))}

    def choose(self, state: State) -> int:
        player = state.current_player()
        det = entry(state.game).observer.resample(state, player, self.rng)
        return greedy_action(det, player, self.rng, self.params["epsilon"])
