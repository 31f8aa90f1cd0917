"""The Bot protocol and the bot registry used by the CLI, the arena and the server.

A bot decides for the player to act from what that player may see: it may call ``legal_actions()``,
``view(player)``, ``action_to_string`` and ``resample(player, rng)`` on the state it is given, never read hidden
fields. Searching bots work on ``state.resample(player, rng)`` (a state consistent with the player's view), so
anything they read there is either visible or a random guess. ``observe`` is told every applied action so
searching bots can reuse their tree.

Bots are named by a *spec*: ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` (e.g. ``mcts:sims=400,rollout=greedy``),
optionally prefixed by ``bot:``. Difficulty levels (``easy``, ``medium``, ``hard``) are registered names too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from museion.core.errors import OptionError
from museion.core.game import State


@dataclass(frozen=True)
class Param:
    """One tunable bot parameter: default, a line of documentation and a parser raising ``ValueError``."""

    default: Any
    doc: str
    parse: Callable[[Any], Any] = field(default=lambda v: v)


def int_param(lo: int, hi: int) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise ValueError(f"got {value!r}; allowed: an integer from {lo} to {hi}") from None
        if not lo <= number <= hi:
            raise ValueError(f"got {number}; allowed: an integer from {lo} to {hi}")
        return number

    return parse


def float_param(lo: float, hi: float) -> Callable[[Any], float]:
    def parse(value: Any) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"got {value!r}; allowed: a number from {lo} to {hi}") from None
        if not lo <= number <= hi:
            raise ValueError(f"got {number}; allowed: a number from {lo} to {hi}")
        return number

    return parse


def choice_param(*allowed: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if str(value).lower() not in allowed:
            raise ValueError(f"got {value!r}; allowed: {', '.join(allowed)}")
        return str(value).lower()

    return parse


class Bot:
    """Base class: subclasses implement :meth:`choose` and may declare ``PARAMS``."""

    name = "bot"
    PARAMS: ClassVar[Mapping[str, Param]] = {}

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)
        unknown = sorted(set(params) - set(self.PARAMS))
        if unknown:
            allowed = ", ".join(self.PARAMS) or "none"
            raise OptionError(f"bot {self.name!r} has no parameter {', '.join(map(repr, unknown))}; allowed: {allowed}")
        self.params: dict[str, Any] = {}
        for key, param in self.PARAMS.items():
            try:
                self.params[key] = param.parse(params.get(key, param.default))
            except ValueError as exc:
                raise OptionError(f"bot {self.name!r}, parameter {key!r}: {exc}") from None

    def choose(self, state: State) -> int:
        """The action for ``state.current_player()``; never called at chance or terminal nodes."""
        raise NotImplementedError

    def observe(self, state: State, action: int) -> None:
        """Called after ``action`` was applied to reach ``state`` (any player's, chance included)."""

    def __repr__(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.params.items())
        return f"<{type(self).__name__} {self.name}{':' + params if params else ''}>"


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[..., Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot}
"""Bot names (and difficulty levels) -> factories taking a seed and keyword parameters."""

LEVELS: dict[str, str] = {}
"""Difficulty level -> the spec it stands for (documentation; the factories are in ``BOTS``)."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"bot:mcts:sims=400,rollout=greedy"`` -> ``("mcts", {"sims": "400", "rollout": "greedy"})``."""
    text = spec.strip().removeprefix("bot:").strip()
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"bot spec {spec!r}: parameters are KEY=VALUE separated by commas, got {item!r}")
        params[key.strip().lower()] = value.strip()
    return name.strip().lower(), params


def split_specs(text: str) -> list[str]:
    """Split ``--bots`` text on commas, keeping ``KEY=VALUE`` parts with the bot before them.

    ``"mcts:sims=400,rollout=greedy,random"`` -> ``["mcts:sims=400,rollout=greedy", "random"]``.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build a bot from its spec, e.g. ``make_bot("hard", seed=3)`` or ``make_bot("mcts:sims=400", 3)``."""
    name, params = parse_spec(spec)
    if name not in BOTS:
        raise OptionError(f"unknown bot {spec!r}; available: {', '.join(sorted(BOTS))}")
    return BOTS[name](seed, **params)


def bot_names() -> list[str]:
    return sorted(BOTS)
