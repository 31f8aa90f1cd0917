"""museion against OpenSpiel's MCTSBot by a game loop written apart from the arena: the second harness.

``benchmarks/vs_openspiel.py`` plays OpenSpiel's bot as a museion bot inside ``museion arena``. This harness shares
nothing with the arena (no match driver, no bot adapter, no statistics code): the game is OpenSpiel's, loaded
through the project's wrapper (``python_museion_<game>``); every action is mirrored into a museion state of its own,
whose legal actions and chance outcomes are compared with OpenSpiel's at every step (a mismatch stops the run), and
the museion bot decides on that mirror (``choose``, and ``observe`` after every action, as its protocol says).

- OpenSpiel's bot: ``mcts.MCTSBot`` as OpenSpiel ships it (UCT, ``--uct-c`` 2, ``RandomRolloutEvaluator(n_rollouts=1)``,
  ``solve=True``, OpenSpiel's default, unless ``--no-solve``).
- Equal time: museion searches ``--time`` seconds by its own clock (``time=S,clock=...``); before each game
  OpenSpiel's simulation count is calibrated so that its searches take as long: OpenSpiel's bot searches a fixed
  number of probe simulations at positions spread over a seeded random game of the same configuration, the count
  is ``time / (seconds per simulation)``, measured once more at that count. ``--clock cpu`` (default) measures
  this process's CPU time, which a loaded machine distorts far less than the wall clock (``--clock wall``). Each
  search's actual time is recorded for both sides (the summary's ``seconds_per_search``), so the match is
  checked, not assumed. Or fixed budgets instead: ``--time 0 --os-sims N`` and a museion spec with ``sims=M``
  (simulation-matched runs).
- Forced moves (one legal action) are played without a search by either side.
- Seats: game ``i`` seats museion at ``i mod players``; the others are OpenSpiel bots, each with its own seeded RNG.
  Chance is drawn from ``random.Random`` seeded by the game's seed, over OpenSpiel's ``chance_outcomes()``.
- Result: museion's win share per game (1 alone, 1/k when k players share the win, 0 otherwise), its mean with a
  95 % Wilson interval, by seat; one JSON line per game in ``--out``/games.jsonl (resumable: rerun the command),
  the summary in ``--out``/summary.json with the load average seen at the start and the end.

Run (issue 28's pairing: Imhotep 4 players, ``expert`` against three MCTSBots at 0.1 CPU seconds per search)::

    nice -n 5 .venv/bin/python benchmarks/vs_openspiel_independent.py imhotep --players 4 --bot expert \\
        --time 0.1 --games 200 --out bench-out/indep-imhotep4-expert-0.1
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import museion
import museion.envs.openspiel  # noqa: F401  registers python_museion_*
from museion.bots import make_bot

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
CALIBRATION_POSITIONS = 5
"""Positions (spread evenly over the decisions of one random game) at which OpenSpiel's bot is timed."""
Z95 = 1.959963984540054


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if not trials:
        return 0.0, 1.0
    p, z2 = successes / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


class Mismatch(AssertionError):
    """OpenSpiel's state and the museion mirror disagree: the wrapper (or this harness) is broken."""


def check_same(spiel: pyspiel.State, mirror: museion.State, step: int) -> None:
    """The mirror and OpenSpiel's state offer the same moves (legal actions, or chance outcomes with probabilities)."""
    if spiel.current_player() != mirror.current_player():
        raise Mismatch(f"step {step}: player {spiel.current_player()} != {mirror.current_player()}")
    if spiel.is_terminal():
        if list(spiel.returns()) != list(mirror.returns()):
            raise Mismatch(f"step {step}: returns {spiel.returns()} != {mirror.returns()}")
    elif spiel.is_chance_node():
        if sorted(spiel.chance_outcomes()) != sorted(mirror.chance_outcomes()):
            raise Mismatch(f"step {step}: chance outcomes differ")
    elif list(spiel.legal_actions()) != list(mirror.legal_actions()):
        raise Mismatch(f"step {step}: legal actions {spiel.legal_actions()} != {mirror.legal_actions()}")


def draw_chance(spiel: pyspiel.State, rng: random.Random) -> int:
    """A chance outcome with its probability, by a walk over OpenSpiel's outcome list."""
    x = rng.random()
    outcomes = spiel.chance_outcomes()
    for action, probability in outcomes:
        x -= probability
        if x < 0:
            return int(action)
    return int(outcomes[-1][0])


def spiel_bot(game: pyspiel.Game, sims: int, seed: int, args: argparse.Namespace) -> mcts.MCTSBot:
    rs = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    return mcts.MCTSBot(game, args.uct_c, sims, evaluator, solve=args.solve, random_state=rs)


def calibration_positions(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    """Decision positions spread evenly over one seeded random game (OpenSpiel's search costs most early on)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(draw_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            decisions.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    step = len(decisions) / CALIBRATION_POSITIONS
    return [decisions[int((k + 0.5) * step)] for k in range(CALIBRATION_POSITIONS)]


def calibrate(game: pyspiel.Game, seed: int, args: argparse.Namespace) -> tuple[int, float]:
    """OpenSpiel's simulation count for searches of ``args.time`` seconds, and the measured seconds per
    simulation, timed by ``args.clock`` at the calibration positions: first with ``args.probe`` simulations each,
    then once more with the count that gives (a simulation costs more in a deeper tree)."""
    clock = CLOCKS[args.clock]
    positions = calibration_positions(game, seed)
    sims = args.probe
    bot = spiel_bot(game, sims, seed + 1, args)
    bot.step(positions[0])  # warm-up: first calls pay for imports and caches
    for _ in range(2):
        bot.max_simulations = sims
        start = clock()
        for position in positions:
            bot.step(position)
        per_sim = (clock() - start) / (sims * len(positions))
        sims = max(1, round(args.time / per_sim))
    return sims, per_sim


def museion_spec(args: argparse.Namespace) -> str:
    if not args.time:
        return args.bot
    return f"{args.bot}{',' if ':' in args.bot else ':'}time={args.time},clock={args.clock}"


def play(index: int, args: argparse.Namespace, game: pyspiel.Game, mirror_game: museion.Game) -> dict[str, Any]:
    """One game; returns its JSON line."""
    players = mirror_game.num_players()
    seat = index % players
    seed = args.seed * 1_000_003 + index
    clock = CLOCKS[args.clock]
    sims, per_sim = calibrate(game, seed, args) if args.time else (args.os_sims, 0.0)
    bot = make_bot(museion_spec(args), seed)
    rivals = {p: spiel_bot(game, sims, seed * 8 + p + 1, args) for p in range(players) if p != seat}
    rng = random.Random(seed)
    spiel = game.new_initial_state()
    mirror = mirror_game.new_initial_state()
    spent: dict[str, list[float]] = {"museion": [], "openspiel": []}
    simulations: list[int] = []
    step = 0
    while True:
        check_same(spiel, mirror, step)
        if spiel.is_terminal():
            break
        if spiel.is_chance_node():
            action = draw_chance(spiel, rng)
        else:
            player = spiel.current_player()
            legal = spiel.legal_actions()
            start = clock()
            if len(legal) == 1:
                action = legal[0]
            elif player == seat:
                action = bot.choose(mirror)
                simulations.append(bot.last_simulations)
                spent["museion"].append(clock() - start)
            else:
                action = int(rivals[player].step(spiel))
                spent["openspiel"].append(clock() - start)
        spiel.apply_action(action)
        mirror.apply_action(action)
        bot.observe(mirror, action)
        step += 1
    winners = mirror.winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    return {
        "index": index, "seed": seed, "seat": seat, "share": share, "winners": winners,
        "scores": [float(s) for s in mirror.scores()], "length": step, "openspiel_sims": sims,
        "openspiel_s_per_sim": per_sim, "museion_sims_mean": sum(simulations) / max(1, len(simulations)),
        "museion_s_per_search": sum(spent["museion"]) / max(1, len(spent["museion"])),
        "openspiel_s_per_search": sum(spent["openspiel"]) / max(1, len(spent["openspiel"])),
        "museion_searches": len(spent["museion"]), "load": os.getloadavg()[0],
    }


def summarize(lines: list[dict[str, Any]], players: int, args: argparse.Namespace,
              loads: list[float]) -> dict[str, Any]:
    games = len(lines)
    wins = sum(line["share"] for line in lines)
    low, high = wilson(wins, games)
    by_seat = []
    for seat in range(players):
        mine = [line for line in lines if line["seat"] == seat]
        by_seat.append({"seat": seat, "games": len(mine), "wins": sum(line["share"] for line in mine)})

    def mean(key: str) -> float:
        return sum(line[key] for line in lines) / max(1, games)

    return {
        "harness": "benchmarks/vs_openspiel_independent.py", "command": " ".join(sys.argv),
        "game": args.game, "players": players, "museion": museion_spec(args), "build": museion.BUILD,
        "openspiel": {"bot": "open_spiel.python.algorithms.mcts.MCTSBot", "uct_c": args.uct_c,
                      "evaluator": "RandomRolloutEvaluator(n_rollouts=1)", "solve": args.solve,
                      "sims": "calibrated before each game" if args.time else args.os_sims},
        "time": args.time, "clock": args.clock, "games": games, "museion_wins": wins, "win_rate": wins / max(1, games),
        "low": low, "high": high, "fair_share": 1 / players, "by_seat": by_seat,
        "draws": sum(1 for line in lines if len(line["winners"]) > 1),
        "simulations_per_search": {"museion": mean("museion_sims_mean"), "openspiel": mean("openspiel_sims")},
        "seconds_per_search": {"museion": mean("museion_s_per_search"), "openspiel": mean("openspiel_s_per_search")},
        "load_average_1min": {"min": min(loads), "max": max(loads)},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="expert", help="museion bot spec (its seat rotates)")
    parser.add_argument("--time", type=float, default=0.1, help="seconds per search (0: fixed simulation counts)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    parser.add_argument("--os-sims", type=int, default=0, help="OpenSpiel's simulations with --time 0")
    parser.add_argument("--probe", type=int, default=20, help="OpenSpiel's simulations per calibration search")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--no-solve", dest="solve", action="store_false", help="MCTSBot(solve=False)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if not args.time and args.os_sims < 1:
        parser.error("--time 0 needs --os-sims N")
    game = pyspiel.load_game(f"python_museion_{args.game}(players={args.players})")
    mirror_game = museion.load(args.game, players=args.players)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "games.jsonl"
    lines = [json.loads(text) for text in path.read_text().splitlines() if text.strip()] if path.exists() else []
    done = {line["index"] for line in lines}
    loads = [os.getloadavg()[0], *(line["load"] for line in lines)]
    with path.open("a") as sink:
        for index in range(args.games):
            if index in done:
                continue
            line = play(index, args, game, mirror_game)
            sink.write(json.dumps(line) + "\n")
            sink.flush()
            lines.append(line)
            loads.append(line["load"])
            wins = sum(x["share"] for x in lines)
            print(f"{len(lines)}/{args.games} museion {wins:.1f}", file=sys.stderr, flush=True)
    summary = summarize(sorted(lines, key=lambda x: x["index"]), args.players, args, loads)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: summary[k] for k in ("games", "win_rate", "low", "high", "simulations_per_search",
                                               "seconds_per_search", "load_average_1min")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
