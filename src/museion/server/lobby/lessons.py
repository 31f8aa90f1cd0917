"""The tutorial and the rules for players as the browser reads them: every position a lesson shows, replayed on the
engine once per game and language and then kept (a handful of entries: the installed games times the languages),
so an anonymous request for a lesson costs a dictionary read. The lesson runs in the browser; the short game that
ends a tutorial is an ordinary table with a bot, created through the lobby like any other."""

from __future__ import annotations

import functools
import logging
from typing import Any

from museion.core import i18n, lesson, registry
from museion.core.descriptor import descriptors
from museion.core.registry import load
from museion.server.config import short
from museion.server.edge.errors import TableError

log = logging.getLogger(__name__)
_BROKEN: set[tuple[str, str]] = set()
"""The lessons that failed to replay when the server started (a game still being written): not offered."""


def prepare() -> None:
    """Compute every installed game's lessons in every language (the server does it once, at start). A lesson
    that does not replay is logged and refused from then on, like a game the lobby cannot load."""
    for name, found in descriptors().items():
        for field, build in (("tutorial", _tutorial), ("guide", _guide)):
            if getattr(found, field) is None:
                continue
            try:
                for lang in i18n.LANGUAGES:
                    build(name, lang)
            except Exception:  # noqa: BLE001 - one game's broken lesson must not stop the server
                log.exception("the %s of %s does not replay; it is not offered", field, name)
                _BROKEN.add((name, field))


def _known(name: str, field: str) -> None:
    """A 404 unless ``name`` is an installed game whose descriptor names a ``field`` (tutorial or guide) that
    replays."""
    found = descriptors().get(name)
    if found is None or getattr(found, field) is None or (name, field) in _BROKEN:
        raise TableError("bad_game", f"no {field} for the game {short(name, 64)!r}", 404)


def names(game_name: str, options: dict[str, Any], lang: str) -> list[str]:
    """The seats as the lesson names them: their colours (or "seat N")."""
    game = load(game_name, **options)
    return [game.seat_label(p, lang) for p in range(game.num_players())]


def tutorial(name: str, lang: str) -> dict[str, Any]:
    """The tutorial of ``name`` in ``lang``: each step's text, the position it shows (the learner's view) and the
    move the learner makes there in notation (``None``: a step to read) with the board keys to tap for it (the
    game's targets, as a table's legal move has them)."""
    _known(name, "tutorial")
    return _tutorial(name, lang)


@functools.cache
def _tutorial(name: str, lang: str) -> dict[str, Any]:
    script = lesson.tutorial(name)
    assert script is not None
    seat = script.get("seat", 0)
    options = dict(script.get("options", {}))
    steps = []
    parts = registry.entry(name)
    for step, state, action in lesson.replay(name, script):
        steps.append({"say": lesson.say(step["say"], lang), "view": parts.observer.view(state, seat),
                      "do": None if action is None else state.action_to_string(action),
                      "targets": [] if action is None else parts.targets(state, action),
                      "to_move": max(state.current_player(), -1)})
    return {"game": name, "title": load(name, **options).title, "seat": seat, "options": options,
            "bot": script.get("bot", "easy"), "names": names(name, options, lang), "steps": steps}


def guide(name: str, lang: str) -> dict[str, Any]:
    """The rules for players of ``name`` in ``lang``: sections of text, some with a picture (a position and the
    board parts to mark)."""
    _known(name, "guide")
    return _guide(name, lang)


@functools.cache
def _guide(name: str, lang: str) -> dict[str, Any]:
    sections = lesson.guide(name)
    assert sections is not None
    shown = []
    for section in sections:
        entry: dict[str, Any] = {"title": lesson.say(section["title"], lang), "text": lesson.say(section["text"], lang)}
        picture = section.get("picture")
        if picture is not None:
            options = dict(picture.get("options", {}))
            state = lesson.position(name, options, picture.get("setup", ()))
            seen = registry.entry(name).observer.view(state, picture.get("seat", 0))
            entry["picture"] = {"view": seen, "mark": list(picture.get("mark", ())),
                                "caption": lesson.say(picture["caption"], lang), "names": names(name, options, lang)}
        shown.append(entry)
    return {"game": name, "title": load(name).title, "sections": shown}
