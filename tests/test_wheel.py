"""What ``pip install museion`` gets: the compiled wheel runs the compiled build outside any checkout and plays the
same games as its own pure modules; the sdist installs and runs pure where no C compiler is.

Marked ``packaging`` and run once per ``make test``, in its pure pass (the compiled pass runs only the engine
folders); each test makes fresh virtual environments in a temporary folder and runs them from there, so nothing of
the checkout (``src/``, ``build/compiled/``) is importable. The compiled wheel is the one ``tools/compile.py`` built
for the checkout (``build/wheel/``), so ``make test`` compiles once; a missing or stale one is built again here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from museion.version import __version__
from tests.test_native import PLAYOUTS

pytestmark = pytest.mark.packaging
ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / "build" / "wheel"
COMPILERS = ("cc", "gcc", "clang", (sysconfig.get_config_var("CC") or "cc").split()[0])

sys.path.insert(0, str(ROOT))
from setup import compiler_works  # noqa: E402


def _env(**extra: str) -> dict[str, str]:
    """This environment without what would point a run at the checkout or choose its build."""
    drop = ("MUSEION_PURE", "MUSEION_EXPECT_BUILD", "MUSEION_MYPYC", "PYTHONPATH", "VIRTUAL_ENV", "CC")
    return {**{k: v for k, v in os.environ.items() if k not in drop}, **extra}


def _run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env or _env(), capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _venv(folder: Path, package: Path, env: dict[str, str] | None = None) -> Path:
    """A fresh virtual environment in ``folder`` with ``package`` (a wheel or an sdist) and its dependencies
    installed by this environment's pip; its python."""
    _run([sys.executable, "-m", "venv", "--without-pip", folder], folder.parent)
    python = folder / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", package], folder.parent, env)
    return python


def _sources(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {n: archive.read(n) for n in archive.namelist() if n.startswith("museion/") and n.endswith(".py")}


def _compiled_wheel() -> Path:
    """``build/wheel/``'s wheel when it is for this interpreter and holds today's sources, else a new build."""
    here = {p.relative_to(ROOT / "src").as_posix(): p.read_bytes() for p in (ROOT / "src" / "museion").rglob("*.py")}
    tag = f"-{sys.implementation.cache_tag.replace('cpython-', 'cp')}-"
    found = [w for w in WHEELS.glob("museion-*.whl") if tag in w.name and _sources(w) == here]
    if not found:
        _run([sys.executable, ROOT / "tools" / "compile.py", "--force", "--require"], ROOT)
        found = list(WHEELS.glob("museion-*.whl"))
    return found[0]


@pytest.mark.timeout(1800)  # building the wheel here (none current) takes minutes on a loaded machine
def test_the_compiled_wheel_runs_compiled_outside_the_checkout_and_plays_as_its_pure_modules(tmp_path):
    if not compiler_works():
        pytest.skip("no C compiler builds against Python's headers here: no compiled wheel to test")
    wheel = _compiled_wheel()
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    python = _venv(tmp_path / "venv", wheel)
    where = json.loads(_run([python, "-c", "import json, museion; print(json.dumps([museion.BUILD, museion.__file__,"
                                           " museion.core.game.__file__]))"], tmp_path))
    assert where[0] == "compiled" and all(Path(f).is_relative_to(tmp_path / "venv") for f in where[1:]), where
    assert not where[2].endswith(".py")
    compiled = json.loads(_run([python, "-c", PLAYOUTS], tmp_path))
    pure = json.loads(_run([python, "-c", PLAYOUTS], tmp_path, _env(MUSEION_PURE="1")))
    assert (compiled["build"], pure["build"]) == ("compiled", "pure")
    assert compiled["games"] == pure["games"]
    museion = tmp_path / "venv" / "bin" / "museion"
    assert _run([museion, "--version"], tmp_path).strip() == f"museion {__version__}, engines: compiled (mypyc)"
    assert "MUSEION_PURE is set" in _run([museion, "--version"], tmp_path, _env(MUSEION_PURE="1"))


def test_the_sdist_installs_and_runs_pure_where_no_compiler_is(tmp_path):
    """The sdist built from the checkout, installed with a PATH that holds no C compiler: pip builds the pure
    ``py3-none-any`` wheel from it (the build says why), and the installation runs pure, says so once with the
    way to the compiled build, and plays."""
    sdist = Path(tmp_path, _run([sys.executable, "-c", f"from setuptools import build_meta; "
                                 f"print(build_meta.build_sdist({str(tmp_path)!r}))"], ROOT).split()[-1])
    bare = tmp_path / "bin"  # the PATH: a python and nothing else
    bare.mkdir()
    (bare / "python").symlink_to(sys.executable)
    assert all(shutil.which(c, path=str(bare)) is None for c in COMPILERS), COMPILERS
    env = _env(PATH=str(bare))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--wheel-dir", tmp_path / "built",
                            sdist], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert "museion: no working C compiler: building the pure-Python wheel" in build.stdout + build.stderr
    (wheel,) = (tmp_path / "built").glob("museion-*.whl")
    assert wheel.name == f"museion-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:  # the catalogues compiled by setup.py's build_py (docs/translating.md)
        names = set(archive.namelist())
    for domain in ("museion", *(f"games/{game}" for game in ("tholos", "imhotep", "pergamon"))):
        for lang in ("es", "de"):
            name = domain.rpartition("/")[2]
            assert f"museion/{'' if domain == 'museion' else domain + '/'}locale/{lang}/LC_MESSAGES/{name}.mo" in names
    python = _venv(tmp_path / "venv", sdist, env)
    script = ("import json, museion, random; from museion.core.play import sample_chance\n"
              "s = museion.load('pergamon', players=3).new_initial_state(); rng = random.Random(1)\n"
              "while not s.is_terminal(): s.apply_action(sample_chance(s, rng) if s.is_chance_node() "
              "else rng.choice(s.legal_actions()))\n"
              "print(json.dumps([museion.BUILD, museion.__file__, s.returns()]))")
    build_, where, returns = json.loads(_run([python, "-c", script], tmp_path, env))
    assert build_ == "pure" and Path(where).is_relative_to(tmp_path / "venv") and len(returns) == 3
    assert not list(Path(where).parent.rglob("*.so")) and not list(Path(where).parent.rglob("*.pyd"))
    said = _run([tmp_path / "venv" / "bin" / "museion", "--version"], tmp_path, env).splitlines()
    assert said[0] == f"museion {__version__}, engines: pure Python"
    assert said[1].startswith("This installation has no compiled engines") and "--no-binary museion" in said[1]
    assert len(said) == 2
