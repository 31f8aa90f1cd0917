"""Mutation testing of the rules engines (``make mutation``): a seeded sample of mutmut's mutants of each engine's
``state.py``, run against that game's tests (``tests/games/<game>/``).

Why a sample: each engine has 700-1,000 mutants and each runs part of the game's tests, hours of CPU on the shared
2-core machine. A seeded sample of ~120 per engine estimates the share of mutants the tests kill within a few
percent, and the same seed on the same code draws the same mutants. The runs are CPU-heavy: one engine at a time,
``--jobs`` worker processes (default 1), each game bounded by ``--budget`` seconds; a test that loops fails on
pytest-timeout (``--test-timeout``) and mutmut stops a mutant after a multiple of its tests' clean time.

Each game runs in its own copy under ``artifacts/mutation/<game>/`` (``src/``, the game's tests, and a
``pyproject.toml`` that configures mutmut for that engine only), so the project's own configuration stays plain.
Output: a table of killed / survived per game, the survivors' diffs in ``artifacts/mutation/<game>/survivors.txt``
and the whole result as JSON (``--json``). Usage::

    .venv/bin/python tools/mutation.py [tholos imhotep pergamon] [--sample 120] [--seed 11] [--jobs 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from museion.core.descriptor import descriptors

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "artifacts" / "mutation"
GAMES = tuple(name for name, d in descriptors().items() if d.package == f"museion.games.{name}")
"""The engines in this repository (their tests are ``tests/games/<game>``); an installed example game is not one."""
KILLED = {"killed", "timeout", "segfault"}
"""Caught: a test failed, ran out of time, or the test process died (mutmut kills it past its CPU limit)."""

PYPROJECT = """\
[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-q -p no:cacheprovider"
timeout = {test_timeout}
timeout_method = "thread"

[tool.mutmut]
source_paths = ["src"]
only_mutate = ["src/museion/games/{game}/state.py"]
pytest_add_cli_args_test_selection = ["tests/games/{game}"]
timeout_multiplier = 4.0
use_git_change_detection = false
"""


def mutant_names(game: str) -> list[str]:
    """Every mutant mutmut makes of the engine, by name (mutmut's own mutation of the file, no test run)."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    rel = Path("src/museion/games") / game / "state.py"
    mutated = mutate_file_contents(str(rel), (ROOT / rel).read_text(encoding="utf-8"))
    return sorted(get_mutant_name(rel, name) for name in mutated.mutant_names)


def prepare(game: str, test_timeout: int) -> Path:
    """A fresh copy of the sources and the game's tests with a mutmut configuration for this engine."""
    work = WORK / game
    shutil.rmtree(work, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", ".hypothesis")
    shutil.copytree(ROOT / "src", work / "src", ignore=ignore)
    (work / "tests" / "games").mkdir(parents=True)
    for init in ("tests/__init__.py", "tests/games/__init__.py"):
        shutil.copy2(ROOT / init, work / init)
    shutil.copytree(ROOT / "tests" / "games" / game, work / "tests" / "games" / game, ignore=ignore)
    (work / "pyproject.toml").write_text(PYPROJECT.format(game=game, test_timeout=test_timeout), encoding="utf-8")
    return work


def run_game(game: str, sample: int, seed: int, jobs: int, budget: float, test_timeout: int) -> dict:
    names = mutant_names(game)
    chosen = sorted(random.Random(seed).sample(names, min(sample, len(names))))
    work = prepare(game, test_timeout)
    mutmut = Path(sys.executable).with_name("mutmut")
    started = time.monotonic()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with open(work / "mutmut.log", "w", encoding="utf-8") as log:
        try:
            subprocess.run([str(mutmut), "run", "--max-children", str(jobs), *chosen], cwd=work, env=env,
                           stdout=log, stderr=subprocess.STDOUT, timeout=budget, check=False)
        except subprocess.TimeoutExpired:
            log.write(f"\nstopped after the budget of {budget} s\n")
    status = statuses(work, game)
    results = {name: status.get(name, "not run") for name in chosen}
    if all(s == "not run" for s in results.values()):
        raise SystemExit(f"mutmut ran no mutant of {game}; see {work / 'mutmut.log'}")
    survivors = [n for n, s in results.items() if s not in KILLED]
    with open(work / "survivors.txt", "w", encoding="utf-8") as out:
        for name in (n for n in survivors if results[n] != "not run"):
            shown = subprocess.run([str(mutmut), "show", name], cwd=work, capture_output=True, text=True, check=False)
            out.write(f"{shown.stdout}\n")
    killed = sum(1 for s in results.values() if s in KILLED)
    return {"game": game, "mutants": len(names), "sampled": len(chosen), "seed": seed, "killed": killed,
            "score": round(100 * killed / len(chosen), 1), "seconds": round(time.monotonic() - started),
            "by_status": {s: sum(1 for x in results.values() if x == s) for s in sorted(set(results.values()))},
            "survivors": {n: results[n] for n in survivors}}


def statuses(work: Path, game: str) -> dict[str, str]:
    """mutmut's verdict of every mutant it ran, from its result file."""
    from mutmut.stats import status_by_exit_code

    meta = work / "mutants" / "src" / "museion" / "games" / game / "state.py.meta"
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return {name: status_by_exit_code[code] if code is not None else "not run" for name, code in codes.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help=f"engines among {', '.join(GAMES)}")
    parser.add_argument("--sample", type=int, default=120, help="mutants per engine (seeded sample)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1, help="mutmut worker processes (the machine is shared)")
    parser.add_argument("--budget", type=float, default=3600, help="seconds at most per engine")
    parser.add_argument("--test-timeout", type=int, default=150, help="pytest-timeout per test, in seconds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [run_game(g, args.sample, args.seed, args.jobs, args.budget, args.test_timeout) for g in args.games]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"{'engine':10} {'mutants':>8} {'sampled':>8} {'killed':>7} {'score':>7} {'seconds':>8}  survivors")
    for r in results:
        print(f"{r['game']:10} {r['mutants']:>8} {r['sampled']:>8} {r['killed']:>7} {r['score']:>6}% "
              f"{r['seconds']:>8}  {', '.join(n.rsplit('.', 1)[-1] for n in r['survivors']) or '-'}")
    print(f"survivors' diffs: {WORK}/<game>/survivors.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
