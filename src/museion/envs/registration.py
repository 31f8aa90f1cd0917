"""Versioned environment ids: ``gymnasium.make("museion:museion/Tholos-v0")``, ``museion.envs.tholos_v0``.

Every game gets the Gymnasium id ``museion/<Title>-v<N>`` (``museion/Tholos-v0``, ``museion/Imhotep-v0``,
``museion/Pergamon-v0``, and any game added later) for :class:`museion.envs.gymnasium.MuseionEnv` with that game,
plus the generic ``museion/Museion-v0`` that takes ``game=...``. ``N`` is the game's ``env_version`` (a class
attribute of its ``Game``; 0 when absent).

Versioning policy (docs/rl.md): an environment version names the trajectories, observations and action ids a
researcher's results were obtained on. A change to a game that alters any of them (a rule fix, a new observation
piece, renumbered actions, a different default option) must raise the game's ``env_version`` by one, and the old
id then stops resolving (Gymnasium names the newer version in its error). ``tests/envs/test_versions.py`` holds a
fingerprint of each game's current version (observation sizes, action count, a seeded random trajectory with its
observations) and fails when a change alters the fingerprint without a new version.

Registration needs no import by the user: Gymnasium's ``module:id`` form imports :mod:`museion`, which registers
the ids when Gymnasium is loaded (:func:`install`), and registers them as soon as Gymnasium is imported later.
Nothing here imports Gymnasium, numpy or a game's code until Gymnasium itself is imported.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from museion.core.registry import available_games, entry

__all__ = ["env_id", "env_version", "install", "register_gymnasium"]

NAMESPACE = "museion"
ENTRY_POINT = "museion.envs.gymnasium:MuseionEnv"
VECTOR_ENTRY_POINT = "museion.envs.vector:MuseionVectorEnv"
"""``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")``: N games per call."""
GENERIC_ID = "museion/Museion-v0"


def env_version(name: str) -> int:
    """The current environment version of a game (its ``Game.env_version``, 0 when the game declares none)."""
    return int(getattr(entry(name).game_class, "env_version", 0))


def env_id(name: str) -> str:
    """The Gymnasium id of a game's current version, e.g. ``museion/Tholos-v0``."""
    title = entry(name).game_class.title or name.title()
    return f"{NAMESPACE}/{title.replace(' ', '')}-v{env_version(name)}"


def register_gymnasium(games: Sequence[str] | None = None) -> list[str]:
    """Register the generic id and one id per game with Gymnasium (idempotent); returns the per-game ids."""
    import gymnasium  # noqa: PLC0415 - only ever called once Gymnasium is imported

    registry = gymnasium.registry
    if GENERIC_ID not in registry:
        gymnasium.register(id=GENERIC_ID, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT)
    ids = []
    for name in available_games() if games is None else games:
        ident = env_id(name)
        if ident not in registry:
            gymnasium.register(id=ident, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT,
                               kwargs={"game": name})
        ids.append(ident)
    return ids


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    """Registers the ids right after Gymnasium's own ``__init__`` ran, for a Gymnasium imported after museion."""

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            register_gymnasium()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Called by ``import museion``: register now if Gymnasium is loaded (``gymnasium.make("museion:...")``
    imports museion), or as soon as it is; nothing when Gymnasium is not installed."""
    if "gymnasium" in sys.modules:
        register_gymnasium()
    elif importlib.util.find_spec("gymnasium") is not None and not any(
            isinstance(finder, _AfterGymnasium) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterGymnasium())
