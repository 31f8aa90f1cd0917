"""The whole suite leaves no process behind: the test run adopts every orphan of its descendants and checks at
the end that none is left.

On Linux the pytest process becomes a *child subreaper* (``PR_SET_CHILD_SUBREAPER``): a process whose parent
dies (a server killed by a test, with its bot workers) is re-parented to pytest instead of to init, so every
process descended from this run stays countable, and nothing started by other runs on the machine is. At the
end of the session the remaining descendants get a grace period to exit; any still alive fail the run and are
then ended (they are ours).
"""

from __future__ import annotations

import contextlib
import ctypes
import sys

import pytest

PR_SET_CHILD_SUBREAPER = 36
GRACE = 15.0


def pytest_configure(config: pytest.Config) -> None:
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``pure_only`` replace a method or function of the engines with a faulty one to prove a
    checker catches it; a compiled function or method cannot be replaced from Python (compiled callers keep calling
    the original), so they run in the pure pass of ``make test`` (``MUSEION_PURE=1``) and are skipped when this
    run uses the compiled build. (Subclassing is fine: core's ``Game`` and ``State`` accept subclasses written in
    Python, see examples/nim.)"""
    import museion

    if museion.BUILD != "compiled":
        return
    skip = pytest.mark.skip(reason="patches compiled engine code: runs in the pure pass (MUSEION_PURE=1)")
    for item in items:
        if "pure_only" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    try:
        import psutil
    except ImportError:
        return
    me = psutil.Process()
    left = [p for p in me.children(recursive=True) if p.pid != me.pid]
    _gone, alive = psutil.wait_procs(left, timeout=GRACE)
    alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    if not alive:
        return
    lines = []
    for proc in alive:
        with contextlib.suppress(psutil.Error):
            lines.append(f"  pid {proc.pid}: {' '.join(proc.cmdline())[:160]}")
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(alive, timeout=5)
    sys.stderr.write(f"\n{len(alive)} process(es) started by this test run were still running at its end "
                     "(ended now):\n" + "\n".join(lines) + "\n")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
