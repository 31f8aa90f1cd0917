"""What each seat sees of a Nim position (the descriptor's ``observer``): Nim hides nothing, so every seat and every
spectator sees the same. A game with hidden information adds ``resample`` and ``determined_for`` here (see
:class:`museion.core.parts.Observer`)."""

from __future__ import annotations

from typing import Any

from museion_nim.game import NimState


def view(state: NimState, player: int | None) -> dict[str, Any]:
    """Everything ``player`` sees, as JSON data: what the web board draws (``web/board.js``)."""
    return {"pile": state.pile, "to_move": state.current_player()}


def observation_tensor(state: NimState, player: int) -> list[float]:
    """The pile (scaled into [0, 1], as every observation entry is) and whether ``player`` is to move."""
    return [state.pile / 20, float(state.mover == player)]
