"""Stable-Baselines3 ``VecEnv`` over the native vector env: ``MaskablePPO("MlpPolicy", Sb3VecEnv(8, "tholos"))``.

SB3 has no adapter for Gymnasium's ``VectorEnv`` (its vector API predates it) and expects the SAME_STEP autoreset:
the step that ends a game returns the new game's first observation, the last one in
``infos[i]["terminal_observation"]``. This adapter steps :class:`museion.envs.vector.MuseionVectorEnv` (NEXT_STEP)
and then starts the finished games at once (``reset_done``). ``env_method("action_masks")`` returns the mask
rows, which is how sb3-contrib's ``MaskablePPO`` reads masks from a ``VecEnv``; other methods and attributes
are those of the per-game :class:`museion.envs.gymnasium.MuseionEnv`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from museion.envs.vector import MuseionVectorEnv

__all__ = ["Sb3VecEnv"]


class Sb3VecEnv(VecEnv):  # type: ignore[misc]
    """``Sb3VecEnv(num_envs, game, **MuseionVectorEnv options)``, or ``Sb3VecEnv(vector_env)``."""

    def __init__(self, num_envs: int | MuseionVectorEnv = 8, *args: Any, **kwargs: Any) -> None:
        vec = num_envs if isinstance(num_envs, MuseionVectorEnv) else MuseionVectorEnv(num_envs, *args, **kwargs)
        self.venv = vec
        super().__init__(vec.num_envs, vec.single_observation_space, vec.single_action_space)
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        seeds = None if all(s is None for s in self._seeds) else self._seeds
        obs, _ = self.venv.reset(seed=seeds)
        self._reset_seeds()
        self._reset_options()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, rewards, terminated, truncated, _ = self.venv.step(self._actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in self.venv.reset_done().tolist():
            infos[i] = {"terminal_observation": obs[i].copy(), "TimeLimit.truncated": bool(truncated[i])}
        return self.venv._out(self.venv._obs), rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        self.venv.close()

    def action_masks(self) -> np.ndarray:
        return self.venv.action_masks()

    def _games(self, indices: Any) -> list[Any]:
        return [self.venv.envs[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(env, attr_name) for env in self._games(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        for env in self._games(indices):
            setattr(env, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
                   ) -> list[Any]:
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        return [getattr(env, method_name)(*method_args, **method_kwargs) for env in self._games(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._games(indices)]

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks" or hasattr(self.venv.envs[0], attr_name)

