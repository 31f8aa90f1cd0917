"""What each Pergamon move touches on the web board, said once: the board keys a player clicks, in order, to make
it.

The server sends them with every legal move (``targets``); the board (``web/board.js``) only draws regions under
these keys, and the table page, the tutorial, the preview, the coach's hints and the last-move marks all use this
list (docs/protocol.md). The keys:

* ``track:PN``: space N of the funds track (P1..P13);
* ``gallery:R``: gallery R (I..V) to excavate;
* ``findP:CODE``: the find numbered CODE (4.63) in seat P's supply (added to a collection, or dropped);
* ``collP:R``: seat P's exhibited collection with marker R (broken up);
* ``close``, ``cancel``, ``end``, ``pay``, ``polish``: the buttons below the board.

Polishing with 0, 1, 2... coins is one button: the table's chooser then asks how much (``CHOICES``).
"""

from __future__ import annotations

from typing import Final

from museion.games.pergamon.actions import (
    A_BREAK,
    A_CANCEL,
    A_CLOSE,
    A_DIG,
    A_DROP,
    A_END,
    A_PAY,
    A_POLISH,
    A_TILE,
    ROMAN,
)
from museion.games.pergamon.state import PergamonState

CHOICES: Final = frozenset({"polish"})
"""Keys where several legal moves end alike (``polish 0``, ``polish 1``...): the table's chooser lists them."""

BUTTONS: Final = {A_CLOSE: "close", A_CANCEL: "cancel", A_END: "end", A_PAY: "pay"}


def targets(state: PergamonState, action: int) -> list[str]:
    """The board keys player action ``action`` touches at ``state``, in the order they are clicked (none for
    chance)."""
    p = state.current_player()
    if p < 0:
        return []
    codes = state.game.tile_codes
    if action < A_DIG:
        return [f"track:P{action + 1}"]
    if action < A_TILE:
        return [f"gallery:{ROMAN[action - A_DIG]}"]
    if action < A_CLOSE:
        return [f"find{p}:{codes[action - A_TILE]}"]
    if A_BREAK <= action < A_POLISH:
        return [f"coll{p}:{ROMAN[action - A_BREAK]}"]
    if A_POLISH <= action < A_CANCEL:
        return ["polish"]
    if action >= A_DROP:
        return [f"find{p}:{codes[action - A_DROP]}"]
    return [BUTTONS[action]]
