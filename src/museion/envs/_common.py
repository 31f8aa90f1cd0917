"""Pieces shared by the RL adapters: loading a game, final rewards, observation arrays, text rendering.

Everything here talks to games through the contract only (``museion.core.game``), so a new game works in
every adapter without changes.
"""

from __future__ import annotations

import math
import struct
import sys
from typing import Any

import numpy as np
from librt.strings import BytesWriter

from museion.core.errors import OptionError
from museion.core.game import Game, State
from museion.core.registry import entry, load

REWARDS = ("win", "margin", "win+margin")
"""``win``: +1 winners / -1 others / 0 on a full draw (``State.returns``); ``margin``: own final score minus
the best rival's final score; ``win+margin``: the win plus ``MARGIN_WEIGHT * tanh(margin / MARGIN_SCALE)``, so a
close loss is worth more than a rout (what ``benchmarks/ppo_baselines.py`` trains with: against a bot a new
learner never beats, ``win`` gives every episode -1 and PPO no signal)."""
MARGIN_WEIGHT, MARGIN_SCALE = 0.5, 10.0
"""The squashed margin's weight and scale in ``win+margin`` (points: the games score a few to a few tens)."""

OBSERVATION_LOW, OBSERVATION_HIGH = 0.0, 1.0
"""Bounds of every observation tensor entry: games document normalised [0, 1] layouts in their ``view.py``;
the PettingZoo ``api_test`` checks every observation against them."""


def make_game(game: str | Game, options: dict[str, Any]) -> Game:
    """A game instance from a name plus options, or an existing configuration (then no options allowed)."""
    if isinstance(game, Game):
        if options:
            raise OptionError(f"options {sorted(options)} given with a ready game {game!r}; pass the name instead")
        return game
    return load(game, **options)


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise OptionError(f"reward {reward!r} is not supported; allowed: {', '.join(map(repr, REWARDS))}")
    return reward


def final_rewards(state: State, reward: str) -> list[float]:
    """Each player's reward for a finished game under the ``reward`` scheme (see :data:`REWARDS`)."""
    if reward == "win":
        return [float(r) for r in state.returns()]
    scores = [float(s) for s in state.scores()]
    margins = scores if len(scores) == 1 else [s - max(scores[:p] + scores[p + 1:]) for p, s in enumerate(scores)]
    if reward == "margin":
        return margins
    return [float(r) + MARGIN_WEIGHT * math.tanh(m / MARGIN_SCALE) for r, m in zip(state.returns(), margins,
                                                                                      strict=True)]


def observation_parts(game: Game) -> tuple[Any, np.ndarray | None]:
    """The game's ``observation_entries`` (None when its view has none) and its constant entries
    (``observation_fixed``) as a ``float32`` row (None when it has none): what :class:`Observations` and the
    vector env (``museion.envs.vector``) write observations from. Both live in the module of the game's
    ``observation_tensor`` (its ``view.py``)."""
    view = sys.modules[entry(game).observer.observation_tensor.__module__]
    fixed = getattr(view, "observation_fixed", None)
    return (getattr(view, "observation_entries", None),
            None if fixed is None else np.array(fixed(game), dtype=np.float32))


class Observations:
    """A game configuration's observation tensors and action masks as numpy arrays, cheaply per step.

    A game whose ``view.py`` has ``observation_entries`` (compiled code in the compiled build: the indices of the
    entries that are 1 and the other non-zero entries with their values, the ones ``observation_fixed`` sets, the
    same in every position, left out; ``museion.core.batch.Entries``) gets its tensor as a copy of the fixed row with
    those entries set by numpy at once: no list of 1,512 floats (Pergamon) is built and converted. Otherwise the
    ``observation_tensor`` list is packed with a prepared :class:`struct.Struct` (about half the cost of numpy's
    conversion of a list, which first scans it). Observations come out read-only and fresh for every call (nothing
    a learner keeps is overwritten later); masks are set by index, without a loop."""

    __slots__ = ("_tensor", "_packer", "_entries", "_fixed", "game", "size", "actions")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._tensor = entry(game).observer.observation_tensor
        self.size, self.actions = game.observation_tensor_size(), game.num_distinct_actions()
        self._packer = struct.Struct(f"<{self.size}f")
        self._entries, fixed = observation_parts(game)
        self._fixed = np.zeros(self.size, dtype=np.float32) if fixed is None else fixed

    def observation(self, state: State, player: int) -> np.ndarray:
        if self._entries is None:
            return np.frombuffer(self._packer.pack(*self._tensor(state, player)), dtype=np.float32)
        out = np.empty(self.size, dtype=np.float32)
        self.write(out, state, player)
        out.flags.writeable = False
        return out

    def write(self, out: np.ndarray, state: State, player: int) -> None:
        """The observation tensor written into ``out`` (a writable ``float32`` vector of :attr:`size`)."""
        entries = self._entries
        if entries is None:
            self._packer.pack_into(out, 0, *self._tensor(state, player))
            return
        ones, where, values = BytesWriter(), BytesWriter(), BytesWriter()
        entries(state, player, 0, ones, where, values)
        out[:] = self._fixed
        out[np.frombuffer(ones.getvalue(), dtype=np.int64)] = 1.0
        out[np.frombuffer(where.getvalue(), dtype=np.int64)] = np.frombuffer(values.getvalue(), dtype=np.float64)

    def mask(self, state: State, player: int) -> np.ndarray:
        """``int8`` mask over all action ids: 1 for the legal actions of ``player`` (all 0 when not to act); a new
        array every call (Gymnasium's checker refuses observations that share data, as learners keep them)."""
        mask = np.zeros(self.actions, dtype=np.int8)
        if state.current_player() == player:
            mask[state.legal_actions()] = 1
        mask.flags.writeable = False
        return mask


def observation_array(state: State, player: int) -> np.ndarray:
    """The player's observation tensor as a read-only ``float32`` vector (read-only so caching it is safe)."""
    return Observations(state.game).observation(state, player)


def mask_array(state: State, size: int, player: int) -> np.ndarray:
    """``int8`` mask over all action ids: 1 for the legal actions of ``player`` (all 0 when not to act)."""
    mask = np.zeros(size, dtype=np.int8)
    if state.current_player() == player:
        mask[state.legal_actions()] = 1
    mask.flags.writeable = False
    return mask


def render_ansi(state: State) -> str:
    """The game's text renderer as a plain string (Rich renderables are printed without colour)."""
    out: object = entry(state.game).render_text(state)
    if isinstance(out, str):
        return out
    import io

    from rich.console import Console

    console = Console(width=120, color_system=None, file=io.StringIO(), record=True)
    console.print(out)
    return console.export_text()
