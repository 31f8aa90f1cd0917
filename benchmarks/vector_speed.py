"""Learner steps per second of Gymnasium's ``SyncVectorEnv`` of N single envs against the native vector env
(:class:`museion.envs.vector.MuseionVectorEnv`) with N games, every game, in one run (issue 44 item 2; goal: native
>= 3x ``SyncVectorEnv(8)``).

    .venv/bin/python benchmarks/vector_speed.py                      # N = 8; 3 interleaved rounds of 1 s per row
    .venv/bin/python benchmarks/vector_speed.py --num-envs 8 --num-envs 64   # both sides at each N
    MUSEION_PURE=1 .venv/bin/python benchmarks/vector_speed.py --seconds 0.5 --rounds 2   # the pure build

A learner step is one game's step inside a vector ``step`` call (N per call). Both sides run the same loop:
random legal actions drawn from ``infos["action_mask"]`` (argmax of uniform noise over the legal entries),
random opponents, seat 0, default options, ``copy=True`` (the default); NEXT_STEP autoreset in both. Each N gives
the equal-N ratio (native(N) / SyncVectorEnv(N), the strict reading of the goal) and native(N) / SyncVectorEnv(8)
(the goal's reference; the native env's N is the researcher's choice, and batching amortises per-call costs).
``SyncVectorEnv(8)`` is measured in the same rounds when 8 is not among the N. Rates are per second of this
process's CPU time (``time.process_time``), best of the rounds; the output names the build (compiled or pure).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium  # noqa: E402

import museion  # noqa: E402
from museion.envs.gymnasium import MuseionEnv  # noqa: E402
from museion.envs.vector import MuseionVectorEnv  # noqa: E402

GOAL = 3.0
REFERENCE = 8
"""The goal's reference: ``SyncVectorEnv(8)``."""


def measure(make: Callable[[], Any], seconds: float, seed: int = 0) -> float:
    """Learner steps per CPU second of a random-legal-action loop on the vector env ``make()`` builds."""
    envs, rng = make(), np.random.default_rng(seed)
    _, infos = envs.reset(seed=seed)
    calls = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        mask = infos["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, _, _, infos = envs.step(actions)
        calls += 1
    rate = calls * envs.num_envs / (time.process_time() - start)
    envs.close()
    return rate


def makers(name: str, sizes: list[int]) -> dict[tuple[str, int], Callable[[], Any]]:
    """The vector envs to measure, by (side, N): both sides at every N, and ``SyncVectorEnv(8)``."""
    made: dict[tuple[str, int], Callable[[], Any]] = {}
    for n in sorted({REFERENCE, *sizes}):
        made["sync", n] = lambda n=n: gymnasium.vector.SyncVectorEnv([lambda: MuseionEnv(name)] * n)
        if n in sizes:
            made["native", n] = lambda n=n: MuseionVectorEnv(n, name)
    return made


def rows_of(name: str, sizes: list[int], seconds: float, rounds: int) -> list[dict[str, Any]]:
    """One row per N for game ``name``: best rates of the interleaved rounds (drift hits every side alike)."""
    best: dict[tuple[str, int], float] = {}
    for _ in range(rounds):
        for key, make in makers(name, sizes).items():
            best[key] = max(best.get(key, 0.0), measure(make, seconds))
    return [{"game": name, "build": museion.BUILD, "num_envs": n, "sync": best["sync", n],
             "native": best["native", n], "ratio": best["native", n] / best["sync", n],
             "sync8": best["sync", REFERENCE], "ratio_sync8": best["native", n] / best["sync", REFERENCE]}
            for n in sizes]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--num-envs", type=int, action="append", help="N (repeatable); default 8")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sizes = sorted(set(args.num_envs or [REFERENCE]))
    warnings.filterwarnings("ignore")
    load = os.getloadavg()[0]
    rows = [row for name in museion.available_games() for row in rows_of(name, sizes, args.seconds, args.rounds)]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"build: {museion.BUILD}; learner steps/s of CPU time; goal: native >= {GOAL:g}x SyncVectorEnv(8); "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print(f"{'game':10} {'N':>4} {'SyncVectorEnv(N)':>17} {'native(N)':>10} {'equal-N':>8} {'vs Sync(8)':>11}")
    for row in rows:
        print(f"{row['game']:10} {row['num_envs']:4} {row['sync']:17,.0f} {row['native']:10,.0f} "
              f"{row['ratio']:7.2f}x {row['ratio_sync8']:10.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
