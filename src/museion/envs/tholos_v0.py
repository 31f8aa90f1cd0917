"""Tholos as a PettingZoo environment module (PettingZoo's naming): ``from museion.envs import tholos_v0``, then
``tholos_v0.env()``, ``tholos_v0.raw_env()`` or ``tholos_v0.parallel_env()`` with the game's options
(:mod:`museion.envs.pettingzoo`). The module refuses to load once Tholos's environment version is no longer 0
(versioning policy: :mod:`museion.envs.registration`)."""

from museion.envs.pettingzoo import versioned

__all__ = ["env", "parallel_env", "raw_env"]

env, raw_env, parallel_env = versioned("tholos", 0)
