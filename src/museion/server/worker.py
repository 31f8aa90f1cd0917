"""Bot moves computed in worker processes, so a thinking bot never stalls the server's event loop.

The worker receives plain data (game name, options, history, bot name, seed), rebuilds the state by replay and
asks the bot; it returns only the chosen action id. Bots see the full state object as the contract allows and
must read only what ``view(player)`` shows (see ``museion.bots.base``).
"""

from __future__ import annotations

from typing import Any

import museion
from museion.bots import make_bot


def choose(game: str, options: dict[str, Any], history: list[int], bot: str, seed: int) -> int:
    state = museion.load(game, **options).state_from_history(history)
    return make_bot(bot, seed).choose(state)


def warm_up() -> bool:
    """Import the games once in a fresh worker so the first real bot move is not slowed by imports."""
    for name in museion.games():
        try:
            museion.load(name)
        except Exception:  # noqa: BLE001 - an unfinished game must not keep the worker from starting
            pass
    return True
