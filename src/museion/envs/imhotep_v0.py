"""Imhotep as a PettingZoo environment module (PettingZoo's naming): ``from museion.envs import imhotep_v0``, then
``imhotep_v0.env()``, ``imhotep_v0.raw_env()`` or ``imhotep_v0.parallel_env()`` with the game's options
(:mod:`museion.envs.pettingzoo`). The module refuses to load once Imhotep's environment version is no longer 0
(versioning policy: :mod:`museion.envs.registration`)."""

from museion.envs.pettingzoo import versioned

__all__ = ["env", "parallel_env", "raw_env"]

env, raw_env, parallel_env = versioned("imhotep", 0)
