"""Bot moves computed in worker processes, so a thinking bot never stalls the server's event loop.

The worker receives plain data (game name, options, history, bot name, seed), rebuilds the state by replay and
asks the bot; it returns only the chosen action id. Bots read only what ``view(player)`` shows and what they
draw with ``resample(player)`` (see ``museion.bots.base``); to make that hold whatever a bot does, the bot is
handed ``resample(player)`` of the true state, a state its player cannot tell from it: hidden outcomes there are
fresh guesses (``museion check`` verifies that every bot's choice is the same for both).
"""

from __future__ import annotations

import random
from typing import Any

import museion
from museion.bots import make_bot


def choose(game: str, options: dict[str, Any], history: list[int], bot: str, seed: int) -> int:
    state = museion.load(game, **options).state_from_history(history)
    rng = random.Random(seed)
    return make_bot(bot, rng.randrange(2**31)).choose(state.resample(state.current_player(), rng))


def warm_up() -> bool:
    """Import the games once in a fresh worker so the first real bot move is not slowed by imports."""
    for name in museion.games():
        try:
            museion.load(name)
        except Exception:  # noqa: BLE001 - an unfinished game must not keep the worker from starting
            pass
    return True
