"""Bot strength: seat-balanced win rates per pairing, with 95 % Wilson intervals and seconds per move.

Each pairing is one ``museion arena`` run (results, report and plots in ``OUT/<name>/``; an interrupted run
resumes). Targets: greedy beats random in >= 90 % of 2-player games; hard beats greedy in >= 75 % of 2-player
games at <= 2 s per move; in 4-player Imhotep and Pergamon, hard against three greedy wins >= 45 %.

Issue 15's goals (``--only goal``): ``expert`` against the fixed reference ``hard`` at 0.2 s per move each,
>= 60 % in 2-player Tholos, Imhotep and Pergamon, >= 35 % in 4-player Imhotep against three ``hard``.

Run: ``.venv/bin/python benchmarks/bot_strength.py [--games 400] [--jobs 2] [--only tholos] [--out bench-out]``
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys

PAIRINGS = [  # name, game, game flags, bots, the bot whose win rate is the figure, target
    ("tholos-greedy-random", "tholos", [], "greedy,random", "greedy", 0.90),
    ("tholos-hard-greedy", "tholos", [], "hard,greedy", "hard", 0.75),
    ("imhotep2-greedy-random", "imhotep", ["--players", "2"], "greedy,random", "greedy", 0.90),
    ("pergamon2-greedy-random", "pergamon", ["--players", "2"], "greedy,random", "greedy", 0.90),
    ("imhotep2-hard-greedy", "imhotep", ["--players", "2"], "hard,greedy", "hard", 0.75),
    ("pergamon2-hard-greedy", "pergamon", ["--players", "2"], "hard,greedy", "hard", 0.75),
    ("imhotep4-hard-3greedy", "imhotep", ["--players", "4"], "hard,greedy,greedy,greedy", "hard", 0.45),
    ("pergamon4-hard-3greedy", "pergamon", ["--players", "4"], "hard,greedy,greedy,greedy", "hard", 0.45),
    # issue 15: expert against the fixed reference hard, equal time (0.2 s per move each)
    ("goal-tholos-expert-hard", "tholos", [], "expert:time=0.2,hard:time=0.2", "expert:time=0.2", 0.60),
    ("goal-imhotep2-expert-hard", "imhotep", ["--players", "2"], "expert:time=0.2,hard:time=0.2",
     "expert:time=0.2", 0.60),
    ("goal-pergamon2-expert-hard", "pergamon", ["--players", "2"], "expert:time=0.2,hard:time=0.2",
     "expert:time=0.2", 0.60),
    ("goal-imhotep4-expert-3hard", "imhotep", ["--players", "4"],
     "expert:time=0.2,hard:time=0.2,hard:time=0.2,hard:time=0.2", "expert:time=0.2", 0.35),
]
"""The issue-15 goal against OpenSpiel's MCTSBot runs through ``benchmarks/vs_openspiel.py`` (see its docstring)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="run only pairings whose name contains this")
    parser.add_argument("--out", default="bench-out")
    args = parser.parse_args()
    rows = []
    for name, game, flags, bots, focus, target in PAIRINGS:
        if args.only not in name:
            continue
        cmd = [sys.executable, "-m", "museion.cli", "arena", game, *flags, "--bots", bots, "--games",
               str(args.games), "--jobs", str(args.jobs), "--seed", str(args.seed), "--out",
               str(pathlib.Path(args.out) / name), "--json"]
        print("$", " ".join(cmd[2:]), flush=True)
        summary = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        s = summary["by_bot"][focus]
        timing = summary.get("timing", {}).get(focus, {})
        row = {"pairing": name, "games": summary["games"], "bot": focus, "win_rate": round(s["win_rate"], 3),
               "ci95": [round(s["low"], 3), round(s["high"], 3)], "target": target,
               "met": s["win_rate"] >= target, "mean_s_per_move": round(timing.get("mean_s_per_move", 0), 4),
               "max_s_per_move": round(timing.get("max_s_per_move", 0), 3)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
