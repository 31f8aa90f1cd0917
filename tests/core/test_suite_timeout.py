"""The suite's per-test timeout (pytest-timeout, configured in pyproject.toml): an engine change that loops for ever
makes the run fail instead of hanging it, also inside a Hypothesis test (which catches exceptions and retries)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def test_a_test_has_a_time_limit(pytestconfig):
    assert float(pytestconfig.getini("timeout")) > 0


LOOPING = (
    "import random\n"
    "from hypothesis import given, settings, strategies as st\n"
    "import museion\n"
    "from museion.core.play import random_playout\n"
    "from museion.games.tholos.state import TholosState\n"
    "def play_broken_engine(seed):\n"
    "    TholosState._apply = lambda self, action: None  # moves change nothing: the game never ends\n"
    "    random_playout(museion.load('tholos').new_initial_state(), random.Random(seed))\n"
)


@pytest.mark.parametrize("test", [
    "def test_play_to_the_end():\n    play_broken_engine(1)\n",
    "@settings(deadline=None)\n@given(st.integers(0, 9))\ndef test_property(seed):\n    play_broken_engine(seed)\n",
])
def test_a_looping_engine_fails_the_run(tmp_path, test):
    """An engine whose moves change nothing (Tholos with a broken ``_apply``), played to the end by a random
    playout, in a plain test and in a Hypothesis test: the run fails on the timeout."""
    (tmp_path / "test_loop.py").write_text(LOOPING + test, encoding="utf-8")
    config = Path(__file__).resolve().parents[2] / "pyproject.toml"  # the project's pytest-timeout settings
    run = subprocess.run([sys.executable, "-m", "pytest", "-c", str(config), "--rootdir", str(tmp_path), "-p",
                          "no:cacheprovider", "-o", "timeout=3", str(tmp_path / "test_loop.py")],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={**os.environ, "MUSEION_PURE": "1"})  # patches _apply: the pure build
    assert run.returncode != 0 and "Timeout" in run.stdout + run.stderr, run.stdout + run.stderr
