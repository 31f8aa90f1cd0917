"""Errors raised by museion; each message says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

Reason = dict[str, Any]
"""A text of the catalogue to say an error in any language: ``{"key": KEY, "args": {...}}``; an argument may itself
be a reason (``allowed`` below), said first. Clients localize it (the web lobby, from ``GET /api/texts``)."""


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


def option_reason(option: str, got: Any, allowed: Reason | str, **args: Any) -> Reason:
    """The reason of an :class:`OptionError` about one option: "option {option}: got {got}; allowed: {allowed}",
    ``allowed`` a catalogue key (with ``args``) or a reason."""
    said = allowed if isinstance(allowed, dict) else {"key": allowed, "args": args}
    return {"key": "error.option", "args": {"option": option, "got": str(got), "allowed": said}}


class ConformanceError(MuseionError, AssertionError):
    """A violation of the game contract found by the conformance checker; carries the reproducing record."""

    def __init__(self, message: str, record: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.record = record
