"""Your seats follow you (issue 26): signing in binds the browser's guest seats to the account, joining while
signed in binds the seat, My tables lists the account's seats on every device, a second device plays the seat
with the session's seat key, and a deleted account's seats stay in their games as "deleted player"."""

from __future__ import annotations

import pytest
from test_accounts_hostile import Client

from museion.server.storage.rows import SeatRow
from museion.server.table.seats import display_names
from museion.server.testing import GENEROUS, Player, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("seats") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def _table(browser: Client, seats: list[str]) -> dict:
    status, created = browser.request("POST", "/api/tables", {"game": "tholos", "seats": seats, "join": 0})
    assert status == 201, created
    return created


def test_signing_in_binds_the_guest_seats_the_browser_sent(server):
    guest = Client(server)
    created = _table(guest, ["human", "bot:random"])
    held = [{"table": created["id"], "token": created["token"]}, {"table": "nosuchtable", "token": "x" * 32}]
    answer = guest.request("POST", "/api/accounts", {"username": "Ana-Seats", "password": "tortuga azul 7",
                                                      "seats": held})[1]
    assert answer["attached"] == 1
    thief = Client(server)
    thief.sign_up("Bob-Seats")
    status, again = thief.request("POST", "/api/session", {"username": "Bob-Seats", "password": "tortuga azul 7",
                                                            "seats": held})
    assert status == 200 and again["attached"] == 0  # bound to Ana: not taken
    mine = guest.request("POST", "/api/my-tables", {"seats": []})[1]["tables"]
    assert [(t["table"], t["seat"], t["account"]) for t in mine] == [(created["id"], 0, True)]
    assert thief.request("POST", "/api/my-tables", {"seats": held[:1]})[1]["tables"][0]["error"] == "seat_bound"


def test_my_tables_and_the_seat_follow_the_account_to_another_device(server):
    laptop, phone = Client(server), Client(server)
    laptop.sign_up("Carla-Seats")
    created = _table(Client(server), ["human", "human"])
    status, joined = laptop.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "Carla"})
    assert status == 200
    assert phone.sign_in("Carla-Seats")[0] == 200
    tables = phone.request("POST", "/api/my-tables", {"seats": []})[1]["tables"]
    assert [(t["table"], t["seat"], t["account"]) for t in tables] == [(created["id"], 1, True)]
    assert phone.request("POST", f"/api/tables/{created['id']}/my-seat", {}, csrf="wrong")[0] == 403
    status, seat = phone.request("POST", f"/api/tables/{created['id']}/my-seat", {})
    assert status == 200 and seat["seat"] == 1 and seat["key"] != joined["token"]
    player = Player(server, created["id"], seat["key"], cookie=phone.cookie)
    assert _seat(player) == 1 and not player.errors
    player.close()
    without_cookie = Player(server, created["id"], seat["key"])  # the key works with its session only
    assert without_cookie.errors[0]["code"] == "bad_token" and _seat(without_cookie) is None
    without_cookie.close()
    laptop_player = Player(server, created["id"], joined["token"], cookie=laptop.cookie)
    assert _seat(laptop_player) == 1 and not laptop_player.errors
    laptop_player.close()
    other = Client(server)
    assert other.request("POST", f"/api/tables/{created['id']}/my-seat", {})[0] == 401


def test_a_deleted_accounts_seats_keep_their_games_as_deleted_player(server):
    browser = Client(server)
    browser.sign_up("Dora-Seats")
    created = _table(Client(server), ["human", "human"])
    assert browser.request("POST", f"/api/tables/{created['id']}/join", {"seat": 1, "name": "Dora Real"})[0] == 200
    assert browser.request("GET", "/api/me/data")[1]["tables"] == [  # a signed-in seat is named by its account
        {"table": created["id"], "seat": 1, "name": "Dora-Seats"}]
    assert browser.request("DELETE", "/api/me", {"password": "tortuga azul 7"}) == (200, {"deleted": True})
    seats = browser.request("GET", f"/api/tables/{created['id']}")[1]["seats"]
    assert seats[1]["name"] == "deleted player"


def test_deleted_player_is_said_in_both_languages():
    seats = [SeatRow(0, "human", name="deleted player"), SeatRow(1, "human", name="Ana")]
    assert display_names(seats, "es", []) == ["jugador eliminado", "Ana"]
    assert display_names(seats, "en", []) == ["deleted player", "Ana"]


def _seat(player: Player) -> int | None:
    """The seat the server gave the connection (from its first state message)."""
    player.wait(bool)
    return player.state["seat"]
