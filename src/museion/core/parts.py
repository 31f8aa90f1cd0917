"""A game's parts beside its rules, loaded: what a seat sees, what a position is worth, what happens by itself.

A :class:`~museion.core.game.State` holds the rules only (OpenSpiel keeps its ``Observer`` apart from its ``State``,
python-chess its SVG apart from ``Board``). Each other part is one file of the game's folder, named by its
descriptor, reached by every caller through the same API::

    parts = museion.core.registry.entry(state.game)
    parts.observer.view(state, seat)              # the game's view.py
    parts.evaluator.evaluate(state, seat)         # the game's evaluate.py
    parts.events(state, action)                   # the game's events.py
    parts.explainer.describe(state, action)       # the game's explain.py
    parts.render_text(state, seat, lang)          # the game's render.py
    parts.targets(state, action)                  # the game's targets.py: the board keys a move touches

A part module defines the functions below under these names; what it leaves out gets the default written here, so a
new game needs only ``view`` and ``observation_tensor``. Each function takes the state first, so a searching bot
looks a function up once per search (``evaluate = parts.evaluator.evaluate``) and calls it as directly as a method.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from museion.core.game import Event, State


def _clone(state: State[Any], player: int, rng: random.Random) -> State[Any]:
    return state.clone()


def _determined(state: State[Any], player: int) -> bool:
    return not state.game.hidden_information


@dataclass(frozen=True)
class Observer:
    """What each seat may see of a position (the game's ``view.py``; the secrecy the game declares)."""

    view: Callable[[State[Any], int | None], dict[str, Any]]
    """``view(state, player)``: JSON-able dict of everything ``player`` sees now (``None``: a spectator)."""
    observation_tensor: Callable[[State[Any], int], list[float]]
    """``observation_tensor(state, player)``: a flat numeric encoding of the view, of
    ``Game.observation_tensor_size()`` entries in [0, 1] (layout documented in the game's ``view.py``)."""
    resample: Callable[[State[Any], int, random.Random], State[Any]] = _clone
    """``resample(state, player, rng)``: a full state ``player`` cannot tell from ``state`` (its view, and every
    observed action of its history, are the same); its hidden chance outcomes drawn anew from ``rng``. Default: a
    clone (nothing hidden)."""
    determined_for: Callable[[State[Any], int], bool] = _determined
    """``determined_for(state, player)``: True when ``resample`` would give this very state now (searching bots
    then keep a perfect-information tree). Default: the game has no hidden information."""

    @classmethod
    def of(cls, module: ModuleType) -> Observer:
        return cls(**_defined(module, cls))


def _scores(state: State[Any], player: int) -> list[float]:
    return [float(s) for s in state.scores()]


def _unknown(state: State[Any]) -> int | None:
    return None


@dataclass(frozen=True)
class Evaluator:
    """What the bots know of a position beyond the rules (the game's ``evaluate.py``). Every function reads only
    what ``view(player)`` shows; searching bots call them on their determinisations (``Observer.resample``)."""

    evaluate: Callable[[State[Any], int], list[float]]
    """``evaluate(state, player)``: every player's estimated final standing in the game's points as ``player`` may
    see the position; only differences matter (``Game.evaluation_scale``). Default: the scores."""
    features: Callable[[State[Any], int], list[float]]
    """``features(state, player)``: the numbers a learned value model reads, named by ``Game.feature_names``.
    Default: the observation tensor."""
    seat_features: Callable[[State[Any]], list[list[float]]]
    """``seat_features(state)``: ``features`` of every seat, in seat order (games compute shared parts once)."""
    remaining_decisions: Callable[[State[Any]], int | None] = _unknown
    """``remaining_decisions(state)``: a lower bound on the player decisions left, when cheap (``None``: unknown);
    searching bots switch to exact endings when it is small."""

    @classmethod
    def of(cls, module: ModuleType | None, observer: Observer) -> Evaluator:
        """The functions ``module`` defines; ``features`` and ``seat_features`` each made from the other when only
        one is there, from the observation tensor when neither is."""
        found = _defined(module, cls) if module is not None else {}
        found.setdefault("evaluate", _scores)
        features = found.get("features")
        seats = found.get("seat_features")
        if features is None:
            features = found["features"] = observer.observation_tensor if seats is None else _one_seat(seats)
        if seats is None:
            found["seat_features"] = _every_seat(features)
        return cls(**found)


def _one_seat(seats: Callable[[State[Any]], list[list[float]]]) -> Callable[[State[Any], int], list[float]]:
    def features(state: State[Any], player: int) -> list[float]:
        return seats(state)[player]
    return features


def _every_seat(features: Callable[[State[Any], int], list[float]]) -> Callable[[State[Any]], list[list[float]]]:
    def seat_features(state: State[Any]) -> list[list[float]]:
        return [features(state, p) for p in range(state.game.num_players())]
    return seat_features


def no_targets(state: State[Any], action: int) -> list[str]:
    """The targets of a game that names none: no move has a place on the board (the move list plays them all)."""
    return []


def no_events(state: State[Any], action: int) -> list[Event]:
    """The events of a game that declares none: nothing happens by itself."""
    return []


def _defined(module: ModuleType, part: type[Any]) -> dict[str, Any]:
    """The functions of ``module`` named like the part's fields (the others are left to their defaults)."""
    names = [f.name for f in dataclasses.fields(part)]
    return {name: getattr(module, name) for name in names if callable(getattr(module, name, None))}
