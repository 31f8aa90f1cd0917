"""Which build of the engines this process runs: the compiled one (mypyc) when a current one is there, else pure.

The compiled build is found in one of two places:

- **An installed compiled wheel** (``pip install museion`` on a platform with one, built by ``setup.py``): each
  module of ``museion.core.registry.compiled_modules()`` (the core's, :func:`core_modules`, and those the games'
  descriptors name) has its extension beside its ``.py`` file, and Python's own import system
  prefers the extension. ``MUSEION_PURE=1`` puts a finder in front that loads the ``.py`` files instead.
- **A source checkout** (``pip install -e``, as ``make run`` and ``make test`` do): ``tools/compile.py`` (run by
  ``make run`` / ``make test`` where a C compiler is available) builds the same wheel and unpacks its extensions into
  ``build/compiled/`` next to ``src/``, with a manifest naming each extension and the SHA-256 of the source it was
  compiled from. :func:`install` puts a finder in front of Python's own so those modules load from the extensions,
  but only when every listed source is unchanged since the build (a compiled module calls the others natively, so a
  stale one must not mix with fresh Python; after an edit the run is pure until the next build).

Importing :mod:`museion` calls :func:`install`; ``MUSEION_PURE=1`` forces the pure build. The compiled build changes
no result: the same code runs, typed; ``tests/test_native.py`` (the checkout) and ``tests/test_wheel.py`` (an
installed wheel) check that both builds play identical games from the same seeds.
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
INTERPRETED = ("museion.core.errors", "museion.core.descriptor", "museion.core.parts", "museion.core.catalogues")
"""Core modules left to Python: the errors inherit from two builtin exception types, which mypyc cannot compile;
the descriptors and the parts they name are read once per process, where compiling saves nothing (a part's
functions are the game's compiled ones), and so are the gettext catalogues (``catalogues``). (A game's descriptor
leaves out its tables of words, ``text`` and ``rules``, for the same reason.)"""

SOURCE_ROOT = pathlib.Path(__file__).resolve().parent.parent
"""The folder holding the ``museion`` package: ``src/`` in a checkout, ``site-packages`` in an installation."""
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


def wheel_extensions(modules: Sequence[str]) -> dict[str, str]:
    """Module name -> extension file installed beside the module's ``.py`` file (a compiled wheel), for each of
    ``modules`` that has one: all of them in a compiled wheel, none in a pure one or a checkout."""
    found = {}
    for name in modules:
        stem = SOURCE_ROOT.joinpath(*name.split("."))
        files = (stem.with_name(stem.name + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
        file = next((f for f in files if f.is_file()), None)
        if file is not None:
            found[name] = str(file)
    return found


def installed_modules() -> list[str]:
    """Every module of the installed ``museion`` package (its ``.py`` files): where a compiled wheel's extensions
    must be hidden, this finds them without reading the games' descriptors."""
    package = SOURCE_ROOT / "museion"
    return sorted(".".join(p.relative_to(SOURCE_ROOT).with_suffix("").parts) for p in package.rglob("*.py"))


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


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` file of a listed module where Python's own finder would take the extension beside it."""

    def __init__(self, modules: set[str]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(
            fullname, SOURCE_ROOT.joinpath(*fullname.split(".")).with_suffix(".py"))


def pure_asked() -> bool:
    """``MUSEION_PURE`` is set (to anything but ``0``)."""
    return os.environ.get("MUSEION_PURE", "") not in ("", "0")


def install() -> str:
    """Use the compiled build if there is a complete, current one and ``MUSEION_PURE`` is not set; say which: the
    build. A wheel's extensions that are not used (pure asked, or an incomplete set) are hidden behind their ``.py``
    files, so a run is always wholly one build. Runs at ``import museion``, before any game's descriptor may be
    read: an installed wheel is recognised by the core's extensions (every compiled wheel has them all), a
    checkout's build by its manifest."""
    core = core_modules()
    beside = wheel_extensions(core)
    if pure_asked() or any(m in sys.modules for m in core):  # already imported as Python: keep one build
        build = "pure"
    elif beside:  # a compiled wheel: Python's own finder takes the extension beside each .py file
        build = "compiled" if len(beside) == len(core) else "pure"
    elif (files := current_extensions()) is not None and not any(m in sys.modules for m in files):
        sys.meta_path.insert(0, _CompiledFinder(files))  # a checkout's build/compiled/
        build = "compiled"
    else:
        build = "pure"
    if build == "pure" and beside:
        sys.meta_path.insert(0, _SourceFinder(set(wheel_extensions(installed_modules()))))
    return build


def missing_build(build: str) -> str | None:
    """Why a run is pure though nobody asked for it (``MUSEION_PURE``), for ``museion --version`` and ``museion
    bench`` to say once with the way to the compiled build: ``"checkout"`` (no current build in ``build/compiled/``),
    ``"install"`` (a pure wheel, or an sdist built without a C compiler); None when compiled or asked to be pure."""
    if build == "compiled" or pure_asked():
        return None
    return "checkout" if (SOURCE_ROOT.parent / "tools" / "compile.py").is_file() else "install"


def compiled_available() -> bool:
    """A complete, current compiled build is here: a compiled wheel's, or a checkout's ``build/compiled/``."""
    return len(wheel_extensions(core_modules())) == len(core_modules()) or current_extensions() is not None
