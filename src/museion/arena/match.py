"""One arena game: seeded from the arena seed and the game index only (so any backend gives the same game)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from museion.bots import make_bot
from museion.core.play import sample_chance
from museion.core.record import Record
from museion.core.registry import load


def game_seed(arena_seed: int, index: int) -> int:
    """Seed of game ``index``: a function of the arena seed and the index alone (string seeding is stable)."""
    return random.Random(f"museion-arena:{arena_seed}:{index}").getrandbits(62)


def play_game(game_name: str, options: dict[str, Any], lineup: Sequence[str], seed: int,
              meta: dict[str, Any] | None = None) -> tuple[Record, dict[str, Any]]:
    """Play one game; returns its record (meta: bots per seat, seed) and timing (seconds and decisions per seat).

    Chance draws come from ``Random(seed)``; the bot in seat ``p`` is seeded with ``seed * 8 + p + 1``.
    """
    game = load(game_name, **options)
    rng = random.Random(seed)
    bots = [make_bot(spec, seed * 8 + p + 1) for p, spec in enumerate(lineup)]
    seconds = [0.0] * len(bots)
    decisions = [0] * len(bots)
    slowest = [0.0] * len(bots)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            player = state.current_player()
            start = time.perf_counter()
            action = bots[player].choose(state)
            spent = time.perf_counter() - start
            seconds[player] += spent
            decisions[player] += 1
            slowest[player] = max(slowest[player], spent)
        state.apply_action(action)
        for bot in bots:
            bot.observe(state, action)
    info = {"bots": list(lineup), "seed": seed, **(meta or {})}
    record = Record.from_state(state, [f"{spec} (seat {p})" for p, spec in enumerate(lineup)], **info)
    timing = {"seconds": seconds, "decisions": decisions, "slowest": slowest}
    return record, timing


def play_chunk(game_name: str, options: dict[str, Any], tasks: list[tuple[int, list[str], int, dict[str, Any]]]
               ) -> list[tuple[int, str, dict[str, Any]]]:
    """Worker entry point: play several games, return ``(index, record JSON, timing)`` for each."""
    out = []
    for index, lineup, seed, meta in tasks:
        record, timing = play_game(game_name, options, lineup, seed, meta)
        out.append((index, record.to_json(), timing))
    return out
