"""``museion arena`` and ``museion balance`` (a CLI plugin: ``register(subparsers)``)."""

from __future__ import annotations

import argparse
import json
import pathlib
import re
from typing import Any

from rich.console import Console
from rich.table import Table

from museion.arena.runner import ArenaConfig, run_arena
from museion.bots import coach, split_specs
from museion.cli_options import add_game, game_options, literal, load_game, progress_bar
from museion.core import i18n
from museion.core.errors import MuseionError

console = Console()
err = Console(stderr=True)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("arena", help="seat-balanced bot tournament: ratings, win rates, HTML report")
    add_game(p)
    p.add_argument("--bots", required=True,
                   help="comma-separated bots, e.g. random,greedy or hard,greedy,greedy,greedy or "
                        "mcts:sims=400,rollout=greedy,greedy; any policy(observation, action_mask) -> action "
                        "as py:package.module:function (docs/rl.md)")
    _add_run_args(p, default_out="arena-out")
    p.add_argument("--schedule", default="rotations", choices=("rotations", "permutations"),
                   help="seat assignments of a cycle (default rotations)")
    p.add_argument("--calibration", type=int, default=1000, metavar="N",
                   help="positions of these games on which to check the leaf evaluations' win chances "
                        "(Brier score, reliability plot; default 1000, 0 = skip)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON instead of tables")
    p.set_defaults(func=cmd_arena)

    p = subparsers.add_parser("analyze", help="the coach's analysis of finished games: win chances, mistakes and "
                                              "blunders, an HTML report")
    p.add_argument("records", nargs="+", metavar="RECORD", help="game records (JSON, or JSON lines: one per line)")
    p.add_argument("--out", default="analysis-out", help="report directory (default analysis-out)")
    p.add_argument("--bot", default=coach.ANALYSIS_BOT,
                   help=f"the search behind each decision (default {coach.ANALYSIS_BOT}; e.g. expert:sims=3000)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (local) or CPUs (ray)")
    p.add_argument("--backend", default="local", choices=("local", "ray"))
    p.add_argument("--address", default=None, help="Ray cluster address (default: start a local one)")
    p.add_argument("--seed", type=int, default=0, help="seed of the searches (same seed, same analysis)")
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help="language of the report")
    p.set_defaults(func=cmd_analyze)

    p = subparsers.add_parser("balance", help="first-player advantage and variant effects from bot self-play")
    add_game(p)
    p.add_argument("--bot", default="greedy", help="the bot in every seat (default greedy)")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option to compare against the base game, e.g. --variant wrath=true "
                        "(repeat for several variants)")
    _add_run_args(p, default_out="balance-out")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_balance)


    p = subparsers.add_parser("selfplay", help="self-play games for training a value model (an arena run)")
    add_game(p)
    p.add_argument("--bot", default="medium", help="the bot in every seat (default medium = mcts:sims=200)")
    _add_run_args(p, default_out="selfplay-out")
    p.set_defaults(func=cmd_selfplay)

    p = subparsers.add_parser("train", help="train the game's value model from self-play records, or with --policy "
                                            "master's policy-and-value network by self-play")
    add_game(p)
    p.add_argument("--data", action="append", default=[], metavar="DIR",
                   help="a selfplay output directory (repeat for several; default selfplay-out)")
    p.add_argument("--kind", default="logistic", choices=("logistic", "mlp"), help="model kind (default logistic)")
    p.add_argument("--hidden", type=int, default=None,
                   help="hidden units of an mlp (default 16), of each of the two layers of a --policy network "
                        "(default 64)")
    p.add_argument("--seed", type=int, default=0, help="seed of the hold-out split and of the mlp; of the self-play")
    p.add_argument("--out", default=None, help="weights file (default: the game's models/value-<players>p.json, "
                                               "with --policy models/policy-<players>p.json)")
    p.add_argument("--json", action="store_true")
    _add_policy_args(p)
    p.set_defaults(func=cmd_train)


def _add_policy_args(p: argparse.ArgumentParser) -> None:
    """``museion train --policy``: expert iteration (``museion.arena.expert_iteration``)."""
    p.add_argument("--policy", action="store_true",
                   help="train master's policy-and-value network by self-play (expert iteration; needs torch)")
    p.add_argument("--iterations", type=int, default=10, help="--policy: iterations in all (default 10; a "
                                                              "resumed run goes on up to this)")
    p.add_argument("--games", type=int, default=20, help="--policy: self-play games per iteration (default 20)")
    p.add_argument("--sims", type=int, default=100, help="--policy: simulations per self-play move (default 100)")
    p.add_argument("--window", type=int, default=4, help="--policy: train on the last N iterations' games "
                                                         "(default 4)")
    p.add_argument("--epochs", type=int, default=4, help="--policy: passes over them per iteration (default 4)")
    p.add_argument("--eval-every", type=int, default=2, help="--policy: measure against the opponent every N "
                                                             "iterations (default 2; 0 = never)")
    p.add_argument("--eval-games", type=int, default=20, help="--policy: games of each measurement, seats rotated "
                                                              "(default 20)")
    p.add_argument("--eval-sims", type=int, default=100, help="--policy: master's simulations in the measurement "
                                                              "(default 100)")
    p.add_argument("--leaf", default="net", choices=("net", "learned", "playout"),
                   help="--policy: leaf values of the searches, the network's, the game's value model's or a random "
                        "playout's (default net)")
    p.add_argument("--mix", type=float, default=0.5, help="--policy: weight of the search's estimate against the "
                                                          "game's result in the value targets (default 0.5)")
    p.add_argument("--opponent", default="", help="--policy: the opponent's bot spec in the measurement (default "
                                                  "expert at --eval-sims)")
    p.add_argument("--work", default=None, help="--policy: the run's directory, resumed when it exists (default "
                                                "train-out/GAME-Np-policy)")
    p.add_argument("--jobs", type=int, default=1, help="--policy: self-play worker processes (local) or CPUs (ray)")
    p.add_argument("--backend", default="local", choices=("local", "ray"), help="--policy: where self-play runs")
    p.add_argument("--address", default=None, help="--policy: Ray cluster address (default: start a local one)")


def cmd_analyze(args: argparse.Namespace) -> int:
    """Analyse the records and print one line per game: decisions, mistakes, blunders and the time it took."""
    from museion.arena.analyze import analyze

    lang = i18n.language(args.lang)
    table = Table(title="museion analyze")
    for col in ("record", "game", "decisions", "mistakes", "blunders", "seconds", "CPU seconds"):
        table.add_column(col, justify="right")

    def done(name: str, analysis: dict[str, Any]) -> None:
        err.print(f"{name}: {len(analysis['decisions'])} decisions in {analysis['seconds']:.1f} s "
                  f"({analysis['cpu_seconds']:.1f} s CPU)")

    for name, a in analyze(args.records, args.out, args.bot, args.seed, args.jobs, args.backend, args.address,
                           lang, done):
        table.add_row(name, a["game"], str(len(a["decisions"])), str(sum(s["mistakes"] for s in a["summary"])),
                      str(sum(s["blunders"] for s in a["summary"])), f"{a['seconds']:.1f}", f"{a['cpu_seconds']:.1f}")
    console.print(table)
    console.print(f"report: {pathlib.Path(args.out) / 'index.html'}")
    return 0


def _add_run_args(p: argparse.ArgumentParser, default_out: str) -> None:
    p.add_argument("--games", type=int, default=100, help="games (rounded up to whole schedule cycles)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (local) or CPUs (ray)")
    p.add_argument("--backend", default="local", choices=("local", "ray"))
    p.add_argument("--address", default=None, help="Ray cluster address (default: start a local one)")
    p.add_argument("--seed", type=int, default=0, help="arena seed: game i is seeded from it and i only")
    p.add_argument("--out", default=default_out, help=f"results directory (default {default_out}); "
                                                      "an existing one is resumed")


def _run(config: ArenaConfig, out: pathlib.Path, args: argparse.Namespace, label: str) -> list[Any]:
    with progress_bar(err, getattr(args, "json", False)) as progress:
        task = progress.add_task(label, total=config.games)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return run_arena(config, out, jobs=args.jobs, backend=args.backend, address=args.address,
                         on_progress=update)


def cmd_arena(args: argparse.Namespace) -> int:
    from museion.arena.report import write_report
    from museion.arena.stats import summarize, timing_summary

    if args.games < 1:
        raise MuseionError(f"--games must be at least 1, got {args.games}")
    config = ArenaConfig(args.game, game_options(args), split_specs(args.bots), args.games, args.seed,
                         args.schedule)
    if config.games != args.games:
        err.print(f"note: {args.games} games rounded up to {config.games} ({len(config.cycle)} seat assignments "
                  "a cycle) to keep seats balanced")
    out = pathlib.Path(args.out)
    records = _run(config, out, args, f"{config.game} {','.join(config.bots)}")
    summary = summarize(records)
    summary["timing"] = timing_summary(records, out / "timings.jsonl")
    if args.calibration:
        from museion.arena.calibration import calibration
        from museion.core.registry import load

        summary["calibration"] = calibration(records, load(config.game, **config.options), args.calibration)
    identity = {**config.identity(), "games": config.games}
    path = write_report(summary, identity, out)
    if args.json:
        print(json.dumps({k: v for k, v in summary.items() if k not in ("scores", "rating_history")}))
        return 0
    _print_summary(summary)
    console.print(f"results: {out / 'results.jsonl'}   report: {path}")
    return 0


def _print_summary(summary: dict[str, Any]) -> None:
    by_bot, n = summary["by_bot"], summary["players"]
    table = Table(title=f"{summary['games']} games: win rates (95 % Wilson) and OpenSkill ratings")
    for col in ["bot", "seats", "win %", "95 % interval", *[f"seat {p}" for p in range(n)], "mean score",
                "mu", "mu 95 %"]:
        table.add_column(col, justify="right")
    ratings = summary.get("ratings") or {}
    for bot in sorted(summary["bots"], key=lambda b: -by_bot[b]["win_rate"]):
        s = by_bot[bot]
        r = ratings.get(bot)
        table.add_row(bot, str(s["seats_played"]), f"{100 * s['win_rate']:.1f}",
                      f"{100 * s['low']:.1f}-{100 * s['high']:.1f}",
                      *["-" if v is None else f"{100 * v:.1f}" for v in s["by_seat"]],
                      f"{s['score_mean']:.2f}" if s["score_mean"] is not None else "-",
                      f"{r['mu']:.1f}" if r else "-", f"{r['low']:.1f}-{r['high']:.1f}" if r else "-")
    console.print(table)
    seats = ", ".join(f"seat {s['seat']} {100 * s['win_rate']:.1f} % ({100 * s['low']:.1f}-{100 * s['high']:.1f})"
                      for s in summary["by_seat"])
    console.print(f"all bots by seat: {seats}; shared victories {summary['draws']}")
    timing = summary.get("timing") or {}
    if timing:
        console.print("seconds per move (this machine, not part of the results): " + ", ".join(
            f"{b} mean {t['mean_s_per_move']:.4f} max {t['max_s_per_move']:.3f}"
            + (f" ({t['mean_simulations_per_search']:.0f} simulations per search)"
               if "mean_simulations_per_search" in t else "") for b, t in sorted(timing.items())))


def _variant(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise MuseionError(f"--variant takes KEY=VALUE (a game option), got {text!r}")
    key, value = text.split("=", 1)
    return key.strip().replace("-", "_"), literal(value.strip())


def cmd_balance(args: argparse.Namespace) -> int:
    from museion.arena.balance import compare, seat_table

    base_options = game_options(args)
    out = pathlib.Path(args.out)
    runs: list[tuple[str, dict[str, Any]]] = [("base", base_options)]
    for text in args.variant:
        key, value = _variant(text)
        runs.append((f"{key}={value}", {**base_options, key: value}))
    results: dict[str, Any] = {}
    for label, options in runs:
        config = ArenaConfig(args.game, options, [args.bot], args.games, args.seed)
        records = _run(config, out / re.sub(r"[^\w=.-]+", "_", label), args, f"{args.game} {label}")
        results[label] = {"options": config.options, **seat_table(records)}
    for label in results:
        if label != "base":
            results[label]["vs_base"] = compare(results[label], results["base"])
    (out / "balance.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(results))
        return 0
    _print_balance(results, args.bot)
    console.print(f"details: {out / 'balance.json'}")
    return 0


def _print_balance(results: dict[str, Any], bot: str) -> None:
    n = next(iter(results.values()))["players"]
    table = Table(title=f"Seat win rates with {bot} in every seat (95 % Wilson; fair share {100 / n:.1f} %)")
    for col in ["variant", "games", *[f"seat {p}" for p in range(n)], "mean length", "seat 0 vs base"]:
        table.add_column(col, justify="right")
    for label, r in results.items():
        cells = [f"{100 * s['win_rate']:.1f} ({100 * s['low']:.1f}-{100 * s['high']:.1f})" for s in r["seats"]]
        diff = "-"
        if "vs_base" in r:
            d, lo, hi = r["vs_base"]["seat0_win_rate"]
            diff = f"{100 * d:+.1f} ({100 * lo:+.1f}..{100 * hi:+.1f})"
        table.add_row(label, str(r["games"]), *cells, f"{r['length_mean']:.1f}", diff)
    console.print(table)


def cmd_selfplay(args: argparse.Namespace) -> int:
    config = ArenaConfig(args.game, game_options(args), [args.bot], args.games, args.seed)
    records = _run(config, pathlib.Path(args.out), args, f"selfplay {config.game} {args.bot}")
    console.print(f"{len(records)} self-play games in {pathlib.Path(args.out) / 'results.jsonl'}; "
                  f"train with: museion train {args.game} --data {args.out}")
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    import shlex
    import sys

    from museion.arena.learn import train

    game = load_game(args)
    command = "museion " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["train"] else ""
    if args.policy:
        return _train_policy(args, game, command)
    doc = train(game, args.data or ["selfplay-out"], args.kind, args.seed, args.out, command, args.hidden or 16)
    if args.json:
        print(json.dumps({k: doc[k] for k in ("game", "players", "kind", "data", "metrics")}))
        return 0
    m = doc["metrics"]
    console.print(f"{doc['kind']} value model for {doc['game']} ({doc['players']} players): held-out Brier "
                  f"{m['brier_held_out']} (constant {m['brier_constant']}), {m['inference_us_all_seats']} us per "
                  f"position; {doc['data']['positions']:,} positions of {doc['data']['records']} games")
    return 0


def _train_policy(args: argparse.Namespace, game: Any, command: str) -> int:
    try:
        import torch  # noqa: F401
    except ImportError:
        raise MuseionError("museion train --policy needs PyTorch: pip install 'museion[sb3]'") from None
    from museion.arena.expert_iteration import PolicyConfig, policy_path, train_policy

    width = args.hidden or 64
    config = PolicyConfig(args.game, game_options(args), args.iterations, args.games, args.sims, (width, width),
                          args.seed, leaf=args.leaf, mix=args.mix, window=args.window, epochs=args.epochs,
                          eval_every=args.eval_every, eval_games=args.eval_games, eval_sims=args.eval_sims,
                          opponent=args.opponent)
    work = args.work or f"train-out/{game.name}-{game.num_players()}p-policy"

    def show(point: dict[str, Any]) -> None:
        strength = (f"; {100 * point['score']:.1f} % ({100 * point['low']:.1f}-{100 * point['high']:.1f}) against "
                    f"{point['opponent']}" if "score" in point else "")
        if not args.json:
            console.print(f"iteration {point['iteration']}: {point['samples']:,} decisions, policy loss "
                          f"{point['policy_loss']} (uniform {point['uniform_policy_loss']}), value loss "
                          f"{point['value_loss']}{strength} ({point['seconds']} s)")

    doc = train_policy(config, work, args.out, args.jobs, args.backend, args.address, command, show)
    out = args.out or policy_path(game)
    if args.json:
        print(json.dumps({"game": doc["game"], "players": doc["players"], "curve": doc["curve"], "out": str(out)}))
    else:
        console.print(f"policy network for {doc['game']} ({doc['players']} players) in {out}, its card and curve "
                      f"beside it; work directory {work} (run again with more --iterations to go on)")
    return 0
