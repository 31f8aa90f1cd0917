"""A native Gymnasium vector env: N games of one configuration stepped per call, the learner on one seat of each.

``MuseionVectorEnv(8, "tholos", opponents="random")``, or ``gymnasium.make_vec("museion/Tholos-v0", num_envs=8,
vectorization_mode="vector_entry_point")``. Same semantics as :class:`museion.envs.gymnasium.MuseionEnv` (it
drives one ``MuseionEnv`` per game for the seat draw, bots, chance and rewards), so the same seeds give the same
trajectories as N single envs; what it saves is the per-step wrapping:

* observations: one preallocated ``float32`` array ``(N, observation_tensor_size)``; each game's observer tensor
  is packed straight into its row (``struct.pack_into``), no per-game array or dict. ``observation_space`` is the
  batched flat ``Box`` (the single env's ``flat=True`` layout); opponent policies get that flat vector too;
* action masks: one preallocated ``int8`` array ``(N, num_distinct_actions)`` in ``infos["action_mask"]``,
  ``action_masks()`` gives it as booleans (sb3-contrib's ``MaskablePPO`` convention); a finished game's row
  allows every action, as in the single env;
* ``infos["seat"]``: the learner's seat per game (``seat=None`` draws one at every reset);
  ``infos["illegal_action"]``: which games just ended on an illegal action (``illegal_action="terminate"``);
* autoreset: Gymnasium 1.x's ``AutoresetMode.NEXT_STEP`` (the default of ``SyncVectorEnv``): the step that ends a
  game returns its last observation with ``terminated`` set; on the next ``step`` that game's action is ignored
  and it starts a new game (reward 0, not terminated), its RNG continuing;
* seeding: ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (Gymnasium's convention), or pass one seed per game;
* ``copy=True`` (default) returns copies of the observation and mask arrays; ``copy=False`` returns the
  preallocated arrays themselves, overwritten by the next call (cheapest; fine for a learner that copies into
  its rollout buffer).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from museion.core.errors import OptionError
from museion.core.game import Game
from museion.core.registry import entry
from museion.envs._common import final_rewards, make_game
from museion.envs.gymnasium import MuseionEnv, Opponent

__all__ = ["MuseionVectorEnv"]


class MuseionVectorEnv(VectorEnv):
    """``num_envs`` games, one learner seat each, stepped together (see the module docstring)."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 8, game: str | Game = "tholos", seat: int | None = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", reward: str = "win",
                 illegal_action: str = "terminate", illegal_reward: float = -1.0, copy: bool = True,
                 **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(f"num_envs {num_envs!r} is not allowed; allowed: an integer >= 1")
        config = make_game(game, options)
        self.envs = [MuseionEnv(config, seat=seat, opponents=opponents, reward=reward,
                                illegal_action=illegal_action, illegal_reward=illegal_reward, flat=True)
                     for _ in range(num_envs)]
        self.game, self.num_envs, self.copy = config, num_envs, bool(copy)
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size = config.observation_tensor_size()
        self._actions = actions = config.num_distinct_actions()
        self._tensor = entry(config).observer.observation_tensor
        self._packer, self._row_bytes = struct.Struct(f"<{size}f"), 4 * size
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.ones((num_envs, actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._pending = [False] * num_envs  # the games the next step() restarts (a list: cheap to read per game)
        self._mask_rows = list(self._masks)  # row views, indexed without numpy's tuple indexing

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games everywhere; ``seed``: an int (game ``i`` gets ``seed + i``), one seed per game, or None."""
        super().reset(seed=seed if isinstance(seed, int) or seed is None else None)
        seeds = self._seeds(seed)
        for i, env in enumerate(self.envs):
            env.reset(seed=seeds[i])
            self._seats[i] = env.seat
            self._write(i, env)
        self._pending = [False] * self.num_envs
        self._illegal[:] = False
        return self._out(self._obs), self._infos()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One learner action per game (ignored for a game being autoreset); bots answer inside the call.
        Per-game results go to Python lists (a numpy scalar store costs more than the list) made arrays once."""
        chosen = np.asarray(actions).tolist()
        results = []
        write, step_one, restart = self._write, self._step_one, self._restart
        for i, env in enumerate(self.envs):
            results.append(restart(i, env) if self._pending[i] else step_one(i, env, int(chosen[i])))
            write(i, env)
        rewards, terminated, illegal = zip(*results, strict=True)
        self._pending = list(terminated)
        self._rewards[:], self._terminated[:], self._illegal[:] = rewards, terminated, illegal
        return (self._out(self._obs), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(),
                self._infos())

    def _restart(self, i: int, env: MuseionEnv) -> tuple[float, bool, bool]:
        """The NEXT_STEP autoreset of game ``i``: a new game, its RNG continuing (reward 0)."""
        env.reset()
        self._seats[i] = env.seat
        return 0.0, env._done, False

    def reset_done(self) -> np.ndarray:
        """Start the new game of every game that just ended now instead of on the next ``step`` (the
        SAME_STEP autoreset that Stable-Baselines3's ``VecEnv`` expects: :mod:`museion.envs.sb3`); returns the
        indices reset. Their rows of the observation and mask arrays then hold the new games."""
        done = [i for i, pending in enumerate(self._pending) if pending]
        for i in done:
            env = self.envs[i]
            env.reset()
            self._seats[i] = env.seat
            self._write(i, env)
        self._pending = [False] * self.num_envs
        return np.array(done, dtype=np.intp)

    def action_masks(self) -> np.ndarray:
        """Legal actions of every game's learner as booleans ``(N, num_actions)`` (sb3-contrib's convention)."""
        return self._masks.astype(np.bool_)

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []

    # -- helpers ---------------------------------------------------------------------------------------------
    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise OptionError(f"{len(seeds)} seeds given for {self.num_envs} games; allowed: an int, None, "
                              f"or exactly {self.num_envs} seeds")
        return seeds

    def _step_one(self, i: int, env: MuseionEnv, action: int) -> tuple[float, bool, bool]:
        """The single env's ``step`` without building its observation: (reward, terminated, illegal). Legality
        is read from the mask row written for this very state (saves a second ``legal_actions()``)."""
        state = env.state
        if not (0 <= action < self._actions and self._mask_rows[i][action]):
            if env.illegal_action == "raise":
                state.apply_action(action)  # raises IllegalActionError with the legal moves listed
            env._done = True
            return env.illegal_reward, True, True
        env._apply(action)
        env._advance()
        if not state.is_terminal():
            return 0.0, False, False
        env._done = True
        return final_rewards(state, env.reward_scheme)[env.seat], True, False

    def _write(self, i: int, env: MuseionEnv) -> None:
        """Game ``i``'s observation packed into row ``i``; its mask row set by index (all 1 once over)."""
        state, seat = env.state, env.seat
        self._packer.pack_into(self._obs, i * self._row_bytes, *self._tensor(state, seat))
        row = self._mask_rows[i]
        if state.is_terminal():
            row.fill(1)
            return
        row.fill(0)
        if state.current_player() == seat:
            row[state.legal_actions()] = 1

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._out(self._masks), "seat": self._seats.copy(),
                "illegal_action": self._illegal.copy()}

