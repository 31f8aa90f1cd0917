"""Seat-balanced schedules: which bot sits in which seat in game ``i``.

Over one cycle of the schedule every bot sits in every seat equally often, so a seat advantage (the first
player's, say) cancels out of every bot's result:

* as many bots as seats: the cyclic rotations of the list (``--schedule rotations``, N games a cycle) or all
  its distinct permutations (``--schedule permutations``);
* more bots than seats: every combination of N bots, each in all its rotations (a round robin);
* fewer bots than seats: the list repeated to fill the seats (N must be a multiple of the count), then rotated;
  one bot alone is self-play (the balance study).
"""

from __future__ import annotations

import itertools

from museion.core.errors import MuseionError


def _rotations(lineup: list[str]) -> list[tuple[str, ...]]:
    seen: list[tuple[str, ...]] = []
    for k in range(len(lineup)):
        rot = tuple(lineup[k:] + lineup[:k])
        if rot not in seen:
            seen.append(rot)
    return seen


def lineups(bots: list[str], seats: int, schedule: str = "rotations") -> list[tuple[str, ...]]:
    """One cycle of seat assignments; game ``i`` uses ``lineups[i % len(lineups)]``."""
    if not bots:
        raise MuseionError("--bots names no bot")
    if schedule not in ("rotations", "permutations"):
        raise MuseionError(f"unknown schedule {schedule!r}; allowed: rotations, permutations")
    b = len(bots)
    if b > seats:
        cycle: list[tuple[str, ...]] = []
        for combo in itertools.combinations(bots, seats):
            cycle.extend(_arrange(list(combo), schedule))
        return cycle
    if seats % b:
        raise MuseionError(
            f"{b} bots cannot share {seats} seats evenly; name {seats} bots (repeats allowed, e.g. "
            f"hard,greedy,greedy,greedy), a divisor of {seats}, or more than {seats} for a round robin"
        )
    return _arrange(bots * (seats // b), schedule)


def _arrange(lineup: list[str], schedule: str) -> list[tuple[str, ...]]:
    if schedule == "permutations":
        return sorted(set(itertools.permutations(lineup)))
    return _rotations(lineup)


def games_for(requested: int, cycle: int) -> int:
    """``requested`` rounded up to whole cycles, so the schedule stays balanced."""
    return -(-requested // cycle) * cycle
