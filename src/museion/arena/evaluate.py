"""Evaluation helpers: the win rate of a policy against a bot over seat-rotated games, with a Wilson interval.

``win_rate(my_policy, "pergamon", opponent="greedy", games=200, players=2)``: the policy is any
``policy(observation, action_mask) -> action`` (:mod:`museion.arena.policy`), a ``py:...`` spec, a bot name or a
:class:`museion.bots.Bot`.
"""

from __future__ import annotations

import random
from typing import Any

from museion.arena.match import game_seed
from museion.arena.policy import Policy, arena_bots
from museion.arena.stats import credits, wilson
from museion.bots.base import Bot
from museion.core.errors import OptionError
from museion.core.play import play_match
from museion.core.record import Record
from museion.core.registry import load

__all__ = ["win_rate"]


def win_rate(policy: str | Policy | Bot, game: str = "tholos", opponent: str | Policy | Bot = "greedy",
             games: int = 100, seed: int = 0, records: list[Record] | None = None,
             **options: Any) -> dict[str, Any]:
    """Win rate of ``policy`` against ``opponent`` (in every other seat) over ``games`` seat-rotated games.

    Game ``i`` seats the policy at ``i % players``, so every seat is played equally often when ``games`` is a
    multiple of the player count; chance and the bots are seeded from ``seed`` and ``i`` only (the arena's
    rule), so the same call gives the same games. A shared victory counts as ``1 / winners``. Returns
    ``win_rate``, its 95 % Wilson interval ``low``/``high``, ``wins``, ``games`` and ``by_seat``; ``records``
    (a list) receives every game as a :class:`Record`."""
    if games < 1:
        raise OptionError(f"games must be at least 1, got {games}")
    configuration = load(game, **options)
    n = configuration.num_players()
    total, by_seat, played = 0.0, [0.0] * n, [0] * n
    for i in range(games):
        seat, seed_i = i % n, game_seed(seed, i)
        lineup = [policy if p == seat else opponent for p in range(n)]
        bots = arena_bots(lineup, seed_i)
        state = play_match(configuration.new_initial_state(), bots, random.Random(seed_i))
        names = [bot.name + (" (policy)" if p == seat else "") for p, bot in enumerate(bots)]
        record = Record.from_state(state, names, seat=seat, seed=seed_i, index=i)
        credit = credits(record)[seat]
        total, by_seat[seat], played[seat] = total + credit, by_seat[seat] + credit, played[seat] + 1
        if records is not None:
            records.append(record)
    low, high = wilson(total, games)
    return {"game": game, "options": configuration.options_json(), "opponent": _label(opponent), "games": games,
            "wins": total, "win_rate": total / games, "low": low, "high": high,
            "by_seat": [w / k if k else None for w, k in zip(by_seat, played, strict=True)]}


def _label(spec: str | Policy | Bot) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None) or "policy")
