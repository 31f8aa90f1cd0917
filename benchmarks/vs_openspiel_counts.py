"""The simulation counts of two museion bot specs in equal CPU time, at the independent harness's positions.

A run at fixed simulation counts does not depend on the machine's load; a time budget does (a CPU-second buys
fewer simulations on a loaded machine, unequally for the two sides). To carry the issue's quiet-machine counts
at 0.1 s (MCTSBot 149, the old four-player ``expert`` 3,737) over to a changed ``expert``, this measures both
specs in one process, taking turns, at the calibration positions of ``vs_openspiel_independent.py``, and prints
their mean simulations per search and the ratio::

    .venv/bin/python benchmarks/vs_openspiel_counts.py expert expert:cutoff=0 --budgets 0.1 0.2 --seeds 4
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vs_openspiel_independent as independent  # noqa: E402

from museion.bots import make_bot  # noqa: E402
from museion.core.registry import load  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.1, 0.2], help="CPU seconds per search")
    parser.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args()
    spiel_game = pyspiel.load_game(f"python_museion_imhotep(players={args.players})")
    game = load("imhotep", players=args.players)
    for budget in args.budgets:
        counts: dict[str, list[int]] = {args.new: [], args.old: []}
        for seed in range(args.seeds):
            positions = []
            for spiel_state in independent.calibration_positions(spiel_game, seed):
                state = game.new_initial_state()
                for action in spiel_state.history():
                    state.apply_action(action)
                positions.append(state)
            for spec in counts:
                bot = make_bot(f"{spec}{',' if ':' in spec else ':'}time={budget},clock=cpu", seed)
                bot.choose(positions[0])  # warm-up
                for state in positions:
                    bot.choose(state)
                    counts[spec].append(bot.last_simulations)
        new, old = (sum(v) / len(v) for v in counts.values())
        print(f"{budget} CPU-s: {args.new} {new:.0f}, {args.old} {old:.0f} simulations per search "
              f"(ratio {new / old:.2f}, {len(counts[args.new])} positions, load {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
