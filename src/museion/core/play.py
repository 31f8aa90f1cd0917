"""Driving games: sampling chance, playing random games and the one match driver (seeded, reproducible).

Every loop that plays a whole game between agents (``museion simulate`` and ``play``, the arena, self-play,
the benchmarks) uses :func:`play_match` and seeds the same way: chance from ``Random(seed)``, the agent in seat
``p`` from :func:`seat_seed` ``(seed, p)``, so one seed names one game wherever it is played.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from museion.core.game import Game, State


class Agent(Protocol):
    """What the match driver asks of a seat: a bot (``museion.bots.Bot``), a human prompt, a policy."""

    def choose(self, state: State) -> int: ...

    def observe(self, state: State, action: int) -> None: ...


class Abandoned(Exception):
    """Raised by an agent (a human typing ``quit``) to stop a match."""


def seat_seed(seed: int, seat: int) -> int:
    """The one seeding rule for the agent in ``seat`` of the game seeded with ``seed``."""
    return seed * 8 + seat + 1


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw a chance outcome with its probability, using ``rng`` (the driver owns the randomness)."""
    return state.sample_chance(rng)


def play_match(state: State, agents: Sequence[Agent], rng: random.Random,
               on_move: Callable[[State, int, int, float], None] | None = None) -> State:
    """Play ``state`` to its end in place: chance from ``rng``, seat ``p`` decided by ``agents[p]``.

    Every agent observes every applied action. ``on_move(state, player, action, seconds)`` is called just before
    each action is applied (``state``: the position it is played in; ``player`` is ``CHANCE`` for chance;
    ``seconds``: the agent's thinking time).
    """
    while not state.is_terminal():
        player = state.current_player()
        spent = 0.0
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            start = time.perf_counter()
            action = agents[player].choose(state)
            spent = time.perf_counter() - start
        if on_move is not None:
            on_move(state, player, action, spent)
        state.apply_action(action)
        for agent in agents:
            agent.observe(state, action)
    return state


def random_playout(state: State, rng: random.Random, on_step: Callable[[State], None] | None = None) -> State:
    """Play uniformly random legal actions (chance sampled by its probabilities) until the end; in place."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        if on_step is not None:
            on_step(state)
    return state


def random_game(game: Game, seed: int) -> State:
    """One seeded random game from the start, returned at its end."""
    return random_playout(game.new_initial_state(), random.Random(seed))
