"""Configurations the RL adapter tests run on: every game, at 2 and 4 players where it has a ``players`` option."""

from __future__ import annotations

from typing import Any

import museion
from museion.core.registry import entry


def configurations() -> list[tuple[str, dict[str, Any]]]:
    configs: list[tuple[str, dict[str, Any]]] = []
    for name in museion.available_games():
        option = entry(name).game_class.OPTIONS.get("players")
        if option is None:
            configs.append((name, {}))
            continue
        for players in (2, 4):
            try:
                option.parse(players)
            except ValueError:
                continue
            configs.append((name, {"players": players}))
    return configs


CONFIGS = configurations()
IDS = [f"{name}-{opts.get('players', 'default')}p" if opts else name for name, opts in CONFIGS]
