"""Issue 38 items 2-5 against a real server: ratings that cannot be farmed between one's own accounts, names nobody
can borrow (reserved account names, accounts-only tables), no invisible characters where people type, and no text
storage cannot hold reaching it (SQLite and PostgreSQL: 400, never 503)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
import uuid

import pytest
from legacy_schema import main_schema, make
from sqlalchemy import create_engine, inspect, make_url, text
from test_accounts_hostile import Client

from museion.server import migrations
from museion.server.edge import typed
from museion.server.ratings import store as rating_store
from museion.server.storage.engine import make_engine
from museion.server.storage.rows import hash_token
from museion.server.table import names
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


# -- 2. ratings that cannot be farmed -----------------------------------------------------------------------------
def _account(server: ServerProcess, name: str, source: str = "127.0.0.1") -> Client:
    client = Client(server, source)
    client.sign_up(name)
    return client


def _rated_pair(server: ServerProcess, ana: Client, bob: Client) -> tuple[dict, dict]:
    status, created = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                          "rated": True, "join": 0})
    assert status == 201, created
    status, joined = bob.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1})
    assert status == 200, joined
    return created, joined


def _finish(server: ServerProcess, created: dict, joined: dict, ana: Client, bob: Client, lang: str = "en",
            rated: bool = True) -> list[Player]:
    players = [Player(server, created["id"], created["token"], lang, cookie=ana.cookie),
               Player(server, created["id"], joined["token"], lang, cookie=bob.cookie)]
    _play_out(players, rated)
    for player in players:
        player.close()
    return players


def test_a_rated_table_joined_from_a_seated_accounts_network_is_played_unrated(server):
    ana, bob = _account(server, "Ana-Farm"), _account(server, "Bob-Farm")  # one network: 127.0.0.0/24
    created, joined = _rated_pair(server, ana, bob)
    assert joined["unrated"] == {"key": "web.code.unrated_network", "args": {}}
    assert Client(server).request("GET", f"/api/tables/{created['id']}")[1]["rated"] is False
    with sqlite3.connect(server.db_path) as db:  # the networks are kept only until every seat is taken
        assert db.execute("SELECT COUNT(*) FROM seat_networks WHERE table_id = ?", (created["id"],)).fetchone() == (0,)
    players = _finish(server, created, joined, ana, bob, "es", rated=False)
    [notice] = [n for n in players[1].state["notices"] if n["key"] == "notice.unrated_network"]
    assert "misma red" in notice["text"]  # said in the player's language
    assert [p.state["rating"] for p in players] == [None, None]
    assert ana.request("GET", "/api/me/data")[1]["ratings"] == []
    carl = _account(server, "Carl-Farm", OTHER_NETWORK)  # from another network the game stays rated
    created, joined = _rated_pair(server, ana, carl)
    assert joined["unrated"] is None and Client(server).request("GET", f"/api/tables/{created['id']}")[1]["rated"]


def _play_out(players: list[Player], rated: bool) -> None:
    """Each seat plays its first legal move on its turn until the game is over (and, ``rated``, each player was
    told their rating change)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for player in players:
            with contextlib.suppress(TimeoutError):
                while True:  # take whatever has arrived, without waiting
                    player.recv(timeout=0.01)
        if all(p.state["status"] == "finished" and (not rated or p.state.get("rating")) for p in players):
            return
        mover = next((p for p in players if p.state["to_move"] == p.state["seat"] and p.state["legal"]
                      and p.state["status"] != "finished"), None)
        if mover is not None:
            mover.move(mover.state["legal"][0]["id"])
    raise TimeoutError("the game did not end")


def test_a_pair_of_accounts_changes_each_others_ratings_three_times_a_day(server):
    dan, eli = _account(server, "Dan-Pair"), _account(server, "Eli-Pair", "127.0.2.1")
    changes = []
    for _ in range(rating_store.model.PAIR_GAMES + 1):
        created, joined = _rated_pair(server, dan, eli)
        assert joined["unrated"] is None
        changes.append(_finish(server, created, joined, dan, eli)[0].state["rating"])
    assert [c["counted"] for c in changes] == [True, True, True, False]
    assert changes[-1]["before"] == changes[-1]["after"] and changes[-1]["games"] == 3
    data = dan.request("GET", "/api/me/data")[1]
    assert [r["games"] for r in data["ratings"]] == [3]
    assert [h["counted"] for h in data["rating_history"]] == [True, True, True, False]
    dan.request("POST", "/api/me/profile", {"ratings": True, "games": False, "languages": False})
    board = Client(server).request("GET", "/api/ratings/tholos?players=2&limit=100")[1]
    assert "Dan-Pair" not in [r["username"] for r in board["ratings"]]  # one opponent: not on the leaderboard


def test_networks_pairs_and_opponents_on_postgresql(pg_server):
    """The same on PostgreSQL: one network makes the table unrated; a game between two networks is rated, its
    pair counted and its opponent too (the dialect's casts and joins)."""
    ana, bob = _account(pg_server, "Ana-Pg"), _account(pg_server, "Bob-Pg")
    assert _rated_pair(pg_server, ana, bob)[1]["unrated"] is not None
    carl = _account(pg_server, "Carl-Pg", OTHER_NETWORK)
    created, joined = _rated_pair(pg_server, ana, carl)
    assert joined["unrated"] is None
    assert _finish(pg_server, created, joined, ana, carl)[0].state["rating"]["counted"] is True
    admin = create_engine(pg_server.db_url)
    with admin.connect() as conn:
        assert conn.execute(text("SELECT opponents, games FROM ratings r JOIN accounts a ON a.id = r.account_id "
                                 "WHERE a.username = 'Ana-Pg'")).one() == (1, 1)
        assert conn.execute(text("SELECT name_key FROM accounts WHERE username = 'Carl-Pg'")).scalar() == "carlpg"
    admin.dispose()


# -- 3. names nobody can borrow; accounts-only tables ---------------------------------------------------------------
def _create(client: Client, **extra: object) -> tuple[int, dict]:
    return client.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], **extra})


def test_an_accounts_name_is_reserved_against_look_alikes(server):
    dora = _account(server, "Dora-Named")
    guest, emil = Client(server), _account(server, "Emil-Named")
    assert names.name_key("Dоra_Named") == names.name_key("dora-named")  # a Cyrillic о
    for name in ("Dora-Named", "dora named", "DORA_NAMED", "Dоra-Named", "Ｄｏｒａ.Named", "D0ra-Named"):
        status, answer = _create(guest, join=0, name=name)
        assert (status, answer["error"]) == (409, "name_reserved"), name
        assert answer["reason"]["key"] == "web.code.name_reserved"
    status, created = _create(guest, join=0, name="Dora")  # another name is free
    assert status == 201
    status, answer = guest.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "DORA-NAMED"})
    assert (status, answer["error"]) == (409, "name_reserved")
    status, joined = emil.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "Dora Named"})
    assert status == 200  # an account sits under its own name, whatever it sends
    names_now = [s["name"] for s in Client(server).request("GET", f"/api/tables/{created['id']}")[1]["seats"]]
    assert names_now == ["Dora", "Emil-Named"]
    status, created = _create(dora, join=0)
    assert status == 201 and created["seats"][0]["name"] == "Dora-Named"  # the account itself has it
    status, answer = Client(server).request("POST", "/api/accounts", {"username": "dora.named",
                                                                     "password": "tortuga azul 7"})
    assert (status, answer["error"]) == (409, "username_taken")  # nor may a new account look like it


def test_accounts_only_tables_keep_a_blocked_player_out_as_a_guest(server):
    fabi, gus = _account(server, "Fabi-Blocks"), _account(server, "Gus-Blocked")
    status, plain = _create(fabi, join=0)
    assert status == 201 and plain["accounts_only"] is False  # nobody blocked yet: open to guests
    assert fabi.request("POST", "/api/friends/blocks", {"username": "Gus-Blocked"})[0] == 200
    status, created = _create(fabi, join=0)
    assert status == 201 and created["accounts_only"] is True  # a player who blocked anyone: accounts-only
    status, answer = gus.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1})
    assert (status, answer["error"]) == (403, "blocked")
    assert gus.request("DELETE", "/api/session")[0] == 200  # signed out: a guest now
    status, answer = gus.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "Not Gus"})
    assert (status, answer["error"], answer["reason"]["key"]) == (403, "accounts_only", "web.code.accounts_only")
    lobby = Client(server).request("GET", "/api/tables?status=open&limit=200")[1]["open"]
    assert next(t for t in lobby if t["id"] == created["id"])["accounts_only"] is True
    status, chosen = _create(fabi, join=0, accounts_only=False)  # the creator's choice wins
    assert status == 201 and chosen["accounts_only"] is False
    assert gus.request("POST", f"/api/tables/{chosen['id']}/join", {"seat": 1, "name": "Not Gus"})[0] == 200
    status, answer = _create(Client(server), join=0, accounts_only=True)  # a guest cannot sit at one either
    assert (status, answer["error"]) == (403, "accounts_only")
    assert _create(Client(server), accounts_only=True)[0] == 201  # ... though may create one for others


# -- the migration: rows already there -----------------------------------------------------------------------------
def test_0011_fills_the_folded_names_and_the_opponents_of_ratings_already_there(tmp_path):
    """0010 -> 0011_fair_play on a database with accounts and rated games: each account's folded name, each
    rating's distinct opponents (an account and a bot level: 2), every old history row counted; and back."""
    url = f"sqlite:///{tmp_path / 'museion.db'}"
    make(url, main_schema(), [], hash_token("seat-token"))
    engine = make_engine(url)
    migrations.upgrade(engine, "0010_keep_old_games")
    with engine.begin() as conn:
        for i, name in ((1, "Ana-Old"), (2, "Bob.Old")):
            conn.execute(text("INSERT INTO accounts (id, username, username_key, password_hash, created, status) "
                              "VALUES (:i, :n, lower(:n), 'x', 0, 'active')"), {"i": i, "n": name})
        conn.execute(text("INSERT INTO tables (id, game, options, status, created) VALUES "
                          "('t2', 'tholos', '{}', 'finished', 0)"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind, account_id) VALUES ('t2', 0, 'human', 1), "
                          "('t2', 1, 'human', 2)"))
        conn.execute(text("UPDATE seats SET account_id = 1 WHERE table_id = 'legacy1' AND seat = 0"))
        conn.execute(text("UPDATE seats SET bot = 'random' WHERE table_id = 'legacy1' AND seat = 1"))
        history = ("INSERT INTO rating_history (table_id, seat, account_id, game, players, rank, abandoned, mu_before, "
                   "sigma_before, mu, sigma, at) VALUES (:t, :s, :a, 'tholos', 2, 0, 0, 25, 8, 26, 7, 0)")
        for table_id, seat, account in (("legacy1", 0, 1), ("t2", 0, 1), ("t2", 1, 2)):
            conn.execute(text(history), {"t": table_id, "s": seat, "a": account})
        for account in (1, 2):
            conn.execute(text("INSERT INTO ratings (account_id, game, players, mu, sigma, games, updated) "
                              "VALUES (:a, 'tholos', 2, 26, 7, 1, 0)"), {"a": account})
    migrations.upgrade(engine, "0011_fair_play")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT name_key FROM accounts ORDER BY id")).scalars().all() == ["anaold", "bobold"]
        assert conn.execute(text("SELECT opponents FROM ratings ORDER BY account_id")).scalars().all() == [2, 1]
        assert set(conn.execute(text("SELECT counted FROM rating_history")).scalars()) == {1}
    migrations.downgrade(engine, "0010_keep_old_games")
    assert "seat_networks" not in inspect(engine).get_table_names()
    assert "name_key" not in {c["name"] for c in inspect(engine).get_columns("accounts")}
    engine.dispose()
