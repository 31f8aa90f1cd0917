"""Running like a service (docs/operations.md): health and readiness, metrics and who may read them, draining on
SIGTERM, JSON logs, settings from flags / environment / a TOML file, and SQLite backup and restore."""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import logging
import os
import re
import signal
import sqlite3
import time
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from museion.cli import main
from museion.server import settings
from museion.server.edge import service
from museion.server.testing import GENEROUS, Player, ServerProcess, http, metrics, sample

PG_URL = os.environ.get("MUSEION_TEST_PG_URL")


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture
def serve(tmp_path):
    started: list[ServerProcess] = []

    def start(*args: str, **kw) -> ServerProcess:
        server = ServerProcess(tmp_path / f"s{len(started)}.db", args=(*GENEROUS, *args), **kw).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_ready_and_metrics_count_moves_routes_message_types_and_sockets(serve):
    server = serve("--forwarded-allow-ips", "127.0.0.1")
    assert _get(f"{server.url}/readyz")[0] == 200
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    _, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    players = [Player(server, table["id"], table["token"]), Player(server, table["id"], other["token"])]
    for _ in range(4):
        mover = next(p for p in players if p.state["legal"])
        assert mover.move(mover.state["legal"][0]["id"])["type"] == "state"
        next(p for p in players if p is not mover).recv_answer()
    http("GET", f"{server.url}/api/tables/{table['id']}")
    status, text = _get(f"{server.url}/metrics")
    assert status == 200
    assert sample(text, "museion_actions_stored_total") >= 4
    assert sample(text, "museion_ws_message_seconds_count", type="move") == 4
    assert sample(text, "museion_http_request_seconds_count", route="/api/tables/{table_id}", method="GET") == 1
    assert sample(text, "museion_open_sockets") == 2
    assert sample(text, "museion_queue_length", queue="bot_quick") == 0
    assert table["id"] not in text  # labels are route templates, never what a client sent
    # behind a proxy, a client from elsewhere may not read them (the default: this host only)
    status, text = _get(f"{server.url}/metrics", {"X-Forwarded-For": "203.0.113.5"})
    assert status == 403 and json.loads(text)["error"] == "forbidden"


@pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... (PostgreSQL)")
def test_with_workers_one_scrape_shows_the_totals_of_every_process_and_forgets_a_dead_ones_gauges(tmp_path,
                                                                                                  monkeypatch):
    """``--workers 2``: a scrape, whichever process answers it, counts the requests both answered and the sockets
    both hold; a process killed with SIGKILL keeps its counts in the totals but loses its gauges."""
    shared = tmp_path / "metrics"
    shared.mkdir()
    (shared / "counter_1.db").write_bytes(b"a previous run's")  # the operator's directory is emptied at start
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(shared))
    server = ServerProcess(tmp_path / "unused.db", db_url=PG_URL, bot_workers=0, args=(*GENEROUS, "--workers", "2"))
    server.start(timeout=90)
    try:
        first = metrics(server)  # labelled series are there, at 0, before their first event (issue 39)
        for name, labels in (("museion_followed_total", {"path": "carried"}),
                             ("museion_followed_total", {"path": "read"}),
                             ("museion_storage_errors_total", {"kind": "write"}),
                             ("museion_ws_message_seconds_count", {"type": "move"}),
                             ("museion_work_seconds_count", {"kind": "hint", "outcome": "timeout"}),
                             ("museion_analysis_seconds_count", {"outcome": "failed"})):
            found = [line for line in first.splitlines() if line.startswith(name + "{")
                     and all(f'{k}="{v}"' in line for k, v in labels.items())]
            assert found and all(line.endswith(" 0.0") for line in found), (name, labels, found)
        before = sample(metrics(server), "museion_http_request_seconds_count", method="GET", route="/healthz")
        answered: collections.Counter[int] = collections.Counter()
        deadline = time.monotonic() + 90  # the second process may still be starting: it listens once started
        while len(answered) < 2 and time.monotonic() < deadline:  # new connections: the kernel spreads them
            answered[http("GET", f"{server.url}/healthz")[1]["pid"]] += 1
            time.sleep(0.05)
        assert len(answered) == 2
        total = sample(metrics(server), "museion_http_request_seconds_count", method="GET", route="/healthz")
        assert total - before == sum(answered.values())
        _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"]})
        watchers = [Player(server, table["id"]) for _ in range(6)]
        _until(lambda: sample(metrics(server), "museion_open_sockets") == 6)  # each process writes its gauges
        victim = min(answered)
        os.kill(victim, signal.SIGKILL)
        _until(lambda: not list(shared.glob(f"gauge_livesum_{victim}.db")))  # the supervisor forgot its gauges
        assert list(shared.glob(f"histogram_{victim}.db"))  # its counts stay in the totals
        assert sample(metrics(server), "museion_http_request_seconds_count", method="GET", route="/healthz") >= total
        for watcher in watchers:
            with contextlib.suppress(Exception):
                watcher.close()
    finally:
        server.stop()
    assert not list(shared.glob("counter_1.db"))


def _until(condition, timeout: float = 15.0) -> None:  # noqa: ANN001 - any callable
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.2)


@pytest.mark.parametrize(("who", "status"), [("off", 404), ("any", 200), ("loopback", 403)])
def test_metrics_off_open_to_any_or_to_this_host_only(tmp_path, who, status):
    """In process: the test client's address is not loopback."""
    from fastapi.testclient import TestClient

    from museion.server.app import create_app
    from museion.server.config import ServerConfig

    guard = create_app(f"sqlite:///{tmp_path / 'museion.db'}",
                       ServerConfig(bot_workers=0, hosts=("testserver",), metrics=who))
    with TestClient(guard) as client:
        assert client.get("/metrics").status_code == status


def test_sigterm_drains_closing_sockets_with_1012_and_keeps_every_acknowledged_move(serve, tmp_path):
    """A client whose move was acknowledged just before SIGTERM finds it stored; its socket is closed with 1012
    (service restart, so it reconnects elsewhere), and the process exits cleanly."""
    server = serve()
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    me = Player(server, table["id"], table["token"])
    http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    me.wait(lambda s: bool(s["legal"]))
    assert me.move(me.state["legal"][0]["id"])["type"] == "state"
    assert server.proc is not None
    os.kill(server.proc.pid, signal.SIGTERM)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            me.recv(timeout=20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012, closed.value
    assert server.proc.wait(30) == -signal.SIGTERM  # uvicorn ends by the signal it handled, once drained
    with sqlite3.connect(server.db_path) as db:
        stored = db.execute("SELECT count(*) FROM actions WHERE table_id = ?", (table["id"],)).fetchone()[0]
    assert stored == me.state["seq"]
    assert "Traceback" not in server.log_text()


def test_a_draining_server_is_not_ready_and_refuses_new_sockets(tmp_path):
    """What a load balancer sees between SIGTERM and the end: 503 from readiness, new WebSockets refused."""
    from fastapi.testclient import TestClient

    from museion.server.app import create_app
    from museion.server.config import ServerConfig

    guard = create_app(f"sqlite:///{tmp_path / 'museion.db'}", ServerConfig(bot_workers=0, hosts=("testserver",)))
    with TestClient(guard) as client:
        assert client.get("/readyz").json()["ready"] is True
        service.drain(guard.app)
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["reason"] == "draining"
        with pytest.raises(Exception) as refused, client.websocket_connect("/ws/tables/x"):
            pass
        assert getattr(refused.value, "code", None) == 1012


def test_readiness_fails_while_storage_does_not_answer(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from museion.server.app import create_app
    from museion.server.config import ServerConfig

    def down(_engine: object) -> None:
        raise ConnectionRefusedError("the database is down")

    guard = create_app(f"sqlite:///{tmp_path / 'museion.db'}", ServerConfig(bot_workers=0, hosts=("testserver",)))
    with TestClient(guard) as client:
        monkeypatch.setattr(service, "ping", down)
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["reason"] == "storage: ConnectionRefusedError"
        assert client.get("/healthz").status_code == 200  # alive all the same: a restart would not help


def test_json_logs_are_one_object_per_line(capsys):
    service.configure_logging("json")
    try:
        logging.getLogger("museion.server").warning("table %s: %s", "abc", "ünïcode")
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("museion.server").exception("failed")
    finally:
        service.configure_logging("text")
    lines = capsys.readouterr().err.strip().splitlines()
    first, second = json.loads(lines[0]), json.loads("\n".join(lines[1:]))
    assert first["message"] == "table abc: ünïcode" and first["level"] == "warning"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["time"]) and first["pid"] == os.getpid()
    assert "ValueError: boom" in second["exception"]


# -- settings --------------------------------------------------------------------------------------------------
def _args(**given) -> argparse.Namespace:
    names = settings.defaults()
    return argparse.Namespace(**{**{name: None for name in names}, "config": None, **given})


def test_settings_flag_beats_environment_beats_file_beats_default(tmp_path):
    path = tmp_path / "museion.toml"
    path.write_text('bot_workers = 3\nport = 9000\nlimit_move = "5/second"\norigins = ["https://a.example"]\n')
    env = {"MUSEION_CONFIG": str(path), "MUSEION_PORT": "9100", "MUSEION_BOT_SPECS": "true",
           "MUSEION_ORIGINS": "https://b.example,https://c.example"}
    args = settings.resolve(_args(bot_workers=1), env)
    assert args.bot_workers == 1  # the flag
    assert args.port == 9100 and args.bot_specs is True  # the environment
    assert args.origins == ("https://b.example", "https://c.example")
    assert args.limit_move == "5/second"  # the file
    assert args.bot_delay == 0.3 and args.host == "127.0.0.1"  # the defaults


@pytest.mark.parametrize(("text", "env", "error"), [
    ("bot_workerz = 2\n", {}, "no setting 'bot_workerz'"),
    ('bot_workers = "many"\n', {}, "allowed: an integer"),
    ("", {"MUSEION_PORT": "http"}, "MUSEION_PORT: got 'http'; allowed: an integer"),
    ("", {"MUSEION_BOT_SPECS": "maybe"}, "allowed: true or false"),
    ("port = [", {}, "Invalid value"),
])
def test_settings_refuse_what_names_no_setting_or_has_the_wrong_type(tmp_path, text, env, error):
    path = tmp_path / "museion.toml"
    path.write_text(text)
    with pytest.raises(ValueError, match=re.escape(error)):
        settings.resolve(_args(config=path), env)


# -- backup and restore ----------------------------------------------------------------------------------------
def test_backup_while_serving_then_restore_brings_back_that_moment(serve, tmp_path, capsys):
    server = serve()
    db = f"sqlite:///{server.db_path}"
    _, first = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    assert main(["admin", "backup", "--db", db, str(tmp_path / "b1.db")]) == 0  # online: the server runs on
    _, second = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    assert main(["admin", "backup", "--db", db, str(tmp_path / "b1.db")]) == 2  # never over an existing file
    server.stop()
    assert main(["admin", "restore", "--db", db, str(tmp_path / "b1.db")]) == 0
    server.start()
    assert http("GET", f"{server.url}/api/tables/{first['id']}")[0] == 200
    assert http("GET", f"{server.url}/api/tables/{second['id']}")[0] == 404
    kept = server.db_path.with_name(server.db_path.name + ".before-restore")
    with sqlite3.connect(kept) as before:  # what the restore replaced is kept
        assert before.execute("SELECT count(*) FROM tables").fetchone()[0] == 2
    assert "the replaced database is" in capsys.readouterr().out


def test_restore_refuses_what_is_not_a_museion_database_and_backup_refuses_postgresql(tmp_path, capsys):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    target = tmp_path / "museion.db"
    assert main(["admin", "restore", "--db", f"sqlite:///{target}", str(junk)]) == 2
    assert main(["admin", "restore", "--db", f"sqlite:///{target}", str(other)]) == 2
    assert not target.exists()
    assert main(["admin", "backup", "--db", "postgresql+psycopg://u@h/db", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "not a SQLite database" in err and "lacks actions, seats, tables" in err and "pg_dump" in err


def test_workers_refuse_sqlite(tmp_path, capsys):
    assert main(["serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'm.db'}"]) == 2
    assert "SQLite is one process" in capsys.readouterr().err


def test_a_port_in_use_is_said_at_start(tmp_path, capsys):
    """The server binds its port itself, before anything else starts (a local Ray cluster could take it)."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'm.db'}", "--bot-workers", "0"]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
