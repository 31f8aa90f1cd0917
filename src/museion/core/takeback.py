"""Taking a move back (a friendly table's undo): the one rule, for every game.

A seat may take back its own last action only while nothing new has been shown to anyone since that action was
made: the action is the last step of the history (no chance outcome was drawn after it, so a take-back never draws
chance again and nobody sees an outcome twice), and the action itself showed no observer, seat or spectator, more
than the move (:attr:`~museion.core.observe.Step.reveals`: no card turned up, no tile drawn, nothing told to some
seats only). The rule reads only what the game declared through its contract (``observed_action``, ``events``,
the explainer's words), so a new game gets it without a line elsewhere. A take-back restores the history without
its last action: every earlier step, chance included, stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from museion.core.observe import Step

NOTHING = "nothing_to_undo"
"""The seat has no action of its own at the end of the history (none made yet, or another seat's came after)."""
REVEALED = "undo_after_reveal"
"""The seat's last action, or a step after it, showed someone something new: it stands."""


def refusal(log: Sequence[Step], seat: int) -> str | None:
    """Why ``seat`` may not take back its last action of ``log`` (:data:`NOTHING` or :data:`REVEALED`); None: it
    may. ``log`` holds one step per action of the history, chance included."""
    mine = len(log) - 1
    while mine >= 0 and log[mine].player is None:
        mine -= 1
    if mine < 0 or log[mine].player != seat:
        return NOTHING
    if mine != len(log) - 1 or log[mine].reveals:
        return REVEALED
    return None


def request_refusal(log: Sequence[Step], seat: int) -> tuple[str | None, int]:
    """Whether the others may give ``seat`` its last action back by agreement (a take-back request), and from
    which log index: ``(None, start)``, every step from ``start`` (the seat's last action) to the end may be taken
    back; ``(NOTHING, -1)``, the seat has made no action yet; ``(REVEALED, i)``, step ``i`` (that action or one
    after it) was chance or showed someone something beyond the move, so the whole sequence stands. The same rule
    as :func:`refusal`, applied to every step that would be taken back."""
    mine = next((i for i in range(len(log) - 1, -1, -1) if log[i].player == seat), -1)
    if mine < 0:
        return NOTHING, -1
    shown = next((i for i in range(mine, len(log)) if log[i].player is None or log[i].reveals), None)
    return (None, mine) if shown is None else (REVEALED, shown)
