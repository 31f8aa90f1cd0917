"""Pergamon as a PettingZoo environment module (PettingZoo's naming): ``from museion.envs import pergamon_v0``, then
``pergamon_v0.env()``, ``pergamon_v0.raw_env()`` or ``pergamon_v0.parallel_env()`` with the game's options
(:mod:`museion.envs.pettingzoo`). The module refuses to load once Pergamon's environment version is no longer 0
(versioning policy: :mod:`museion.envs.registration`)."""

from museion.envs.pettingzoo import versioned

__all__ = ["env", "parallel_env", "raw_env"]

env, raw_env, parallel_env = versioned("pergamon", 0)
