"""Arena statistics: win rates with Wilson intervals, seat effects, score distributions and ratings.

Win credit: a sole winner scores 1, a shared victory splits 1 among the winners (a 2-player draw: 0.5 each).
A bot sitting in several seats of one game (hard against three greedy) is counted once per seat.

Ratings are OpenSkill's Plackett-Luce model (multiplayer, ranks from the results: winners first, the others by
score), updated game by game in index order; we report mu with mu +- 1.96 sigma as the interval. When a bot
holds several seats of a game each seat is rated from the bot's rating and the bot takes the mean of the updates.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from museion.core.record import Record

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def credits(record: Record) -> list[float]:
    """Win credit of each seat in one game."""
    winners = record.winners or []
    n = len(record.players)
    if not winners:
        return [0.0] * n
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def ranks(record: Record) -> list[int]:
    """Finishing ranks (0 = best): winners first, then the others by score (ties share a rank)."""
    winners = set(record.winners or [])
    scores = record.scores or [0.0] * len(record.players)
    out = []
    for p, score in enumerate(scores):
        if p in winners:
            out.append(0)
        else:
            out.append(1 + sum(1 for q, s in enumerate(scores) if q not in winners and s > score))
    return out


def ratings(records: Sequence[Record]) -> tuple[dict[str, dict[str, float]], list[dict[str, float]]] | None:
    """OpenSkill Plackett-Luce ratings of each bot and the trajectory of mu; None without openskill."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    current: dict[str, Any] = {}
    history: list[dict[str, float]] = []
    for record in records:
        bots = record.meta["bots"]
        for bot in bots:
            current.setdefault(bot, model.rating(name=bot))
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)] for b in bots]
        rated = model.rate(teams, ranks=ranks(record))
        updates: dict[str, list[Any]] = defaultdict(list)
        for bot, team in zip(bots, rated, strict=True):
            updates[bot].append(team[0])
        for bot, new in updates.items():
            current[bot] = model.rating(mu=statistics.fmean(r.mu for r in new),
                                        sigma=statistics.fmean(r.sigma for r in new))
        history.append({b: r.mu for b, r in current.items()})
    table = {
        b: {"mu": r.mu, "sigma": r.sigma, "low": r.mu - Z95 * r.sigma, "high": r.mu + Z95 * r.sigma}
        for b, r in current.items()
    }
    return table, history


def summarize(records: Sequence[Record]) -> dict[str, Any]:
    """Everything the report shows, as JSON data."""
    if not records:
        return {"games": 0}
    n = len(records[0].players)
    bots = sorted({b for r in records for b in r.meta["bots"]})
    trials: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    seat_trials = [defaultdict(int) for _ in range(n)]
    seat_wins = [defaultdict(float) for _ in range(n)]
    scores: dict[str, list[float]] = defaultdict(list)
    seat_total = [0.0] * n
    lengths = []
    for record in records:
        credit = credits(record)
        lengths.append(len(record.actions))
        for p, bot in enumerate(record.meta["bots"]):
            trials[bot] += 1
            wins[bot] += credit[p]
            seat_trials[p][bot] += 1
            seat_wins[p][bot] += credit[p]
            seat_total[p] += credit[p]
            if record.scores is not None:
                scores[bot].append(float(record.scores[p]))
    games = len(records)
    by_bot = {}
    for bot in bots:
        low, high = wilson(wins[bot], trials[bot])
        s = scores[bot]
        by_bot[bot] = {
            "seats_played": trials[bot], "wins": wins[bot], "win_rate": wins[bot] / trials[bot],
            "low": low, "high": high,
            "score_mean": statistics.fmean(s) if s else None, "score_stdev": statistics.pstdev(s) if s else None,
            "score_min": min(s) if s else None, "score_max": max(s) if s else None,
            "by_seat": [seat_wins[p][bot] / seat_trials[p][bot] if seat_trials[p][bot] else None for p in range(n)],
        }
    by_seat = []
    for p in range(n):
        low, high = wilson(seat_total[p], games)
        by_seat.append({"seat": p, "wins": seat_total[p], "win_rate": seat_total[p] / games, "low": low,
                        "high": high})
    rated = ratings(records)
    return {
        "games": games, "players": n, "bots": bots, "by_bot": by_bot, "by_seat": by_seat,
        "ratings": rated[0] if rated else None, "rating_history": rated[1] if rated else None,
        "scores": dict(scores), "length_mean": statistics.fmean(lengths),
        "draws": sum(1 for r in records if r.winners is not None and len(r.winners) > 1),
    }


def timing_summary(records: Sequence[Record], timings_path: Any) -> dict[str, dict[str, float]]:
    """Seconds per decision of each bot (mean and slowest) from ``timings.jsonl`` (not part of the results)."""
    import json
    import pathlib

    path = pathlib.Path(timings_path)
    if not path.exists():
        return {}
    by_index = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            continue
        by_index[item["index"]] = item
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    slowest: dict[str, float] = defaultdict(float)
    searched: dict[str, int] = defaultdict(int)
    simulations: dict[str, int] = defaultdict(int)
    for record in records:
        item = by_index.get(record.meta.get("index"))
        if item is None:
            continue
        for p, bot in enumerate(record.meta["bots"]):
            seconds[bot] += item["seconds"][p]
            decisions[bot] += item["decisions"][p]
            slowest[bot] = max(slowest[bot], item["slowest"][p])
            if "searched" in item:
                searched[bot] += item["searched"][p]
                simulations[bot] += item["simulations"][p]
    out = {b: {"mean_s_per_move": seconds[b] / decisions[b] if decisions[b] else 0.0, "max_s_per_move": slowest[b],
               "decisions": decisions[b]} for b in seconds}
    for b, count in searched.items():
        if count:
            out[b]["mean_simulations_per_search"] = simulations[b] / count
    return out
