"""Learned leaf values: small models trained on self-play (``museion train``), evaluated in plain Python.

A model maps the game's feature vector (``State.features(player)``, named by ``Game.feature_names()``) to the
chance that ``player`` wins. It is stored as JSON in the game's folder (``models/value-<players>p.json``, see
``Game.model_file``) with its model card beside it, and evaluated here without numpy, so the bots need nothing
beyond the core at play time. Kinds:

* ``logistic``: ``sigmoid(w . x + b)``;
* ``mlp``: one hidden layer, ``sigmoid(v . relu(W x + b) + c)``.

Per position every seat is scored and the chances are normalised to sum to 1 (a win share per seat).
"""

from __future__ import annotations

import json
import math
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
        chances = [self.win_chance(x) for x in state.seat_features()]
        total = sum(chances)
        return [c / total for c in chances]


def load_model(game: Game, kind: str = "value") -> ValueModel | None:
    """The model the game ships for this configuration (cached), or ``None`` when it has none."""
    key = (repr(game), kind)
    if key not in _CACHE:
        path = game.model_file(kind)
        _CACHE[key] = ValueModel(json.loads(path.read_text(encoding="utf-8")), game) if path is not None else None
    return _CACHE[key]
