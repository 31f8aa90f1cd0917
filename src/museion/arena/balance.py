"""Balance studies from bot-vs-itself games: seat (first-player) advantage and the effect of a variant.

With the same bot in every seat, any difference between seats is the game's, not the players'. Seat win rates
get 95 % Wilson intervals (a shared victory splits the win); the effect of a variant on seat 0's win rate is a
difference of two proportions with Newcombe's hybrid Wilson interval, and on scores and game length a difference
of means with a normal interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from museion.arena.stats import Z95, credits, wilson
from museion.core.record import Record


def seat_table(records: Sequence[Record]) -> dict[str, Any]:
    """Per seat: win rate with its interval, mean score; plus mean length and shared victories."""
    n = len(records[0].players)
    games = len(records)
    seats = []
    for p in range(n):
        wins = sum(credits(r)[p] for r in records)
        low, high = wilson(wins, games)
        scores = [float(r.scores[p]) for r in records if r.scores is not None]
        seats.append({"seat": p, "wins": wins, "win_rate": wins / games, "low": low, "high": high,
                      "score_mean": statistics.fmean(scores), "score_stdev": statistics.pstdev(scores)})
    lengths = [len(r.actions) for r in records]
    totals = [sum(float(s) for s in r.scores or []) for r in records]
    return {"games": games, "players": n, "seats": seats, "fair_share": 1 / n,
            "length_mean": statistics.fmean(lengths), "length_stdev": statistics.pstdev(lengths),
            "total_score_mean": statistics.fmean(totals), "total_score_stdev": statistics.pstdev(totals),
            "shared": sum(1 for r in records if r.winners and len(r.winners) > 1)}


def newcombe(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float, float]:
    """Difference p1 - p2 of two proportions with Newcombe's hybrid score (Wilson) 95 % interval."""
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def mean_difference(a_mean: float, a_sd: float, a_n: int, b_mean: float, b_sd: float, b_n: int
                    ) -> tuple[float, float, float]:
    d = a_mean - b_mean
    half = Z95 * math.sqrt(a_sd ** 2 / a_n + b_sd ** 2 / b_n)
    return d, d - half, d + half


def compare(variant: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """Effect of a variant against the base game (variant minus base)."""
    v0, b0 = variant["seats"][0], base["seats"][0]
    return {
        "seat0_win_rate": newcombe(v0["wins"], variant["games"], b0["wins"], base["games"]),
        "length": mean_difference(variant["length_mean"], variant["length_stdev"], variant["games"],
                                  base["length_mean"], base["length_stdev"], base["games"]),
        "total_score": mean_difference(variant["total_score_mean"], variant["total_score_stdev"], variant["games"],
                                       base["total_score_mean"], base["total_score_stdev"], base["games"]),
    }
