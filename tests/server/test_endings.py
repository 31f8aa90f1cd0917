"""Ending a game before its rules do (issue 40.4) against a real server: a resignation ends a two-player game (the
other wins) and hands a seat of a bigger game to a bot (ranked last); a player claims a seat whose player left (win
now, or a bot takes it); a deleted account's seat goes to a bot at once; rated resignations count; the record, the
replay and the lobby say how the game ended; every refusal is precise."""

from __future__ import annotations

import sqlite3
import time

import pytest
from test_accounts_hostile import Client

from museion.server.testing import GENEROUS, Player, ServerProcess, http

ABSENCE = 1.5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("endings") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute",
                               "--seat-absence", str(ABSENCE))).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def _guests(server, game="tholos", seats=("human", "human"), **extra):
    status, made = http("POST", f"{server.url}/api/tables", {"game": game, "seats": list(seats), "join": 0,
                                                              "name": "Ana", **extra})
    assert status == 201, made
    players = [Player(server, made["id"], made["token"])]
    for seat, kind in enumerate(seats[1:], start=1):
        if kind == "human":
            _, joined = http("POST", f"{server.url}/api/tables/{made['id']}/join", {"seat": seat,
                                                                                   "name": f"P{seat}"})
            players.append(Player(server, made["id"], joined["token"]))
    return made, players


def _answer(player, message):
    """Send ``message`` (what had arrived before read first); the error it got, or the next state."""
    while True:
        try:
            player.recv(timeout=0.05)
        except TimeoutError:
            break
    player.send(message)
    while True:
        got = player.recv()
        if got["type"] in ("error", "state"):
            return got


def _close(*players):
    for player in players:
        player.close()


def test_a_resignation_ends_a_two_player_game_and_the_record_says_so(server):
    made, (ana, bea) = _guests(server)
    watcher = Player(server, made["id"])
    assert _answer(watcher, {"type": "resign"})["code"] == "not_seated"
    assert _answer(ana, {"type": "resign", "seat": 1})["code"] == "malformed"  # resign names no seat
    ana.move(ana.state["legal"][0]["id"])
    ended = _answer(bea, {"type": "resign"})
    assert ended["type"] == "state" and ended["status"] == "finished" and ended["winners"] == [0]
    assert ended["ending"] == {"how": "resigned", "seat": 1, "by": None, "n": 1,
                               "left": [{"seat": 1, "how": "resigned", "n": 1}]}
    assert ended["legal"] == [] and ended["seats"][1]["forfeit"] and ended["claims"] == []
    assert ended["notices"][-1]["text"] == "P1 (black) resigned: the game is over."
    ana.wait(lambda s: s["status"] == "finished")
    assert ana.state["winners"] == [0] and ana.state["ending"]["how"] == "resigned"
    assert _answer(ana, {"type": "resign"})["code"] == "game_over"
    assert _answer(ana, {"type": "move", "seq": ana.state["seq"], "action": 0})["code"] == "game_over"
    _close(ana, bea, watcher)
    record = http("GET", f"{server.url}/api/tables/{made['id']}/record")[1]
    assert record["ending"]["how"] == "resigned" and len(record["actions"]) == 1
    replay = http("GET", f"{server.url}/api/tables/{made['id']}/replay?lang=es")[1]
    assert replay["table"]["ending"]["seat"] == 1 and len(replay["steps"]) == 2
    finished = http("GET", f"{server.url}/api/tables?status=finished&limit=50")[1]["finished"]
    assert next(t for t in finished if t["id"] == made["id"])["ending"]["how"] == "resigned"
    with sqlite3.connect(server.db_path) as db:  # the end is a row of its own: no move may follow it
        rows = [a for (a,) in db.execute("SELECT action FROM actions WHERE table_id=? ORDER BY seq", (made["id"],))]
    assert rows[-1] == -2
    analysis = http("POST", f"{server.url}/api/tables/{made['id']}/analysis", {})
    assert (analysis[0], analysis[1]["error"]) == (409, "not_played_out")


def test_with_three_players_a_bot_takes_the_resigned_seat_and_it_ranks_last(server):
    made, (ana, bea) = _guests(server, "imhotep", ("human", "human", "bot:random"), options={"players": 3})
    seq = ana.state["seq"]
    out = _answer(ana, {"type": "resign"})
    assert out["type"] == "state" and out["status"] == "running" and out["seq"] >= seq
    ana.wait(lambda s: s["seats"][0]["forfeit"])
    assert ana.state["seats"][0]["standin"] == "easy" and ana.state["legal"] == []
    assert "ranks last" in ana.state["notices"][-1]["text"]
    assert _answer(ana, {"type": "resign"})["code"] == "already_out"
    bea.wait(lambda s: s["seats"][0]["forfeit"])
    assert bea.state["claims"] == []  # a seat a bot plays for good: nothing to claim while the bot plays on
    ended = _answer(bea, {"type": "resign"})  # now only the bot plays on: the game ends, the bot wins
    while ended.get("status") != "finished":
        ended = bea.recv()
    assert ended["winners"] == [2]
    assert ended["ending"]["how"] == "resigned" and [s["seat"] for s in ended["ending"]["left"]] == [0, 1]
    _close(ana, bea)


def test_a_seat_whose_player_left_is_claimed_win_now_or_for_a_bot(server):
    made, (ana, bea) = _guests(server)
    ana.move(ana.state["legal"][0]["id"])
    refused = _answer(ana, {"type": "claim", "seat": 1, "end": "win"})
    assert refused["code"] == "not_claimable" and "after 1.5 s without a move" in refused["message"]
    assert _answer(ana, {"type": "claim", "seat": 0, "end": "win"})["code"] == "bad_seat"
    assert _answer(ana, {"type": "claim", "seat": 1, "end": "later"})["code"] == "malformed"
    time.sleep(ABSENCE + 0.2)
    ana.close()
    ana = Player(server, made["id"], made["token"])  # a new state message: the claim is open now
    assert ana.state["claims"] == [{"seat": 1, "win": True, "bot": True}]
    ended = _answer(ana, {"type": "claim", "seat": 1, "end": "win"})
    assert ended["status"] == "finished" and ended["winners"] == [0]
    assert ended["ending"] == {"how": "claimed", "seat": 1, "by": 0, "n": 1,
                               "left": [{"seat": 1, "how": "claimed", "n": 1}]}
    _close(ana, bea)

    made, (ana, bea) = _guests(server)
    ana.move(ana.state["legal"][0]["id"])
    time.sleep(ABSENCE + 0.2)
    handed = _answer(ana, {"type": "claim", "seat": 1, "end": "bot"})
    ana.wait(lambda s: s["seats"][1]["standin"] == "easy" and s["to_move"] == 0)  # the bot moved for seat 1
    assert "ranks last" in ana.state["notices"][-1]["text"] and handed["type"] == "state"
    assert ana.state["claims"] == [{"seat": 1, "win": True, "bot": False}]  # the win may still be claimed
    assert _answer(bea, {"type": "move", "seq": bea.state["seq"], "action": 0})["code"] == "bot_plays"
    _close(ana, bea)


def test_a_rated_resignation_counts_and_a_deleted_account_hands_its_seat_to_a_bot(server):
    ana, bob = Client(server), Client(server, "127.0.1.1")
    ana.sign_up("Ana-Resigns")
    bob.sign_up("Bob-Stays")
    status, made = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "rated": True,
                                                       "join": 0})
    assert status == 201
    joined = bob.request("POST", f"/api/tables/{made['id']}/join", {"seat": 1})[1]
    players = [Player(server, made["id"], made["token"], cookie=ana.cookie),
               Player(server, made["id"], joined["token"], cookie=bob.cookie)]
    ended = _answer(players[0], {"type": "resign"})
    assert ended["winners"] == [1] and ended["rating"]["change"] < 0 and ended["rating"]["abandoned"]
    players[1].wait(lambda s: s["rating"] is not None)
    assert players[1].state["rating"]["change"] > 0 and players[1].state["rating"]["rank"] == 0
    _close(*players)
    history = ana.request("GET", "/api/me/data")[1]["rating_history"]
    assert [(h["table"], h["rank"], h["abandoned"]) for h in history] == [(made["id"], 1, True)]

    status, claimed = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                          "rated": True, "join": 0})
    joined = bob.request("POST", f"/api/tables/{claimed['id']}/join", {"seat": 1})[1]
    players = [Player(server, claimed["id"], claimed["token"], cookie=ana.cookie),
               Player(server, claimed["id"], joined["token"], cookie=bob.cookie)]
    players[0].move(players[0].state["legal"][0]["id"])
    time.sleep(ABSENCE + 0.2)  # Bob, to move, is gone: a claim counts like a resignation
    ended = _answer(players[0], {"type": "claim", "seat": 1, "end": "win"})
    assert ended["winners"] == [0] and ended["rating"]["change"] > 0
    history = bob.request("GET", "/api/me/data")[1]["rating_history"]
    assert [(h["table"], h["rank"], h["abandoned"]) for h in history][-1] == (claimed["id"], 1, True)
    _close(*players)

    status, made = bob.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    joined = ana.request("POST", f"/api/tables/{made['id']}/join", {"seat": 1})[1]
    watcher = Player(server, made["id"], made["token"], cookie=bob.cookie)
    writer = Player(server, made["id"], joined["token"], cookie=ana.cookie)
    writer.send({"type": "chat", "text": "hola, soy Ana"})  # issue 40.5: the player's own words are theirs
    watcher.send({"type": "chat", "text": "hola Ana"})
    history = {"token": made["token"]}
    deadline = time.monotonic() + 10
    while len(http("POST", f"{server.url}/api/tables/{made['id']}/chat", history)[1]["messages"]) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    writer.close()
    exported = ana.request("GET", "/api/me/data")[1]["chat"]
    assert [(c["table"], c["seat"], c["text"]) for c in exported] == [(made["id"], 1, "hola, soy Ana")]
    assert ana.request("DELETE", "/api/me", {"password": "tortuga azul 7"})[0] == 200
    kept = http("POST", f"{server.url}/api/tables/{made['id']}/chat", history)[1]["messages"]
    assert [(m["seat"], m["text"]) for m in kept] == [(0, "hola Ana")]  # the deleted account's line went with it
    watcher.wait(lambda s: s["seats"][1]["forfeit"])
    seat = watcher.state["seats"][1]
    assert (seat["standin"], seat["name"]) == ("easy", "deleted player")
    assert watcher.state["notices"][-1]["key"] == "notice.abandoned"
    assert watcher.state["claims"] == [{"seat": 1, "win": True, "bot": False}]  # win now, or play the bot out
    assert joined["seat"] == 1
    watcher.close()
