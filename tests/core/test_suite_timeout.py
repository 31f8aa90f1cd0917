"""The suite's per-test timeout (pytest-timeout, configured in pyproject.toml): an engine change that loops for ever
makes its test fail instead of hanging the run."""

from __future__ import annotations

import subprocess
import sys


def test_a_test_has_a_time_limit(pytestconfig):
    assert float(pytestconfig.getini("timeout")) > 0


def test_a_looping_engine_fails_its_test(tmp_path):
    """An engine whose moves change nothing (here: Tholos with a broken ``_apply``), played to the end by a
    random playout: the test fails on the timeout."""
    (tmp_path / "test_loop.py").write_text(
        "import random\n"
        "import museion\n"
        "from museion.core.play import random_playout\n"
        "from museion.games.tholos.state import TholosState\n"
        "def test_play_to_the_end(monkeypatch):\n"
        "    monkeypatch.setattr(TholosState, '_apply', lambda self, action: None)\n"
        "    random_playout(museion.load('tholos').new_initial_state(), random.Random(1))\n",
        encoding="utf-8",
    )
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=2",
                          str(tmp_path / "test_loop.py")], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Timeout" in run.stdout and "1 failed" in run.stdout
