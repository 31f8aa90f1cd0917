"""Errors raised by museion; each message says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

Reason = dict[str, Any]
"""A text of the catalogue to say an error in any language: ``{"key": KEY, "args": {...}}``; an argument may itself
be a reason (``allowed`` below), said first. Clients localize it (the web lobby, from ``GET /api/texts``)."""


def shown(value: Any, limit: int = 40) -> str:
    """An option value as a player reads it, the same in every language: numbers and words as they are written
    (text in double quotes, true/false, null), a mapping as "C: 9", a list comma-separated; never Python's own
    notation (``{'C': 9}``). Cut after ``limit`` characters, so an error never repeats a huge input."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, float):
        text = f"{value:g}"
    elif isinstance(value, str):
        text = f'"{value}"'
    elif isinstance(value, dict):
        text = ", ".join(f"{k}: {shown(v, limit)}" for k, v in value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        text = ", ".join(shown(v, limit) for v in value)
    else:
        text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


class MuseionError(Exception):
    """Base class of museion's own errors."""


class IllegalActionError(MuseionError, ValueError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class OptionError(MuseionError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed. The message is English;
    ``reason`` (when given) says the same through the catalogue, so a client can say it in its language."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidValue(MuseionError, ValueError):
    """An option value a validator refuses: the English message, the value as shown (``got``) and what is allowed
    as a catalogue text (``allowed`` and its ``args``); :func:`museion.core.game.parse_options` names the option."""

    def __init__(self, message: str, got: str, allowed: str, **args: Any) -> None:
        super().__init__(message)
        self.got = got
        self.allowed: Reason = {"key": allowed, "args": args}


class RefusedValue(MuseionError, ValueError):
    """An option value a validator refuses for a reason of its own rather than "got X; allowed Y" (a tables file
    that cannot be read, the entry at fault in it): the English message and the same as a catalogue text
    (``reason``); :func:`museion.core.game.parse_options` names the option."""

    def __init__(self, message: str, key: str, **args: Any) -> None:
        super().__init__(message)
        self.reason: Reason = {"key": key, "args": args}


def option_reason(option: str, got: Any, allowed: Reason | str, **args: Any) -> Reason:
    """The reason of an :class:`OptionError` about one option: "option {option}: got {got}; allowed: {allowed}",
    ``allowed`` a catalogue key (with ``args``) or a reason."""
    said = allowed if isinstance(allowed, dict) else {"key": allowed, "args": args}
    return {"key": "error.option", "args": {"option": option, "got": str(got), "allowed": said}}


class ConformanceError(MuseionError, AssertionError):
    """A violation of the game contract found by the conformance checker; carries the reproducing record. The message
    is English; ``reason`` (a ``check.violation`` text whose ``violation`` argument is a stable ``check.*`` key with
    its arguments) says it in any language."""

    def __init__(self, message: str, record: dict[str, Any] | None = None, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.record = record
        self.reason = reason
