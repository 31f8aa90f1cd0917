"""Every Pergamon test computes ring reachability afresh: ``state._reach`` memoises its results in a module-level
dict, so without this a test would often read values an earlier test (or, under mutation testing, the process that
forked the test run) computed, and a fault in ``_reach`` itself could go unseen."""

from __future__ import annotations

import pytest

from museion.games.pergamon import state


@pytest.fixture(autouse=True)
def fresh_reachability_memo():
    state._REACH.clear()
    yield
