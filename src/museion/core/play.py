"""Driving games: sampling chance outcomes and playing random games (seeded, reproducible)."""

from __future__ import annotations

import random
from collections.abc import Callable

from museion.core.game import Game, State


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw a chance outcome with its probability, using ``rng`` (the driver owns the randomness)."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def random_playout(state: State, rng: random.Random, on_step: Callable[[State], None] | None = None) -> State:
    """Play uniformly random legal actions (chance sampled by its probabilities) until the end; in place."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        if on_step is not None:
            on_step(state)
    return state


def random_game(game: Game, seed: int) -> State:
    """One seeded random game from the start, returned at its end."""
    return random_playout(game.new_initial_state(), random.Random(seed))
