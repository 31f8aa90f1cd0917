"""Learned leaf values: small models trained on self-play (``museion train``), evaluated in plain Python.

A model maps the game's feature vector (the evaluator's ``features``, named by ``Game.feature_names()``) to the
chance that ``player`` wins. It is stored as JSON in the game's folder (``models/value-<players>p.json``, see
``Game.model_file``) with its model card beside it, and evaluated here in plain Python, so the bots need nothing
beyond the core at play time (an ``mlp`` uses numpy when it is installed: one matrix product for all seats is
several times faster than the Python loops). Kinds:

* ``logistic``: ``sigmoid(w . x + b)``;
* ``mlp``: one hidden layer, ``sigmoid(v . relu(W x + b) + c)``.

Per position every seat is scored and the chances are normalised to sum to 1 (a win share per seat).

Which model: a bot spec names one (``mcts:eval=learned,model=NAME``), never a file: NAME is one the game ships
(``value-2p`` is ``models/value-2p.json`` in its folder, found by listing that folder) or one the operator
registered (``museion serve --model NAME=FILE``, ``register_models``); a client of the web table may send a spec,
and nothing it sends is opened as a file.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import pathlib
import re
from typing import Any

from museion.core.errors import InvalidValue, shown
from museion.core.game import Game, State
from museion.core.registry import available_games, entry

FORMAT = 1
"""Version of the weights file layout (refused when different)."""

_CACHE: dict[tuple[str, str], ValueModel | None] = {}
MODELS_ENV = "MUSEION_MODELS"
"""The operator's registered models (JSON ``{name: file}``), in the environment so that bot workers inherit it."""
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


def register_models(models: dict[str, pathlib.Path]) -> None:
    """Let bot specs name these model files (the operator's choice; ``museion serve --model NAME=FILE``)."""
    if models:
        known = registered()
        known.update({name: str(path.resolve()) for name, path in models.items()})
        os.environ[MODELS_ENV] = json.dumps(known)


def registered() -> dict[str, str]:
    """The models the operator registered: name -> file."""
    try:
        found = json.loads(os.environ.get(MODELS_ENV) or "{}")
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}


def _shipped_dir(game_module: str) -> pathlib.Path:
    package = importlib.import_module(game_module.rpartition(".")[0])
    return pathlib.Path(package.__file__ or "").parent / "models"


def shipped(game: Game) -> dict[str, pathlib.Path]:
    """The value models the game ships: the ``*.json`` files of its ``models`` folder, by name (their stem), but the
    ``master`` bot's policy networks (``policy-*.json``, read by ``network.py``)."""
    folder = _shipped_dir(type(game).__module__)
    return {p.stem: p for p in sorted(folder.glob("*.json")) if not p.stem.startswith("policy-")} \
        if folder.is_dir() else {}


def model_names() -> list[str]:
    """Every name a bot spec may give as ``model``: the games' shipped models and the registered ones."""
    names = set(registered())
    for game in available_games():
        try:
            module = entry(game).game_class.__module__
        except Exception:  # noqa: BLE001 - a game still being written ships nothing yet
            continue
        folder = _shipped_dir(module)
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.json") if not p.stem.startswith("policy-"))
    return sorted(names)


def model_option(value: Any) -> str:
    """Validator of the ``model`` option: empty (the game's own model) or a known model name, never a path."""
    if value == "":
        return ""
    names = model_names()
    if not isinstance(value, str) or not NAME.match(value) or value not in names:
        allowed = ", ".join(names) or "none"
        raise InvalidValue(f"got {shown(value)}; allowed: the name of a model ({allowed}), not a file", shown(value),
                           "error.allowed.choice", values=allowed)
    return value


class ValueModel:
    """A value model loaded from its JSON weights (see the module docstring)."""

    def __init__(self, data: dict[str, Any], game: Game) -> None:
        if data.get("format") != FORMAT:
            raise ValueError(f"value model format {data.get('format')!r}; this museion reads format {FORMAT}")
        names = game.feature_names()
        if data["features"] != names:
            raise ValueError(f"the model was trained on other features than {game.name}'s current ones; retrain it "
                             f"(museion train {game.name})")
        self.kind = data["kind"]
        self.meta = {k: v for k, v in data.items() if k not in ("weights",)}
        weights = data["weights"]
        if self.kind == "logistic":
            self.w = [float(x) for x in weights["w"]]
            self.b = float(weights["b"])
        elif self.kind == "mlp":
            self.hidden = [[float(x) for x in row] for row in weights["W"]]
            self.bias = [float(x) for x in weights["b"]]
            self.v = [float(x) for x in weights["v"]]
            self.c = float(weights["c"])
            try:
                import numpy as np
            except ImportError:
                self.np = None
            else:
                self.np = np
                hidden = np.array(self.hidden).T  # features x units
                bias: Any = np.array(self.bias)
                if names and names[0] == "bias":  # a constant-1 first feature carries the hidden bias
                    hidden[0] += bias
                    bias = None
                self.arrays = (hidden, bias, np.array(self.v))
        else:
            raise ValueError(f"unknown value model kind {self.kind!r}; allowed: logistic, mlp")

    def logit(self, x: list[float]) -> float:
        if self.kind == "logistic":
            return self.b + sum(w * f for w, f in zip(self.w, x, strict=True))
        out = self.c
        for row, b, v in zip(self.hidden, self.bias, self.v, strict=True):
            h = b + sum(w * f for w, f in zip(row, x, strict=True))
            if h > 0.0:
                out += v * h
        return out

    def win_chance(self, features: list[float]) -> float:
        """The model's chance that the seat described by ``features`` wins (not normalised)."""
        z = self.logit(features)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def win_chances(self, state: State, player: int) -> list[float]:
        """Every seat's share of the win chance (sums to 1), as ``player`` sees ``state``."""
        if self.kind == "mlp" and self.np is not None:
            np = self.np
            weights, bias, v = self.arrays
            h = np.array(entry(state.game).evaluator.seat_features(state)) @ weights
            if bias is not None:
                h += bias
            c = self.c
            chances = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z + c))))
                       for z in (np.maximum(h, 0.0, out=h) @ v).tolist()]
        else:
            chances = [self.win_chance(x) for x in entry(state.game).evaluator.seat_features(state)]
        total = sum(chances)
        return [c / total for c in chances]


def load_model(game: Game, name: str = "") -> ValueModel | None:
    """The value model named ``name`` (registered by the operator, else shipped with the game: see the module
    docstring), or without a name the one the game ships for this configuration (``None`` when it has none);
    cached. A name that is neither is refused: no file is looked for under a name a client sent."""
    key = (repr(game), name)
    if key not in _CACHE:
        if not name:
            found = game.model_file("value")
        else:
            files = {**{k: pathlib.Path(v) for k, v in registered().items()}, **shipped(game)}
            if name not in files:
                raise ValueError(f"no value model {shown(name)} for {game.name}; known: {', '.join(files) or 'none'}")
            found = files[name]
        _CACHE[key] = ValueModel(json.loads(found.read_text(encoding="utf-8")), game) if found is not None else None
    return _CACHE[key]
