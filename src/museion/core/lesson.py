"""Learning a game: its tutorial and its rules for players, both written in the game's folder and both replayed on
the real engine, so a lesson can never show a position or a move the rules do not allow.

A **tutorial** (the descriptor's ``tutorial``) is a mapping::

    {"options": {...},            # the game's options for the lesson (and for the game against the bot after it)
     "seat": 0,                   # the learner's seat
     "setup": ["T2W", ...],       # moves in notation (chance outcomes included) that prepare the first position
     "steps": [                   # one screen each
        {"say": msg("<game>.lesson.<n>.say", "..."),  # what the step teaches, short, in the rulebooks' words
         "do": "PC:W",            # optional: the learner's move, highlighted on the board; none: a "Next" button
         "then": ["T1B"]},        # optional: what follows it (the opponent's scripted replies, chance outcomes)
        ...],
     "bot": "easy"}               # the level of the bot of the short game that ends the tutorial

A **guide** (the descriptor's ``guide``) is a list of sections ``{"title": msg(...), "text": msg(...)}``, some with
a ``"picture": {"options": {...}, "setup": [...], "mark": ["col:C", ...], "caption": msg(...)}``: a position the
board draws with the named parts marked.

Every text is a message of the game's catalogues (:mod:`museion.core.i18n`: the English in the code, its key
``<game>.lesson.<step number>.say``, ``<game>.guide.<section>.title`` / ``.text`` / ``.caption``; the module's
``TEXTS``, named in the descriptor's ``texts``), so translators work on them in the ``.po`` files.

:func:`replay` plays a script move by move with :meth:`State.string_to_action` and :meth:`State.apply_action`
(each step is validated; an illegal one raises with the rule that forbids it); the tests replay every game's script.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from museion.core import i18n
from museion.core.descriptor import resolve
from museion.core.game import State
from museion.core.registry import descriptor, load


def tutorial(name: str) -> Mapping[str, Any] | None:
    """The tutorial of the game ``name`` (``None``: it has none)."""
    found = descriptor(name).tutorial
    return resolve(found) if found else None


def guide(name: str) -> Sequence[Mapping[str, Any]] | None:
    """The rules for players of the game ``name`` (``None``: it has none; the summary stands in)."""
    found = descriptor(name).guide
    return resolve(found) if found else None


def play(state: State, moves: Sequence[str]) -> State:
    """``state`` after ``moves`` in notation, each checked by the engine (``IllegalActionError`` says why not)."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def position(name: str, options: Mapping[str, Any], setup: Sequence[str]) -> State:
    """The prepared position: the game with ``options`` after ``setup``."""
    return play(load(name, **dict(options)).new_initial_state(), setup)


def replay(name: str, script: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], State, int | None]]:
    """Each step of a tutorial with the position it is shown at and the action id of its ``do`` (``None``: a step
    to read). The learner's move must be the learner's to make; what follows it is played as written."""
    state = position(name, script.get("options", {}), script.get("setup", ()))
    seat = script.get("seat", 0)
    for step in script["steps"]:
        action = None
        if step.get("do"):
            if state.current_player() != seat:
                raise ValueError(f"{name} tutorial: {step['do']!r} is not the learner's move (to move: "
                                 f"{state.current_player()})")
            action = state.string_to_action(step["do"])
        yield step, state.clone(), action
        if action is not None:
            state.apply_action(action)
        play(state, step.get("then", ()))


def say(text: i18n.Message, lang: str) -> str:
    """A lesson's text in ``lang`` (English where the game's catalogue has none), as written (nothing is filled
    in)."""
    return i18n.template(text.key, lang) or text.english


def guide_text(name: str, lang: str) -> str | None:
    """The rules for players as plain text (``museion rules``): each section's title and text, the pictures'
    captions in brackets."""
    sections = guide(name)
    if sections is None:
        return None
    parts = []
    for section in sections:
        parts.append(f"{say(section['title'], lang).upper()}\n{say(section['text'], lang)}")
        if "picture" in section:
            parts.append(f"[{say(section['picture']['caption'], lang)}]")
    return "\n\n".join(parts)
