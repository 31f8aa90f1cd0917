"""A game's history as each observer learned it: the one builder behind every log a player is shown.

:func:`observe_step` asks the game (``State.observed_action`` and its ``events``) what each seat and a
spectator learn from one action; a :class:`Step` keeps those answers and renders them for one observer, in one
language, as a log entry (the web server) or as text lines (the terminal). Nothing here decides what is secret:
it only selects, for each observer, what the game declared for that observer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from museion.core.explain import explainer
from museion.core.game import Event, State
from museion.core.i18n import text
from museion.core.registry import entry

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One applied action: who made it, the notation each observer saw, and the events it caused.

    ``seen`` holds the notation for seat 0, 1, ... then for a spectator, or a single string when every observer
    saw the same. ``action`` (the true id) stays on the server side: :meth:`entry` and :meth:`lines` never show
    it, so a hidden chance outcome cannot leak through them."""

    n: int
    player: int | None
    seen: tuple[str, ...]
    events: tuple[Event, ...] = ()
    action: int = field(default=-1, repr=False)
    said: tuple[Event, ...] = ()
    """The move in words (the explainer's ``move_event``) per observer, ordered like ``seen`` (one when all agree)."""
    reveals: bool = True
    """The step showed some observer more than the move itself (:func:`reveals`): it is a take-back boundary."""

    def notation(self, observer: int | None) -> str:
        return _for(self.seen, observer)

    def words(self, observer: int | None, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The move in words for ``observer`` in ``lang`` (the notation when the step has no words): addressed to
        the mover where the game words its own moves apart (``<key>.you``), in the third person for the others."""
        if not self.said:
            return self.notation(observer)
        return _for(self.said, observer).text(lang, observer, names)

    def visible_events(self, observer: int | None) -> list[Event]:
        return [e for e in self.events if e.visible_to(observer)]

    def entry(self, observer: int | None, lang: str = "en", names: Sequence[str] | None = None) -> dict[str, Any]:
        """The step as ``observer`` may see it, as JSON data: ``n``, ``p`` (None: chance), ``t`` (notation) and
        ``ev``: the visible events, each with its ``key``, ``args`` and ``text`` in ``lang``."""
        return {
            "n": self.n, "p": self.player, "t": self.notation(observer), "text": self.words(observer, lang, names),
            "ev": [{**e.to_json(), "text": e.text(lang, observer, names)} for e in self.visible_events(observer)],
        }

    def lines(self, observer: int | None, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        """The step as text lines for ``observer``: the move, then each visible event."""
        notation, words = self.notation(observer), self.words(observer, lang, names)
        move = notation if words == notation else f"{notation} — {words}"
        if self.player is None:
            head = text("ui.chance", lang, move=move)
        elif self.player == observer:
            head = text("ui.plays.you", lang, names, player=self.player, move=move)
        else:
            head = text("ui.plays", lang, names, player=self.player, move=move)
        return [head] + [f"  - {e.text(lang, observer, names)}" for e in self.visible_events(observer)]


def _for(per_observer: tuple[T, ...], observer: int | None) -> T:
    """The entry of ``observer`` in a per-observer tuple (seats, then a spectator; or one shared by all)."""
    if len(per_observer) == 1:
        return per_observer[0]
    return per_observer[-1] if observer is None else per_observer[observer]


def observe_step(before: State, action: int) -> Step:
    """What every observer learns from ``action`` applied to ``before`` (which is left unchanged)."""
    player = before.current_player()
    game = before.game
    observers: list[int | None] = [None] if game.shared_observations else [*range(game.num_players()), None]
    seen = _shared(tuple(before.observed_action(action, o) for o in observers))
    words = explainer(before.game)
    said = _shared(tuple(words.move_event(before, action, o) for o in observers))
    events = tuple(entry(game).events(before, action))
    plain = before.action_to_string(action) if player >= 0 else None
    return Step(before.move_number(), player if player >= 0 else None, seen, events, action, said,
                reveals(plain, seen, said, events))


def reveals(plain: str | None, seen: tuple[str, ...], said: tuple[Event, ...], events: tuple[Event, ...]) -> bool:
    """Whether a step showed some observer more than the move itself, from what the game declared: chance
    (``plain`` None: an outcome was drawn), a notation that is not the move's public notation ``plain`` for some
    observer (a reveal is part of what its step is observed as: Pergamon's last figure placed is ``P5 (cards 3
    7)``, not ``P5``), words that differ by observer, or an event told only to some seats. The observations are
    a perfect-recall record of what each observer learns (``State.observed_action``), and ``museion check``
    verifies that an action observed alike leaves each seat the same view, so a step that says no more than its
    notation to everyone changed each view only as the move itself did. Such a step may be taken back
    (``museion.core.takeback``); any other is a boundary no take-back crosses."""
    return (plain is None or any(s != plain for s in seen) or len(said) > 1
            or any(e.audience is not None for e in events))


def _shared(values: tuple[T, ...]) -> tuple[T, ...]:
    return values[:1] if all(v == values[0] for v in values) else values


def observe_history(state: State, known: Sequence[Step] = ()) -> list[Step]:
    """The steps of ``state``'s whole history, replaying it from the start; ``known`` steps (of another history)
    are reused as long as that history agrees with this one, so a resampled state costs only its new tail."""
    history = state.history()
    same = 0
    while same < len(known) and same < len(history) and known[same].action == history[same]:
        same += 1
    steps = list(known[:same])
    replay = state.game.new_initial_state()
    for i, action in enumerate(history):
        if i >= same:
            steps.append(observe_step(replay, action))
        replay.apply_action(action)
    return steps
