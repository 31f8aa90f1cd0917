"""Bot accounts, personal API tokens, the event stream and challenges (issue 41 items 1-2) against a real server:
a token is shown once, stored as a hash, listed and revoked; bearer authentication with scopes and precise
refusals; a challenge reaches the challenged's stream at once, its acceptance makes a table with both seats bound
and sends both a ``tableStart`` whose key opens the seat over the WebSocket; refusals (self, unknown, blocked,
bots challenging people, limits); no token in the server's log."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest
from sqlalchemy import create_engine, select
from test_accounts_hostile import PASSWORD, Client
from test_migrations import STORAGES, database  # noqa: F401 - the fixture: an empty SQLite or PostgreSQL database

from museion.server.botapi.schema import api_tokens_t
from museion.server.stream import publish
from museion.server.testing import GENEROUS, Player, ServerProcess

SCOPES = ["read", "play", "challenge"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("botapi") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def account(server: ServerProcess, name: str, source: str = "127.0.0.1") -> Client:
    client = Client(server, source)
    client.sign_up(name)
    return client


def make_token(client: Client, scopes: list[str] = SCOPES, name: str = "agent") -> dict:
    status, made = client.request("POST", "/api/me/tokens", {"name": name, "scopes": scopes})
    assert status == 201, made
    return made


def bearer(server: ServerProcess, method: str, path: str, token: str, body: dict | None = None,
           source: str = "127.0.0.1") -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


class Stream:
    """``GET /api/stream`` read in a thread: the events so far, in order."""

    def __init__(self, server: ServerProcess, token: str | None = None, cookie: str | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        headers = {"Authorization": f"Bearer {token}"} if token else {"Cookie": f"museion_session={cookie}"}
        self.conn.request("GET", "/api/stream", headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.events: list[dict] = []
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        kind = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    self.events.append({"event": kind, **json.loads(line[6:])})
        except (OSError, ValueError, AttributeError):  # closed by the test (http.client drops its file)
            pass

    def wait(self, kind: str, timeout: float = 10.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [e for e in self.events if e["event"] == kind]
            if found:
                return found[-1]
            time.sleep(0.05)
        raise AssertionError(f"no {kind} event; got {self.events}")

    def close(self) -> None:
        """Shut the socket first: closing the response waits for the reading thread's read otherwise."""
        if self.conn.sock is not None:
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def test_a_token_is_shown_once_stored_as_a_hash_listed_and_revoked(server):
    ana = account(server, "Tok-Ana")
    made = make_token(ana, ["read"], "laptop")
    assert made["token"].startswith("msn_") and len(made["token"]) > 40 and made["scopes"] == ["read"]
    status, listed = ana.request("GET", "/api/me/tokens")
    assert status == 200 and [t["name"] for t in listed["tokens"]] == ["laptop"]
    assert "token" not in json.dumps(listed["tokens"][0]).replace('"tokens"', "")
    engine = create_engine(server.db_url)
    with engine.connect() as conn:
        stored = conn.execute(select(api_tokens_t.c.hash)).scalars().all()
    engine.dispose()
    assert made["token"] not in stored and all(len(h) == 64 for h in stored)
    status, me = bearer(server, "GET", "/api/challenges", made["token"])
    assert status == 200 and me == {"challenges": []}
    status, _ = ana.request("DELETE", f"/api/me/tokens/{made['id']}")
    assert status == 200
    status, refused = bearer(server, "GET", "/api/challenges", made["token"])
    assert status == 401 and refused["error"] == "bad_token"


def test_bearer_refusals_are_precise(server):
    bea = account(server, "Tok-Bea")
    read = make_token(bea, ["read"])["token"]
    assert bearer(server, "GET", "/api/challenges", "nonsense")[1]["error"] == "bad_token"
    status, body = bearer(server, "POST", "/api/challenges", read, {"to": "Tok-Ana", "game": "tholos"})
    assert status == 403 and body["error"] == "token_scope" and "'challenge'" in body["message"]
    status, body = bearer(server, "POST", "/api/me/tokens", read, {"name": "x", "scopes": ["play"]})
    assert status == 403 and body["error"] == "token_not_allowed"  # a token never makes tokens
    status, body = bearer(server, "POST", "/api/seeks", read, {"game": "tholos", "players": 2})
    assert status == 403 and body["error"] == "token_not_allowed"  # nor quick pairing
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/api/challenges", headers={"Authorization": "Basic abc"})
    response = conn.getresponse()
    assert response.status == 401 and json.loads(response.read())["error"] == "bad_authorization"
    conn.close()
    status, body = bea.request("POST", "/api/me/tokens", {"name": "x", "scopes": ["root"]})
    assert status == 400 and body["error"] == "bad_request"


def test_a_challenge_reaches_the_stream_and_its_table_binds_both_seats(server):
    cai, dan = account(server, "Cha-Cai", "127.0.4.1"), account(server, "Cha-Dan", "127.0.5.1")
    token = make_token(dan)["token"]
    stream = Stream(server, token=token)
    assert stream.status == 200
    status, made = cai.request("POST", "/api/challenges", {"to": "cha-dan", "game": "tholos", "rated": True,
                                                           "clock": {"mode": "live", "base": 600, "increment": 5}})
    assert status == 201 and made["status"] == "pending" and made["to"] == "Cha-Dan", made
    heard = stream.wait("challenge")["challenge"]
    assert heard["id"] == made["id"] and heard["from"] == "Cha-Cai" and heard["rated"]
    cai_stream = Stream(server, cookie=cai.cookie)
    status, accepted = bearer(server, "POST", f"/api/challenges/{made['id']}/accept", token, {})
    assert status == 200 and accepted["status"] == "accepted" and accepted["table"], accepted
    assert cai_stream.wait("challengeAccepted")["challenge"]["table"] == accepted["table"]
    start = stream.wait("tableStart")
    assert start["table"] == accepted["table"] and start["seat"] == accepted["seat"] and len(start["key"]) == 64
    table = Client(server).request("GET", f"/api/tables/{accepted['table']}")[1]
    assert table["status"] == "running" and table["rated"]
    assert {s["name"] for s in table["seats"]} == {"Cha-Cai", "Cha-Dan"}
    player = Player.__new__(Player)  # the bot's socket: its bearer token in the handshake, the key in its hello
    from websockets.sync.client import connect

    player.ws = connect(f"{server.ws_url}/ws/tables/{accepted['table']}", open_timeout=10, close_timeout=1,
                        additional_headers={"Authorization": f"Bearer {token}"}).__enter__()
    player.ws.send(json.dumps({"type": "hello", "token": start["key"]}))
    player.state, player.log, player.errors, player.texts = {}, [], [], []
    first = player.recv()
    assert first["type"] == "state" and first["seat"] == start["seat"], first
    player.ws.close()
    status, again = cai.request("POST", f"/api/challenges/{made['id']}/cancel", {})
    assert status == 409 and again["error"] == "challenge_settled"
    stream.close()
    cai_stream.close()


def test_declining_cancelling_and_the_refusals(server):
    eva, fay = account(server, "Cha-Eva", "127.0.6.1"), account(server, "Cha-Fay", "127.0.7.1")
    fay_stream = Stream(server, cookie=fay.cookie)
    eva_stream = Stream(server, cookie=eva.cookie)
    made = eva.request("POST", "/api/challenges", {"to": "Cha-Fay", "game": "tholos"})[1]
    assert eva.request("POST", "/api/challenges", {"to": "Cha-Fay", "game": "tholos"})[1]["error"] == \
        "already_challenged"
    status, body = eva.request("POST", f"/api/challenges/{made['id']}/accept", {})
    assert status == 404 and body["error"] == "no_challenge"  # only the challenged accepts
    assert fay.request("POST", f"/api/challenges/{made['id']}/decline", {})[1]["status"] == "declined"
    assert eva_stream.wait("challengeDeclined")["challenge"]["id"] == made["id"]
    made = eva.request("POST", "/api/challenges", {"to": "Cha-Fay", "game": "tholos"})[1]
    assert eva.request("POST", f"/api/challenges/{made['id']}/cancel", {})[1]["status"] == "cancelled"
    assert fay_stream.wait("challengeCancelled")["challenge"]["id"] == made["id"]
    assert eva.request("POST", "/api/challenges", {"to": "Cha-Eva", "game": "tholos"})[1]["error"] == \
        "self_challenge"
    assert eva.request("POST", "/api/challenges", {"to": "Nobody-Here", "game": "tholos"})[1]["error"] == \
        "no_player"
    assert fay.request("POST", "/api/friends/blocks", {"username": "Cha-Eva"})[0] == 200
    assert eva.request("POST", "/api/challenges", {"to": "Cha-Fay", "game": "tholos"})[1]["error"] == \
        "no_player"  # a block reads as no such player
    status, body = eva.request("POST", "/api/challenges", {"to": "Cha-Dan", "game": "tholos",
                                                           "options": {"players": 3}})
    assert status == 400 and body["error"] == "bad_players", body
    fay_stream.close()
    eva_stream.close()


def test_a_bot_account_challenges_bots_only_and_is_made_once(server):
    gus = account(server, "Bot-Gus", "127.0.8.1")
    status, body = gus.request("POST", "/api/me/bot", {"password": "wrong-password-here"})
    assert status == 401
    assert not Client(server).request("GET", "/api/players/Bot-Gus")[1]["bot"]
    status, body = gus.request("POST", "/api/me/bot", {"password": PASSWORD})
    assert status == 200 and body == {"bot": True}
    assert Client(server).request("GET", "/api/players/Bot-Gus")[1]["bot"]  # its page says so
    found = Client(server, "127.0.8.9").request("GET", "/api/players?prefix=bot-g")[1]
    assert found == {"players": ["Bot-Gus"], "bots": ["Bot-Gus"]}  # and the player search
    account(server, "Hal-Person", "127.0.9.1")
    status, body = gus.request("POST", "/api/challenges", {"to": "Hal-Person", "game": "tholos"})
    assert status == 403 and body["error"] == "bot_challenge"
    status, _ = gus.request("POST", "/api/seeks", {"game": "tholos", "players": 2})
    assert status == 403  # never quick pairing with people


def test_stream_limits_resume_and_publish_from_another_process(server):
    ivy = account(server, "Str-Ivy", "127.0.10.1")
    token = make_token(ivy)["token"]
    streams = [Stream(server, token=token) for _ in range(4)]
    assert all(s.status == 200 for s in streams)
    extra = Stream(server, token=token)
    assert extra.status == 429 and json.loads(extra.response.read())["error"] == "too_many_streams"
    engine = create_engine(server.db_url)  # this test process is "another process" of the site
    with engine.connect() as conn:
        from museion.server.accounts.schema import accounts_t

        ivy_id = conn.execute(select(accounts_t.c.id).where(accounts_t.c.username == "Str-Ivy")).scalar_one()
    publish(engine, ivy_id, {"type": "tournamentRound", "tournament": "t1", "round": 1})
    engine.dispose()
    assert all(s.wait("tournamentRound")["tournament"] == "t1" for s in streams)
    for s in streams:
        s.close()
    extra.close()


def test_no_token_in_the_servers_log(server):
    log = server.log_text()
    assert "msn_" not in log


@pytest.mark.parametrize("database", [p for p in STORAGES if p != "sqlite"], indirect=True)
def test_on_postgresql_an_event_published_by_another_process_reaches_the_stream(database, tmp_path):  # noqa: F811
    """A PostgreSQL site: the server holds the stream, this test's process publishes (as another server process
    of the site does: ``stream.publish`` is one insert every process reads)."""
    server = ServerProcess(tmp_path / "pg.db", db_url=database, args=GENEROUS).start()
    engine = create_engine(database)
    try:
        kim = account(server, "Pg-Kim")
        stream = Stream(server, token=make_token(kim)["token"])
        assert stream.status == 200
        from museion.server.accounts.schema import accounts_t

        with engine.connect() as conn:
            kim_id = conn.execute(select(accounts_t.c.id).where(accounts_t.c.username == "Pg-Kim")).scalar_one()
        publish(engine, kim_id, {"type": "tournamentRound", "tournament": "pg", "round": 2})
        assert stream.wait("tournamentRound")["round"] == 2
        stream.close()
    finally:
        engine.dispose()
        server.stop()
