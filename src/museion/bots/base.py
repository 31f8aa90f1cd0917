"""The Bot protocol and the bot registry used by the CLI, the arena and the server.

A bot decides for the player to act from what that player may see: it may call ``legal_actions()``,
the observer's ``view`` and ``resample``, ``action_to_string`` on the state it is given, never read hidden
fields. Searching bots work on the observer's ``resample`` (a state consistent with the player's view), so
anything they read there is either visible or a random guess. ``observe`` is told every applied action so
searching bots can reuse their tree.

Bots are named by a *spec*: ``NAME`` or ``NAME:KEY=VALUE,KEY=VALUE`` (e.g. ``mcts:sims=400,rollout=greedy``),
optionally prefixed by ``bot:``. Difficulty levels (``easy``, ``medium``, ``hard``, ``expert``) are registered
names too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from museion.core.descriptor import bots_file, descriptors
from museion.core.errors import OptionError
from museion.core.game import Option, State, parse_options
from museion.core.play import seat_seed


class Bot:
    """Base class: subclasses implement :meth:`choose` and declare their parameters in ``OPTIONS``.

    Parameters are core :class:`~museion.core.game.Option` s, validated like game options: an unknown key or a bad
    value raises :class:`OptionError` naming the bot, the parameter and what is allowed.
    """

    name = "bot"
    OPTIONS: ClassVar[Mapping[str, Option]] = {}

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = random.Random(seed)
        self.params: dict[str, Any] = parse_options(f"bot {self.name!r}", self.OPTIONS, params)

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
"""Difficulty level -> the spec it stands for, weakest first (``register_level`` fills it and ``BOTS``)."""


Configuration = tuple[str, int]
"""A game configuration a level may play differently: (game name, number of players)."""

CONFIGURED: dict[str, dict[Configuration, str]] = {}
"""Level -> its per-configuration parameters (``register_level``'s ``by_configuration``), for docs and clients."""

OFFERED: dict[str, frozenset[Configuration]] = {}
"""Level -> the only configurations it is offered in (``register_level``'s ``where``: ``master`` where its network
was measured stronger than ``expert``); a level not here is offered in every configuration."""

STANDS_FOR: dict[str, BotFactory] = {}
"""Level -> the bot its spec names, as registered before the level (a level may take its bot's own name, as
``master``, so ``BOTS`` then holds the level's factory, not the bot's class with its ``OPTIONS``)."""


def games_configurations(level: str) -> dict[Configuration, str]:
    """The parameters each installed game gives ``level`` for a player count (the ``levels`` of its bots' file,
    ``bots.json``, named by its descriptor): the bots name no game."""
    return {(game, int(players)): text for game in descriptors()
            for players, text in bots_file(game).get("levels", {}).get(level, {}).items()}


def register_level(level: str, spec: str, by_configuration: Mapping[Configuration, str] | None = None,
                   where: frozenset[Configuration] | None = None) -> None:
    """Make ``level`` a bot name standing for ``spec`` (e.g. ``"hard"`` -> ``"mcts:sims=1000"``); parameters
    given with the level override the spec's (``hard:sims=2000``).

    ``by_configuration``: parameters (``"cutoff=-1"``) the level takes instead of the spec's in one game
    configuration, e.g. ``{("imhotep", 4): "cutoff=-1"}``, for a bot that takes ``by_configuration`` (``mcts``) and
    applies it when it first sees the game: what was measured best differs between configurations. The games'
    own (:func:`games_configurations`) come first, these over them. Parameters given with the level still win
    (``expert:cutoff=0`` is cutoff 0 everywhere).

    ``where``: the only configurations the level is offered in (:func:`levels`; a bot spec still plays anywhere),
    for a level measured stronger than the one below it only there."""
    by_configuration = {**games_configurations(level), **(by_configuration or {})}
    name, fixed = parse_spec(spec)
    base = BOTS[name]
    configured = {key: parse_spec(f"{name}:{text}")[1] for key, text in (by_configuration or {}).items()}
    for over in configured.values():
        parse_options(f"bot {name!r}", getattr(base, "OPTIONS", {}), {**fixed, **over})  # refused now, not in play

    def factory(seed: int | None = None, **params: Any) -> Bot:
        if not configured:
            return base(seed, **{**fixed, **params})
        overrides = {key: {k: v for k, v in over.items() if k not in params} for key, over in configured.items()}
        return base(seed, by_configuration=overrides, **{**fixed, **params})

    LEVELS[level] = spec
    CONFIGURED[level] = dict(by_configuration or {})
    STANDS_FOR[level] = STANDS_FOR.get(name, base)
    BOTS[level] = factory
    if where is None:
        OFFERED.pop(level, None)
    else:
        OFFERED[level] = where


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


def make_bots(specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat for the game seeded with ``seed``, seated by the one seeding rule
    (:func:`museion.core.play.seat_seed`)."""
    return [make_bot(spec, seat_seed(seed, p)) for p, spec in enumerate(specs)]


def bot_names() -> list[str]:
    return sorted(BOTS)


def levels(configuration: Configuration | None = None) -> list[str]:
    """The difficulty levels, weakest first (what clients offer as a level list): those offered in
    ``configuration`` (game name, players), or every one without it."""
    return [level for level in LEVELS if configuration is None or configuration in OFFERED.get(level, {configuration})]


def bot_options(name: str) -> Mapping[str, Option]:
    """The parameters the registered bot or level ``name`` takes (a level: those of the bot it stands for)."""
    return getattr(STANDS_FOR.get(name, BOTS.get(name)), "OPTIONS", {})


def spend_budget(params: Mapping[str, Any], simulate_once: Callable[[], None], check_every: int) -> int:
    """Run ``simulate_once`` until the search's budget is spent: ``time=`` seconds on the ``clock=`` clock when given,
    else ``sims=`` simulations; the count made. The clock is read only every ``check_every`` simulations (a read
    costs about as much as a short simulation). The searches of ``expert`` and ``master`` share this loop."""
    budget = params["time"]
    clock = time.process_time if params["clock"] == "cpu" else time.perf_counter
    deadline = clock() + budget if budget else None
    sims = params["sims"]
    count = 0
    while True:
        simulate_once()
        count += 1
        if deadline is not None:
            if count % check_every == 0 and clock() >= deadline:
                return count
        elif count >= sims:
            return count
