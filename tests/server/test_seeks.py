"""Quick pairing and the player search (issue 40 item 3) against a real server: two accounts' seeks become a rated
table within a request, with their names and ratings at the seats; a guest plays unrated; two accounts of one
network play unrated; blocked players are never paired; a seek is cancelled, expires, and each network has a cap;
bad requests get precise errors; the claim that seats a seek is atomic on PostgreSQL (threads racing for it)."""

from __future__ import annotations

import concurrent.futures
import time

import pytest
from sqlalchemy import select
from test_accounts_hostile import Client
from test_migrations import STORAGES, database  # noqa: F401 - the fixture: an empty SQLite or PostgreSQL database

from museion.server.seeks import store
from museion.server.seeks.schema import seeks_t
from museion.server.storage.storage import Store
from museion.server.testing import GENEROUS, Player, ServerProcess

CLOCK = {"mode": "live", "base": 600, "increment": 5}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("seeks") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute",
                               "--limit-profiles", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def _account(server: ServerProcess, name: str, source: str) -> Client:
    client = Client(server, source)
    client.sign_up(name)
    return client


def _seek(client: Client, **extra: object) -> tuple[int, dict]:
    return client.request("POST", "/api/seeks", {"game": "tholos", "players": 2, "clock": CLOCK, **extra})


def test_two_accounts_are_paired_into_a_rated_table_under_their_names(server):
    ana, bob = _account(server, "Ana-Seek", "127.0.2.1"), _account(server, "Bob-Seek", "127.0.3.1")
    status, first = _seek(ana, rated=True)
    assert status == 201 and first["status"] == "waiting" and first["token"] is None
    listed = Client(server, "127.0.9.1").request("GET", "/api/seeks")[1]["seeks"]
    assert any(s["player"] == "Ana-Seek" and s["rated"] and "id" not in s for s in listed)  # no secret listed
    status, second = _seek(bob, rated=True)
    assert status == 201 and second["status"] == "paired" and second["table"]  # paired within its request
    status, first = ana.request("GET", f"/api/seeks/{first['id']}?wait=5")
    assert status == 200 and first["status"] == "paired" and first["table"] == second["table"]
    assert {first["seat"], second["seat"]} == {0, 1}
    table = Client(server).request("GET", f"/api/tables/{first['table']}")[1]
    assert table["rated"] and table["status"] == "running" and table["clock"]["base"] == 600
    names = {s["seat"]: (s["name"], s["account"], s["rating"]["rating"]) for s in table["seats"]}
    assert names == {first["seat"]: ("Ana-Seek", True, 1500), second["seat"]: ("Bob-Seek", True, 1500)}
    player = Player(server, first["table"], first["token"], cookie=ana.cookie)
    assert player.state["seat"] == first["seat"]  # the token holds the seat
    player.send({"type": "resign"})
    player.wait(lambda s: s["status"] == "finished" and s["rating"] is not None)
    assert player.state["rating"]["change"] < 0
    player.close()
    page = Client(server).request("GET", "/api/players/Bob-Seek")[1]
    assert page["ratings"][0]["rating"] > 1500  # public at once
    assert ana.request("DELETE", f"/api/seeks/{first['id']}")[1]["status"] == "paired"  # too late: stays paired


def test_guests_play_unrated_and_a_guest_is_refused_a_rated_seek(server):
    one, two = Client(server, "127.0.4.1"), Client(server, "127.0.5.1")
    status, refused = _seek(one, rated=True)
    assert (status, refused["error"]) == (403, "sign_in_needed")
    first = _seek(one, clock=None)[1]
    second = _seek(two, clock=None)[1]
    assert second["status"] == "paired" and not second["rated"]
    table = Client(server).request("GET", f"/api/tables/{second['table']}")[1]
    assert not table["rated"] and [s["account"] for s in table["seats"]] == [False, False]
    assert one.request("GET", f"/api/seeks/{first['id']}")[1]["token"]


def test_two_accounts_of_one_network_play_unrated(server):
    cleo, dani = _account(server, "Cleo-Seek", "127.0.6.1"), _account(server, "Dani-Seek", "127.0.6.2")
    _seek(cleo, rated=True, options={"advanced": True})
    second = _seek(dani, rated=True, options={"advanced": True})[1]
    assert second["status"] == "paired"
    assert Client(server).request("GET", f"/api/tables/{second['table']}")[1]["rated"] is False  # fair.py


def test_blocked_players_are_never_paired_and_a_seek_is_cancelled(server):
    eva, fede = _account(server, "Eva-Seek", "127.0.7.1"), _account(server, "Fede-Seek", "127.0.8.1")
    assert eva.request("POST", "/api/friends/blocks", {"username": "Fede-Seek"})[0] == 200
    first = _seek(eva, options={"end_check": "after_turn"})[1]
    second = _seek(fede, options={"end_check": "after_turn"})[1]
    assert second["status"] == "waiting"
    began = time.monotonic()  # the long poll holds its answer over two pairing rounds while the seek waits
    assert eva.request("GET", f"/api/seeks/{first['id']}?wait=2")[1]["status"] == "waiting"
    assert time.monotonic() - began >= 1.9
    for client, seek in ((eva, first), (fede, second)):
        status, cancelled = client.request("DELETE", f"/api/seeks/{seek['id']}")
        assert (status, cancelled["status"]) == (200, "cancelled")
    assert eva.request("GET", "/api/seeks/no-such-seek-id")[1]["error"] == "no_seek"


def test_a_network_has_a_cap_and_bad_seeks_say_what_is_wrong(server):
    guest = Client(server, "127.0.10.1")
    waiting = [_seek(guest, options={"start_player": 1}, clock={"mode": "live", "base": 60 * k, "increment": 0})
               for k in range(1, store.MAX_WAITING + 2)]
    assert [s for s, _ in waiting] == [201] * store.MAX_WAITING + [429]
    assert waiting[-1][1]["error"] == "too_many_seeks"
    cases = [({"players": 5}, "bad_options"), ({"game": "chess"}, "bad_game"),
             ({"clock": {"mode": "live", "base": 1}}, "bad_clock"), ({"players": "2"}, "bad_request"),
             ({"options": {"nonsense": 1}}, "bad_options")]
    for extra, code in cases:
        status, answer = Client(server, "127.0.11.1").request(
            "POST", "/api/seeks", {"game": "tholos", "players": 2, **extra})
        assert (status, answer["error"]) == (400, code), (extra, answer)
    for _, seek in waiting[:-1]:
        guest.request("DELETE", f"/api/seeks/{seek['id']}")


def test_the_player_search_answers_names_by_prefix(server):
    _account(server, "Gala.Search", "127.0.12.1")
    _account(server, "gal_search", "127.0.12.2")
    guest = Client(server, "127.0.13.1")
    assert sorted(guest.request("GET", "/api/players?prefix=GAL")[1]["players"]) == ["Gala.Search", "gal_search"]
    assert guest.request("GET", "/api/players?prefix=gal_")[1]["players"] == ["gal_search"]
    assert guest.request("GET", "/api/players?prefix=g")[1]["error"] == "bad_request"
    assert guest.request("GET", "/api/players?prefix=a%25")[1]["error"] == "bad_request"


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_one_seek_is_claimed_once_when_many_race_for_it(database):  # noqa: F811 - the fixture imported above
    """The claim that seats a seek: eight threads (eight connections, as eight processes would) race for the
    same two seeks; exactly one wins them (PostgreSQL's row locks, SQLite's one writer)."""
    engine = Store(database).engine
    ids = [store.add(engine, "k" * 64, "tholos", 2, {"options": {}, "clock": None, "rated": False}, None,
                     f"10.0.{i}.0") for i in range(2)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        won = list(pool.map(lambda _: store.claim(engine, ids), range(8)))
    assert won.count(True) == 1
    with engine.connect() as conn:
        assert set(conn.execute(select(seeks_t.c.status)).scalars()) == {"pairing"}
    assert not store.claim(engine, ids)
    engine.dispose()


def test_a_seek_expires_and_its_row_goes_an_hour_later(tmp_path):
    engine = Store(f"sqlite:///{tmp_path / 'museion.db'}").engine
    seek_id = store.add(engine, "k" * 64, "tholos", 2, {"options": {}, "clock": None, "rated": False}, None, "n")
    with engine.begin() as conn:
        conn.execute(seeks_t.update().values(expires=time.time() - 1))
    assert store.get(engine, seek_id)["status"] == "expired"  # said at once, before any sweep
    assert store.ripe(engine) == [] and not store.waiting_any(engine)
    assert not store.claim(engine, [seek_id])  # an expired seek is never seated
    with engine.begin() as conn:
        conn.execute(seeks_t.update().values(expires=time.time() - store.KEEP - 1))
    store.ripe(engine)
    assert store.get(engine, seek_id) is None
    engine.dispose()


def test_friends_see_each_other_online_and_playing_and_nobody_else_does(server):
    hugo, iris = _account(server, "Hugo-Here", "127.0.14.1"), _account(server, "Iris-Here", "127.0.15.1")
    stranger = _account(server, "Juan-Here", "127.0.16.1")
    assert hugo.request("POST", "/api/friends/requests", {"username": "Iris-Here"})[0] == 202
    assert iris.request("POST", "/api/friends/requests/accept", {"username": "Hugo-Here"})[0] == 200
    assert hugo.request("GET", "/api/friends/presence")[1] == {
        "friends": [{"username": "Iris-Here", "online": False, "playing": False}]}
    iris.request("POST", "/api/my-tables", {"seats": []})  # her lobby asks for her tables: she is online
    assert hugo.request("GET", "/api/friends/presence")[1]["friends"][0]["online"] is True
    created = iris.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "bot:random"], "join": 0})[1]
    player = Player(server, created["id"], created["token"], cookie=iris.cookie)
    player.move(player.state["legal"][0]["id"])
    player.close()
    assert hugo.request("GET", "/api/friends/presence")[1]["friends"] == [
        {"username": "Iris-Here", "online": True, "playing": True}]
    assert stranger.request("GET", "/api/friends/presence")[1] == {"friends": []}  # not a friend: nothing
    assert Client(server, "127.0.17.1").request("GET", "/api/friends/presence")[0] == 401


@pytest.mark.parametrize("database", [STORAGES[1]], indirect=True)
def test_two_server_processes_on_postgresql_seat_every_seek_once(database, tmp_path):  # noqa: F811 - the fixture
    """Eight guests from eight networks ask two server processes on one PostgreSQL database for a game at once:
    four tables, each seek seated once, at one seat."""
    servers = [ServerProcess(tmp_path / f"{name}.db", db_url=database, bot_workers=0).start() for name in "ab"]
    try:
        def ask(k: int) -> dict:
            client = Client(servers[k % 2], f"127.0.{40 + k}.1")
            seek = client.request("POST", "/api/seeks", {"game": "nim", "players": 2})[1]
            return client.request("GET", f"/api/seeks/{seek['id']}?wait=10")[1]

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            seeks = list(pool.map(ask, range(8)))
        assert [s["status"] for s in seeks] == ["paired"] * 8
        tables: dict[str, list[int]] = {}
        for seek in seeks:
            tables.setdefault(seek["table"], []).append(seek["seat"])
        assert sorted(sorted(seats) for seats in tables.values()) == [[0, 1]] * 4
        assert len({s["token"] for s in seeks}) == 8
    finally:
        for server in servers:
            server.stop()
            assert "Traceback" not in server.log_text(), server.log_text()[-3000:]
