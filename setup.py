"""The engines compiled with mypyc into museion's wheels, as mypy and black ship theirs (pyproject.toml declares
everything else; this file only adds the extension modules, which pyproject.toml cannot).

When setuptools builds a wheel (``pip install museion`` from the sdist, ``pip wheel .``, ``python -m build``,
cibuildwheel, ``tools/compile.py``) the modules of :func:`compiled_modules` become extension modules
beside their ``.py`` files, which stay (``MUSEION_PURE=1`` runs them). The wheel is then tagged for this interpreter
and platform; without compiled modules it is the pure ``py3-none-any`` wheel, the fallback for every other platform.

``MUSEION_MYPYC`` chooses: ``auto`` (the default) compiles where a C compiler builds against Python's headers,
``1`` must compile (cibuildwheel: a release never ships a pure wheel by accident), ``0`` never (the fallback wheel).
Editable installs (``pip install -e .``) never compile: a checkout's compiled build is ``build/compiled/``, made by
``tools/compile.py`` (see ``museion/native.py``).
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compiler_works() -> bool:
    """A C compiler builds a one-line file against Python's headers, called as setuptools will call it (``CC``, else
    the interpreter's build configuration): a missing, broken or headerless compiler means a pure wheel."""
    from distutils import ccompiler, errors  # setuptools' own copy, as mypyc uses it
    from distutils import sysconfig as build_config

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint museion_probe(void) { return 0; }\n")
        compiler = ccompiler.new_compiler()
        build_config.customize_compiler(compiler)
        try:
            compiler.compile([str(probe)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
        except (errors.CCompilerError, errors.DistutilsError, OSError):
            return False
    return True


def compiled_modules() -> list[str]:
    """What the wheel compiles: the core's modules and those each game's descriptor names (the games of this
    distribution are its ``museion.games`` entry points in pyproject.toml; a build environment has not installed
    them, so they are read from there: ``museion.core.registry.compiled_modules()`` is the same list once
    installed)."""
    import tomllib

    sys.path.insert(0, str(ROOT / "src"))
    from museion import native
    from museion.core.descriptor import resolve

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    games = project["entry-points"]["museion.games"].values()
    modules = {m for reference in games for m in resolve(reference).modules_to_compile()}
    return sorted(set(native.core_modules()) | modules)


def mypyc_extensions() -> list[Extension]:
    """The engines as mypyc extensions when this build makes a wheel that should have them, else none."""
    mode = os.environ.get("MUSEION_MYPYC", "auto")
    if mode not in ("auto", "0", "1"):
        raise SystemExit(f"MUSEION_MYPYC={mode!r}: allowed are auto (default), 1 (must compile), 0 (pure wheel)")
    if mode == "0" or "bdist_wheel" not in sys.argv:  # sdists, metadata and editable installs carry no extension
        return []
    if not compiler_works():
        if mode == "1":
            raise SystemExit("MUSEION_MYPYC=1 but no C compiler builds against Python's headers here")
        print("museion: no working C compiler: building the pure-Python wheel (same results, slower)")
        return []
    from mypyc.build import mypycify

    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in compiled_modules()]
    return mypycify(paths, opt_level="3", debug_level="0", target_dir=str(Path("build", "mypyc")))


class BuildPy(build_py):
    """setuptools' build_py, plus every gettext catalogue (``locale/<lang>/LC_MESSAGES/<domain>.po``) compiled to its
    ``.mo`` in the build, so a wheel's texts load without Babel's compiler (docs/translating.md)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path(self.build_lib).glob("museion/**/locale/*/LC_MESSAGES/*.po"):
            with po.open("rb") as stream:
                catalogue = read_po(stream)
            with po.with_suffix(".mo").open("wb") as stream:
                write_mo(stream, catalogue)


if __name__ == "__main__":
    os.chdir(ROOT)
    setup(ext_modules=mypyc_extensions(), cmdclass={"build_py": BuildPy},
          options={"build_ext": {"parallel": os.cpu_count() or 1}})
