"""MCTS simulations per second, old bots against new, in the same run, for every game.

Old: the pre-issue-15 search loop frozen in ``tests/bots/view_reference.py`` (``old_mcts_bot``): a ``view()`` dict
and the view-based heuristic per leaf, chance drawn by walking the full ``chance_outcomes()`` list, then
``apply_action`` with its legality check. New: today's ``mcts`` with the games' own hooks, their evaluator
(``games/<game>/evaluate.py``) and ``State.apply_chance`` (direct draws). Both ``reuse=0``, default leaf
evaluation (``cutoff=0``), on the same engines. For information, today's ``mcts:eval=learned`` (the shipped value
model, as ``expert`` uses it) in the same rounds.

Per configuration: the same mid-game positions, interleaved rounds old/new/old/new..., the median of the
per-round ratios is reported (the machine is shared; interleaving puts both under the same load).
Goal: new >= 1.8x old in every configuration.

Run: ``.venv/bin/python benchmarks/eval_speed.py [--sims 1500] [--rounds 5] [--json]``
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tests.bots import view_reference  # noqa: E402

import museion  # noqa: E402
from museion.bots import MCTSBot  # noqa: E402
from museion.core.game import State  # noqa: E402

CONFIGS = [("tholos", {}), ("imhotep", {"players": 2}), ("imhotep", {"players": 4}), ("pergamon", {"players": 2}),
           ("pergamon", {"players": 4})]


def positions(game: museion.Game, count: int, seed: int = 0) -> list[State]:
    """Decision positions with choices, spread over seeded random games."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        state = game.new_initial_state()
        steps = rng.randrange(10, 120)
        while not state.is_terminal() and steps:
            if state.is_chance_node():
                state.apply_chance(rng)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps -= 1
        if not state.is_terminal() and not state.is_chance_node() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def sims_per_s(states: list[State], sims: int, old: bool, seed: int, **params: object) -> float:
    total = 0.0
    for i, state in enumerate(states):
        bot = (view_reference.old_mcts_bot if old else MCTSBot)(seed + i, sims=sims, reuse=0, **params)
        start = time.perf_counter()
        bot.choose(state)
        total += time.perf_counter() - start
    return sims * len(states) / total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, options in CONFIGS:
        game = museion.load(name, **options)
        states = positions(game, args.positions)
        old, new, learned, ratios = [], [], [], []
        for r in range(args.rounds):
            o = sims_per_s(states, args.sims, True, r)
            n = sims_per_s(states, args.sims, False, r)
            learned.append(sims_per_s(states, args.sims, False, r, eval="learned"))
            old.append(o)
            new.append(n)
            ratios.append(n / o)
        row = {"game": name, "players": game.num_players(), "old_sims_per_s": round(statistics.median(old)),
               "new_sims_per_s": round(statistics.median(new)), "ratio": round(statistics.median(ratios), 2),
               "ratio_min": round(min(ratios), 2), "goal_met": statistics.median(ratios) >= 1.8,
               "learned_sims_per_s": round(statistics.median(learned))}
        rows.append(row)
        if not args.json:
            print(json.dumps(row), flush=True)
    if args.json:
        print(json.dumps({"sims": args.sims, "rounds": args.rounds, "positions": args.positions, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
