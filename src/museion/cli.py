"""The ``museion`` command: play, simulate, check, bench, replay, rules (and arena/serve when installed).

The options every subcommand shares (the GAME argument and its option flags, ``--lang``) are in
``museion.cli_options``, which the plugins use too.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import secrets
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

import museion
from museion import native
from museion.bots import Bot, bot_names, coach, make_bot, make_bots, split_specs
from museion.cli_options import add_game, add_lang, game_options, load_game, progress_bar
from museion.core import i18n, lesson
from museion.core.errors import ConformanceError, IllegalActionError, MuseionError
from museion.core.explain import explainer
from museion.core.game import Game, State
from museion.core.observe import observe_step
from museion.core.play import Abandoned, play_match, seat_seed
from museion.core.record import Record
from museion.core.registry import entry
from museion.terminal import Screen

console = Console()
err = Console(stderr=True)

PLUGINS = {"museion.arena.cli": (("arena", "selfplay", "analyze"), "arena"), "museion.server.cli": (("serve",), "web"),
           "museion.server.admin": (("admin",), "web"), "museion.client.cli": (("bot",), "client")}
"""Modules that add subcommands when their extra is installed (each has ``register(subparsers)``), with
the command they add and the extra it needs: without the extra the command says which one to install."""


# -- play -------------------------------------------------------------------------------------------------
def parse_seats(specs: Sequence[str], n: int, default: str) -> list[str]:
    """``["0=human", "1=bot:random"]`` -> one spec per seat; unnamed seats get ``default``."""
    seats = [default] * n
    for spec in specs:
        if "=" not in spec:
            raise MuseionError(f"--seat takes SEAT=human or SEAT=bot:NAME, got {spec!r}")
        seat_text, who = spec.split("=", 1)
        if not seat_text.isdigit() or not 0 <= int(seat_text) < n:
            raise MuseionError(f"--seat {spec!r}: seats are 0..{n - 1}")
        if who != "human" and not who.startswith("bot:"):
            raise MuseionError(f"--seat {spec!r}: say human or bot:NAME (bots: {', '.join(bot_names())})")
        seats[int(seat_text)] = who
    return seats


class Human:
    """A seat played at the terminal (an agent of the match driver), shown what its seat may see by ``screen``."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def choose(self, state: State) -> int:
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:  # a question whose only answer is forced is not asked
            words = explainer(state.game).describe(state, legal[0], self.screen.lang, player, self.screen.names)
            self.screen.say(i18n.text("ui.forced", self.screen.lang, move=words))
            return legal[0]
        self.screen.turn(state, player)
        action = _ask_human(state, player, self.screen)
        if action is None:
            raise Abandoned
        return action

    def observe(self, state: State, action: int) -> None:
        pass


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args)
    lang = i18n.language(args.lang)
    n = game.num_players()
    seats = parse_seats(args.seat, n, "bot:random")
    if not args.seat:
        seats[0] = "human"
    seed = args.seed if args.seed is not None else secrets.randbits(62)
    names = [i18n.text("ui.seat_player", lang, n=p,
                       who=i18n.text("ui.human", lang) if s == "human" else i18n.bot_name(s, lang))
             for p, s in enumerate(seats)]
    humans = [p for p, s in enumerate(seats) if s == "human"]
    screen = Screen(console, names, humans, lang)
    agents: list[Bot | Human] = [Human(screen) if s == "human" else make_bot(s, seat_seed(seed, p))
                                 for p, s in enumerate(seats)]
    console.print(f"[bold]{game.title}[/bold] - {escape(', '.join(names))}", highlight=False)
    console.print(escape(i18n.text("ui.play_intro", lang)), highlight=False)
    if len(humans) == 1 and game.seat_colours():
        console.print(i18n.text("ui.you_play_seat", lang, colour=game.seat_label(humans[0], lang), n=humans[0]))
    screen.legend(game.new_initial_state())

    def show(state: State, _player: int, action: int, _spent: float) -> None:
        screen.step(observe_step(state, action))  # what each seat learns, asked before the action is applied

    try:
        state = play_match(game.new_initial_state(), agents, random.Random(seed), show)
    except Abandoned:
        console.print(i18n.text("ui.abandoned", lang))
        return 0
    console.print(Panel(entry(state.game).render_text(state, None, lang=lang),
                        title=i18n.text("ui.final_position", lang)), highlight=False)
    _print_final(state, names, lang)
    if args.record:
        Record.from_state(state, names).save(args.record)
        console.print(escape(i18n.text("ui.record_saved", lang, path=args.record)), highlight=False)
    return 0


def _ask_human(state: State, player: int, screen: Screen) -> int | None:
    while True:
        try:
            text = input(i18n.text("ui.prompt", screen.lang, n=player)).strip()
        except EOFError:
            return None
        if not text:
            continue
        if text in {"quit", "exit", "q"}:
            return None
        if text in {"moves", "m", "?"}:
            screen.moves(state)
            continue
        if text in {"board", "b"}:
            screen.board(state, player)
            continue
        lang = screen.lang
        if text in {"help", "h"}:
            console.print(escape(i18n.text("ui.play_help", lang)), highlight=False)
            continue
        if text in {"legend", "l"}:
            screen.legend(state)
            continue
        if text == "hint":
            _print_hint(state, player, screen)
            continue
        legal = state.legal_actions()
        if text.isdigit() and not _is_notation(state, text):
            index = int(text)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            console.print(f"[red]{escape(i18n.text('ui.no_number', lang, n=index, last=len(legal)))}[/red]")
            continue
        try:
            return state.string_to_action(text)
        except IllegalActionError:
            reason = explainer(state.game).explain_illegal(state, text, lang, screen.names)
            console.print(f"[red]{escape(i18n.text('ui.refused', lang, reason=reason))}[/red]", highlight=False)


def _print_hint(state: State, player: int, screen: Screen) -> None:
    """The coach's 3 best moves for ``player`` in words, with their win chances (from ``player``'s view only)."""
    lang = screen.lang
    console.print(escape(i18n.text("ui.hint_title", lang)), highlight=False)
    for rank, s in enumerate(coach.hint(state, player, random.Random()), 1):
        words = explainer(state.game).describe(state, s.action, lang, player, screen.names)
        line = i18n.text("ui.hint_line", lang, rank=rank, move=words, notation=state.action_to_string(s.action),
                         chance=round(100 * s.chance))
        if s.tied:
            line += f" ({i18n.text('coach.tied', lang, first=1)})"
        console.print(escape(line), highlight=False)


def _is_notation(state: State, text: str) -> bool:
    try:
        state.string_to_action(text)
    except IllegalActionError:
        return False
    return True


def _print_final(state: State, names: Sequence[str], lang: str = i18n.DEFAULT) -> None:
    """The final scores broken down into their parts (the explainer's ``score_breakdown``), then the winner."""
    t = lambda key, **args: i18n.text(key, lang, names, **args)  # noqa: E731
    table = Table(title=t("ui.final_scores"))
    table.add_column(t("ui.score_breakdown"))
    n = len(state.scores())
    for p in range(n):
        table.add_column(escape(names[p]), justify="right")
    for part in explainer(state.game).score_breakdown(state):
        row = part.to_json(lang, names)
        label = row["label"] + (f" — {row['detail']}" if row["detail"] else "")
        table.add_row(escape(label), *("?" if v is None else f"{v:g}" for v in row["values"]))
    winners = state.winners()
    table.add_row(t("ui.total"), *(f"{s:g}" for s in state.scores()), style="bold")
    console.print(table, highlight=False)
    who = ", ".join(names[p] for p in winners)
    console.print(escape(t("ui.winner", who=who) if len(winners) == 1 else t("ui.shared_victory", who=who)),
                  highlight=False)


# -- simulate ---------------------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    """Bot games and their summary (a table in the chosen language, or JSON)."""
    lang = i18n.language(args.lang)
    game = load_game(args)
    n = game.num_players()
    specs = split_specs(args.bots)
    if len(specs) == 1:
        specs *= n
    if len(specs) != n:
        raise MuseionError(i18n.text("tool.bots_mismatch", lang, count=len(specs), game=game.name, n=n))
    wins = [0] * n
    draws = 0
    scores: list[list[float]] = [[] for _ in range(n)]
    lengths: list[int] = []
    out = open(args.record, "w", encoding="utf-8") if args.record else None  # noqa: SIM115
    start = time.perf_counter()
    with progress_bar(err, args.json) as progress:
        task = progress.add_task(f"{game.name}", total=args.games)
        for i in range(args.games):
            state = bot_game(game, specs, args.seed + i)
            won = state.winners()
            if len(won) == 1:
                wins[won[0]] += 1
            else:
                draws += 1
            for p, s in enumerate(state.scores()):
                scores[p].append(s)
            lengths.append(len(state.history()))
            if out:
                out.write(Record.from_state(state, specs, seed=args.seed + i).to_json() + "\n")
            progress.advance(task)
    if out:
        out.close()
    elapsed = time.perf_counter() - start
    summary = {
        "game": game.name, "options": game.options_json(), "bots": specs, "games": args.games, "seed": args.seed,
        "wins": wins, "draws": draws,
        "score_mean": [round(statistics.fmean(s), 2) for s in scores],
        "score_stdev": [round(statistics.pstdev(s), 2) for s in scores],
        "score_min": [min(s) for s in scores], "score_max": [max(s) for s in scores],
        "length_mean": round(statistics.fmean(lengths), 1), "length_min": min(lengths), "length_max": max(lengths),
        "games_per_s": round(args.games / elapsed, 1),
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    table = Table(title=escape(i18n.text("tool.simulate_title", lang, title=game.title, games=args.games,
                                         seed=args.seed)))
    for col in ("seat", "bot", "wins", "win_pct", "mean", "stdev", "min", "max"):
        table.add_column(escape(i18n.text(f"tool.col_{col}", lang)), justify="right")
    for p in range(n):
        table.add_row(str(p), specs[p], str(wins[p]), f"{100 * wins[p] / args.games:.1f}",
                      f"{summary['score_mean'][p]:.2f}", f"{summary['score_stdev'][p]:.2f}",
                      str(summary["score_min"][p]), str(summary["score_max"][p]))
    console.print(table)
    console.print(escape(i18n.text("tool.simulate_summary", lang, draws=draws, mean=summary["length_mean"],
                                   min=summary["length_min"], max=summary["length_max"],
                                   rate=summary["games_per_s"])), highlight=False)
    return 0


def bot_game(game: Game, specs: Sequence[str], seed: int) -> State:
    """One game between bots by the one match driver and seeding rule (``museion.core.play.play_match``)."""
    return play_match(game.new_initial_state(), make_bots(specs, seed), random.Random(seed))


# -- check ------------------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    """The conformance checker (and, for hidden information, the secrecy check); its report in the chosen language
    (a violation too, by its ``check.*`` key; its details, such as a game's invariant messages, are the engine's)."""
    from museion.core.check import check_game

    lang = i18n.language(args.lang)
    game = load_game(args)
    with progress_bar(err, args.json) as progress:
        task = progress.add_task(i18n.text("tool.check_task", lang, game=game.name), total=args.games)
        try:
            report = check_game(game, args.games, args.seed, on_game=lambda _i: progress.advance(task))
        except ConformanceError as exc:
            progress.stop()
            said = i18n.say(exc.reason, lang) if exc.reason else str(exc)
            err.print(f"[red]{i18n.text('tool.violation', lang)}[/red] {escape(said)}", highlight=False)
            print(json.dumps(exc.record))
            return 1
    secrecy = None
    if game.hidden_information and not args.no_secrecy:
        secrecy = _check_secrecy(game, args, lang)
    if args.json:
        print(json.dumps({**report.to_dict(), "secrecy": secrecy.to_dict() if secrecy else None}))
    else:
        console.print("[green]OK[/green] " + escape(i18n.text(
            "tool.check_ok", lang, game=repr(game), games=report.games, steps=report.steps,
            chance=report.chance_steps, longest=report.longest, seconds=f"{report.seconds:.1f}")), highlight=False)
        if secrecy is not None:
            _print_secrecy(secrecy, lang)
    return 1 if secrecy is not None and secrecy.differences else 0


def _check_secrecy(game: Game, args: argparse.Namespace, lang: str) -> Any:
    from museion.secrecy import check_secrecy

    games = args.secrecy_games if args.secrecy_games is not None else args.games
    with progress_bar(err, args.json) as progress:
        task = progress.add_task(i18n.text("tool.secrecy_task", lang, game=game.name), total=games)
        return check_secrecy(game, games, args.seed, on_game=lambda _i: progress.advance(task))


def _print_secrecy(report: Any, lang: str = i18n.DEFAULT) -> None:
    compared = ", ".join(i18n.text("tool.secrecy_compared", lang, name=name, count=count,
                                   hidden=report.hidden_comparisons[name])
                         for name, count in report.comparisons.items())
    colour, verdict = ("green", "tool.secrecy_ok") if not report.differences else ("red", "tool.secrecy_leak")
    line = i18n.text("tool.secrecy", lang, games=report.games, positions=report.positions, compared=compared,
                     differences=report.differences, seconds=f"{report.seconds:.1f}")
    console.print(f"[{colour}]{i18n.text(verdict, lang)}[/{colour}] {escape(line)}", highlight=False)
    for name, why in report.skipped.items():
        console.print(escape("  " + i18n.text("tool.not_checked", lang, name=name, why=why)), highlight=False)
    for line in report.first_differences:
        console.print(f"  {escape(line)}", highlight=False)


# -- bench ------------------------------------------------------------------------------------------------
def cmd_bench(args: argparse.Namespace) -> int:
    """Throughput of each game, compiled vs pure, against OpenSpiel's tic-tac-toe; the table in the chosen
    language (or JSON)."""
    import os

    from museion.bench import bench_game, start_workers

    lang = i18n.language(args.lang)
    names = [args.game] if args.game else museion.available_games()
    results = []
    if not args.json:
        console.print(escape(build_said(lang)), highlight=False)
    load_before = os.getloadavg()
    workers = start_workers()
    try:
        for name in names:
            options = game_options(args) if args.game else {}
            results.append(bench_game(museion.load(name, **options), seconds=args.seconds, workers=workers))
    finally:
        for worker in workers.values():
            worker.close()
    if args.json:
        print(json.dumps({"build": museion.BUILD, "builds": {b: w.build for b, w in workers.items()},
                          "load_average_before": load_before, "load_average_after": os.getloadavg(),
                          "games": results}))
        return 0
    table = Table(title=i18n.text("tool.bench_title", lang))
    for col in ("game", "options", "pure", "compiled", "x", "pure_mcts", "compiled_mcts", "x", "cpp_ttt", "ttt"):
        table.add_column(escape(i18n.text(f"tool.col_{col}", lang)), justify="right")
    missing = i18n.text("tool.not_available", lang)
    for r in results:
        pure, compiled, ratio = r.get("pure", {}), r.get("compiled", {}), r.get("compiled_vs_pure", {})
        table.add_row(r["game"], escape(json.dumps(r["options"])), f"{pure.get('steps_per_s', missing)}",
                      f"{compiled.get('steps_per_s', missing)}", f"{ratio.get('playouts') or missing}",
                      f"{pure.get('mcts_sims_per_s', missing)}", f"{compiled.get('mcts_sims_per_s', missing)}",
                      f"{ratio.get('mcts') or missing}", f"{compiled.get('ratio_vs_cpp_tic_tac_toe') or missing}",
                      f"{compiled.get('ratio_vs_openspiel') or missing}")
    console.print(table)
    builds = ", ".join(f"{i18n.text('tool.build_' + b, lang)}={i18n.text('tool.build_' + w.build, lang)}"
                       for b, w in workers.items())
    console.print(escape(i18n.text("tool.bench_builds", lang, builds=builds, before=f"{load_before[0]:.1f}",
                                   after=f"{os.getloadavg()[0]:.1f}")), highlight=False)
    if results and results[0]["ratio_vs_openspiel"] is None:
        console.print(escape(i18n.text("tool.no_openspiel", lang)), highlight=False)
    return 0


# -- replay and rules ---------------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    """Every move of a record: its number, who made it (chance or a player), its notation and its words."""
    lang = i18n.language(args.lang)
    records = [line for line in open(args.file, encoding="utf-8").read().splitlines() if line.strip()]
    text = records[args.index] if len(records) > 1 else "\n".join(records)
    record = Record.from_json(text)
    state = museion.load(record.game, **record.options).new_initial_state()
    names = record.players or [i18n.text("ui.seat", lang, n=p) for p in range(state.game.num_players())]
    board = entry(record.game).render_text
    for number, action in enumerate(record.actions, start=1):
        player = state.current_player()
        who = i18n.text("ui.chance_name", lang) if player < 0 else names[player]
        said = explainer(state.game).describe(state, action, lang, None, names)
        notation, words = state.action_to_string(action), said
        state.apply_action(action)
        if args.board:
            console.print(Panel(board(state, None, lang=lang), title=i18n.text("ui.after_move", lang, n=number)),
                          highlight=False)
        else:
            console.print(escape(f"{number:>4}. {who}: {notation} — {words}"), highlight=False, soft_wrap=True)
    console.print(Panel(board(state, None, lang=lang), title=escape(i18n.text("ui.final_of", lang, game=record.game))),
                  highlight=False)
    if state.is_terminal():
        _print_final(state, names, lang)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The rules for players in the chosen language when the game has them (its guide); with ``--spec``, or for
    a game without them, the game's description, the legend of its notation, its options, then the rules summary
    with its rule IDs in that language."""
    lang = i18n.language(args.lang)
    game = load_game(args)
    guide = None if args.spec else lesson.guide_text(args.game, lang)
    if guide is not None:
        print(guide)
        return 0
    print(game.description(lang), end="\n\n")
    for line in explainer(game).legend(game.new_initial_state(), lang):
        print(line)
    print()
    for opt in game.option_info(lang):
        print(f"--{opt['name'].replace('_', '-')}: {opt['label']} — {opt['help']}")
    print()
    print(entry(args.game).summary(lang, game))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """Each game with its description and its options (label, name, help) in the chosen language."""
    lang = i18n.language(args.lang)
    for name in museion.available_games():
        cls = entry(name).game_class
        console.print(f"[bold]{name}[/bold] ({cls.title}): {escape(cls.description(lang))}", highlight=False)
        for opt in cls.option_info(lang):
            flag = "--" + opt["name"].replace("_", "-")
            choices = f" [{', '.join(str(c['value']) for c in opt['choices'])}]" if opt["choices"] else ""
            console.print(escape(f"    {flag}{choices}: {opt['label']} — {opt['help']}"), highlight=False)
    return 0


# -- main ---------------------------------------------------------------------------------------------------
def build_said(lang: str = i18n.DEFAULT) -> str:
    """The version and which build of the engines runs (``museion --version``, the top of ``museion bench``); where
    a pure build runs though nobody asked for it (``MUSEION_PURE``), a second line says so and how to get the
    compiled one (see :func:`museion.native.missing_build`)."""
    missing = native.missing_build(museion.BUILD)
    which = "compiled" if museion.BUILD == "compiled" else "pure_asked" if missing is None else "pure"
    line = i18n.text("tool.engines", lang, version=museion.__version__, build=i18n.text(f"tool.engines_{which}", lang))
    return line if missing is None else f"{line}\n{i18n.text(f'tool.no_compiled_{missing}', lang)}"



def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="museion", description="Tholos, Imhotep and Pergamon: play and study.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # keeps --version's lines
    parser.add_argument("--version", action="version", version=build_said(i18n.language()))
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play in the terminal against bots or hot-seat")
    add_game(p)
    p.add_argument("--seat", action="append", default=[], metavar="SEAT=WHO",
                   help="e.g. --seat 0=human --seat 1=bot:random (default: you in seat 0, bots elsewhere)")
    p.add_argument("--seed", type=int, default=None, help="seed chance and bots (default: unpredictable)")
    p.add_argument("--record", metavar="FILE", help="save the game record here at the end")
    add_lang(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="many bot games with a summary")
    add_game(p)
    p.add_argument("--bots", default="random", help="comma-separated bot per seat (or one for all)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--record", metavar="FILE", help="write every game as a JSON-lines record")
    add_lang(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("check", help="conformance checker: seeded random games, every contract check each step")
    add_game(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-secrecy", action="store_true",
                   help="skip the indistinguishability check of hidden-information games (on by default: every "
                        "seat's bytes on every surface, true state vs resample)")
    p.add_argument("--secrecy-games", type=int, default=None, metavar="N",
                   help="games for the indistinguishability check (default: --games)")
    add_lang(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("bench", help="throughput, compiled vs pure, vs OpenSpiel's tic-tac-toe (no GAME: every game)")
    add_game(p, game_optional=True)
    p.add_argument("--seconds", type=float, default=12.0, help="total measuring time per game")
    p.add_argument("--json", action="store_true")
    add_lang(p)
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("replay", help="replay a game record (JSON, or one line of a JSON-lines file)")
    p.add_argument("file")
    add_lang(p)
    p.add_argument("--index", type=int, default=0, help="which record of a JSON-lines file")
    p.add_argument("--board", action="store_true", help="show the board after every move")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rules", help="print the rules of a game for players (with --spec: the specification's "
                                     "summary with its rule IDs, for these options)")
    add_game(p)
    add_lang(p)
    p.add_argument("--spec", action="store_true", help="the specification with rule IDs, legend and options "
                                                       "(for developers)")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("games", help="list the games and their options")
    add_lang(p)
    p.set_defaults(func=cmd_games)

    for module, (commands, extra) in PLUGINS.items():
        try:
            plugin = importlib.import_module(module)
        except ImportError:
            for command in commands:
                missing = sub.add_parser(command, help=f"(needs: pip install 'museion[{extra}]')", add_help=False)
                missing.add_argument("rest", nargs=argparse.REMAINDER)
                missing.set_defaults(func=lambda _args, c=command, e=extra: _needs_extra(c, e), needs_extra=True)
            continue
        plugin.register(sub)
    return parser


def _needs_extra(command: str, extra: str) -> int:
    err.print(escape(i18n.text("ui.needs_extra", i18n.language(), command=command, extra=extra)), highlight=False)
    return 2


def _error_text(exc: Exception, lang: str) -> str:
    """An error said in the session's language when it carries a reason (option errors, table files); in English,
    or without a reason, its message (which also names the game): the catalogue has the words for the others."""
    reason = getattr(exc, "reason", None)
    return i18n.say(reason, lang) if reason and lang != i18n.DEFAULT else str(exc)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown and not getattr(args, "needs_extra", False):
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return args.func(args)
    except (MuseionError, ValueError) as exc:
        err.print(f"[red]{i18n.text('ui.error', lang := i18n.language(getattr(args, 'lang', None)))}:[/red] "
                  f"{escape(_error_text(exc, lang))}", highlight=False)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
