"""A move as the server says it: the one shape of a legal move, a hinted move and a refused one.

Every call the server makes into a game's presentation (a move in words, the board keys it touches, why a move is
illegal, the final score breakdown, a notation read back) is here, so the rest of the server deals in
:class:`~museion.server.edge.messages.LegalMove` values and never asks the game how to show itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from museion.core.errors import IllegalActionError
from museion.core.explain import explainer
from museion.core.game import State
from museion.core.registry import entry
from museion.server.config import short
from museion.server.edge.errors import TableError
from museion.server.edge.messages import HintedMove


def legal_move(state: State, action: int, lang: str, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """``action`` for ``seat`` (to move at ``state``): its id, notation, words in ``lang`` and the board keys it
    touches (:func:`targets`), shaped as :class:`~museion.server.edge.messages.LegalMove`. A plain dict, not the
    model: state messages are built for every seat after every move, and validating what the server itself builds
    cost a fifth of that time (tests/server/test_protocol.py validates every frame of played games against the
    published schema instead)."""
    words = explainer(state.game)
    return {"id": action, "notation": state.action_to_string(action),
            "text": words.describe(state, action, lang, seat, names), "targets": targets(state, action)}


def targets(state: State, action: int) -> list[str]:
    """The board keys ``action`` touches at ``state``, in the order a player clicks them (the game's
    ``targets.py``): the board's click path, the preview, the coach's marks and the last-move marks alike."""
    return entry(state.game).targets(state, action)


def legal_moves(state: State, seat: int | None, lang: str, names: Sequence[str]) -> list[dict[str, Any]]:
    """Every legal move of ``seat`` when it is to move, else none."""
    if seat is None or state.current_player() != seat:
        return []
    return [legal_move(state, a, lang, seat, names) for a in state.legal_actions()]


def hinted_move(state: State, action: int, chance: float, lang: str, seat: int, names: Sequence[str],
                tied: bool = False) -> HintedMove:
    """A legal move with the coach's estimate of the mover's win chance after it (``tied``: the search cannot tell
    it from the first move, so the page says so instead of ranking noise)."""
    return HintedMove(**legal_move(state, action, lang, seat, names), chance=chance, tied=tied)


def in_words(state: State, action: int, lang: str, names: Sequence[str]) -> str:
    """``action`` at ``state`` in words as a spectator says it (the analysis of a finished game)."""
    return explainer(state.game).describe(state, action, lang, None, names)


def breakdown(state: State, seat: int | None, lang: str, names: Sequence[str]) -> list[dict[str, Any]] | None:
    """The final score's parts as ``seat`` may see them, once the game is over."""
    if not state.is_terminal():
        return None
    return [part.to_json(lang, names) for part in explainer(state.game).score_breakdown(state, seat)]


def refuse_illegal(state: State, move: int | str, lang: str, names: Sequence[str] | None) -> TableError:
    """Why ``move`` (an id or a notation) cannot be played, in the rules' terms and in ``lang``."""
    return TableError("illegal", short(explainer(state.game).explain_illegal(state, move, lang, names), 300))


def action_of(state: State, move: int | str, lang: str) -> int:
    """The action id of ``move``: an id as it is, a notation read by the game (or refused as illegal)."""
    if isinstance(move, int):
        return move
    try:
        return state.string_to_action(move)
    except IllegalActionError:
        raise refuse_illegal(state, move, lang, None) from None
