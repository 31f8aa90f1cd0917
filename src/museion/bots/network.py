"""The policy-and-value network of the ``master`` bot, evaluated without PyTorch.

One network per game and player count reads one seat's observation tensor (the observer's ``observation_tensor``:
what that seat may see, nothing more) and gives

* a **policy**: a logit per distinct action (``Game.num_distinct_actions``); the priors of a position are the
  softmax over its legal actions;
* a **value**: each seat's share of the win, as a softmax over the seats in turn order from the reading seat
  (index ``k`` is seat ``(seat + k) % players``), so one network serves every seat.

Layout: input -> ``hidden[0]`` ReLU -> ``hidden[1]`` ReLU -> the two heads. ``museion train GAME --policy`` trains
it with PyTorch (``museion.arena.expert_iteration``) and writes ``models/policy-<players>p.json``: the weights as
base64 little-endian float32 arrays, so that a few hundred thousand weights stay well under a few MB and load in
milliseconds. Here they are read back into numpy arrays when numpy is installed (one evaluation: tens of
microseconds) and into Python lists otherwise, where the first layer only visits the tensor's non-zero entries
(observation tensors are mostly zeros) and the policy head only the legal actions: the pure build needs nothing
beyond the core.

Which network: ``master:model=NAME`` names one the game ships (``policy-2p``) or one the operator registered
(``museion serve --model NAME=FILE``, shared with the value models: ``learned.register_models``); never a file a
client names.
"""

from __future__ import annotations

import array
import base64
import json
import math
import pathlib
import random
import re
import sys
from typing import Any

from museion.core.errors import InvalidValue, shown
from museion.core.game import Game, State
from museion.core.registry import entry

FORMAT = 1
"""Version of the policy file layout (refused when different)."""
KIND = "policy-value"
POLICY_NAME = re.compile(r"^policy-\d+p$")
"""Stems of the shipped policy networks (``policy-2p.json``); ``learned`` leaves these out of the value models."""

_CACHE: dict[tuple[str, int], PolicyValueNet] = {}


def encode(values: list[float]) -> str:
    """Float32 little-endian, base64: the weights' storage."""
    data = array.array("f", values)
    if sys.byteorder != "little":
        data.byteswap()
    return base64.b64encode(data.tobytes()).decode("ascii")


def decode(text: str, count: int) -> list[float]:
    data = array.array("f")
    data.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        data.byteswap()
    if len(data) != count:
        raise ValueError(f"policy network: {len(data)} weights where the shapes say {count}")
    return data.tolist()


def _rows(flat: list[float], rows: int, cols: int) -> list[list[float]]:
    return [flat[r * cols:(r + 1) * cols] for r in range(rows)]


def _columns(flat: list[float], rows: int, cols: int) -> list[list[float]]:
    return [flat[c::cols] for c in range(cols)]


class PolicyValueNet:
    """A policy-and-value network loaded from its document (see the module docstring). ``W1`` is inputs x
    ``hidden[0]``, ``W2`` ``hidden[0]`` x ``hidden[1]``, ``Wp`` ``hidden[1]`` x actions, ``Wv`` ``hidden[1]`` x
    players, each with its bias ``b1``, ``b2``, ``bp``, ``bv``."""

    def __init__(self, data: dict[str, Any], game: Game, use_numpy: bool = True) -> None:
        if data.get("format") != FORMAT or data.get("kind") != KIND:
            raise ValueError(f"not a policy network of format {FORMAT} (kind {data.get('kind')!r}, format "
                             f"{data.get('format')!r})")
        self.inputs, self.actions, self.players = game.observation_tensor_size(), game.num_distinct_actions(), \
            game.num_players()
        if (data["game"], data["players"], data["inputs"], data["actions"]) != (
                game.name, self.players, self.inputs, self.actions):
            raise ValueError(f"the network is for {data['game']} with {data['players']} players, {data['inputs']} "
                             f"inputs and {data['actions']} actions, not {game!r} ({self.inputs} inputs, "
                             f"{self.actions} actions): retrain it (museion train {game.name} --policy)")
        self.meta = {k: v for k, v in data.items() if k != "weights"}
        self.hidden = h1, h2 = [int(h) for h in data["hidden"]]
        shapes = {"W1": (self.inputs, h1), "b1": (1, h1), "W2": (h1, h2), "b2": (1, h2),
                  "Wp": (h2, self.actions), "bp": (1, self.actions), "Wv": (h2, self.players), "bv": (1, self.players)}
        flat = {k: decode(data["weights"][k], r * c) for k, (r, c) in shapes.items()}
        self.np: Any = None
        if use_numpy:
            try:
                import numpy as np
            except ImportError:
                pass
            else:
                self.np = np
                self.arrays = {k: np.array(v, dtype=np.float32).reshape(shapes[k]) for k, v in flat.items()}
                self.arrays.update({k: self.arrays[k][0] for k in ("b1", "b2", "bp", "bv")})
        self.w1 = _rows(flat["W1"], self.inputs, h1)
        self.b1, self.b2, self.bp, self.bv = flat["b1"], flat["b2"], flat["bp"], flat["bv"]
        self.w2 = _rows(flat["W2"], h1, h2)
        self.wp = _columns(flat["Wp"], h2, self.actions)  # per action: its weights over the last hidden layer
        self.wv = _columns(flat["Wv"], h2, self.players)

    def evaluate(self, tensor: list[float], legal: list[int]) -> tuple[list[float], list[float]]:
        """``(priors over legal, win shares by seat from the reader)`` for one observation tensor."""
        if self.np is not None:
            logits, values = self._numpy(tensor, legal)
        else:
            logits, values = self._python(tensor, legal)
        return softmax(logits), softmax(values)

    def _numpy(self, tensor: list[float], legal: list[int]) -> tuple[list[float], list[float]]:
        np, a = self.np, self.arrays
        x = np.fromiter(tensor, dtype=np.float32, count=len(tensor))  # a third faster than asarray of a list
        h = np.maximum(x @ a["W1"] + a["b1"], 0.0)
        h = np.maximum(h @ a["W2"] + a["b2"], 0.0)
        logits = (h @ a["Wp"] + a["bp"])[legal]
        return logits.tolist(), (h @ a["Wv"] + a["bv"]).tolist()

    def _python(self, tensor: list[float], legal: list[int]) -> tuple[list[float], list[float]]:
        h = list(self.b1)
        for x, row in zip(tensor, self.w1, strict=True):
            if x:
                h = [acc + x * w for acc, w in zip(h, row, strict=True)]
        second = list(self.b2)
        for x, row in zip(h, self.w2, strict=True):
            if x > 0.0:
                second = [acc + x * w for acc, w in zip(second, row, strict=True)]
        top = [x if x > 0.0 else 0.0 for x in second]
        logits = [self.bp[a] + sum(x * w for x, w in zip(top, self.wp[a], strict=True)) for a in legal]
        values = [b + sum(x * w for x, w in zip(top, col, strict=True)) for b, col in zip(self.bv, self.wv,
                                                                                          strict=True)]
        return logits, values

    def evaluate_state(self, state: State, seat: int) -> tuple[list[float], list[float]]:
        """Priors over ``state``'s legal actions (``seat`` must be the one to act) and every seat's win share (by
        absolute seat), from ``seat``'s observation tensor only."""
        tensor = entry(state.game).observer.observation_tensor(state, seat)
        legal = state.legal_actions() if state.current_player() == seat else []
        priors, shares = self.evaluate(tensor, legal)
        n = self.players
        return priors, [shares[(p - seat) % n] for p in range(n)]


def softmax(logits: list[float]) -> list[float]:
    if not logits:
        return []
    top = max(logits)
    exps = [math.exp(z - top) for z in logits]
    total = sum(exps)
    return [e / total for e in exps]


def document(game: Game, hidden: tuple[int, int], weights: dict[str, list[float]],
             meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON a policy network is stored as, from flat row-major weights (see :class:`PolicyValueNet`)."""
    return {"format": FORMAT, "kind": KIND, "game": game.name, "players": game.num_players(),
            "options": game.options_json(), "inputs": game.observation_tensor_size(),
            "actions": game.num_distinct_actions(), "hidden": list(hidden), **(meta or {}),
            "weights": {k: encode(v) for k, v in weights.items()}}


def random_document(game: Game, hidden: tuple[int, int] = (64, 64), seed: int = 0) -> dict[str, Any]:
    """An untrained network (He-scaled uniform weights, zero biases): shapes for tests, a start for training."""
    rng = random.Random(seed)
    h1, h2 = hidden
    sizes = {"W1": (game.observation_tensor_size(), h1), "W2": (h1, h2), "Wp": (h2, game.num_distinct_actions()),
             "Wv": (h2, game.num_players())}
    weights: dict[str, list[float]] = {}
    for name, (rows, cols) in sizes.items():
        bound = math.sqrt(6.0 / rows)
        weights[name] = [rng.uniform(-bound, bound) for _ in range(rows * cols)]
        weights["b" + name[1:]] = [0.0] * cols
    return document(game, hidden, weights)


# -- naming ------------------------------------------------------------------------------------------------
def shipped_policies(game: Game) -> dict[str, pathlib.Path]:
    """The policy networks the game ships (``policy-<players>p.json`` in its models folder), by name."""
    from museion.bots.learned import _shipped_dir

    folder = _shipped_dir(type(game).__module__)
    return {p.stem: p for p in sorted(folder.glob("policy-*.json")) if POLICY_NAME.match(p.stem)} \
        if folder.is_dir() else {}


def policy_names() -> list[str]:
    """Every name ``master:model=`` accepts: the games' shipped networks and the operator's registered models."""
    from museion.bots.learned import _shipped_dir, registered
    from museion.core.registry import available_games

    names = set(registered())
    for name in available_games():
        try:
            folder = _shipped_dir(entry(name).game_class.__module__)
        except Exception:  # noqa: BLE001 - a game still being written ships nothing yet
            continue
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("policy-*.json") if POLICY_NAME.match(p.stem))
    return sorted(names)


def policy_option(value: Any) -> str:
    """Validator of ``master``'s ``model`` option: empty (the game's own network), ``none`` (no network: uniform
    priors, the comparison that tells what a network adds) or a known name, never a path."""
    if value in ("", "none"):
        return str(value)
    names = policy_names()
    if not isinstance(value, str) or value not in names:
        allowed = ", ".join(["none", *names])
        raise InvalidValue(f"got {shown(value)}; allowed: the name of a policy network ({allowed}), not a file",
                           shown(value), "error.allowed.choice", values=allowed)
    return value


def load_policy(game: Game, name: str = "") -> PolicyValueNet | None:
    """The network named ``name`` (registered, else shipped), or without a name the one the game ships for this
    configuration (``None`` when it has none); cached by file and modification time (training rewrites one)."""
    from museion.bots.learned import registered

    if name == "none":
        return None
    if not name:
        found = game.model_file("policy")
    else:
        files = {**{k: pathlib.Path(v) for k, v in registered().items()}, **shipped_policies(game)}
        if name not in files:
            raise ValueError(f"no policy network {shown(name)} for {game.name}; known: {', '.join(files) or 'none'}")
        found = files[name]
    if found is None:
        return None
    key = (f"{found.resolve()}|{game!r}", found.stat().st_mtime_ns)
    if key not in _CACHE:
        _CACHE[key] = PolicyValueNet(json.loads(found.read_text(encoding="utf-8")), game)
    return _CACHE[key]
