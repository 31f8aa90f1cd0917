"""Learner steps per second of Gymnasium's ``SyncVectorEnv`` of 8 single envs against the native vector env
(:class:`museion.envs.vector.MuseionVectorEnv`) with 8 games, every game, in one run (issue 44 item 2; goal >= 3x).

    .venv/bin/python benchmarks/vector_speed.py                      # 3 interleaved rounds of 1 s per row
    MUSEION_PURE=1 .venv/bin/python benchmarks/vector_speed.py --seconds 0.5 --rounds 2   # the pure build

A learner step is one game's step inside a vector ``step`` call (8 per call). Both sides run the same loop:
random legal actions drawn from ``infos["action_mask"]`` (argmax of uniform noise over the legal entries),
random opponents, seat 0, default options; NEXT_STEP autoreset in both. Rates are per second of this process's
CPU time (``time.process_time``), best of the rounds; the output names the build (compiled or pure).
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
NUM_ENVS = 8


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


def makers(name: str) -> dict[str, Callable[[], Any]]:
    return {
        "sync": lambda: gymnasium.vector.SyncVectorEnv([lambda: MuseionEnv(name) for _ in range(NUM_ENVS)]),
        "native": lambda: MuseionVectorEnv(NUM_ENVS, name),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore")
    build = museion.BUILD
    load = os.getloadavg()[0]
    rows = []
    for name in museion.available_games():
        best: dict[str, float] = {}
        for _ in range(args.rounds):  # interleaved, so drift hits both sides alike
            for kind, make in makers(name).items():
                best[kind] = max(best.get(kind, 0.0), measure(make, args.seconds))
        rows.append({"game": name, "build": build, "sync8": best["sync"], "native8": best["native"],
                     "ratio": best["native"] / best["sync"]})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"build: {build}; {NUM_ENVS} envs; learner steps/s of CPU time; goal: native >= {GOAL:g}x sync; "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print(f"{'game':10} {'SyncVectorEnv(8)':>17} {'native(8)':>10} {'ratio':>6}")
    for row in rows:
        print(f"{row['game']:10} {row['sync8']:17,.0f} {row['native8']:10,.0f} {row['ratio']:5.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
