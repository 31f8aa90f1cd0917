"""One arena game: seeded from the arena seed and the game index only (so any backend gives the same game)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from museion.arena.policy import arena_bots
from museion.core.game import State
from museion.core.play import play_match
from museion.core.record import Record
from museion.core.registry import load


def game_seed(arena_seed: int, index: int) -> int:
    """Seed of game ``index``: a function of the arena seed and the index alone (string seeding is stable)."""
    return random.Random(f"museion-arena:{arena_seed}:{index}").getrandbits(62)


def play_game(game_name: str, options: dict[str, Any], lineup: Sequence[str], seed: int,
              meta: dict[str, Any] | None = None) -> tuple[Record, dict[str, Any]]:
    """Play one game; returns its record (meta: bots per seat, seed) and timing (seconds and decisions per seat).

    The one match driver and seeding rule (:func:`museion.core.play.play_match`): chance from ``Random(seed)``,
    seat ``p``'s bot from ``seat_seed(seed, p)``.
    """
    game = load(game_name, **options)
    bots = arena_bots(lineup, seed)  # bot specs and py:module:function policies
    seconds = [0.0] * len(bots)
    decisions = [0] * len(bots)
    slowest = [0.0] * len(bots)
    searched = [0] * len(bots)  # decisions a searching bot searched (not forced), and its simulations there
    simulations = [0] * len(bots)

    def timed(_state: State, player: int, _action: int, spent: float) -> None:
        if player >= 0:
            seconds[player] += spent
            decisions[player] += 1
            slowest[player] = max(slowest[player], spent)
            count = getattr(bots[player], "last_simulations", 0)
            if count:
                searched[player] += 1
                simulations[player] += count

    state = play_match(game.new_initial_state(), bots, random.Random(seed), timed)
    info = {"bots": list(lineup), "seed": seed, **(meta or {})}
    record = Record.from_state(state, [f"{spec} (seat {p})" for p, spec in enumerate(lineup)], **info)
    timing = {"seconds": seconds, "decisions": decisions, "slowest": slowest, "searched": searched,
              "simulations": simulations}
    return record, timing


def play_chunk(game_name: str, options: dict[str, Any], tasks: list[tuple[int, list[str], int, dict[str, Any]]]
               ) -> list[tuple[int, str, dict[str, Any]]]:
    """Worker entry point: play several games, return ``(index, record JSON, timing)`` for each."""
    out = []
    for index, lineup, seed, meta in tasks:
        record, timing = play_game(game_name, options, lineup, seed, meta)
        out.append((index, record.to_json(), timing))
    return out
