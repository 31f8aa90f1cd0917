"""How well the coach's win chances predict the results: Brier scores of hints at positions of seeded games.

Plays ``--games`` seeded games (the one match driver, ``--bots`` in the seats, default ``medium`` everywhere), takes
``--positions`` decision positions spread over each game, and asks the coach for a hint for the player to move
(``coach.hint`` with ``--hint-bot``, default the coach's ``expert``): the win chance of the move it puts first,
against the share of the win that player got (1 alone, 1/k shared, 0). Beside it the same positions valued by the
leaf evaluation alone (the search's ``evaluator``, what a hint would say without searching) and by the constant
1/players. Lower is better. Reproducible for a given build (simulation budgets, seeded searches)::

    nice -n 5 .venv/bin/python benchmarks/hint_calibration.py imhotep --players 4 --games 40 --positions 5 \\
        --out benchmarks/results/vs-openspiel/hint-calibration-imhotep4.json
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import sys

import museion
from museion.bots import make_bots
from museion.bots.coach import HINT_BOT, hint, searcher
from museion.core.play import play_match


def brier(pairs: list[tuple[float, float]]) -> float:
    return sum((p - y) ** 2 for p, y in pairs) / max(1, len(pairs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="medium", help="one spec for every seat, or one per seat (comma-free)")
    parser.add_argument("--hint-bot", default=HINT_BOT)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    game = museion.load(args.game, players=args.players)
    specs = args.bots.split(";")
    lineup = specs * args.players if len(specs) == 1 else specs
    rows: dict[str, list[tuple[float, float]]] = {"hint": [], "evaluation": [], "constant": []}
    for index in range(args.games):
        seed = args.seed * 1_000_003 + index
        final = play_match(game.new_initial_state(), make_bots(lineup, seed), random.Random(seed))
        winners = final.winners()
        share = [1.0 / len(winners) if p in winners else 0.0 for p in range(args.players)]
        replay = game.new_initial_state()
        decisions = []
        for action in final.history():
            if not replay.is_chance_node() and len(replay.legal_actions()) > 1:
                decisions.append(replay.clone())
            replay.apply_action(action)
        step = len(decisions) / args.positions
        rng = random.Random(seed)
        for k in range(args.positions):
            state = decisions[int((k + 0.5) * step)]
            seat = state.current_player()
            best = hint(state, seat, rng, args.hint_bot, count=1)[0]
            bot = searcher(args.hint_bot, rng)
            bot._configure(state)
            rows["hint"].append((best.chance, share[seat]))
            rows["evaluation"].append((bot.evaluator(state, seat)[seat], share[seat]))
            rows["constant"].append((1.0 / args.players, share[seat]))
        print(f"{index + 1}/{args.games}", file=sys.stderr, flush=True)
    summary = {
        "command": " ".join(sys.argv), "build": museion.BUILD, "game": args.game, "players": args.players,
        "bots": lineup, "hint_bot": args.hint_bot, "games": args.games, "positions": len(rows["hint"]),
        "brier": {name: brier(pairs) for name, pairs in rows.items()},
        "mean_prediction": {name: sum(p for p, _ in pairs) / len(pairs) for name, pairs in rows.items()},
        "load_average_1min": os.getloadavg()[0],
    }
    print(json.dumps(summary, indent=1))
    if args.out:
        pathlib.Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(args.out).write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
