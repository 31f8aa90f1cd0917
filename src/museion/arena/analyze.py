"""``museion analyze``: the coach's analysis of finished games (``museion.bots.coach.analyse``) with a report.

For each record: ``NAME.json`` (the analysis), ``NAME.png`` (each seat's win chance through the game, mistakes and
blunders marked; matplotlib) and ``NAME.html`` (the chart with its text alternative, the per-player summary and
every decision); ``index.html`` lists the games with the time each analysis took. Records are analysed in
parallel, on this machine's cores (``--backend local --jobs J``) or on a Ray cluster (``--backend ray``), each
game as one task: same seed, same analysis, wherever it runs.
"""

from __future__ import annotations

import html
import json
import pathlib
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from museion.arena.runner import ray_session
from museion.bots import coach
from museion.core import i18n
from museion.core.errors import MuseionError
from museion.core.i18n import messages, msg
from museion.core.record import Record

TEXTS = messages(
    msg("report.title", "Analysis: {game}"),
    msg("report.index_title", "Game analyses"),
    msg("report.intro",
        "Each decision searched by the coach ({bot}) from the mover's own information: the win chance with the best "
        "move against the one played. A mistake loses at least {mistake} points of win chance, a blunder at least "
        "{blunder}."),
    msg("report.chart_alt",
        "Win chance of each seat after every decision; mistakes and blunders marked on the mover's line. {marks}"),
    msg("report.chart_x", "move number"),
    msg("report.chart_y", "win chance (%)"),
    msg("report.summary", "Per player"),
    msg("report.player", "Player"),
    msg("report.decisions", "Decisions"),
    msg("report.average_loss", "Average loss (points)"),
    msg("report.mistakes", "Mistakes"),
    msg("report.blunders", "Blunders"),
    msg("report.result", "Result"),
    msg("report.moves", "Decisions"),
    msg("report.move_no", "Move"),
    msg("report.played", "Played"),
    msg("report.best", "Best found"),
    msg("report.before", "Win chance before"),
    msg("report.after", "after"),
    msg("report.loss", "Loss"),
    msg("report.mark", "Mark"),
    msg("report.mark.mistake", "mistake"),
    msg("report.mark.blunder", "blunder"),
    msg("report.time", "Analysis time"),
    msg("report.seconds", "{s} s"),
    msg("report.game", "Game"),
    msg("report.no_marks", "No mistakes."),
    msg("report.marks_list", "Marks: {marks}."),
    msg("report.mark_at", "{mark} by {player} at move {n}"),
)
i18n.register(TEXTS)


# -- records in, analyses out -----------------------------------------------------------------------------------
def read_records(paths: list[str]) -> list[tuple[str, Record]]:
    """``(name, record)`` for every record in ``paths`` (a JSON record, or a JSON-lines file of records such as
    ``museion simulate --record`` and the arena write); names are the file stems, numbered within a file."""
    found = []
    for path in map(pathlib.Path, paths):
        try:
            lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        except OSError as exc:
            raise MuseionError(f"cannot read {path}: {exc.strerror}") from None
        try:
            texts = [json.dumps(json.loads("\n".join(lines)))] if _one_document(lines) else lines
            records = [Record.from_json(text) for text in texts]
        except (ValueError, KeyError, TypeError) as exc:
            raise MuseionError(f"{path}: not a game record (JSON or JSON lines): {exc}") from None
        for k, record in enumerate(records):
            found.append((path.stem if len(records) == 1 else f"{path.stem}-{k}", record))
    return found


def _one_document(lines: list[str]) -> bool:
    try:
        json.loads("\n".join(lines))
    except ValueError:
        return False
    return True


def analyse_record(record: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    """One task (a worker process or a Ray task): a record's analysis as JSON."""
    return coach.analyse(Record.from_dict(record), bot, seed).to_json()


def run(records: list[tuple[str, Record]], bot: str, seed: int, jobs: int = 1, backend: str = "local",
        address: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """Analyse every record (``backend`` local: ``jobs`` processes; ray: a cluster) and yield each analysis as it
    is done. A record that is not a finished game is refused before anything runs."""
    for name, record in records:
        if not record.final_state().is_terminal():
            raise MuseionError(f"{name}: not a finished game; only finished games are analysed")
    coach.searcher(bot, random.Random(0))  # a bad bot spec is refused before anything runs
    tasks = [(name, record.to_dict()) for name, record in records]
    if backend == "ray":
        yield from _run_ray(tasks, bot, seed, jobs, address)
    elif backend != "local":
        raise MuseionError(f"unknown backend {backend!r}; allowed: local, ray")
    elif jobs <= 1:
        for name, data in tasks:
            yield name, analyse_record(data, bot, seed)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = {pool.submit(analyse_record, data, bot, seed): name for name, data in tasks}
            for future in as_completed(futures):
                yield futures[future], future.result()


def _run_ray(tasks: list[tuple[str, dict[str, Any]]], bot: str, seed: int, jobs: int, address: str | None
             ) -> Iterator[tuple[str, dict[str, Any]]]:
    with ray_session(jobs, address) as ray:
        remote = ray.remote(analyse_record)
        refs = {remote.remote(data, bot, seed): name for name, data in tasks}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield refs[ref], ray.get(ref)


# -- the report ---------------------------------------------------------------------------------------------
def marks_text(analysis: dict[str, Any], lang: str) -> str:
    """Every mark in words ("blunder by Ana at move 12"): the chart's text alternative names them all."""
    names = analysis["players"]
    marks = [i18n.text("report.mark_at", lang, mark=i18n.text(f"report.mark.{d['mark']}", lang),
                       player=names[d["player"]], n=d["n"] + 1) for d in analysis["decisions"] if d["mark"]]
    return i18n.text("report.marks_list", lang, marks="; ".join(marks)) if marks else i18n.text("report.no_marks", lang)


def chart(analysis: dict[str, Any], path: pathlib.Path, lang: str) -> None:
    """Each seat's win chance after every decision (the chances before the first decision start each line), the
    mover's mistakes (orange) and blunders (red) marked where they were made."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decisions = analysis["decisions"]
    fig, ax = plt.subplots(figsize=(9, 3.6), dpi=110)
    for seat, name in enumerate(analysis["players"]):
        xs = [decisions[0]["n"]] + [d["n"] + 1 for d in decisions] if decisions else []
        ys = [decisions[0]["before"][seat]] + [d["after"][seat] for d in decisions] if decisions else []
        ax.plot(xs, [100 * y for y in ys], label=name, linewidth=1.6)
    for kind, colour, size in (("mistake", "#d97a00", 40), ("blunder", "#c00000", 70)):
        hit = [d for d in decisions if d["mark"] == kind]
        ax.scatter([d["n"] + 1 for d in hit], [100 * d["after"][d["player"]] for d in hit], s=size, c=colour,
                   zorder=3, label=i18n.text(f"report.mark.{kind}", lang), edgecolors="black", linewidths=0.5)
    ax.set_ylim(0, 100)
    ax.set_xlabel(i18n.text("report.chart_x", lang))
    ax.set_ylabel(i18n.text("report.chart_y", lang))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8, ncol=3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_report(name: str, analysis: dict[str, Any], out: pathlib.Path, lang: str) -> pathlib.Path:
    """``NAME.json``, ``NAME.png`` and ``NAME.html`` in ``out``; returns the HTML's path."""
    (out / f"{name}.json").write_text(json.dumps(analysis, ensure_ascii=False), encoding="utf-8")
    chart(analysis, out / f"{name}.png", lang)
    t = lambda key, **args: html.escape(i18n.text(key, lang, **args))  # noqa: E731
    names = analysis["players"]
    summary = "".join(
        f"<tr><th scope='row'>{html.escape(names[s['seat']])}</th><td>{s['decisions']}</td>"
        f"<td>{s['average_loss']:.1f}</td><td>{s['mistakes']}</td><td>{s['blunders']}</td>"
        f"<td>{100 * analysis['result'][s['seat']]:.0f} %</td></tr>" for s in analysis["summary"])
    rows = "".join(
        f"<tr class='{d['mark'] or ''}'><td>{d['n'] + 1}</td><td>{html.escape(names[d['player']])}</td>"
        f"<td>{html.escape(d['move'])}</td><td>{html.escape(d['best_move'])}</td>"
        f"<td>{100 * d['before'][d['player']]:.0f} %</td><td>{100 * d['after'][d['player']]:.0f} %</td>"
        f"<td>{100 * d['loss']:.0f}</td><td>{t('report.mark.' + d['mark']) if d['mark'] else ''}</td></tr>"
        for d in analysis["decisions"])
    thresholds = analysis["thresholds"]
    page = f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{t('report.title', game=analysis['game'])}</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:1rem auto;color:#222}}table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;padding:.2rem .5rem;text-align:right}}tr.mistake{{background:#fff0d6}}
tr.blunder{{background:#ffd9d9}}img{{max-width:100%}}</style></head><body>
<h1>{t('report.title', game=analysis['game'])}</h1>
<p>{t('report.intro', bot=analysis['bot'], mistake=round(100 * thresholds['mistake']),
                        blunder=round(100 * thresholds['blunder']))}</p>
<p>{t('report.time')}: {t('report.seconds', s=f"{analysis['seconds']:.1f}")}</p>
<figure><img src="{html.escape(name)}.png" alt="{t('report.chart_alt', marks=marks_text(analysis, lang))}">
<figcaption>{t('report.chart_alt', marks=marks_text(analysis, lang))}</figcaption></figure>
<h2>{t('report.summary')}</h2>
<table><tr><th>{t('report.player')}</th><th>{t('report.decisions')}</th><th>{t('report.average_loss')}</th>
<th>{t('report.mistakes')}</th><th>{t('report.blunders')}</th><th>{t('report.result')}</th></tr>{summary}</table>
<h2>{t('report.moves')}</h2>
<table><tr><th>{t('report.move_no')}</th><th>{t('report.player')}</th><th>{t('report.played')}</th>
<th>{t('report.best')}</th><th>{t('report.before')}</th><th>{t('report.after')}</th><th>{t('report.loss')}</th>
<th>{t('report.mark')}</th></tr>{rows}</table>
</body></html>
"""
    path = out / f"{name}.html"
    path.write_text(page, encoding="utf-8")
    return path


def write_index(done: list[tuple[str, dict[str, Any]]], out: pathlib.Path, lang: str) -> pathlib.Path:
    t = lambda key, **args: html.escape(i18n.text(key, lang, **args))  # noqa: E731
    rows = "".join(
        f"<tr><td><a href='{html.escape(name)}.html'>{html.escape(name)}</a></td><td>{html.escape(a['game'])}</td>"
        f"<td>{len(a['decisions'])}</td><td>{sum(s['mistakes'] for s in a['summary'])}</td>"
        f"<td>{sum(s['blunders'] for s in a['summary'])}</td><td>{a['seconds']:.1f}</td></tr>" for name, a in done)
    page = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{t('report.index_title')}"
            f"</title></head><body><h1>{t('report.index_title')}</h1><table><tr><th>{t('report.game')}</th><th></th>"
            f"<th>{t('report.decisions')}</th><th>{t('report.mistakes')}</th><th>{t('report.blunders')}</th>"
            f"<th>{t('report.time')} (s)</th></tr>{rows}</table></body></html>\n")
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def analyze(paths: list[str], out: str | pathlib.Path, bot: str = coach.ANALYSIS_BOT, seed: int = 0, jobs: int = 1,
            backend: str = "local", address: str | None = None, lang: str = i18n.DEFAULT,
            done_one: Callable[[str, dict[str, Any]], None] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Analyse the records in ``paths`` and write the report into ``out``; returns ``(name, analysis)`` pairs in
    the order of the records."""
    records = read_records(paths)
    if not records:
        raise MuseionError("no records to analyse")
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    finished: dict[str, dict[str, Any]] = {}
    for name, analysis in run(records, bot, seed, jobs, backend, address):
        write_report(name, analysis, out, lang)
        finished[name] = analysis
        if done_one is not None:
            done_one(name, analysis)
    ordered = [(name, finished[name]) for name, _ in records]
    write_index(ordered, out, lang)
    return ordered
