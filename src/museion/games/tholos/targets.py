"""What each Tholos move touches on the web board, said once: the board keys a player clicks, in order, to make it.

The server sends them with every legal move (``targets``); the board (``web/board.js``) only draws regions under
these keys, and the table page, the tutorial, the preview, the coach's hints and the last-move marks all use this
list (docs/protocol.md). The keys:

* ``quarry:C``: the quarry's stones of colour C (W, B, G);
* ``wsP:C``: seat P's workshop stone of colour C;
* ``col:L``: column L (A..G);
* ``decline:L``: the button that declines L's extra action (each column carries the key as a mark, so a declined
  action still marks its column once the button is gone).

Taking 1, 2 or 3 stones of one colour is one click on the quarry's pile: the table's chooser then asks how many
(``CHOICES``).
"""

from __future__ import annotations

from typing import Final

from museion.games.tholos import actions as act
from museion.games.tholos.data import COLOURS, GREY, LOCATIONS
from museion.games.tholos.state import TholosState

CHOICES: Final = frozenset(f"quarry:{c}" for c in COLOURS)
"""Keys where several legal moves end alike (T1W, T2W, T3W): the table's chooser lists them in words."""


def targets(state: TholosState, action: int) -> list[str]:
    """The board keys player action ``action`` touches at ``state``, in the order they are clicked (none for
    chance)."""
    p = state.current_player()
    if p < 0:
        return []
    kind, a, b = act.decode(action)
    if kind in ("take", "quarry"):  # T2W, xD:G: stones from the quarry
        return [f"quarry:{COLOURS[a]}"]
    if kind in ("place", "second"):  # PC:W, xF:B>D: a workshop stone onto a column
        return [f"ws{p}:{COLOURS[a]}", f"col:{LOCATIONS[b]}"]
    if kind == "move":  # xA:E>F
        return [f"col:{LOCATIONS[a]}", f"col:{LOCATIONS[b]}"]
    if kind == "return":  # xC:E: E's top stone back to the quarry
        return [f"col:{LOCATIONS[a]}"]
    if kind == "steal":  # xE:B: a stone of the rival's workshop
        return [f"ws{1 - p}:{COLOURS[a]}"]
    if kind == "grey":  # xL:Q>D (ornament 6): a grey stone of the quarry onto a column
        return [f"quarry:{COLOURS[GREY]}", f"col:{LOCATIONS[a]}"]
    return [f"decline:{LOCATIONS[state.extra_location]}"]
