"""What happens by itself in a Nim step (the descriptor's ``events``): taking the last stone wins. The log and the
terminal say so (text ``nim.won``); an event has an audience, and in Nim everyone may learn everything."""

from __future__ import annotations

from museion.core.events import Event
from museion_nim.game import NimState


def events(state: NimState, action: int) -> list[Event]:
    """The events of applying ``action`` to ``state`` (which stays unchanged)."""
    return [Event("nim.won", {"player": state.mover})] if action == state.pile else []
