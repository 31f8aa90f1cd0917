"""The arena report: ``DIR/summary.json``, PNG plots (matplotlib, Agg backend) and ``DIR/report.html``."""

from __future__ import annotations

import html
import json
import pathlib
from typing import Any

PLOTS = ("win_rates.png", "seats.png", "scores.png", "ratings.png", "calibration.png")


def _plots(summary: dict[str, Any], out: pathlib.Path) -> list[str]:
    """Draw the plots; returns the file names written ([] without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    bots = summary["bots"]
    by_bot = summary["by_bot"]
    written = []

    fig, ax = plt.subplots(figsize=(6, 3.5))
    rates = [by_bot[b]["win_rate"] for b in bots]
    errors = [[max(0.0, r - by_bot[b]["low"]) for b, r in zip(bots, rates, strict=True)],
              [max(0.0, by_bot[b]["high"] - r) for b, r in zip(bots, rates, strict=True)]]
    ax.bar(bots, rates, yerr=errors, capsize=6, color="#4a7ab5")
    ax.axhline(1 / summary["players"], color="grey", linestyle=":", label="1 / players")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95 % Wilson)")
    ax.set_title(f"Win rate by bot ({summary['games']} games)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "win_rates.png", dpi=100)
    written.append("win_rates.png")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    n = summary["players"]
    width = 0.8 / max(1, len(bots))
    for k, bot in enumerate(bots):
        values = [v if v is not None else 0.0 for v in by_bot[bot]["by_seat"]]
        ax.bar([p + k * width for p in range(n)], values, width, label=bot)
    ax.set_xticks([p + width * (len(bots) - 1) / 2 for p in range(n)], [f"seat {p}" for p in range(n)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat and bot")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "seats.png", dpi=100)
    written.append("seats.png")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    data = [summary["scores"].get(b, []) for b in bots]
    ax.boxplot(data)
    ax.set_xticks(range(1, len(bots) + 1), bots)
    ax.set_ylabel("final score")
    ax.set_title("Score distribution by bot")
    fig.tight_layout()
    fig.savefig(out / "scores.png", dpi=100)
    written.append("scores.png")

    if summary.get("rating_history"):
        fig, ax = plt.subplots(figsize=(6, 3.5))
        history = summary["rating_history"]
        for bot in bots:
            ax.plot([h.get(bot) for h in history], label=bot)
        ax.set_xlabel("games")
        ax.set_ylabel("OpenSkill mu")
        ax.set_title("Rating over the run")
        ax.legend()
        fig.tight_layout()
        fig.savefig(out / "ratings.png", dpi=100)
        written.append("ratings.png")

    calibration = summary.get("calibration") or {}
    if calibration.get("evaluators"):
        fig, ax = plt.subplots(figsize=(5, 4.5))
        ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect calibration")
        for name, result in calibration["evaluators"].items():
            bins = result["bins"]
            ax.plot([b["predicted"] for b in bins], [b["observed"] for b in bins], marker="o",
                    label=f"{name} (Brier {result['brier']:.3f})")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("predicted win chance of the player to move")
        ax.set_ylabel("observed win rate")
        ax.set_title(f"Reliability ({calibration['positions']} positions)")
        ax.legend(fontsize="small")
        fig.tight_layout()
        fig.savefig(out / "calibration.png", dpi=100)
        written.append("calibration.png")
    plt.close("all")
    return written


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def write_report(summary: dict[str, Any], config: dict[str, Any], out: str | pathlib.Path) -> pathlib.Path:
    """Write summary.json, the plots and report.html into ``out``; returns the HTML path."""
    out = pathlib.Path(out)
    light = {k: v for k, v in summary.items() if k not in ("scores", "rating_history")}
    (out / "summary.json").write_text(json.dumps({"config": config, **light}, indent=1) + "\n", encoding="utf-8")
    plots = _plots(summary, out)
    bots, by_bot = summary["bots"], summary["by_bot"]
    parts = [
        f"<h1>Arena: {html.escape(config['game'])}</h1>",
        f"<p>{summary['games']} games, {summary['players']} players, options "
        f"<code>{html.escape(json.dumps(config['options']))}</code>, seed {config['seed']}, schedule "
        f"{html.escape(config['schedule'])} (every bot in every seat equally often). "
        f"Shared victories: {summary['draws']}. Mean game length: {summary['length_mean']:.1f} actions.</p>",
    ]
    if summary.get("ratings"):
        ranked = sorted(bots, key=lambda b: -summary["ratings"][b]["mu"])
        parts.append("<h2>Ratings (OpenSkill Plackett-Luce, mu &plusmn; 1.96 sigma)</h2>")
        parts.append(_table(["bot", "mu", "95 % interval", "sigma"], [
            [b, f"{summary['ratings'][b]['mu']:.2f}",
             f"{summary['ratings'][b]['low']:.2f} .. {summary['ratings'][b]['high']:.2f}",
             f"{summary['ratings'][b]['sigma']:.2f}"] for b in ranked]))
    parts.append("<h2>Win rates by bot (95 % Wilson interval)</h2>")
    parts.append(_table(["bot", "seats played", "wins", "win rate", "interval"] +
                        [f"seat {p}" for p in range(summary["players"])], [
        [b, by_bot[b]["seats_played"], f"{by_bot[b]['wins']:g}", f"{100 * by_bot[b]['win_rate']:.1f} %",
         f"{100 * by_bot[b]['low']:.1f} .. {100 * by_bot[b]['high']:.1f} %"] +
        ["-" if v is None else f"{100 * v:.1f} %" for v in by_bot[b]["by_seat"]] for b in bots]))
    parts.append("<h2>Win rates by seat (all bots)</h2>")
    parts.append(_table(["seat", "wins", "win rate", "interval"], [
        [s["seat"], f"{s['wins']:g}", f"{100 * s['win_rate']:.1f} %",
         f"{100 * s['low']:.1f} .. {100 * s['high']:.1f} %"] for s in summary["by_seat"]]))
    parts.append("<h2>Scores</h2>")
    parts.append(_table(["bot", "mean", "stdev", "min", "max"], [
        [b, _fmt(by_bot[b]["score_mean"]), _fmt(by_bot[b]["score_stdev"]), _fmt(by_bot[b]["score_min"]),
         _fmt(by_bot[b]["score_max"])] for b in bots]))
    calibration = summary.get("calibration") or {}
    if calibration.get("evaluators"):
        parts.append("<h2>Calibration of the leaf evaluations</h2>")
        parts.append(f"<p>{calibration['positions']} decision positions drawn from these games: each evaluator's "
                     "predicted win chance for the player to move against that player's share of the win. "
                     f"Brier score of the constant predictor (the mean outcome): {calibration['brier_constant']}."
                     "</p>")
        parts.append(_table(["evaluator", "Brier score", "reliability (predicted -> observed, positions)"], [
            [name, f"{r['brier']:.4f}", "; ".join(f"{b['predicted']:.2f} -> {b['observed']:.2f} ({b['count']})"
                                                  for b in r["bins"])]
            for name, r in calibration["evaluators"].items()]))
    if summary.get("timing"):
        parts.append("<h2>Seconds per move (this machine; not part of the reproducible results)</h2>")
        parts.append(_table(["bot", "decisions", "mean", "slowest", "simulations per search"], [
            [b, t["decisions"], f"{t['mean_s_per_move']:.4f}", f"{t['max_s_per_move']:.3f}",
             f"{t['mean_simulations_per_search']:.0f}" if "mean_simulations_per_search" in t else "-"]
            for b, t in sorted(summary["timing"].items())]))
    parts.append("<h2>Plots</h2>" + "".join(f'<p><img src="{p}" alt="{p}"></p>' for p in plots)
                 if plots else "<p>matplotlib is not installed (pip install 'museion[arena]'): no plots.</p>")
    parts.append("<p>Games: <code>results.jsonl</code> (replay one with <code>museion replay results.jsonl "
                 "--index N</code>).</p>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}")
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>museion arena</title><style>{style}</style>"
            f"</head><body>{''.join(parts)}</body></html>\n")
    path = out / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
