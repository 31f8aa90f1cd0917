"""Compile the engines (core and the games) with mypyc into build/compiled/, for museion.native to load.

    python tools/compile.py           # build unless the build is current; exit 0 without a C compiler (pure build)
    python tools/compile.py --force   # build even if current
    python tools/compile.py --require # fail (exit 1) when no build can be made (make test uses it where gcc is)

The build is the compiled wheel itself, made by setup.py as a release makes it (``pip wheel``), so the checkout and
the wheels run the same extensions from one compilation: the wheel is kept in build/wheel/ (tests/test_wheel.py
installs that one) and its extensions are unpacked into build/compiled/. The manifest written last
(build/compiled/manifest.json) names each extension and the SHA-256 of its source, so a source edited after the
build makes museion run pure until the next build, never a stale compiled module.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHEEL_DIR = ROOT / "build" / "wheel"
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from setup import compiler_works  # noqa: E402

from museion import native  # noqa: E402
from museion.core.registry import compiled_modules  # noqa: E402


def build_wheel() -> Path:
    """The compiled wheel of the checkout (``MUSEION_MYPYC=1``: a wheel without the engines is an error), built
    without build isolation from this environment's mypy and setuptools; setuptools' leftovers from an earlier
    build (build/lib*, build/bdist*, build/temp*) are removed first, so no deleted module lingers in it."""
    for leftover in (p for pattern in ("lib*", "bdist*", "temp*") for p in (ROOT / "build").glob(pattern)):
        shutil.rmtree(leftover)
    with tempfile.TemporaryDirectory(prefix="museion-wheel-") as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps",
                        "--wheel-dir", tmp, str(ROOT)], env={**os.environ, "MUSEION_MYPYC": "1"}, check=True)
        (built,) = Path(tmp).glob("museion-*.whl")
        shutil.rmtree(WHEEL_DIR, ignore_errors=True)
        WHEEL_DIR.mkdir(parents=True)
        return Path(shutil.move(built, WHEEL_DIR / built.name))


def unpack(wheel: Path, sources: dict[str, str]) -> None:
    """The wheel's extension modules (and mypyc's shared library) into build/compiled/, the manifest last."""
    out = native.BUILD_DIR
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    files = {}
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            suffix = next((s for s in importlib.machinery.EXTENSION_SUFFIXES if member.endswith(s)), None)
            if suffix is not None:
                archive.extract(member, out)
                files[member[: -len(suffix)].replace("/", ".")] = member
    manifest = {"cache_tag": sys.implementation.cache_tag, "sources": sources, "extensions": files}
    native.MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if the build is current")
    parser.add_argument("--require", action="store_true", help="exit 1 if no build can be made")
    args = parser.parse_args()
    current = native.current_extensions(compiled_modules()) is not None
    if not args.force and current and any(WHEEL_DIR.glob("museion-*.whl")):
        print("compiled build is current:", native.BUILD_DIR)
        return 0
    if not compiler_works():
        print("no C compiler or Python headers: museion runs the pure-Python build")
        return 1 if args.require else 0
    modules = compiled_modules()
    sources = {m: native.source_digest(m) for m in modules}  # before compiling: an edit meanwhile makes it stale
    wall, cpu = time.perf_counter(), os.times()
    wheel = build_wheel()
    unpack(wheel, sources)
    after = os.times()
    cpu_s = after.children_user + after.children_system - cpu.children_user - cpu.children_system
    print(f"compiled {len(modules)} modules with mypyc in {time.perf_counter() - wall:.0f} s "
          f"({cpu_s:.0f} s CPU, load {os.getloadavg()[0]:.1f}): {wheel.relative_to(ROOT)} "
          f"({wheel.stat().st_size / 1e6:.1f} MB), {native.BUILD_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
