"""Compile the engines (core and the games) with mypyc into build/compiled/, for museion.native to load.

    python tools/compile.py           # build unless the build is current; exit 0 without a C compiler (pure build)
    python tools/compile.py --force   # build even if current
    python tools/compile.py --require # fail (exit 1) when no build can be made (make test uses it where gcc is)

The manifest written last (build/compiled/manifest.json) names each extension and the SHA-256 of its source, so a
source edited after the build makes museion run pure until the next build, never a stale compiled module.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from museion import native  # noqa: E402
from museion.core.registry import compiled_modules  # noqa: E402


def have_compiler() -> bool:
    """A C compiler and Python's headers: what building an extension needs."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(cc) is not None and headers.is_file()


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution

    modules = compiled_modules()
    sources = {m: native.source_digest(m) for m in modules}  # before compiling: an edit meanwhile makes it stale
    paths = [str(Path("src", *m.split(".")).with_suffix(".py")) for m in modules]
    work = Path(tempfile.mkdtemp(prefix="museion-mypyc-"))
    out = native.BUILD_DIR
    try:
        os.chdir(ROOT)
        extensions = mypycify(paths, opt_level="3", target_dir=str(work / "c"))
        dist = Distribution({"name": "museion-compiled", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "temp")
        command.parallel = os.cpu_count() or 1
        command.ensure_finalized()
        command.run()
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        files = {}
        for ext in extensions:
            built = Path(command.get_ext_fullpath(ext.name))
            rel = built.relative_to(work / "lib")
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, out / rel)
            files[ext.name] = str(rel)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    manifest = {
        "cache_tag": sys.implementation.cache_tag,
        "sources": sources,
        "extensions": files,
    }
    native.MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if the build is current")
    parser.add_argument("--require", action="store_true", help="exit 1 if no build can be made")
    args = parser.parse_args()
    if not args.force and native.current_extensions(compiled_modules()) is not None:
        print("compiled build is current:", native.BUILD_DIR)
        return 0
    if not have_compiler():
        print("no C compiler or Python headers: museion runs the pure-Python build")
        return 1 if args.require else 0
    start = time.perf_counter()
    build()
    print(f"compiled {len(compiled_modules())} modules with mypyc in {time.perf_counter() - start:.0f} s:",
          native.BUILD_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
