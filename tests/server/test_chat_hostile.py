"""Hostile chat against a real server (uvicorn subprocess, real SQLite file): a flood is held to the limits per
connection and per network while the connections stay; markup arrives as the very text sent (the page shows it as
text); bad text is refused precisely; nobody reads the players' chat without a seat token of the table."""

from __future__ import annotations

import json

import pytest

from museion.server.testing import GENEROUS, Player, ServerProcess, http

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture
def flooded(tmp_path):
    """A server of its own: the flood spends its one network's chat budget (every client here is 127.0.0.1)."""
    proc = ServerProcess(tmp_path / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-chat", "5/minute", "--limit-chat-network", "12/minute")).start()
    yield proc
    proc.stop()


def _table(server):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    assert status == 201
    return table


def _chat_lines(player: Player) -> list[dict]:
    return [line for t in player.texts if json.loads(t)["type"] == "chat" for line in json.loads(t)["messages"]]


def _drain(player: Player, until) -> None:  # noqa: ANN001 - a predicate on the player
    while not until(player):
        player.recv()


def test_a_chat_flood_is_held_to_the_limits_and_the_connections_stay(flooded):
    table = _table(flooded)
    reader = Player(flooded, table["id"])
    flooders = [Player(flooded, table["id"]) for _ in range(3)]
    for flooder, refused in zip(flooders, (15, 15, 18), strict=True):  # 5, 5 and the network's last 2 pass
        for n in range(20):
            flooder.send({"type": "chat", "text": f"flood {n}"})
        _drain(flooder, lambda p, r=refused: len(p.errors) >= r)
    refusals = [e["message"] for f in flooders for e in f.errors]
    assert all(e["code"] == "rate_limited" for f in flooders for e in f.errors)
    assert any("this connection" in m for m in refusals) and any("your network" in m for m in refusals)
    _drain(reader, lambda p: len(_chat_lines(p)) >= 12)
    assert len(_chat_lines(reader)) == 12  # 5 + 5 + 2: the network's 12 per minute, whoever sent them
    for flooder in flooders:  # still connected: a ping is answered
        flooder.send({"type": "ping"})
        _drain(flooder, lambda p: json.loads(p.texts[-1])["type"] == "pong")


def test_markup_arrives_as_the_text_sent_and_bad_text_is_refused(server):
    table = _table(server)
    me = Player(server, table["id"], table["token"])
    status, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    opponent = Player(server, table["id"], other["token"])
    watcher = Player(server, table["id"])
    me.send({"type": "chat", "text": XSS})
    _drain(opponent, lambda p: _chat_lines(p))
    line = _chat_lines(opponent)[0]
    assert line["text"] == XSS and line["seat"] == 0 and line["channel"] == "players"
    for text, code, words in (("a" * 301, "chat_too_long", "at most 300 characters"),
                              ("a" * 1201, "malformed", "one line of at most 300 characters"),
                              ("evil\u202etxt.exe", "chat_bad_character", "U+202E"),
                              ("two\nlines", "chat_bad_character", "U+000A")):
        me.send({"type": "chat", "text": text})
        answer = me.recv_answer()
        assert answer["code"] == code and words in answer["message"], answer
    me.send({"type": "ping"})
    _drain(me, lambda p: json.loads(p.texts[-1])["type"] == "pong")
    watcher.send({"type": "ping"})
    _drain(watcher, lambda p: json.loads(p.texts[-1])["type"] == "pong")
    assert _chat_lines(watcher) == []  # a spectator was sent nothing of the players' chat

    url = f"{server.url}/api/tables/{table['id']}/chat"
    assert http("POST", url, {"token": "guess"})[0] == 403
    status, history = http("POST", url, {"token": table["token"]})
    assert status == 200 and [m["text"] for m in history["messages"]] == [XSS]
