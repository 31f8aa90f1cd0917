"""museion bots against OpenSpiel's own search bots, through the project's OpenSpiel adapter, as an arena run.

Registers ``openspiel_mcts`` (OpenSpiel's Python ``MCTSBot``: UCT, ``uct_c=2``, one random rollout per
simulation, OpenSpiel's default ``solve=True`` unless ``solve=0``) as a museion bot name for this process, then runs
a seat-balanced ``museion arena`` (results, ``summary.json``, ``report.html`` with plots and calibration in
``--out``; resumable). Equal time per move: ``time=S`` gives the OpenSpiel bot a simulation count re-tuned after
every move so that its searches take ``S`` seconds (it has no time budget of its own); museion bots take ``time=S``
directly. ``clock=cpu`` on both sides measures the process's CPU seconds instead of the wall clock: on a loaded
machine wall-clock seconds buy a fraction of a core that changes from minute to minute, and with it the number
of simulations both sides search (the result depends on it). Forced moves (one legal action) cost nobody any time.

A second harness that shares none of this code, ``benchmarks/vs_openspiel_independent.py``, measures the same
pairing; see ``benchmarks/results/vs-openspiel/README.md`` for both side by side.

Run (Imhotep 4 players, expert against three MCTSBots, fair share 25 %)::

    nice -n 5 .venv/bin/python benchmarks/vs_openspiel.py imhotep --players 4 \\
        --bots expert:time=0.1,clock=cpu,openspiel_mcts:time=0.1,clock=cpu,openspiel_mcts:time=0.1,clock=cpu,\\
openspiel_mcts:time=0.1,clock=cpu --games 200 --jobs 1 --out bench-out/imhotep4-expert-3openspiel
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

from museion.arena.calibration import calibration
from museion.arena.report import write_report
from museion.arena.runner import ArenaConfig, run_arena
from museion.arena.stats import summarize, timing_summary
from museion.bots import BOTS, Bot, split_specs
from museion.core.game import Option, State, choice_option, float_option, int_option
from museion.core.registry import load


class OpenSpielMCTS(Bot):
    """OpenSpiel's Python ``MCTSBot`` playing a museion seat through ``museion.envs.openspiel``."""

    name = "openspiel_mcts"
    OPTIONS = {
        "sims": Option(200, "simulations per move (ignored when time is set)", int_option(1, 10_000_000)),
        "time": Option(0.0, "seconds per move: the simulation count is re-tuned after each move",
                       float_option(0.0, 3600.0)),
        "c": Option(2.0, "UCT exploration constant", float_option(0.0, 100.0)),
        "clock": Option("wall", "what time measures: wall or cpu (this process's CPU seconds)",
                        choice_option("wall", "cpu")),
        "solve": Option(1, "MCTS-Solver backups (OpenSpiel's default 1)", int_option(0, 1)),
    }

    def __init__(self, seed: int | None = None, **params: object) -> None:
        super().__init__(seed, **params)
        self.sims = self.params["sims"] if not self.params["time"] else 50
        self._game_key: object = None

    def _bot(self, state: State):  # noqa: ANN202 - an open_spiel MCTSBot
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        import museion.envs.openspiel  # noqa: F401  registers python_museion_*

        if self._game_key != state.game:
            options = ",".join(f"{k}={v}" for k, v in state.game.options_json().items()
                               if isinstance(v, (bool, int)) and not isinstance(v, str))
            self.os_game = pyspiel.load_game(f"python_museion_{state.game.name}({options})")
            rs = np.random.RandomState(self.rng.randrange(2**31))
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
            self.bot = mcts.MCTSBot(self.os_game, self.params["c"], self.sims, evaluator,
                                    solve=bool(self.params["solve"]),
                                    random_state=rs)
            self._game_key = state.game
        return self.bot

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        self.last_simulations = 0  # reported in the arena's timings
        if len(legal) == 1:
            return legal[0]
        bot = self._bot(state)
        os_state = self.os_game.new_initial_state()
        for action in state.history():
            os_state.apply_action(action)
        bot.max_simulations = self.last_simulations = self.sims
        clock = time.process_time if self.params["clock"] == "cpu" else time.perf_counter
        start = clock()
        action = bot.step(os_state)
        spent = clock() - start
        budget = self.params["time"]
        if budget:  # aim the next search at the budget (bounded steps keep it stable)
            self.sims = max(10, int(self.sims * min(2.0, max(0.5, budget / max(spent, 1e-4)))))
        return int(action)


def main() -> int:
    from museion.cli_options import add_game, game_options

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_game(parser)
    parser.add_argument("--bots", required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    BOTS["openspiel_mcts"] = OpenSpielMCTS  # workers fork after this, so they know the name too
    config = ArenaConfig(args.game, game_options(args), split_specs(args.bots), args.games, args.seed)
    records = run_arena(config, pathlib.Path(args.out), jobs=args.jobs,
                        on_progress=lambda done, total: print(f"{done}/{total}", file=sys.stderr, flush=True))
    summary = summarize(records)
    summary["timing"] = timing_summary(records, pathlib.Path(args.out) / "timings.jsonl")
    summary["calibration"] = calibration(records, load(config.game, **config.options))
    write_report(summary, {**config.identity(), "games": config.games}, args.out)
    print(json.dumps({"games": summary["games"], "by_bot": {
        b: {k: summary["by_bot"][b][k] for k in ("win_rate", "low", "high", "seats_played")}
        for b in summary["bots"]}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
