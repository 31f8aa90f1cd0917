"""Issue 38 items 2-5 against a real server: ratings that cannot be farmed between one's own accounts, names nobody
can borrow (reserved account names, accounts-only tables), no invisible characters where people type, and no text
storage cannot hold reaching it (SQLite and PostgreSQL: 400, never 503)."""

from __future__ import annotations

import json
import os
import sqlite3
import uuid

import pytest
from sqlalchemy import create_engine, make_url, text
from test_accounts_hostile import Client

from museion.server import names, typed
from museion.server.ratings import store as rating_store
from museion.server.testing import GENEROUS, Player, ServerProcess

PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
ARGS = (*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute", "--limit-profiles",
        "1000/minute")
OTHER_NETWORK = "127.0.1.1"
"""A loopback address in another /24 than 127.0.0.1: a second player elsewhere."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("fair") / "museion.db", bot_delay=0.0, args=ARGS).start()
    yield proc
    proc.stop()
    assert "Traceback" not in proc.log_text(), proc.log_text()[-3000:]


@pytest.fixture(scope="module")
def pg_server(tmp_path_factory: pytest.TempPathFactory):
    if not PG_URL:
        pytest.skip("set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
    name = f"museion_fair_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    proc = ServerProcess(tmp_path_factory.mktemp("fair-pg") / "museion.db", bot_delay=0.0, args=ARGS,
                         db_url=make_url(PG_URL).set(database=name).render_as_string(hide_password=False)).start()
    yield proc
    proc.stop()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()
    assert "Traceback" not in proc.log_text(), proc.log_text()[-3000:]


def _raw(client: Client, method: str, path: str, body: str) -> tuple[int, dict]:
    """A request whose JSON body is sent as written (``\\u0000`` escapes as they are)."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", client.server.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def _next(player: Player, kind: str, also: object = None) -> dict:
    """The next message of type ``kind`` (that ``also`` accepts) this client receives."""
    while True:
        message = player.recv()
        if message["type"] == kind and (also is None or also(message)):  # type: ignore[operator]
            return message


# -- 5. text storage cannot hold ----------------------------------------------------------------------------------
def _unstorable_text_is_refused(proc: ServerProcess) -> None:
    guest = Client(proc)
    guest.sign_up("Nul-Holder")
    for method, path, body in (
            ("GET", "/api/players/x%00y", None),
            ("GET", "/api/ratings/tholos?players=2&x%00=1", None),
            ("POST", "/api/session", '{"username": "a\\u0000b", "password": "tortuga azul 7"}'),
            ("POST", "/api/accounts/recover", '{"username": "a\\u0000b", "code": "ABCD", "password": "x1y2z3w4v5"}'),
            ("POST", "/api/accounts", '{"username": "ab\\ud800", "password": "tortuga azul 7"}'),
            ("POST", "/api/tables", '{"game": "tholos", "seats": ["human", "bot:random"], "join": 0, '
                                    '"name": "A\\u0000"}'),
            ("POST", "/api/my-tables", '{"seats": [{"table": "a\\u0000", "token": "b"}]}')):
        status, answer = (guest.request(method, path) if body is None else _raw(guest, method, path, body))
        assert (status, answer["error"]) == (400, "bad_text"), (path, status, answer)
        assert "cannot be stored" in answer["message"] and answer["reason"]["key"] == "web.code.bad_text"
    assert guest.sign_in("Nul-Holder")[0] == 200  # nothing broke: the same routes still answer
    assert guest.request("GET", "/api/players/nobody-at-all")[0] == 404
    assert "storage failed" not in proc.log_text()


def test_text_storage_cannot_hold_is_refused_before_it_reaches_sqlite(server):
    _unstorable_text_is_refused(server)


def test_text_storage_cannot_hold_is_refused_before_it_reaches_postgresql(pg_server):
    _unstorable_text_is_refused(pg_server)


def test_the_storable_and_readable_rules():
    assert typed.unstorable("ok") is None and typed.unstorable("a\x00") == 1 and typed.unstorable("\udfff") == 0
    assert typed.refusal("Ana 👩\u200d💻") is None
    for bad, char in (("An\u200ba", "\u200b"), ("x\u200d", "\u200d"), ("\ufeffAna", "\ufeff"), ("a\u200eb", "\u200e"),
                      ("a\u2060b", "\u2060"), ("a\u3164b", "\u3164"), ("a\x00", "\x00")):
        assert typed.refusal(bad)[1] == char, bad


# -- 4. invisible characters where people type ---------------------------------------------------------------------
def test_invisible_characters_are_refused_in_names_and_chat(server):
    guest = Client(server)
    for name in ("An\u200ba", "Ana\u200d", "\ufeffAna", "A\u2060na"):
        status, answer = guest.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                               "join": 0, "name": name})
        assert (status, answer["error"]) == (400, "bad_name"), (name, answer)
        assert "invisible" in answer["message"]
    status, created = guest.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                            "join": 0, "name": "Ana"})
    assert status == 201
    status, answer = guest.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "B\u200bo"})
    assert (status, answer["error"]) == (400, "bad_name")
    player = Player(server, created["id"], created["token"])
    for line in ("hi\u200bthere", "\ufeffhello", "ok \u200e", "a\u200db"):
        player.send({"type": "chat", "text": line})
        refused = _next(player, "error")
        assert refused["code"] == "chat_bad_character" and "invisible" in refused["message"], refused
    player.send({"type": "chat", "text": "good game 👩\u200d💻"})
    said = _next(player, "chat", lambda m: not m["backlog"])
    assert said["messages"][-1]["text"] == "good game 👩\u200d💻"
    player.close()
