"""What each Imhotep move touches on the web board, said once: the board keys a player clicks, in order, to make it.

The server sends them with every legal move (``targets``); the board (``web/board.js``) only draws regions under
these keys, and the table page, the tutorial, the preview, the coach's hints and the last-move marks all use this
list (docs/protocol.md). The keys:

* ``quarry:P``: seat P's quarry and sled (take stones);
* ``space:S.K``: space K (1 = bow) of ship S;
* ``ship:S``, then ``site:CODE`` (MKT, PYR, TMP, BUR, OBL): sail ship S there;
* ``handP:CARD``: a blue card in seat P's hand; ``market:CARD``: a market card;
* ``order:COLOUR`` (BLACK, WHITE, BROWN, GREY): the colour the lever unloads next;
* ``pass``.
"""

from __future__ import annotations

from museion.games.imhotep import actions as act
from museion.games.imhotep import data
from museion.games.imhotep.state import ImhotepState


def targets(state: ImhotepState, action: int) -> list[str]:
    """The board keys player action ``action`` touches at ``state``, in the order they are clicked (none for
    chance)."""
    p = state.current_player()
    if p < 0:
        return []
    kind, a, b = act.decode(action)
    if kind == "get":
        return [f"quarry:{p}"]
    if kind == "place":
        return [f"space:{a + 1}.{b + 1}"]
    if kind == "sail":
        return [f"ship:{a + 1}", f"site:{data.SITE_CODES[b]}"]
    if kind == "card":
        return [f"hand{p}:{data.CARD_CODES[a]}"]
    if kind == "pick":
        return [f"market:{data.CARD_CODES[a]}"]
    if kind == "order":
        return [f"order:{data.COLOURS[a].upper()}"]
    return ["pass"]
