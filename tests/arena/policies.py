"""Policies for the arena tests, importable as ``py:tests.arena.policies:<name>`` (observation, mask) -> action."""

from __future__ import annotations

from typing import Any

SEEN: list[tuple[Any, Any]] = []


def first_legal(observation: Any, mask: Any) -> int:
    """The lowest legal action id; records what it was given, so a test can check the observation and mask."""
    SEEN.append((observation, mask))
    return int(mask.nonzero()[0][0])


def illegal(observation: Any, mask: Any) -> int:
    """Always an action the mask forbids."""
    return int((mask == 0).nonzero()[0][0])
