"""MCTS simulations per second: ours on Tholos vs OpenSpiel's Python ``MCTSBot`` on ``python_tic_tac_toe``.

Both from the start position, measured in the same run in interleaved rounds (medians reported, the machine is
shared and noisy). OpenSpiel: ``MCTSBot(uct_c=2, evaluator=RandomRolloutEvaluator(n_rollouts=1), solve=False)``;
ours: ``mcts:c=2,cutoff=-1,reuse=0`` (one random rollout to the end per simulation, the same algorithm), and for
information our default cut-off rollouts (``mcts`` = ``cutoff=12`` then the Tholos evaluation).

A Tholos random game is about 75 actions against at most 9 in tic-tac-toe, so per simulation ours does far more
work; the ratio is of simulations per second as asked, and steps per second are printed next to it.

Run: ``.venv/bin/python benchmarks/mcts_speed.py [--sims 2000] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import museion
from museion.bots import make_bot


def ours(spec: str, sims: int, seed: int) -> float:
    state = museion.load("tholos").new_initial_state()
    bot = make_bot(f"{spec},sims={sims}", seed)
    start = time.perf_counter()
    bot.choose(state)
    return sims / (time.perf_counter() - start)


def openspiel(sims: int, seed: int) -> float:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=sims,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                       solve=False, random_state=rng)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return sims / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    full, cut, ref = [], [], []
    for r in range(args.rounds):
        full.append(ours("mcts:c=2,cutoff=-1,reuse=0", args.sims, r))
        ref.append(openspiel(args.sims, r))
        cut.append(ours("mcts:reuse=0", args.sims, r))
    result = {
        "tholos_full_random_rollout_sims_per_s": round(statistics.median(full)),
        "openspiel_ttt_sims_per_s": round(statistics.median(ref)),
        "ratio": round(statistics.median(full) / statistics.median(ref), 2),
        "tholos_default_cutoff_sims_per_s": round(statistics.median(cut)),
        "ratio_default_cutoff": round(statistics.median(cut) / statistics.median(ref), 2),
        "sims": args.sims, "rounds": args.rounds,
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
