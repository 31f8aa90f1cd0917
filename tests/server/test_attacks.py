"""Issue 24, one test per attack: what a client without a seat could do to a real server, and may no longer.

Each test starts its own server (real subprocess, SQLite file; PostgreSQL too where ``MUSEION_TEST_PG_URL`` is
set) with the limits it exercises. Clients in different networks use loopback addresses of different /24s
(127.0.N.1): every cap counts networks. No assertion is about wall-clock time; waits are bounded."""

from __future__ import annotations

import asyncio
import contextlib
import http.client as http_client
import json
import os
import select
import socket
import sqlite3
import time
import urllib.parse
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from museion.server.edge.networks import Pace, Share, Turnstile, network
from museion.server.services.analyst import Analyst
from museion.server.testing import GENEROUS, Player, ServerProcess, http

TABLE = {"game": "tholos", "seats": ["human", "human"], "join": 0}
PG_URL = os.environ.get("MUSEION_TEST_PG_URL")


@pytest.fixture
def serve(tmp_path):
    """``serve(*args, **kw)`` starts a server with extra command-line options; all are stopped at the end."""
    started: list[ServerProcess] = []

    def start(*args: str, **kw) -> ServerProcess:
        server = ServerProcess(tmp_path / f"s{len(started)}.db", args=(*GENEROUS, *args), **kw).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
        assert "Traceback" not in server.log_text(), server.log_text()[-3000:]


def _raw(server: ServerProcess, source: str, data: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=15, source_address=(source, 0))
    if data:
        sock.sendall(data)
    return sock


def _answer(sock: socket.socket) -> bytes:
    """What the server sent before it closed the connection (or b"" if it sent nothing)."""
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := sock.recv(4096):
            chunks.append(chunk)
    return b"".join(chunks)


def _ws(server: ServerProcess, table_id: str, source: str):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=15, source_address=(source, 0))
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}", sock=sock, open_timeout=10, close_timeout=2).__enter__()
    with contextlib.suppress(ConnectionClosed):  # a refused socket is closed at once, before its hello
        ws.send(json.dumps({"type": "hello", "token": None}))
    return ws


def _close_frame(ws):  # noqa: ANN001, ANN202 - a websockets client connection; its close frame or None
    """Read until the server closes ``ws``; the close frame it sent (``None``: the connection was dropped)."""
    try:
        while True:
            ws.recv(timeout=10)
    except ConnectionClosed as exc:
        return exc.rcvd
    finally:
        with contextlib.suppress(Exception):
            ws.close()


# -- the unit under every cap ---------------------------------------------------------------------------------
def test_a_network_is_an_ipv4_24_or_an_ipv6_64():
    assert network("203.0.113.7") == network("203.0.113.250") == "203.0.113.0/24" != network("203.0.114.7")
    assert network("2001:db8:1:2:aaaa::1") == network("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert network("::ffff:203.0.113.7") == "203.0.113.0/24"
    assert network("testclient") == "testclient"


def test_a_full_share_lets_a_newcomer_in_at_the_expense_of_the_largest_network():
    evicted: list[str] = []
    share: Share[str] = Share(4, 3, evicted.append)
    assert [share.admit("a", f"a{i}") for i in range(4)] == [None, None, None, "network"]
    assert share.admit("b", "b0") is None  # the fourth place
    assert share.admit("c", "c0") is None and evicted == ["a2"]  # full: a (3 of 4) gives its newest up
    assert share.admit("a", "a9") == "full"  # a holds 2, its share is 4 // 3 = 1
    share.leave("b", "b0")
    assert share.admit("a", "a9") is None and share.total == 4


# -- 1. anonymous reads ---------------------------------------------------------------------------------------
def _finished_table(server: ServerProcess, source: str = "127.0.0.1") -> str:
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["bot:random", "bot:random"]},
                    source=source)
    watcher = Player(server, table["id"])
    watcher.wait(lambda s: s["status"] == "finished", timeout=120)
    watcher.close()
    return table["id"]


def _get(server: ServerProcess, path: str, etag: str | None = None) -> tuple[int, Any, bytes]:
    conn = http_client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=("127.0.11.1", 0))
    conn.request("GET", path, headers={"If-None-Match": etag} if etag else {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.headers, body


def _break(server: ServerProcess, table_id: str) -> None:
    """Make the stored game unreplayable (an action id no game has): whoever replays it now logs so."""
    with contextlib.closing(sqlite3.connect(server.db_path)) as db, db:
        db.execute("UPDATE actions SET action = 999999 WHERE table_id = ? AND seq = 3", (table_id,))


def test_a_finished_tables_answers_are_built_once_and_served_with_etags(serve):
    """The replay, record and analysis of a finished table are built once (on a thread of their own), kept, and
    served with an ETag and Cache-Control: after the stored game is broken they are still served from the cache,
    a build limit of 3 is never reached by 40 reads, and If-None-Match gets 304. (3 an hour, not a minute: the
    limit is a sliding window counter, which lets a fourth through once a third of a window has passed after the
    window the three fell in; under load this test spans more than 20 s.)"""
    server = serve("--limit-builds", "3/hour")
    table_id = _finished_table(server)
    paths = [f"/api/tables/{table_id}/replay", f"/api/tables/{table_id}/record?lang=es",
             f"/api/tables/{table_id}/record"]
    first = {path: _get(server, path) for path in paths}
    for status, headers, _ in first.values():
        assert status == 200 and headers["ETag"] and "max-age" in headers["Cache-Control"]
    _break(server, table_id)
    for _ in range(40):
        for path in paths:
            assert _get(server, path)[2] == first[path][2]  # the same bytes, never rebuilt
    assert "cannot be replayed" not in server.log_text()
    assert _get(server, paths[0], first[paths[0]][1]["ETag"])[0] == 304
    other = _finished_table(server)
    status, _, body = _get(server, f"/api/tables/{other}/replay")  # a fourth build for this network: refused
    assert status == 429 and json.loads(body)["error"] == "rate_limited"


def test_my_tables_loads_no_table_for_a_token_that_holds_no_seat(serve):
    server = serve()
    tables = [http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0}
                   )[1] for _ in range(3)]
    with contextlib.closing(sqlite3.connect(server.db_path)) as db, db:  # unreplayable: loading them would log it
        db.executemany("INSERT INTO actions (table_id, seq, action) VALUES (?, 0, 999999)",
                       [(t["id"],) for t in tables])
    made_up = [{"table": t["id"], "token": f"madeup{i}"} for i, t in enumerate(tables)]
    made_up += [{"table": f"nothere{i}", "token": "x"} for i in range(40)]
    status, answer = http("POST", f"{server.url}/api/my-tables", {"seats": made_up})
    assert status == 200 and [t["error"] for t in answer["tables"]] == ["bad_token"] * 3 + ["not_found"] * 40
    assert "cannot be replayed" not in server.log_text()  # no table was loaded
    status, answer = http("POST", f"{server.url}/api/my-tables",
                          {"seats": [{"table": tables[0]["id"], "token": tables[0]["token"]}]})
    assert answer["tables"][0]["error"] == "broken" and "cannot be replayed" in server.log_text()


# -- 2. slowloris ---------------------------------------------------------------------------------------------
def test_requests_whose_headers_or_body_never_finish_are_timed_out_with_408(serve):
    server = serve("--header-timeout", "1", "--body-timeout", "1")
    silent = _raw(server, "127.0.2.1")  # opens and says nothing
    slow = _raw(server, "127.0.2.1", b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ")
    body = _raw(server, "127.0.2.1", b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                                     b"\r\nContent-Length: 100\r\n\r\n{\"game\"")
    for sock in (silent, slow, body):
        answer = _answer(sock)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "timeout"
    kept = _raw(server, "127.0.2.1", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert kept.recv(4096).startswith(b"HTTP/1.1 200")  # a whole request is answered as always


def test_connections_are_capped_per_network_and_in_all_with_a_fair_share(serve):
    """An attacker's /24 holds at most its cap; when the server is full, another network still gets in (the
    largest network gives its newest connection up) and one at its share is refused with a JSON 503."""
    server = serve("--max-connections", "12", "--max-connections-per-network", "8", "--header-timeout", "60")
    held = [_raw(server, f"127.0.3.{1 + i}", b"GET / HTTP/1.1\r\n") for i in range(8)]  # one /24, 8 addresses
    refused = _answer(_raw(server, "127.0.3.99"))
    assert refused.startswith(b"HTTP/1.1 503") and b'"too_many_connections"' in refused
    others = [_raw(server, f"127.0.4.{1 + i}", b"GET / HTTP/1.1\r\n") for i in range(4)]  # the server is full
    third = _raw(server, "127.0.5.1", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # a third network
    assert third.recv(4096).startswith(b"HTTP/1.1 200")  # let in (and kept alive) ...
    assert _answer(held[-1]) == b""  # ... in place of the largest network's newest connection
    assert _answer(_raw(server, "127.0.4.77")).startswith(b"HTTP/1.1 503")  # 4 of 12 with 3 networks: its share
    for sock in held + others + [third]:
        sock.close()


# -- 3. the creation cap --------------------------------------------------------------------------------------
def test_the_creation_cap_counts_networks_not_addresses(serve):
    server = serve("--max-tables-per-client", "3")
    codes = [http("POST", f"{server.url}/api/tables", TABLE, source=f"127.0.6.{1 + i}")[0] for i in range(4)]
    assert codes == [201, 201, 201, 429]
    assert http("POST", f"{server.url}/api/tables", TABLE, source="127.0.7.1")[0] == 201


def test_running_tables_nobody_moves_at_expire_and_clocked_ones_do_not(serve):
    server = serve("--idle-table-ttl", "2")
    _, idle = http("POST", f"{server.url}/api/tables", TABLE)
    http("POST", f"{server.url}/api/tables/{idle['id']}/join", {"seat": 1})  # full: running, nobody moves
    _, clocked = http("POST", f"{server.url}/api/tables", {**TABLE, "clock": {"mode": "turn", "per_move": 3600}})
    http("POST", f"{server.url}/api/tables/{clocked['id']}/join", {"seat": 1})
    deadline = time.monotonic() + 60
    while http("GET", f"{server.url}/api/tables/{idle['id']}")[0] != 404:
        assert time.monotonic() < deadline, "the idle running table never expired"
        time.sleep(0.5)
    assert http("GET", f"{server.url}/api/tables/{clocked['id']}")[0] == 200  # its clock decides
    assert f"table {idle['id']} expired by idle_table_ttl" in server.log_text()  # no game ends unseen
    assert f"table {clocked['id']} expired" not in server.log_text()


def test_the_table_cap_is_shared_fairly_between_networks(serve):
    """Full of started tables from two networks, a third network still creates one: the largest network's
    table where a move was made longest ago expires; a network at its share gets 503 server_full."""
    server = serve("--max-tables", "6", "--max-tables-per-client", "4")
    made = []
    for source in ("127.0.14.1", "127.0.14.2", "127.0.14.3", "127.0.14.4", "127.0.15.1", "127.0.15.2"):
        _, table = http("POST", f"{server.url}/api/tables", TABLE, source=source)
        http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1}, source=source)
        made.append(table["id"])
    status, table = http("POST", f"{server.url}/api/tables", TABLE, source="127.0.16.1")
    assert status == 201
    assert http("GET", f"{server.url}/api/tables/{made[0]}")[0] == 404  # the first network's stalest
    assert f"table {made[0]} expired by max_tables (fair share)" in server.log_text()
    status, data = http("POST", f"{server.url}/api/tables", TABLE, source="127.0.15.3")
    assert status == 503 and data["error"] == "server_full"  # 2 tables: its share of 6 among 3 networks


# -- 4. files named by clients --------------------------------------------------------------------------------
def test_bot_specs_name_models_never_files_and_the_public_seat_shows_no_path(serve, tmp_path):
    server = serve("--bot-specs")
    for model in ("/etc/hostname", "/dev/zero", "../../etc/passwd", "value-2p.json", "x" * 60):
        spec = f"bot:mcts:sims=10,eval=learned,model={model}"
        status, data = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", spec]})
        assert status == 400 and data["error"] == "bad_seat" and "not a file" in data["message"], (model, data)
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "tholos", "seats": ["human", "bot:mcts:sims=10,eval=learned,model=value-2p"]})
    assert status == 201 and table["seats"][1]["bot"] == "mcts:eval=learned,model=value-2p,sims=10"
    registered = tmp_path / "mine.json"
    registered.write_text("{}")  # the operator's file: named, never opened until a bot uses it
    operator = serve("--bot-specs", "--model", f"mine={registered}")
    status, table = http("POST", f"{operator.url}/api/tables",
                         {"game": "tholos", "seats": ["human", "bot:mcts:sims=10,eval=learned,model=mine"]})
    assert status == 201 and "/" not in json.dumps(table["seats"])


# -- 5. sockets ----------------------------------------------------------------------------------------------
def test_websockets_are_capped_in_all_with_a_fair_share_per_network(serve):
    server = serve("--max-sockets", "6", "--max-sockets-per-network", "4")
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    stack = contextlib.ExitStack()
    first = [stack.enter_context(_ws(server, table["id"], f"127.0.8.{1 + i}")) for i in range(4)]
    for ws in first:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
    assert _close_frame(_ws(server, table["id"], "127.0.8.50")).code == 4429
    second = [stack.enter_context(_ws(server, table["id"], f"127.0.9.{1 + i}")) for i in range(2)]
    for ws in second:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
    newcomer = stack.enter_context(_ws(server, table["id"], "127.0.10.1"))  # full: let in at the largest's cost
    assert json.loads(newcomer.recv(timeout=10))["type"] == "state"
    assert _close_frame(first[-1]) is None  # dropped
    busy = _close_frame(_ws(server, table["id"], "127.0.8.60"))
    assert (busy.code, busy.reason) == (1013, "server_busy")
    stack.close()


class _Clock:
    """A loop's ``time`` and ``call_later`` with time that moves only when told: the turnstile's turns are
    asserted by order and count, not by waiting."""

    def __init__(self) -> None:
        self.now = 64.0  # binary fractions: the tokens come out whole, as real time would make them
        self.timers: list[tuple[float, Any]] = []

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Any) -> Any:
        self.timers.append((self.now + delay, callback))
        return object()

    def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [t for t in self.timers if t[0] <= self.now]
        self.timers = [t for t in self.timers if t[0] > self.now]
        for _, callback in due:
            callback()


def test_handshakes_pass_the_turnstile_at_its_rate_one_network_at_a_time_in_turn():
    clock = _Clock()
    through: list[str] = []
    gate: Turnstile[str] = Turnstile(rate=8, burst=2, loop=clock)  # type: ignore[arg-type]
    for i in range(6):  # one network opens six at once: two pass (the burst), four wait
        gate.enter("a", f"a{i}", lambda i=i: through.append(f"a{i}"))
    gate.enter("b", "b0", lambda: through.append("b0"))  # a second network, after them
    gate.enter("c", "c0", lambda: 1 / 0)  # a handshake that fails does not stop the line
    gate.enter("c", "c1", lambda: through.append("c1"))
    gate.leave("a", "a5")  # its connection was lost while it waited
    assert through == ["a0", "a1"] and len(gate) == 6
    clock.advance(0.125)  # a token every 1/8 s: the networks take turns, a newcomer does not wait for all
    assert through == ["a0", "a1", "a2"]
    clock.advance(0.125)
    assert through[-1] == "b0"
    clock.advance(0.25)  # c0 fails (logged), then a3
    assert through[-1] == "a3"
    clock.advance(0.125)
    assert through[-1] == "c1"
    clock.advance(1.0)  # a4; a5 left: never let through
    assert through == ["a0", "a1", "a2", "b0", "a3", "c1", "a4"] and len(gate) == 0 and not clock.timers


def _upgrade_request(server: ServerProcess, table_id: str) -> bytes:
    return (f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode()


def test_a_burst_of_new_sockets_waits_its_turn_and_another_network_is_not_held_behind_it(serve):
    """Forty handshakes sent at once from one network pass at ``--handshake-rate``; a socket from another network
    opened after all of them is answered while most of the forty still wait (nothing of theirs was read)."""
    server = serve("--handshake-rate", "4")  # bursts of one
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    burst = [_raw(server, f"127.0.11.{1 + i}", _upgrade_request(server, table["id"])) for i in range(40)]
    with _ws(server, table["id"], "127.0.12.1") as other:
        assert json.loads(other.recv(timeout=10))["type"] == "state"
        answered = sum(bool(select.select([sock], [], [], 0)[0]) for sock in burst)
    assert answered < 20, f"{answered} of the burst's 40 were answered before the other network's one"
    for sock in burst[:2]:  # the first of them were upgraded as usual
        sock.settimeout(15)
        assert sock.recv(12) == b"HTTP/1.1 101"
    for sock in burst:
        sock.close()


def test_requests_beyond_a_networks_rate_wait_their_turn_and_other_networks_do_not():
    pace = Pace(rate=10, burst=3)
    assert [pace.delay("a", now=0.0) for _ in range(5)] == pytest.approx([0, 0, 0, 0.1, 0.2])  # a burst of 3
    assert pace.delay("b", now=0.0) == 0  # another network has its own
    assert pace.delay("a", now=0.25) == pytest.approx(0.05)  # a's next slot is at 0.3 (due 0.6, less the burst)
    assert pace.delay("a", now=5.0) == 0  # a whole burst again after a quiet while


def test_a_client_looping_on_a_cheap_route_is_paced_and_another_network_is_not_held_behind_it(serve):
    """Forty requests sent at once from one network are all answered, at ``--request-rate`` after a burst of
    four seconds' worth; a request from another network, sent after all of them, is answered while most of the
    forty still wait (with ``--request-rate 0`` all forty are answered first)."""
    server = serve("--request-rate", "4")  # bursts of 16
    request = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
    burst = [_raw(server, f"127.0.21.{1 + i}", request) for i in range(40)]
    status, _ = http("GET", f"{server.url}/healthz", source="127.0.22.1")
    answered = sum(bool(select.select([sock], [], [], 0)[0]) for sock in burst)
    assert status == 200 and answered < 28, f"{answered} of the burst's 40 were answered before the other network"
    for sock in burst:  # paced, not refused: every one of them is answered
        assert sock.recv(12) == b"HTTP/1.1 200"
        sock.close()


# -- 6. taking seats away ------------------------------------------------------------------------------------
def _creator(server: ServerProcess, table: dict, seat: int, what: str = "invite") -> tuple[int, dict]:
    return http("POST", f"{server.url}/api/tables/{table['id']}/seats/{seat}/{what}",
                {"creator_token": table["creator_token"]})


def test_a_seat_is_taken_away_only_after_a_documented_absence_on_its_turn(serve):
    """Without a clock: the opponent who merely closed the tab keeps the seat while it is not their turn and
    until they have been to move for ``--seat-absence``; then the creator may re-invite it, and the log says so
    in both languages."""
    server = serve("--seat-absence", "3")
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    _, joined = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    status, data = _creator(server, table, 1)  # seat 0 is to move: seat 1 is not absent
    assert status == 409 and data["error"] == "seat_active" and "not to move" in data["message"]
    me = Player(server, table["id"], table["token"])
    assert me.move(me.state["legal"][0]["id"])["type"] == "state"  # now seat 1 is to move
    status, data = _creator(server, table, 1, "bot")
    assert status == 409 and "s from now" in data["message"]
    time.sleep(3.5)
    status, _ = _creator(server, table, 1)
    assert status == 200
    assert http("POST", f"{server.url}/api/tables/{table['id']}/leave", {"token": joined["token"]})[0] == 403
    texts = {}
    for lang in ("en", "es"):
        watcher = Player(server, table["id"], lang=lang)
        texts[lang] = " ".join(n["text"] for n in watcher.state["notices"])
        watcher.close()
    assert "new invitation" in texts["en"] and "nueva invitación" in texts["es"]
    me.close()


def test_a_clocked_seat_is_taken_away_only_once_its_clock_ran_out(serve):
    server = serve("--clock-tick", "0.2")
    _, table = http("POST", f"{server.url}/api/tables", {**TABLE, "clock": {"mode": "live", "base": 10}})
    http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    me = Player(server, table["id"], table["token"])
    assert me.move(me.state["legal"][0]["id"])["type"] == "state"  # seat 1's clock runs: 10 s
    status, data = _creator(server, table, 1)
    assert status == 409 and "clock" in data["message"]
    deadline = time.monotonic() + 60
    while _creator(server, table, 1, "bot")[0] != 200:  # once its 10 s ran out (a bot stands in)
        assert time.monotonic() < deadline, "the seat could never be handed over"
        time.sleep(0.5)
    me.close()


# -- 7. the analysis queue ------------------------------------------------------------------------------------
def test_analysis_jobs_wait_fairly_across_networks():
    """A network may have ``per_owner`` jobs waiting, and the network served longest ago goes first: a
    newcomer waits for one job of each other network, not for all of one network's."""
    async def nothing(*_args) -> None:
        return None

    async def scenario() -> list[str]:
        analyst = Analyst(nothing, "random", 60, queue=6, per_owner=2)
        assert [analyst.submit(f"a{i}", {}, "A") is not None for i in range(3)] == [True, True, False]
        assert analyst.submit("b0", {}, "B") and analyst.submit("b1", {}, "B") and analyst.submit("c0", {}, "C")
        order = [analyst._next().table_id]  # a0: A was never served, nor were B and C; A asked first
        assert analyst.submit("a2", {}, "A") is not None  # A's waiting jobs: a1, a2
        while (job := analyst._next()) is not None:
            order.append(job.table_id)
        return order

    assert asyncio.run(scenario()) == ["a0", "b0", "c0", "a1", "b1", "a2"]


def test_one_network_cannot_fill_the_analysis_queue(serve):
    server = serve("--analysis-queue", "4", "--analysis-per-network", "1", "--analysis-bot", "expert:sims=2000",
                   "--limit-analysis", "100/minute")
    tables = [_finished_table(server) for _ in range(3)]
    codes = [http("POST", f"{server.url}/api/tables/{t}/analysis", {}, source="127.0.12.1")[0] for t in tables]
    assert codes[:2] == [202, 202] and codes[2] == 503  # one running, one waiting, the next refused
    status, answer = http("POST", f"{server.url}/api/tables/{tables[2]}/analysis", {}, source="127.0.13.1")
    assert status == 202 and answer["status"] == "queued"  # another network still gets in


# -- 8. errors that are the documented ones -------------------------------------------------------------------
def _nul_requests(server: ServerProcess, table_id: str) -> list[tuple[int, dict]]:
    url = server.url
    nul, escape = urllib.parse.quote("a\x00b"), urllib.parse.quote("a\x1b[31m")
    return [http("POST", f"{url}/api/tables", {**TABLE, "name": "a\x00b"}),
            http("POST", f"{url}/api/tables/{table_id}/join", {"seat": 1, "name": "\x00"}),
            http("POST", f"{url}/api/my-tables", {"seats": [{"table": "a\x00b", "token": "t"}]}),
            http("POST", f"{url}/api/my-tables", {"seats": [{"table": table_id, "token": "t\x00"}]}),
            http("POST", f"{url}/api/tables/{table_id}/leave", {"token": "\x00"}),
            http("GET", f"{url}/api/tables/{nul}"),
            http("GET", f"{url}/api/tables/{escape}/replay")]


@pytest.mark.parametrize("storage", ["sqlite", "postgresql"])
def test_nul_and_control_characters_are_a_400_on_every_storage(serve, storage):
    if storage == "postgresql" and not PG_URL:
        pytest.skip("set MUSEION_TEST_PG_URL to a PostgreSQL database to run this against it")
    server = serve(**({"db_url": PG_URL} if storage == "postgresql" else {}))
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    for status, data in _nul_requests(server, table["id"]):
        assert status == 400 and data["error"] in ("bad_request", "bad_name", "bad_text"), (status, data)
    closed = _close_frame(connect(f"{server.ws_url}/ws/tables/a%00b", open_timeout=10).__enter__())
    assert closed is not None and closed.code == 4404


def test_storage_trouble_is_a_json_503_on_every_route(serve):
    server = serve()
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    with contextlib.closing(sqlite3.connect(server.db_path)) as db:  # another program breaks the database
        db.executescript("DROP TABLE actions; DROP TABLE seats; DROP TABLE analyses; DROP TABLE tables;")
    for path in (f"/api/tables?x={time.time()}", f"/api/tables/{table['id']}x", f"/api/tables/{table['id']}x/replay"):
        status, data = http("GET", f"{server.url}{path}")
        assert status == 503 and data["error"] == "storage", (path, status, data)
    status, data = http("POST", f"{server.url}/api/tables", TABLE)
    assert status == 503 and data["error"] == "storage"


# -- 9. names -------------------------------------------------------------------------------------------------
def test_names_are_normalised_printable_and_pass_for_nobody_else(serve):
    server = serve()
    url = f"{server.url}/api/tables"
    for bad in ("\x1b[31mred", "evil\u202eoc.exe", "\u200b\u200b", "\u3164", "a\x00", "Pl\u200bayer 2", "An\ufeffa"):
        status, data = http("POST", url, {**TABLE, "name": bad})
        assert status == 400 and data["error"] in ("bad_name", "bad_request", "bad_text"), (bad, data)
    for impostor in ("player 2", "Jugador 2", "expert bot", "bot difícil", "EXPERT", "Player 2 (x)"):
        status, data = http("POST", url, {**TABLE, "name": impostor})
        assert status == 409 and data["error"] == "name_taken", (impostor, data)
    _, table = http("POST", url, {**TABLE, "seats": ["human", "human", "human"], "game": "imhotep",
                                  "options": {"players": 3}, "name": "Cafe\u0301"})
    assert table["seats"][0]["name"] == "Caf\u00e9"  # NFC
    status, data = http("POST", f"{url}/{table['id']}/join", {"seat": 1, "name": "CAF\u00c9"})
    assert status == 409 and data["error"] == "name_taken"
    status, _ = http("POST", f"{url}/{table['id']}/join", {"seat": 1, "name": "Bea"})
    assert status == 200


# -- 10. the document and the methods -------------------------------------------------------------------------
def test_other_methods_get_405_with_the_paths_allow_header(serve):
    server = serve()
    for method, path, allow in (("TRACE", "/api/tables", "GET, HEAD, POST"), ("PUT", "/healthz", "GET, HEAD"),
                                ("DELETE", "/api/my-tables", "POST"), ("POST", "/healthz", "GET, HEAD")):
        conn = http_client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request(method, path, headers={"Content-Type": "text/plain"})
        response = conn.getresponse()
        body = json.loads(response.read())
        assert (response.status, body["error"], response.headers["Allow"]) == (405, "bad_method", allow), path
        conn.close()
