"""The greedy bot: one-step lookahead with the game's own evaluation (``State.evaluate``)."""

from __future__ import annotations

import random

from museion.bots.base import Bot
from museion.bots.heuristics import margin
from museion.core.game import Option, State, float_option

WIN_BONUS = 1000.0
"""Ending the game as the sole winner beats any margin (and losing is worse than any)."""


def value_after(state: State, player: int) -> float:
    """How good ``state`` is for ``player``: the margin over the best rival, decisive once the game is over."""
    if state.is_terminal():
        winners = state.winners()
        outcome = WIN_BONUS if winners == [player] else 0.0 if player in winners else -WIN_BONUS
        return outcome + margin([float(s) for s in state.scores()], player)
    return margin(state.evaluate(player), player)


def greedy_action(state: State, player: int, rng: random.Random, epsilon: float = 0.0) -> int:
    """Best action by one-step lookahead on ``state`` (the player's determinisation); ties broken at random."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return legal[rng.randrange(len(legal))]
    best_value = -float("inf")
    best: list[int] = []
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        value = value_after(child, player)
        if value > best_value + 1e-9:
            best_value, best = value, [action]
        elif value > best_value - 1e-9:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class GreedyBot(Bot):
    """Plays the action whose resulting position evaluates best for it (the game's ``evaluate.py``).

    It looks at its own determinisation ``state.resample(player, rng)``, never at hidden fields.
    """

    name = "greedy"
    OPTIONS = {"epsilon": Option(0.0, "probability of a uniformly random move instead (the easy level)",
                                 float_option(0.0, 1.0))}

    def choose(self, state: State) -> int:
        player = state.current_player()
        return greedy_action(state.resample(player, self.rng), player, self.rng, self.params["epsilon"])
