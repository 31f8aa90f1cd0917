"""Pergamon through the server: every client receives exactly ``view(its seat)`` of the true (stored) state, never
an opponent's victory points or a face-down funds card, and secret chance outcomes are masked in the move log."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

import museion
from museion.server.testing import Player, http


def _true_state(server, table_id):
    with sqlite3.connect(server.db_path) as db:
        actions = [a for (a,) in db.execute("SELECT action FROM actions WHERE table_id=? ORDER BY seq", (table_id,))]
    return museion.load("pergamon").state_from_history(actions)


def _assert_public(state, entry):
    """A funds card shown in the log must be determined by what everyone sees (e.g. the only value left with
    that back): no resample for any player can give it another value."""
    after = state.game.state_from_history(state.history()[:entry["n"] + 1])
    for p in range(state.game.num_players()):
        for i in range(20):
            assert after.resample(p, random.Random(i)).key() == after.key(), f"{entry} is not public"


def test_views_never_contain_another_players_hidden_information(server):
    try:
        museion.load("pergamon")
    except museion.OptionError:
        pytest.skip("pergamon is not available")
    _, table = http("POST", f"{server.url}/api/tables", {"game": "pergamon", "seats": ["human", "human"], "join": 0})
    _, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
    seats = [Player(server, table["id"], table["token"]), Player(server, table["id"], other["token"])]
    spectator = Player(server, table["id"])
    rng = random.Random(11)
    hidden_cards_seen = masked_chance_seen = 0
    for _ in range(150):
        state = _true_state(server, table["id"])
        if state.is_terminal():
            break
        seq = state.move_number()
        for client, seat in ((seats[0], 0), (seats[1], 1), (spectator, None)):
            client.wait(lambda s, n=seq: s["seq"] == n)
            view = client.state["view"]
            assert view == json.loads(json.dumps(state.view(seat)))
            for p, info in enumerate(view["players"]):
                assert (info["vp"] is None) == (p != seat)  # own VP only (option open_scores is off)
            assert client.state["scores"] is None
            hidden_cards_seen += sum(c["value"] is None for c in view["funds_cards"])
        log = spectator.log
        assert len(log) == state.move_number()
        masked_chance_seen = sum(e["p"] is None and e["t"] is None for e in log)
        for entry in log:
            if entry["p"] is None and entry["t"] is not None and entry["t"].startswith("card"):
                _assert_public(state, entry)
        mover = seats[state.current_player()]
        action = rng.choice(mover.state["legal"])[0]
        assert mover.move(action)["type"] == "state"
    assert hidden_cards_seen > 0 and masked_chance_seen > 0
