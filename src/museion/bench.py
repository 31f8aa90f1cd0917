"""Throughput benchmarks through the game contract, with OpenSpiel's tic-tac-toe as the yardstick.

Machines here are noisy, so the figure that matters is the ratio against a reference measured in the same run:
rounds alternate between this process (the build it runs), a worker process in each build (pure and compiled,
see :mod:`museion.native`) and OpenSpiel's ``python_tic_tac_toe`` and C++ ``tic_tac_toe``, and the medians are
compared. Every rate is per second of the measuring process's own CPU time (:func:`time.process_time`; each
measurement lasts a wall-clock time): on a machine shared with other work, wall-clock rates mostly measure how
much of a core the process got, CPU-time rates measure the code.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from museion.core.game import Game
from museion.core.play import random_playout, sample_chance


def playout_rate(game: Game, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Random playouts for ``seconds``: (steps/s, games/s); every applied action, chance included, is a step."""
    rng = random.Random(seed)
    steps = games = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        steps += random_playout(game.new_initial_state(), rng).move_number()
        games += 1
    elapsed = time.process_time() - cpu
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
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for state in positions:
            state.clone()
        count += len(positions)
    return count / (time.process_time() - cpu)


def openspiel_rate(seconds: float, seed: int = 0, name: str = "python_tic_tac_toe") -> float | None:
    """The same Python-driven random loop on an OpenSpiel game: ``python_tic_tac_toe`` (the game written in
    Python) or ``tic_tac_toe`` (its C++ engine, driven through pyspiel). None without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    steps = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return float(steps / (time.process_time() - cpu))


def mcts_rate(game: Game, seconds: float, seed: int = 0, sims: int = 100) -> float:
    """MCTS simulations/s of the ``mcts`` bot (default leaf evaluation, no tree reuse) choosing moves along a
    random game: the search loop (``museion.bots.tree``) and the engine's share (clone, apply, legal actions,
    evaluate) as bots use them."""
    from museion.bots.mcts import MCTSBot

    rng = random.Random(seed)
    bot = MCTSBot(seed=seed, sims=sims, reuse=0)
    state = game.new_initial_state()
    done = 0
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or done == 0:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            bot.choose(state)
            done += sims
        state.apply_action(rng.choice(state.legal_actions()))
    return done / (time.process_time() - cpu)


MEASURES = {"playout": lambda game, s, seed: playout_rate(game, s, seed)[0], "mcts": mcts_rate}


class BuildWorker:
    """A ``python -m museion.bench worker`` process in one build (``MUSEION_PURE=1`` or not) that measures on
    request, so the pure and the compiled build are timed in the same run, rounds interleaved."""

    def __init__(self, pure: bool) -> None:
        env = dict(os.environ)
        env.pop("MUSEION_PURE", None)
        if pure:
            env["MUSEION_PURE"] = "1"
        self.process = subprocess.Popen([sys.executable, "-m", "museion.bench", "worker"], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.build: str = self._read()["build"]

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the benchmark worker ended early")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def measure(self, measure: str, game: Game, seconds: float, seed: int) -> float:
        assert self.process.stdin is not None
        request = {"measure": measure, "game": game.name, "options": game.options_json(), "seconds": seconds,
                   "seed": seed}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return float(self._read()["value"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def worker() -> None:
    """The worker's loop: announce the build, then answer one measurement per request line."""
    import museion

    print(json.dumps({"build": museion.BUILD}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        game = museion.load(request["game"], **request["options"])
        value = MEASURES[request["measure"]](game, request["seconds"], request["seed"])
        print(json.dumps({"value": value}), flush=True)


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a and b else None


def bench_game(game: Game, seconds: float = 12.0, rounds: int = 3,
               workers: dict[str, BuildWorker] | None = None) -> dict[str, Any]:
    """Interleave ``rounds`` of random playouts (and, given build workers, of MCTS simulations in each build)
    with OpenSpiel's Python and C++ tic-tac-toe; report medians and ratios measured in this one run."""
    workers = workers or {}
    slots = 3 + 2 * len(workers)
    per = seconds / (rounds * slots)
    ours: list[float] = []
    games_s: list[float] = []
    python_ttt: list[float] = []
    cpp_ttt: list[float] = []
    by_build: dict[str, dict[str, list[float]]] = {b: {m: [] for m in MEASURES} for b in workers}
    for r in range(rounds):
        steps, games = playout_rate(game, per, seed=r)
        ours.append(steps)
        games_s.append(games)
        for build, w in workers.items():
            for measure in MEASURES:
                by_build[build][measure].append(w.measure(measure, game, per, r))
        for name, out in (("python_tic_tac_toe", python_ttt), ("tic_tac_toe", cpp_ttt)):
            ref = openspiel_rate(per, seed=r, name=name)
            if ref is not None:
                out.append(ref)
    steps_s = statistics.median(ours)
    py_ref, cpp_ref = _median(python_ttt), _median(cpp_ttt)
    result: dict[str, Any] = {
        "game": game.name,
        "options": game.options_json(),
        "steps_per_s": round(steps_s),
        "games_per_s": round(statistics.median(games_s), 1),
        "clones_per_s": round(clone_rate(game, min(1.0, per))),
        "openspiel_tic_tac_toe_steps_per_s": round(py_ref) if py_ref else None,
        "ratio_vs_openspiel": round(steps_s / py_ref, 2) if py_ref else None,
        "openspiel_cpp_tic_tac_toe_steps_per_s": round(cpp_ref) if cpp_ref else None,
    }
    for build, w in workers.items():
        playouts, sims = _median(by_build[build]["playout"]), _median(by_build[build]["mcts"])
        result[build] = {"build": w.build, "steps_per_s": round(playouts or 0), "mcts_sims_per_s": round(sims or 0),
                         "ratio_vs_openspiel": _ratio(playouts, py_ref), "ratio_vs_cpp_tic_tac_toe": _ratio(playouts,
                                                                                                        cpp_ref)}
    if "pure" in workers and "compiled" in workers:
        pure, compiled = by_build["pure"], by_build["compiled"]
        result["compiled_vs_pure"] = {"playouts": _ratio(_median(compiled["playout"]), _median(pure["playout"])),
                                      "mcts": _ratio(_median(compiled["mcts"]), _median(pure["mcts"]))}
    return result


def start_workers() -> dict[str, BuildWorker]:
    """One worker per build; the compiled one reports ``pure`` where there is no current compiled build."""
    return {"pure": BuildWorker(pure=True), "compiled": BuildWorker(pure=False)}


if __name__ == "__main__" and sys.argv[1:] == ["worker"]:
    worker()
