"""The rating model: OpenSkill's Plackett-Luce (its defaults: mu 25, sigma 25/3, beta 25/6), one rating per
account, game and player count; the scale players see; the bots' published ratings; a finished game's ranks.

Plackett-Luce because it rates games of any number of players from their finishing order (the library's default
model). Players see ``display(mu)``: 1500 for a new player, and scaled like Elo, so that 400 points between two
players of settled ratings mean the stronger wins a two-player game 10 times out of 11 (the model's win chance
is ``1 / (1 + exp(-(mu1 - mu2) / c))`` with ``c = beta * sqrt(2)``; Elo's is ``1 / (1 + 10 ** (-d / 400))``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from museion.core.descriptor import bots_file

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
POINTS_PER_MU = 400 / (MODEL.beta * math.sqrt(2) * math.log(10))
"""Displayed points per unit of mu (about 29.5): Elo's 400-point scale for the model's two-player win chance."""
START = 1500
PROVISIONAL_GAMES = 10
"""A rating is provisional until this many rated games of its game and player count (marked "?")."""
PAIR_GAMES = 3
PAIR_WINDOW = 24 * 3600.0
"""Rated games between the same two accounts that change their ratings within any 24 hours; later ones in that
window are played and kept, and change neither rating (``store.settle``): two accounts of one owner cannot farm
points by playing each other over and over, and honest rivals still play three rated games a day."""
LEADERBOARD_OPPONENTS = 3
"""A player is on a leaderboard once their counted rated games were against this many different opponents (other
accounts, or bot levels, each level one opponent): a rating pumped against one partner is not listed."""
ANCHOR, ANCHOR_MU, ANCHOR_SIGMA = "random", MU - 500 / POINTS_PER_MU, 0.5
"""The bots' scale is fixed by the ``random`` bot at 1000 (500 below a new player's 1500) with a small sigma: the
published ratings mean the same from one fit to the next (``benchmarks/bot_ratings.py``)."""


def display(mu: float) -> int:
    """The rating players see for ``mu``."""
    return round(START + (mu - MU) * POINTS_PER_MU)


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def published(game: str, players: int) -> dict[str, Any]:
    """The bot levels' published ratings in ``game`` with ``players`` players: the ``ratings`` of the game's bots'
    file (``bots.json`` in its folder, made by ``benchmarks/bot_ratings.py``); ``{}`` where none is."""
    found: dict[str, Any] = bots_file(game).get("ratings", {}).get(str(players), {}).get("bots", {})
    return found


def bot_rating(game: str, players: int, bot: str | None) -> tuple[float, float] | None:
    """The fixed (mu, sigma) of bot level ``bot`` in ``game`` with ``players`` players, if it is published."""
    found = published(game, players).get(bot or "")
    return None if found is None else (float(found["mu"]), float(found["sigma"]))


def rated_bots(game: str, players: int) -> dict[str, int]:
    """The bot levels a rated table of ``game`` with ``players`` players may seat, and their displayed ratings."""
    found = published(game, players)
    return {bot: int(v["rating"]) for bot, v in sorted(found.items(), key=lambda item: -item[1]["rating"])}


def ranks(scores: Sequence[float], winners: Sequence[int], abandoned: Sequence[bool]) -> list[int]:
    """Finishing ranks, 0 the best (ties share one): the winners, then the others by score; a seat abandoned on
    time ranks below every seat that played on, whatever its score (it lost)."""
    keys = [(abandoned[p], p not in winners, -scores[p]) for p in range(len(scores))]
    return [sum(other < key for other in keys) for key in keys]


def rate(before: Sequence[tuple[float, float]], order: Sequence[int]) -> list[tuple[float, float]]:
    """Every seat's (mu, sigma) after a game with finishing ranks ``order``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=list(order))]
