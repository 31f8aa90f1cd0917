"""Pergamon through a real server and real WebSocket sessions (PER-HIDDEN-1, PER-EVAL-4): every frame a seat or a
spectator receives is exactly what the server builds from the true (stored) state, and exactly what it would build
from any state that client cannot tell apart (``resample``); the log never shows a face-down card's value, and a
seat never hears of an opponent's victory points while they are hidden.

The chance draws come from the server's system RNG, so every game differs: the assertions hold for any draws."""

from __future__ import annotations

import random
import sqlite3

import pytest

import museion
from museion.core import registry
from museion.core.observe import observe_history
from museion.server.storage.rows import SeatRow, TableRow, dumps
from museion.server.table.live import LiveTable, marks_of
from museion.server.testing import Player, http


def _true_state(server, table_id, game):
    with sqlite3.connect(server.db_path) as db:
        actions = [a for (a,) in db.execute("SELECT action FROM actions WHERE table_id=? ORDER BY seq", (table_id,))]
    return game.state_from_history(actions)


def _message(table_id, seats, state, steps, seat, lang):
    """The full state message the server's own code builds for ``seat`` at ``state`` (seats as the clients see
    them, the last move's marks from ``state``'s own history), as the exact text it would send."""
    rows = [SeatRow(s["seat"], s["kind"], s["bot"], s["name"], "x" if s["taken"] and s["kind"] == "human" else None)
            for s in seats]
    row = TableRow(table_id, state.game.name, state.game.options_json(), "running", 0.0, rows, state.history())
    return dumps(LiveTable(row, state, steps, marks_of(state)).state_message(seat, None, lang))


def _resync(client, seq):
    client.send({"type": "resync"})
    while True:
        message = client.recv()
        if message["type"] == "state" and message["full"] and message["seq"] == seq:
            return client.texts[-1]


EVERY = 3
"""Every third position's full frame is compared, with every client's and every resample's (each comparison
replays the whole game: every position made this one test 2.5 minutes); every frame's log and scores are
checked at every position."""


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "open_scores": True}], ids=["2p", "3p-open"])
def test_every_frame_is_the_same_for_states_the_client_cannot_tell_apart(server, options):
    game = museion.load("pergamon", **options)
    n = game.num_players()
    _, table = http("POST", f"{server.url}/api/tables",
                    {"game": "pergamon", "options": options, "seats": ["human"] * n, "join": 0})
    tokens = [table["token"]] + [http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": p})[1]["token"]
                                 for p in range(1, n)]
    clients = [(Player(server, table["id"], tokens[p], lang=("en", "es")[p % 2]), p, ("en", "es")[p % 2])
               for p in range(n)] + [(Player(server, table["id"], lang="es"), None, "es")]
    rng = random.Random(11)
    steps: list = []
    hidden_seen = compared_hidden = 0
    for _ in range(160):
        state = _true_state(server, table["id"], game)
        if state.is_terminal():
            break
        seq = state.move_number()
        steps = observe_history(state, steps)
        whole = seq % EVERY == 0  # the full frame compared (it rebuilds the game per seat and per resample)
        for client, seat, lang in clients:
            client.wait(lambda s, n=seq: s["seq"] == n)
            if whole:
                text = _resync(client, seq)
                seats = client.state["seats"]
                assert text == _message(table["id"], seats, state, steps, seat, lang)
                assert client.log == client.state["log"]  # the incremental frames added up to the full log
                for p in range(n) if seat is None else [seat]:
                    other = registry.entry(state.game).observer.resample(state, p, random.Random(rng.random()))
                    compared_hidden += other.key() != state.key()
                    assert text == _message(table["id"], seats, other, observe_history(other, steps), seat, lang)
            view = client.state["view"]
            hidden_seen += sum(c["value"] is None for c in view["funds_cards"])
            for p, info in enumerate(view["players"]):
                assert (info["vp"] is None) == (p != seat and not options.get("open_scores", False))
            for entry in client.log:
                if entry["p"] is None and entry["t"].startswith("card"):
                    assert entry["t"] in {"card bag", "card chest"}  # never a value
                for event in entry["ev"]:
                    if event["key"].startswith("pergamon.vp_") and not options.get("open_scores", False):
                        assert event["args"]["player"] == seat  # only one's own VP
        if whole:
            _, record = http("GET", f"{server.url}/api/tables/{table['id']}/record")
            assert record["complete"] is False and "actions" not in record
            assert [e["t"] for e in record["moves"]] == [s.notation(None) for s in steps]
        mover = clients[state.current_player()][0]
        action = rng.choice(mover.state["legal"])["id"]
        assert mover.move(action)["type"] == "state"
    assert hidden_seen > 0 and compared_hidden > 0
