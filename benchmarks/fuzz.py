"""Larger fuzzing runs of the web server than ``make test`` does: the same tests, ``--scale`` times the examples.

    .venv/bin/python benchmarks/fuzz.py --scale 10

Runs ``tests/server/test_fuzz.py`` with ``MUSEION_FUZZ_SCALE`` and random seeds (``make test`` uses scale 1 and
fixed seeds) and prints pytest's verdict and the counts: REST calls checked by schemathesis, WebSocket messages
sent, error replies and closes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=int, default=10)
    args = parser.parse_args()
    env = {**os.environ, "MUSEION_FUZZ_SCALE": str(args.scale)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-s", "-o", "addopts=",
                          str(ROOT / "tests/server/test_fuzz.py")], env=env, cwd=ROOT, capture_output=True,
                         text=True)
    lines = run.stdout.splitlines()
    for line in lines:
        if "fuzz counts" in line or " passed" in line or " failed" in line:
            print(line.strip())
    if run.returncode:
        print(run.stdout[-4000:], run.stderr[-2000:])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
