"""What each Nim move touches on the web board (the descriptor's ``targets``): the button of the move, ``take:N``.

The server sends these keys with every legal move; ``web/board.js`` draws a button under each key a legal move
names and never reads the notation."""

from __future__ import annotations

from museion.core.game import State


def targets(state: State, action: int) -> list[str]:
    """The board keys clicked to take ``action`` stones: one button."""
    return [f"take:{action}"]
