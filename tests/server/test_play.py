"""WebSocket play against a real server: only a seat's token moves for it; bad messages change nothing."""

from __future__ import annotations

import json

import museion
from museion.core.registry import entry
from museion.server.testing import Player, http


def _table(server, seats=("human", "human")):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": list(seats), "join": 0})
    assert status == 201
    other = None
    if seats[1] == "human":
        _, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    return table, other


def _moves(server, tid):
    return http("GET", f"{server.url}/api/tables/{tid}")[1]["moves"]


def test_wrong_or_missing_token_cannot_move(server):
    table, other = _table(server)
    tid = table["id"]
    spectator = Player(server, tid)
    assert spectator.first["seat"] is None and spectator.first["legal"] == []
    seq = spectator.state["seq"]
    legal_for_0 = Player(server, tid, table["token"])
    action = legal_for_0.state["legal"][0]["id"]

    answer = spectator.move(action)
    assert answer["type"] == "error" and answer["code"] == "not_seated"

    forger = Player(server, tid, "not-a-token")
    assert forger.first["type"] == "error" and forger.first["code"] == "bad_token"
    forger.recv()  # it is still sent the spectator's state
    assert forger.state["seat"] is None
    answer = forger.move(action)
    assert answer["code"] == "not_seated"

    seat1 = Player(server, tid, other["token"])
    answer = seat1.move(action)
    assert answer["code"] == "not_your_turn" and "seat 0's turn" in answer["message"]
    assert _moves(server, tid) == seq

    answer = legal_for_0.move(action)
    assert answer["type"] == "state" and answer["seq"] == seq + 1
    assert seat1.recv_answer()["seq"] == seq + 1 and spectator.recv_answer()["seq"] == seq + 1
    assert spectator.log[-1]["t"] == legal_for_0.first["legal"][0]["notation"]


def test_malformed_stale_and_illegal_messages_are_rejected_and_change_nothing(server):
    table, _ = _table(server)
    tid = table["id"]
    me = Player(server, tid, table["token"])
    seq = me.state["seq"]
    legal = [m["id"] for m in me.state["legal"]]
    cases = [
        ("not json", "malformed", "a message is a JSON object"),
        (json.dumps({"type": "dance"}), "malformed",
         "type hello, move, hint, undo, takeback_request, takeback_answer, resign, claim, resync, ping, chat or "
         "report"),
        (json.dumps({"type": "move", "action": legal[0]}), "malformed", "needs 'seq'"),
        (json.dumps({"type": "move", "seq": seq, "action": "T1W"}), "malformed", "integer action id"),
        (json.dumps({"type": "move", "seq": seq, "action": True}), "malformed", "integer action id"),
        (json.dumps({"type": "move", "seq": seq + 7, "action": legal[0]}), "stale", f"the game is at {seq}"),
        (json.dumps({"type": "move", "seq": seq, "action": 9999}), "illegal", "no action of this game has id 9999"),
        (json.dumps({"type": "move", "seq": seq, "move": "PZ:W"}), "illegal", "not a legal move here"),
    ]
    illegal = next(a for a in range(121) if a not in legal)  # T1W..: the quarry or the workshop forbids it
    cases.append((json.dumps({"type": "move", "seq": seq, "action": illegal}), "illegal", "workshop"))
    for text, code, words in cases:
        me.send(text)
        answer = me.recv_answer()
        assert answer["type"] == "error", text
        assert answer["code"] == code and words in answer["message"], (text, answer)
        assert answer["seq"] == seq
    assert _moves(server, tid) == seq
    me.send({"type": "resync"})
    assert me.recv()["seq"] == seq and me.state["full"]
    answer = me.move(0, seq=seq) if 0 in legal else me.move(legal[0])
    assert answer["type"] == "state" and answer["seq"] == seq + 1
    answer = me.move(legal[0], seq=seq)  # the same move again from the old state: stale
    assert answer["type"] == "error" and answer["code"] in {"stale", "not_your_turn"}


def test_move_by_notation_and_a_game_to_the_end_against_a_bot(server):
    table, _ = _table(server, ("human", "bot:random"))
    me = Player(server, table["id"], table["token"])
    while me.state["status"] != "finished":
        me.wait(lambda s: s["legal"] or s["status"] == "finished")
        if me.state["status"] == "finished":
            break
        me.send({"type": "move", "seq": me.state["seq"], "move": me.state["legal"][-1]["notation"]})
        assert me.recv_answer()["type"] == "state"
    _, record = http("GET", f"{server.url}/api/tables/{table['id']}/record")
    final = museion.Record.from_dict(record).final_state()
    assert final.is_terminal() and final.scores() == me.state["scores"]
    assert [e["t"] for e in me.log] == record["notation"]
    _, replay = http("GET", f"{server.url}/api/tables/{table['id']}/replay")
    assert len(replay["steps"]) == len(record["actions"]) + 1
    assert replay["steps"][-1]["view"] == entry(final.game).observer.view(final, None)
    _, spanish = http("GET", f"{server.url}/api/tables/{table['id']}/replay?lang=es")
    pairs = zip(replay["steps"][1:], spanish["steps"][1:], strict=True)
    said = [(s["move"]["text"], t["move"]["text"]) for s, t in pairs]
    assert all(en and es for en, es in said) and any(en != es for en, es in said)  # each move in words (issue 25)
    _, lists = http("GET", f"{server.url}/api/tables")
    assert table["id"] in [t["id"] for t in lists["finished"]]
