"""Throughput benchmarks through the game contract, with OpenSpiel's ``python_tic_tac_toe`` as the yardstick.

Machines here are noisy, so the figure that matters is the ratio against a reference measured in the same
process: rounds of ours and of the reference alternate, and the medians are compared.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from museion.core.game import Game
from museion.core.play import random_playout, sample_chance


def playout_rate(game: Game, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Random playouts for ``seconds``: (steps/s, games/s); every applied action, chance included, is a step."""
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += random_playout(game.new_initial_state(), rng).move_number()
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def clone_rate(game: Game, seconds: float, seed: int = 0) -> float:
    """clone()/s on positions from the middle of random games."""
    rng = random.Random(seed)
    positions = []
    for _ in range(20):
        state = game.new_initial_state()
        target = rng.randrange(1, 40)
        while not state.is_terminal() and len(state.history()) < target:
            legal = state.legal_actions()
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
        positions.append(state)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state in positions:
            state.clone()
        count += len(positions)
    return count / (time.perf_counter() - start)


def openspiel_rate(seconds: float, seed: int = 0) -> float | None:
    """The same Python-driven random loop on OpenSpiel's ``python_tic_tac_toe``; None without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def bench_game(game: Game, seconds: float = 6.0, rounds: int = 3) -> dict[str, Any]:
    """Interleave ``rounds`` of our playouts and of the reference; report medians and their ratio."""
    per_round = seconds / (2 * rounds)
    ours, games_s, theirs = [], [], []
    for r in range(rounds):
        steps, games = playout_rate(game, per_round, seed=r)
        ours.append(steps)
        games_s.append(games)
        ref = openspiel_rate(per_round, seed=r)
        if ref is not None:
            theirs.append(ref)
    result: dict[str, Any] = {
        "game": game.name,
        "options": game.options_json(),
        "steps_per_s": round(statistics.median(ours)),
        "games_per_s": round(statistics.median(games_s), 1),
        "clones_per_s": round(clone_rate(game, min(1.0, per_round))),
        "openspiel_tic_tac_toe_steps_per_s": round(statistics.median(theirs)) if theirs else None,
    }
    result["ratio_vs_openspiel"] = (
        round(result["steps_per_s"] / result["openspiel_tic_tac_toe_steps_per_s"], 2) if theirs else None
    )
    return result
