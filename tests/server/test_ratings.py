"""Rated tables, ratings, the leaderboard and player pages (issue 26) against a real server: a rated game's end
changes its players' ratings in one transaction and tells each player their own change; a guest is refused a
rated seat; a seat abandoned on time loses; the seats name the accounts with their ratings; the ratings are public
(player pages, leaderboards unless a player hides) and the profile shows nothing else unless chosen; bad input gets
precise errors; the export has the ratings and a deleted account's are gone."""

from __future__ import annotations

import os
import sqlite3
import time
import uuid

import pytest
from sqlalchemy import create_engine, make_url, text
from test_accounts_hostile import Client

from museion.server.ratings import model
from museion.server.testing import GENEROUS, Player, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("ratings") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute",
                               "--limit-profiles", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def _signed_up(server: ServerProcess, name: str, source: str = "127.0.0.1") -> Client:
    """An account signed up and playing from ``source`` (another /24 than 127.0.0.1: another network)."""
    client = Client(server, source)
    client.sign_up(name)
    return client


def _rated(client: Client, seats: list[str], **extra: object) -> tuple[int, dict]:
    return client.request("POST", "/api/tables", {"game": "tholos", "seats": seats, "rated": True, **extra})


def _play_out(players: list[Player]) -> None:
    """Each seat plays its first legal move on its turn until the game is over (a bot plays its own seats)."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        for player in players:
            while True:  # take whatever has arrived, without waiting
                try:
                    player.recv(timeout=0.01)
                except TimeoutError:
                    break
        states = [p.state for p in players]
        if all(s["status"] == "finished" and s.get("rating") is not None for s in states):
            return
        mover = next((p for p in players if p.state["to_move"] == p.state["seat"] and p.state["legal"]
                      and p.state["status"] != "finished"), None)
        if mover is not None:
            mover.move(mover.state["legal"][0]["id"])
    raise TimeoutError("the game did not end")


def test_the_display_scale_and_ranks():
    assert model.display(model.MU) == 1500
    assert model.display(model.MU + 400 / model.POINTS_PER_MU) == 1900
    assert model.ranks([10, 7, 7], [0], [False, False, False]) == [0, 1, 1]
    assert model.ranks([3, 9], [1], [False, True]) == [0, 1]  # abandoned on time: last whatever the score
    assert model.provisional(model.PROVISIONAL_GAMES - 1) and not model.provisional(model.PROVISIONAL_GAMES)


def test_two_accounts_play_a_rated_game_and_each_is_told_their_change(server):
    ana, bob = _signed_up(server, "Ana-Rated"), _signed_up(server, "Bob-Rated", "127.0.1.1")  # two networks
    status, created = _rated(ana, ["human", "human"], join=0, name="Ana")
    assert status == 201 and created["rated"] and not created["hints"] and not created["undo"]
    status, joined = bob.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "Someone"})
    assert status == 200
    seats = Client(server).request("GET", f"/api/tables/{created['id']}")[1]["seats"]
    assert [(s["name"], s["account"], s["rating"]) for s in seats] == [  # the accounts' names, not the ones given
        ("Ana-Rated", True, {"rating": 1500, "provisional": True}),
        ("Bob-Rated", True, {"rating": 1500, "provisional": True})]
    lobby = Client(server).request("GET", "/api/tables?status=running")[1]["running"]
    assert next(t for t in lobby if t["id"] == created["id"])["rated"] is True
    players = [Player(server, created["id"], created["token"], cookie=ana.cookie),
               Player(server, created["id"], joined["token"], cookie=bob.cookie)]
    watcher = Player(server, created["id"])
    _play_out(players)
    changes = [p.state["rating"] for p in players]
    winners = players[0].state["winners"]
    for seat, change in enumerate(changes):
        assert change["before"] == 1500 and change["games"] == 1 and change["provisional"]
        assert change["after"] == change["before"] + change["change"]
        assert (change["change"] > 0) == (seat in winners and len(winners) == 1)
    watcher.wait(lambda s: s["status"] == "finished")
    assert watcher.state["rating"] is None  # a spectator is told nobody's rating
    for p in [*players, watcher]:
        p.close()
    again = Player(server, created["id"], created["token"], cookie=ana.cookie)  # the table loaded again later
    assert again.state["rating"] == changes[0]
    again.close()
    data = ana.request("GET", "/api/me/data")[1]
    assert [(r["game"], r["players"], r["games"]) for r in data["ratings"]] == [("tholos", 2, 1)]
    assert [h["table"] for h in data["rating_history"]] == [created["id"]]
    assert model.display(data["ratings"][0]["mu"]) == changes[0]["after"]
    for name, change in zip(("ana-rated", "Bob-Rated"), changes, strict=True):  # public at once on both pages
        page = Client(server).request("GET", f"/api/players/{name}")[1]
        assert page["public"] and page["games"] is None and page["languages"] is None  # nothing else shown
        [rating] = page["ratings"]
        assert (rating["game"], rating["rating"], rating["history"][-1]["table"]) == (
            "tholos", change["after"], created["id"])


def test_a_guest_is_refused_a_rated_seat_and_rated_tables_refuse_what_is_unfair(server):
    guest, ana = Client(server), _signed_up(server, "Ana-Refused")
    assert _rated(guest, ["human", "human"], join=0)[1]["error"] == "sign_in_needed"
    status, created = _rated(guest, ["human", "human"])  # a guest may create one without a seat
    assert status == 201
    status, refused = guest.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1})
    assert (status, refused["error"], refused["reason"]["key"]) == (403, "sign_in_needed", "web.code.sign_in_needed")
    assert ana.request("POST", f"/api/tables/{created['id']}/join", {"seat": 0})[0] == 200
    status, twice = ana.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1})
    assert (status, twice["error"]) == (409, "already_seated")
    cases = [(["human", "bot:expert"], {}, "bot_not_rated"), (["bot:random", "bot:greedy"], {}, "rated_no_humans"),
             (["human", "human"], {"undo": True}, "rated_undo"), (["human", "human"], {"hints": True}, "rated_hints")]
    for seats, extra, code in cases:
        status, answer = _rated(ana, seats, **extra)
        assert (status, answer["error"]) == (400, code), answer
    assert "random" in _rated(ana, ["human", "bot:expert"])[1]["message"]  # says which bots a rated table seats
    status, answer = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                         "rated": "yes"})
    assert (status, answer["error"]) == (400, "bad_request")


def test_a_seat_abandoned_on_time_counts_as_a_loss(server):
    ana = _signed_up(server, "Ana-Timeout")
    status, created = _rated(ana, ["human", "bot:random"], join=0,
                             clock={"mode": "live", "base": 10, "increment": 0, "on_timeout": "bot", "bot": "random"})
    assert status == 201
    watcher = Player(server, created["id"])
    watcher.wait(lambda s: s["status"] == "finished", timeout=120)  # Ana never moves: a bot finishes for her
    watcher.close()
    ana_seat = Player(server, created["id"], created["token"], cookie=ana.cookie)
    change = ana_seat.state["rating"]
    ana_seat.close()
    assert change["abandoned"] and change["rank"] == 1 and change["change"] < 0
    history = ana.request("GET", "/api/me/data")[1]["rating_history"]
    assert [(h["table"], h["rank"]) for h in history] == [(created["id"], 1)]


def test_a_rated_game_that_started_cannot_be_left(server):
    ana, bob = _signed_up(server, "Ana-Leave"), _signed_up(server, "Bob-Leave", "127.0.1.1")
    created = _rated(ana, ["human", "human"], join=0)[1]
    joined = bob.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1})[1]
    status, answer = bob.request("POST", f"/api/tables/{created['id']}/leave", {"token": joined["token"]})
    assert (status, answer["error"]) == (409, "rated_started")


def _rated_game_against_random(server: ServerProcess, client: Client, bot: str = "random") -> None:
    created = _rated(client, ["human", f"bot:{bot}"], join=0)[1]
    player = Player(server, created["id"], created["token"], cookie=client.cookie)
    _play_out([player])
    player.close()


def test_the_leaderboard_lists_players_who_played_unless_they_hide(server):
    """... once they played rated games against ``LEADERBOARD_OPPONENTS`` (3) different opponents (bot levels here);
    nobody opts in, a player may hide."""
    shown, hidden = _signed_up(server, "Eva-Board"), _signed_up(server, "Fede-Board")
    assert shown.request("GET", "/api/me/profile")[1]["ratings"] is True  # listed by default
    status, chosen = hidden.request("POST", "/api/me/profile", {"ratings": False, "games": False, "languages": False})
    assert status == 200 and chosen["spoken"] == []
    for bot in ("random", "random", "easy", "greedy"):
        board = Client(server).request("GET", "/api/ratings/tholos?players=2&limit=100")[1]
        assert "Eva-Board" not in [r["username"] for r in board["ratings"]]  # fewer than 3 opponents yet
        for client in (shown, hidden):
            _rated_game_against_random(server, client, bot)
    status, board = Client(server).request("GET", "/api/ratings/tholos?players=2&limit=100")
    assert status == 200 and board["players"] == 2 and board["provisional_games"] == model.PROVISIONAL_GAMES
    names = [r["username"] for r in board["ratings"]]
    assert "Eva-Board" in names and "Fede-Board" not in names
    eva = next(r for r in board["ratings"] if r["username"] == "Eva-Board")
    assert eva["provisional"] and eva["games"] == 4 and eva["rating"] == model.display(eva["mu"])
    assert board["bots"]["random"] == 1000 and board["total"] == len(board["ratings"])
    page = Client(server).request("GET", "/api/ratings/tholos?limit=1&offset=0")[1]
    assert len(page["ratings"]) == 1 and page["limit"] == 1


def test_the_leaderboard_says_what_is_wrong_with_a_request(server):
    guest = Client(server)
    assert guest.request("GET", "/api/ratings/chess")[1]["error"] == "bad_game"
    status, answer = guest.request("GET", "/api/ratings/tholos?players=5")
    assert (status, answer["error"]) == (400, "bad_players") and "players" in answer["message"]
    status, answer = guest.request("GET", "/api/ratings/tholos?limit=1000")
    assert (status, answer["error"]) == (400, "bad_request") and "limit" in answer["message"]


def test_a_profile_shows_what_its_player_chose(server):
    gina = _signed_up(server, "Gina-Profile")
    _rated_game_against_random(server, gina)
    guest = Client(server)
    status, page = guest.request("GET", "/api/players/gina-profile")  # the ratings public, nothing else
    assert status == 200 and (page["public"], page["languages"], page["games"]) == (True, None, None)
    assert [r["game"] for r in page["ratings"]] == ["tholos"]
    _signed_up(server, "Hana-Unrated")
    assert guest.request("GET", "/api/players/hana-unrated") == (200, {  # no rating, nothing chosen: the name
        "username": "Hana-Unrated", "bot": False, "public": False, "languages": None, "ratings": [], "games": None})
    status, answer = guest.request("GET", "/api/players/nobody-here")
    assert (status, answer["error"]) == (404, "no_player")
    assert gina.request("POST", "/api/me/profile", {"ratings": True, "games": True, "languages": True,
                                                    "spoken": ["es", "en", "es"]}, csrf="wrong")[0] == 403
    status, chosen = gina.request("POST", "/api/me/profile", {"ratings": True, "games": True, "languages": True,
                                                              "spoken": ["es", "en", "es"]})
    assert status == 200 and chosen["spoken"] == ["es", "en"]
    profile = guest.request("GET", "/api/players/Gina-Profile")[1]
    assert profile["public"] and profile["languages"] == ["es", "en"]
    [rating] = profile["ratings"]
    assert (rating["game"], rating["players"], rating["games"], len(rating["history"])) == ("tholos", 2, 1, 1)
    assert rating["history"][-1]["rating"] == rating["rating"]
    assert profile["games"]["per_game"][0]["game"] == "tholos" and profile["games"]["per_game"][0]["played"] == 1
    assert profile["games"]["recent"][0]["rated"] and profile["games"]["recent"][0]["table"]
    for bad in ({"ratings": True}, {"ratings": 1, "games": True, "languages": True},
                {"ratings": True, "games": True, "languages": True, "spoken": ["english"]}):
        status, answer = gina.request("POST", "/api/me/profile", bad)
        assert (status, answer["error"]) == (400, "bad_request"), answer
    assert guest.request("GET", "/api/me/profile")[1]["error"] == "not_signed_in"


def test_a_deleted_accounts_ratings_are_gone(server):
    hana = _signed_up(server, "Hana-Deleted")
    _rated_game_against_random(server, hana)
    hana.request("POST", "/api/me/profile", {"ratings": True, "games": True, "languages": True, "spoken": ["ja"]})
    assert hana.request("DELETE", "/api/me", {"password": "tortuga azul 7"})[0] == 200
    assert Client(server).request("GET", "/api/players/Hana-Deleted")[0] == 404
    with sqlite3.connect(server.db_path) as db:
        for table in ("ratings", "rating_history", "profiles"):
            assert db.execute(f"SELECT COUNT(*) FROM {table} WHERE account_id NOT IN "  # noqa: S608 - fixed names
                              "(SELECT id FROM accounts)").fetchone() == (0,)


def test_profile_requests_are_limited_per_network(tmp_path):
    proc = ServerProcess(tmp_path / "museion.db", args=(*GENEROUS, "--limit-profiles", "3/minute")).start()
    try:
        guest = Client(proc)
        answers = [guest.request("GET", "/api/players/nobody")[0] for _ in range(4)]
        assert answers == [404, 404, 404, 429]
        assert guest.request("GET", "/api/ratings/tholos")[1]["error"] == "rate_limited"
    finally:
        proc.stop()


PG_URL = os.environ.get("MUSEION_TEST_PG_URL")


@pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
def test_a_rated_game_settles_on_postgresql(tmp_path):
    """The settlement's upsert and row lock in PostgreSQL's dialect: the game's end rates its player there too."""
    name = f"museion_rated_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    proc = ServerProcess(tmp_path / "museion.db", db_url=make_url(PG_URL).set(database=name).render_as_string(
        hide_password=False), bot_delay=0.0, args=(*GENEROUS, "--limit-profiles", "1000/minute")).start()
    try:
        ivan = _signed_up(proc, "Ivan-Postgres")
        _rated_game_against_random(proc, ivan)
        _rated_game_against_random(proc, ivan)
        data = ivan.request("GET", "/api/me/data")[1]
        assert [(r["game"], r["games"]) for r in data["ratings"]] == [("tholos", 2)]
        assert len(data["rating_history"]) == 2
    finally:
        proc.stop()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
