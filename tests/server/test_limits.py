"""The rate limits' cheap paths: the library's counters swept without a thread per hit, a connection's message
budget counted on the connection, one library call per window, and the compact JSON every message is sent as."""

from __future__ import annotations

import json
import threading

from limits import parse_many

from museion.server.config import ServerConfig
from museion.server.edge import rates
from museion.server.edge.rates import Budget, Limits
from museion.server.storage.rows import dumps


def _limits(**kw: str) -> Limits:
    return Limits(ServerConfig(limit_create=kw.get("create", "5/minute"), limit_join="5/minute",
                               limit_move=kw.get("move", "3/second"), limit_messages="60/second;1200/minute",
                               request_rate=0.0))


def test_hits_start_no_timer_thread_and_the_sweep_forgets_expired_counters(monkeypatch):
    limits = _limits()
    limits.storage.timer.join()  # the one the library starts at construction
    before = threading.active_count()
    started: list[object] = []
    real_start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda self: (started.append(self), real_start(self)))
    for n in range(200):
        limits.move.hit(f"10.0.{n}.0/24")
    assert started == [] and threading.active_count() == before
    assert len(limits.storage.storage) == 200
    clock = rates.time.time()
    monkeypatch.setattr("limits.storage.memory.time.time", lambda: clock + 10.0)  # past every window (2 × 1 s)
    limits.sweep()
    assert len(limits.storage.storage) == 0 and not limits.storage.expirations


def test_a_refused_hit_is_not_counted_and_waits_until_the_window_allows():
    limits = _limits(move="3/minute")
    assert [limits.move.hit("a") for _ in range(3)] == [None, None, None]
    wait = limits.move.hit("a")
    assert wait is not None and 1.0 <= wait <= 60.0
    assert limits.move.hit("b") is None  # another network's count is its own
    key = next(k for k in limits.storage.storage if "/move/a/" in k)
    assert limits.storage.storage[key] == 3  # the refusal took nothing


def test_a_connection_budget_refuses_past_a_window_and_renews_after_it(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(rates.time, "monotonic", lambda: now[0])
    budget = Budget(parse_many("3/second;5/minute"))
    assert [budget.spend() for _ in range(4)] == [True, True, True, False]
    now[0] += 1.0  # a new second: the burst is allowed again, the minute still counts
    assert [budget.spend() for _ in range(3)] == [True, True, False]  # a refusal counts in no later window
    now[0] += 60.0
    assert budget.spend() is True
    assert _limits().messages.budget().windows == [(60, 1), (1200, 60)]


def test_dumps_is_compact_json_with_integer_keys_as_strings_and_words_unescaped():
    data = {"type": "state", 3: [1.5, None, True], "text": "Cámara de Imhotep ↗", "nested": {0: "x"}}
    text = dumps(data)
    assert json.loads(text) == json.loads(json.dumps(data))
    assert ", " not in text and ": " not in text and "Cámara" in text
