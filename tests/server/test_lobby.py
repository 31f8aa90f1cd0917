"""Lobby REST API: tables are created only from valid games, options and seats; errors are precise 4xx JSON."""

from __future__ import annotations

from museion.server.testing import http


def test_games_list_every_game_and_the_bots(server):
    status, data = http("GET", f"{server.url}/api/games")
    assert status == 200
    assert "tholos" in [g["name"] for g in data["games"]]
    assert "random" in data["bots"]


def test_create_validates_game_options_and_seats(server):
    url = f"{server.url}/api/tables"
    status, data = http("POST", url, {"game": "chess", "seats": ["human", "human"]})
    assert status == 400 and data["error"] == "bad_game"
    assert all(game in data["message"] for game in ("imhotep", "pergamon", "tholos"))  # (and any game installed)
    status, data = http("POST", url, {"game": "tholos", "options": {"advanced": "maybe"}, "seats": ["human"] * 2})
    assert status == 400 and "option 'advanced' of tholos" in data["message"] and "allowed" in data["message"]
    status, data = http("POST", url, {"game": "tholos", "options": {"colour": 1}, "seats": ["human"] * 2})
    assert status == 400 and "unknown option 'colour'" in data["message"]
    status, data = http("POST", url, {"game": "tholos", "seats": ["human"]})
    assert status == 400 and data["error"] == "bad_seats" and "must list 2 seats" in data["message"]
    status, data = http("POST", url, {"game": "tholos", "seats": ["human", "bot:wizard"]})
    assert status == 400 and "unknown bot 'wizard'" in data["message"] and "random" in data["message"]
    status, data = http("POST", url, {"game": "tholos", "seats": ["human", "bot:random"], "join": 1})
    assert status == 409 and data["error"] == "seat_is_bot"
    status, data = http("POST", f"{server.url}/api/games/tholos/check", {"options": {"advanced": True}})
    assert status == 200 and data["num_players"] == 2 and data["options"]["advanced"] is True


def test_join_leave_and_listing(server):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "tholos", "options": {"advanced": True}, "seats": ["human", "human"], "join": 0,
                          "name": "Ada"})
    assert status == 201 and table["token"] and table["status"] == "open"
    tid = table["id"]
    _, lists = http("GET", f"{server.url}/api/tables")
    assert tid in [t["id"] for t in lists["open"]]
    status, data = http("POST", f"{server.url}/api/tables/{tid}/join", {"seat": 0})
    assert status == 409 and data["error"] == "seat_taken" and "free seats: [1]" in data["message"]
    status, data = http("POST", f"{server.url}/api/tables/{tid}/join", {"seat": 5})
    assert status == 409 and data["error"] == "bad_seat" and "0..1" in data["message"]  # this table has no seat 5
    status, joined = http("POST", f"{server.url}/api/tables/{tid}/join", {"seat": 1, "name": "Bo"})
    assert status == 200 and joined["token"] != table["token"]
    _, lists = http("GET", f"{server.url}/api/tables")
    assert tid in [t["id"] for t in lists["running"]]
    status, data = http("POST", f"{server.url}/api/tables/{tid}/leave", {"token": "nope"})
    assert status == 403 and data["error"] == "bad_token"
    status, data = http("POST", f"{server.url}/api/tables/{tid}/leave", {"token": joined["token"]})
    assert status == 200 and data["seat"] == 1
    _, info = http("GET", f"{server.url}/api/tables/{tid}")
    assert [s["taken"] for s in info["seats"]] == [True, False] and info["seats"][0]["name"] == "Ada"
    status, data = http("GET", f"{server.url}/api/tables/nosuch")
    assert status == 404 and data["error"] == "not_found"
    status, data = http("POST", f"{server.url}/api/tables", None)
    assert status == 400 and data["error"] == "bad_json"


def test_rules_are_served(server):
    """The panel's rules are the rules for players; the specification with rule IDs stays at ``?spec=true``."""
    status, data = http("GET", f"{server.url}/api/games/tholos/rules")
    assert status == 200 and data["guide"] and "quarry" in data["rules"] and "THO-" not in data["rules"]
    status, data = http("GET", f"{server.url}/api/games/tholos/rules?spec=true")
    assert status == 200 and not data["guide"] and "THO-SCORE-1" in data["rules"] and "quarry" in data["rules"]
    status, data = http("GET", f"{server.url}/api/games/pergamon/rules?lang=es&spec=true")
    assert status == 200 and "PER-EXH-1" in data["rules"] and "saqueador de tumbas" in data["rules"]
    assert "Tablas en uso" in data["rules"] and "Tables in use" not in data["rules"]
    status, data = http("GET", f"{server.url}/api/games/tholos/rules?lang=xx")
    assert status == 400 and data["error"] == "bad_language"
