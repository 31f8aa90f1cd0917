"""Lobby REST API: tables are created only from valid games, options and seats; errors are precise 4xx JSON."""

from __future__ import annotations

import random

import museion
from museion.bots.master import MASTER_GAMES
from museion.core.play import sample_chance
from museion.server.testing import Player, http


def test_games_list_every_game_and_the_bots_of_each_player_count(server):
    """Each game says which bots each of its player counts offers: ``master`` exactly in ``MASTER_GAMES`` (the
    games' ``bots.json``), every other level everywhere."""
    status, data = http("GET", f"{server.url}/api/games")
    assert status == 200 and "bots" not in data
    games = {g["name"]: g for g in data["games"]}
    assert "tholos" in games
    offered = {(name, count["players"]): count["levels"] for name, g in games.items() for count in g["bots"]}
    assert [n for name, n in offered if name == "pergamon"] == [2, 3, 4]
    for configuration, levels in offered.items():
        assert levels[:2] == ["random", "greedy"] and "expert" in levels and "mcts" not in levels, configuration
        assert ("master" in levels) == (configuration in MASTER_GAMES), configuration
    assert {c for c, levels in offered.items() if "master" in levels} == MASTER_GAMES


def test_master_is_refused_where_it_is_not_offered_and_says_what_is(server):
    """A table naming ``bot:master`` (or a clock handing over to it) where the game's network is not stronger than
    ``expert`` is refused before anything is stored, with what that game and player count allow."""
    url = f"{server.url}/api/tables"
    _, before = http("GET", f"{url}?status=open")
    for body in ({"game": "pergamon", "seats": ["human", "bot:master"]},
                 {"game": "imhotep", "options": {"players": 3}, "seats": ["human", "human", {"kind": "bot",
                                                                                             "bot": "master"}]},
                 {"game": "pergamon", "seats": ["human", "bot:easy"],
                  "clock": {"mode": "live", "base": 60, "bot": "master"}}):
        status, data = http("POST", url, body)
        players = len(body["seats"])
        assert status == 400 and data["error"] in ("bad_seat", "bad_clock"), data
        assert f"'master' is not offered for {body['game']} with {players} players" in data["message"], data
        assert "expert" in data["message"] and "master," not in data["message"], data
    _, after = http("GET", f"{url}?status=open")
    assert after["total"] == before["total"]


def test_a_master_bot_plays_tholos_in_the_bot_workers(server):
    """``bot:master`` where it is offered plays its moves through the server's bot workers (no random move
    played instead: the server log says when a bot failed or ran out of time)."""
    (name, players), *_ = sorted(MASTER_GAMES)
    status, table = http("POST", f"{server.url}/api/tables", {"game": name, "options": {"players": players},
                                                               "seats": ["bot:master"] * players})
    assert status == 201, table
    Player(server, table["id"]).wait(lambda s: s["seq"] >= 6)
    assert "playing a random move" not in server.log_text()


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


def test_a_worker_loads_the_master_network_once_not_per_move(monkeypatch):
    """A bot worker (and a Ray job: the same ``run_job``) builds a new bot for every move; the network behind
    ``master`` is read from its file once per process, at the worker's warm-up, and every move reuses it."""
    from museion.bots import network
    from museion.server.services import worker

    built = []

    class Counted(network.PolicyValueNet):
        def __init__(self, *args, **kwargs) -> None:
            built.append(args[1])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(network, "_CACHE", {})
    monkeypatch.setattr(network, "PolicyValueNet", Counted)
    worker.warm_up()
    assert sorted((g.name, g.num_players()) for g in built) == sorted(MASTER_GAMES)
    for name, players in sorted(MASTER_GAMES):
        state, rng = museion.load(name, players=players).new_initial_state(), random.Random(1)
        for seed in range(2):
            while state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            job = {"game": name, "options": {"players": players}, "history": state.history(), "bot": "master",
                   "seed": seed}
            state.apply_action(worker.run_job(job)["action"])
    assert len(built) == len(MASTER_GAMES)


def test_the_openapi_document_offers_master_where_the_lobby_does():
    """Each variant of ``CreateTable`` (a game, a player count) lets its seats name the levels offered there, in
    the string form and the object form: ``master`` exactly in ``MASTER_GAMES``."""
    from museion.server.app import create_app

    document = create_app("sqlite://").app.openapi()
    found = set()
    for variant in document["components"]["schemas"]["CreateTable"]["anyOf"]:
        seats = variant["properties"]["seats"]
        string, forms = seats["items"]["anyOf"]
        bot = forms["anyOf"][1]["properties"]["bot"]["enum"]
        configuration = (variant["properties"]["game"]["enum"][0], seats["minItems"])
        assert ("bot:master" in string["enum"]) == ("master" in bot) == (configuration in MASTER_GAMES), configuration
        assert "bot:expert" in string["enum"] and "expert" in bot
        found.add(configuration)
    assert MASTER_GAMES < found
