"""Nim's table for the terminal (the descriptor's ``render_text``): the pile as ``o`` marks and who moves, in the
player's language. Nim hides nothing, so ``player`` changes nothing."""

from __future__ import annotations

from typing import Any

from museion.core.i18n import text


def render_text(state: Any, player: int | None = None, lang: str = "en") -> str:
    """The pile and whose turn it is (texts ``nim.b.*``)."""
    lines = [text("nim.b.pile", lang, n=state.pile), " ".join("o" * state.pile)]
    if state.is_terminal():
        lines.append(text("nim.b.over", lang, player=state.winners()[0]))
    else:
        lines.append(text("nim.b.to_move", lang, player=state.current_player()))
    return "\n".join(lines)
