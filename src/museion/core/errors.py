"""Errors raised by museion; each message says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any


class MuseionError(Exception):
    """Base class of museion's own errors."""


class IllegalActionError(MuseionError, ValueError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class OptionError(MuseionError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed."""


class ConformanceError(MuseionError, AssertionError):
    """A violation of the game contract found by the conformance checker; carries the reproducing record."""

    def __init__(self, message: str, record: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.record = record
