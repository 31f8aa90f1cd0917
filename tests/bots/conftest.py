"""Game configurations the bot and arena tests sweep: every game and every player count it allows."""

from __future__ import annotations

import museion
from museion.core.errors import OptionError
from museion.core.registry import entry


def configurations() -> list[tuple[str, dict]]:
    """(game, options) for each game and each player count its ``players`` option accepts (2-6 tried)."""
    found = []
    for name in museion.available_games():
        if "players" not in entry(name).game_class.OPTIONS:
            found.append((name, {}))
            continue
        for n in range(1, 7):
            try:
                museion.load(name, players=n)
            except OptionError:
                continue
            found.append((name, {"players": n}))
    return found


CONFIGS = configurations()
IDS = [f"{name}-{opts.get('players', 2)}p" for name, opts in CONFIGS]
