"""Presentation apart from the model: a game's :class:`Explainer` puts its positions and moves into words.

A ``State`` knows the rules and its notation (``action_to_string`` / ``string_to_action``, the contract); what
a player reads about it — a move in words, why a move is not legal, the score broken into parts, the legend of the
terminal's table — is the explainer's, as python-chess keeps its SVG apart
from ``Board`` and OpenSpiel keeps an ``Observer`` apart from its ``State``. (The table itself drawn as text is the
game's ``render.py``, its descriptor's ``render_text``: the terminal, the RL adapters and ``str(state)`` use it;
what a move touches on the web board is the game's ``targets.py``, its descriptor's ``targets``.)

Each game folder has an ``explain.py`` whose ``EXPLAINER`` is an instance of a subclass of :class:`Explainer`;
:func:`explainer` finds it. The defaults here work for any game (a game without an explainer gets them all).
This module depends on no ``State`` class: it reads a state only through :class:`Explained`, the part of the
contract that presentation needs, so the model can name its explainer in its error messages without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from museion.core import i18n
from museion.core.descriptor import part
from museion.core.events import Event, ScorePart

CHANCE_NODE: Final = -1
"""``current_player()`` at a chance node (``museion.core.game.CHANCE``)."""


class Sized(Protocol):
    def num_distinct_actions(self) -> int: ...


class Explained(Protocol):
    """What an explainer reads of a state (every ``museion.core.game.State`` provides it)."""

    @property
    def game(self) -> Sized: ...

    def current_player(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self, player: int | None = None) -> list[int]: ...

    def action_to_string(self, action: int) -> str: ...

    def any_action_to_string(self, action: int) -> str: ...

    def observed_action(self, action: int, observer: int | None) -> str: ...

    def scores(self) -> list[float]: ...


S = TypeVar("S", bound=Explained)


@mypyc_attr(allow_interpreted_subclasses=True)
class Explainer(Generic[S]):
    """A game's words for its states. A game overrides what it can say better than the defaults: ``move_event``,
    ``illegal_reason``, ``parse_action``, ``legend`` and ``score_breakdown``;
    ``describe``, ``parse_any`` and ``explain_illegal`` are built on those and rarely need overriding."""

    def move_event(self, state: S, action: int, observer: int | None = None) -> Event:
        """``action`` in words as data (a text key and args), as ``observer`` may know it: what a player about to
        make it reads ("Take 2 white stones from the quarry") and what the log shows after it was made. It never
        tells what the action reveals (that is in the game's ``events``); a chance outcome is told only as far as
        ``observed_action`` tells ``observer``. Default: the notation (a chance outcome's as observed)."""
        if state.current_player() == CHANCE_NODE:
            return Event("ui.move", {"move": state.observed_action(action, observer)})
        return Event("ui.move", {"move": state.action_to_string(action)})

    def describe(self, state: S, action: int, lang: str = "en", observer: int | None = None,
                 names: Sequence[str] | None = None) -> str:
        """:meth:`move_event` in ``lang`` (the text the terminal, the web chooser and the log show), addressed to
        ``observer`` when it is the mover and the game words that apart (``<key>.you``)."""
        return self.move_event(state, action, observer).text(lang, observer, names)

    def illegal_reason(self, state: S, action: int) -> Event | None:
        """Why player action ``action`` (any id of this game) is not legal here, in the rules' terms ("ship 1
        needs at least 3 stones to sail; it has 2"), or ``None`` when the game has nothing more precise to say
        than "not a legal move here". Called only for actions that are not legal."""
        return None

    def parse_action(self, state: S, text: str) -> int | None:
        """The action id that ``text`` names when it is not a legal action's notation (``None``: none reads so).
        Called by :meth:`parse_any` for player decisions only. Default: none."""
        return None

    def parse_any(self, state: S, text: str) -> int | None:
        """The action id that ``text`` names, legal here or not (``None``: no action of this game reads so).
        The legal actions' notations first, then :meth:`parse_action` for the others."""
        wanted = _norm(text)
        for action in state.legal_actions():
            if _norm(state.action_to_string(action)) == wanted:
                return action
        return None if state.current_player() == CHANCE_NODE else self.parse_action(state, text)

    def explain_illegal(self, state: S, move: int | str, lang: str = "en",
                        names: Sequence[str] | None = None) -> str:
        """Why ``move`` (an action id or a notation) cannot be played now, in ``lang``: game over, not a move of
        this game, or the rule that forbids it (:meth:`illegal_reason`). Used by the errors of
        ``State.string_to_action`` and ``State.apply_action`` and by the server's refusals."""
        if state.is_terminal():
            return i18n.text("ui.game_over", lang)
        if isinstance(move, str):
            action = self.parse_any(state, move)
            if action is None:
                return i18n.text("ui.unknown_move", lang, move=move)
        else:
            action = move
        if not 0 <= action < state.game.num_distinct_actions():
            return i18n.text("ui.unknown_action", lang, action=action, last=state.game.num_distinct_actions() - 1)
        if action in state.legal_actions():
            return i18n.text("ui.legal_move", lang, move=state.action_to_string(action))
        if state.current_player() != CHANCE_NODE:
            try:
                reason = self.illegal_reason(state, action)
            except Exception:  # noqa: BLE001 - an explanation must never make a refusal fail
                reason = None
            if reason is not None:
                return reason.text(lang, None, names)
        return i18n.text("ui.not_legal", lang, move=state.any_action_to_string(action))

    def legend(self, state: S, lang: str = "en") -> list[str]:
        """Lines that explain the symbols of the terminal's table in ``lang`` (locations, colour letters, track
        spaces...), for what is on the table now. Default: none."""
        return []

    def score_breakdown(self, state: S, observer: int | None = None) -> list[ScorePart]:
        """Each seat's points broken into parts (per column, per site, per evaluation...), as ``observer`` may
        know them: a seat whose points are hidden from ``observer`` has ``None`` values. For every shown seat the
        parts add up to ``State.scores``. Default: one part, the score."""
        return [ScorePart("ui.total", tuple(float(s) for s in state.scores()))]

PLAIN: Final[Explainer[Any]] = Explainer()
"""The explainer of a game that has none of its own: every default."""


def explainer(game: object) -> Explainer[Any]:
    """The explainer of ``game`` (a configuration or a name): the one its descriptor names
    (``GameDescriptor.explainer``), else :data:`PLAIN` (a game without one, or a game that is not installed). The one
    place that finds a game's presentation (``museion.core.registry.entry(game).explainer`` is the same)."""
    named: Explainer[Any] | None = part(game if isinstance(game, str) else str(getattr(game, "name", "")), "explainer")
    return PLAIN if named is None else named


def _norm(text: str) -> str:
    return "".join(text.split()).upper()
