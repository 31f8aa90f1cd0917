"""Learned leaf values: small models trained on self-play (``museion train``), evaluated in plain Python.

A model maps the game's feature vector (``State.features(player)``, named by ``Game.feature_names()``) to the
chance that ``player`` wins. It is stored as JSON in the game's folder (``models/value-<players>p.json``, see
``Game.model_file``) with its model card beside it, and evaluated here in plain Python, so the bots need nothing
beyond the core at play time (an ``mlp`` uses numpy when it is installed: one matrix product for all seats is
several times faster than the Python loops). Kinds:

* ``logistic``: ``sigmoid(w . x + b)``;
* ``mlp``: one hidden layer, ``sigmoid(v . relu(W x + b) + c)``.

Per position every seat is scored and the chances are normalised to sum to 1 (a win share per seat).
"""

from __future__ import annotations

import json
import math
import pathlib
from typing import Any

from museion.core.game import Game, State

FORMAT = 1
"""Version of the weights file layout (refused when different)."""

_CACHE: dict[tuple[str, str], ValueModel | None] = {}


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
            h = np.array(state.seat_features()) @ weights
            if bias is not None:
                h += bias
            c = self.c
            chances = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z + c))))
                       for z in (np.maximum(h, 0.0, out=h) @ v).tolist()]
        else:
            chances = [self.win_chance(x) for x in state.seat_features()]
        total = sum(chances)
        return [c / total for c in chances]


def load_model(game: Game, path: str = "") -> ValueModel | None:
    """The value model in ``path``, or the one the game ships for this configuration (``None`` when it has
    none); cached."""
    key = (repr(game), path)
    if key not in _CACHE:
        found = pathlib.Path(path) if path else game.model_file("value")
        _CACHE[key] = ValueModel(json.loads(found.read_text(encoding="utf-8")), game) if found is not None else None
    return _CACHE[key]
