"""Which build of the engines this process runs: the compiled one (mypyc) when a current one is there, else pure.

``tools/compile.py`` (run by ``make run`` / ``make test`` where a C compiler is available) compiles the modules of
``museion.core.registry.compiled_modules()`` (the core's, :func:`core_modules`, and those the games' descriptors
name) with mypyc into ``build/compiled/`` next to ``src/``, with a manifest naming each extension and the SHA-256
of the source it was compiled from. Importing :mod:`museion` calls
:func:`install`, which puts a finder in front of Python's own so those modules load from the extensions, but only
when every listed source is unchanged since the build (a compiled module calls the others natively, so a stale one
must not mix with fresh Python; after an edit the run is pure until the next build). ``MUSEION_PURE=1`` forces the
pure build.

The compiled build changes no result: the same code runs, typed; ``tests/test_native.py`` checks that both builds
play identical games from the same seeds.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import pathlib
import sys
from collections.abc import Sequence
from types import ModuleType

COMPILED_PACKAGES = ("museion.core",)
"""The packages whose modules (all but ``__init__`` and :data:`INTERPRETED`) are compiled; each game's modules to
compile are named by its descriptor (``GameDescriptor.compiled``)."""
COMPILED_EXTRA = ("museion.bots.tree",)
"""Single modules compiled too: the search loop of the ``mcts`` bot (the rest of ``museion.bots`` stays Python:
bots are subclassed by plain-Python code, in tests and benchmarks)."""
INTERPRETED = ("museion.core.errors", "museion.core.descriptor")
"""Core modules left to Python: the errors inherit from two builtin exception types, which mypyc cannot compile;
the descriptors are read once per process, where compiling saves nothing. (A game's descriptor leaves out its
tables of words, ``text`` and ``rules``, for the same reason.)"""

SOURCE_ROOT = pathlib.Path(__file__).resolve().parent.parent
"""``src/``: the compiled build is for a source checkout (``pip install -e``, as ``make run`` and ``make test`` do)."""
BUILD_DIR = SOURCE_ROOT.parent / "build" / "compiled"
MANIFEST = BUILD_DIR / "manifest.json"


def source_digest(module: str) -> str:
    """SHA-256 of a module's source file under ``src/``."""
    path = SOURCE_ROOT.joinpath(*module.split(".")).with_suffix(".py")
    return hashlib.sha256(path.read_bytes()).hexdigest()


def core_modules() -> list[str]:
    """The module names of :data:`COMPILED_PACKAGES` (every ``.py`` file but ``__init__``) and
    :data:`COMPILED_EXTRA`, sorted; the full list, with the games', is ``museion.core.registry.compiled_modules()``."""
    names = list(COMPILED_EXTRA)
    for package in COMPILED_PACKAGES:
        folder = SOURCE_ROOT.joinpath(*package.split("."))
        names += [f"{package}.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"]
    return sorted(set(names) - set(INTERPRETED))


def current_extensions(modules: Sequence[str] | None = None) -> dict[str, str] | None:
    """Module name -> extension file of a build that matches this interpreter and today's sources, else None.

    ``modules``: the build must be of exactly these (``tools/compile.py`` passes today's list); without, the modules
    its manifest names (what :func:`install` checks: it runs before any descriptor may be read)."""
    try:
        manifest = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return None
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return None
    sources = manifest.get("sources", {})
    try:
        listed = modules is None or sorted(sources) == sorted(modules)
        if not listed or any(source_digest(m) != d for m, d in sources.items()):
            return None
    except OSError:
        return None
    files = {name: str(BUILD_DIR / rel) for name, rel in manifest.get("extensions", {}).items()}
    return files if all(pathlib.Path(f).is_file() for f in files.values()) else None


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled extension of a listed module (and mypyc's shared library) before the ``.py`` file."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, file)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> str:
    """Use the compiled build if there is a current one and ``MUSEION_PURE`` is not set; say which: the build."""
    if os.environ.get("MUSEION_PURE", "") not in ("", "0"):
        return "pure"
    files = current_extensions()
    if files is None or any(m in sys.modules for m in files):  # already imported as Python: keep one build
        return "pure"
    sys.meta_path.insert(0, _CompiledFinder(files))
    return "compiled"
