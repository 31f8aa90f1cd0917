"""Hints at the web table (issue 16): the table option, the answer through the bot workers, and the refusals."""

from __future__ import annotations

import pytest

from museion.server.testing import GENEROUS, Player, ServerProcess, http


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-hint", "1000/minute")).start()
    yield proc
    proc.stop()


def _create(server, seats, source, **extra):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "imhotep", "seats": seats, "join": 0, **extra}, source=source)
    assert status == 201, table
    return table


def _hint(player: Player, seq: int | None = None) -> dict:
    player.send({"type": "hint", "seq": player.state["seq"] if seq is None else seq})
    while True:
        message = player.recv(30)
        if message["type"] in ("hint", "error"):
            return message


def test_hints_default_on_with_a_bot_and_answer_three_legal_moves_in_words(server):
    table = _create(server, ["human", "bot:easy"], "127.0.11.1")
    assert table["hints"] is True
    me = Player(server, table["id"], table["token"], lang="es")
    assert me.state["hints"] is True
    me.wait(lambda s: s["to_move"] == 0)
    legal = {m["id"]: m for m in me.state["legal"]}
    answer = _hint(me)
    assert answer["type"] == "hint" and answer["seq"] == me.state["seq"] and answer["seat"] == 0
    moves = answer["moves"]
    assert len(moves) == 3 and len({m["id"] for m in moves}) == 3
    for move in moves:
        assert move["id"] in legal and 0.0 <= move["chance"] <= 1.0
        assert move["text"] == legal[move["id"]]["text"]  # the same words as the move list, in Spanish
        assert move["targets"] == legal[move["id"]]["targets"]
        assert isinstance(move["tied"], bool)  # the search cannot tell it from move 1 (coach.Suggestion.tied)
    assert moves[0]["tied"] is False  # the first move is the one the others are told from
    spectator = Player(server, table["id"])
    assert _hint(spectator)["code"] == "not_seated"
    lobby = http("GET", f"{server.url}/api/tables/{table['id']}")[1]
    assert lobby["hints"] is True


def test_hints_are_off_between_humans_unless_chosen_and_refused_when_off(server):
    table = _create(server, ["human", "human"], "127.0.12.1")
    assert table["hints"] is False
    me = Player(server, table["id"], table["token"])
    answer = _hint(me)
    assert answer["type"] == "error" and answer["code"] == "no_hints"
    chosen = _create(server, ["human", "human"], "127.0.12.1", hints=True)
    assert chosen["hints"] is True
    off = _create(server, ["human", "bot:easy"], "127.0.12.1", hints=False)
    assert off["hints"] is False
    status, body = http("POST", f"{server.url}/api/tables", {"game": "imhotep", "seats": ["human", "human"],
                                                            "hints": "yes"}, source="127.0.12.1")
    assert status == 400 and "hints" in body["message"]


def test_a_stale_hint_is_refused_and_hints_are_rate_limited(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01, args=(*GENEROUS, "--limit-hint", "3/hour"))
    server.start()
    try:
        table = _create(server, ["human", "bot:easy"], "127.0.3.1")
        me = Player(server, table["id"], table["token"])
        me.wait(lambda s: s["to_move"] == 0)
        assert _hint(me, seq=me.state["seq"] + 5)["code"] == "stale"
        assert [_hint(me)["type"] for _ in range(2)] == ["hint", "hint"]  # 3 an hour: the stale one counted
        answer = _hint(me)
        assert answer["type"] == "error" and answer["code"] == "rate_limited"
        assert me.state["seq"] == http("GET", f"{server.url}/api/tables/{table['id']}")[1]["moves"]
    finally:
        server.stop()
