"""Issue 13 over the wire: legal moves in words with their board targets, log entries in words, refusals with the rule's
reason in the connection's language (German too), the final breakdown, option metadata and distinct seat names."""

from __future__ import annotations

import museion
from museion.server.testing import Player, http


def test_moves_log_and_refusals_speak_the_connection_language(server):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "bot:random"],
                                                              "join": 0})
    assert status == 201
    me = Player(server, table["id"], table["token"], lang="es")
    legal = me.state["legal"]
    assert {"id", "notation", "text", "targets"} <= set(legal[0])
    take = next(m for m in legal if m["notation"] == "T1W")
    assert take["text"] == "Tomar 1 piedra blanca de la cantera" and take["targets"] == ["quarry:W"]
    me.send({"type": "move", "seq": me.state["seq"], "move": "T2W"})
    answer = me.recv_answer()
    assert answer["code"] == "illegal" and answer["message"] == "solo 1 espacio libre en tu taller"
    answer = me.move(take["id"])
    assert answer["type"] == "state"
    me.wait(lambda s: s["legal"] or s["status"] == "finished")
    entry = me.log[0]
    assert entry["t"] == "T1W" and entry["text"] == "Tomar 1 piedra blanca de la cantera"


def test_a_german_connection_reads_moves_and_refusals_in_german(server):
    """The hello's language is any the catalogues have: German's words come over the same wire."""
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "bot:random"],
                                                              "join": 0})
    assert status == 201
    me = Player(server, table["id"], table["token"], lang="de")
    take = next(m for m in me.state["legal"] if m["notation"] == "T1W")
    assert take["text"] == "Nimm 1 weißen Stein aus dem Steinbruch" and take["targets"] == ["quarry:W"]
    me.send({"type": "move", "seq": me.state["seq"], "move": "T2W"})
    answer = me.recv_answer()
    assert answer["code"] == "illegal" and answer["message"] == "nur 1 freies Feld in deiner Werkstatt"
    me.close()


def test_the_final_breakdown_adds_up(server):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "imhotep",
                                                              "seats": ["bot:random", "bot:random"]})
    assert status == 201
    watcher = Player(server, table["id"], lang="en")
    watcher.wait(lambda s: s["status"] == "finished", timeout=120)
    final = watcher.state
    assert [s["name"] for s in final["seats"]] == ["random bot 1", "random bot 2"]
    rows = final["breakdown"]
    assert rows and {"key", "label", "detail", "values"} <= set(rows[0])
    assert "Burial chamber" in [r["label"] for r in rows]
    for seat, score in enumerate(final["scores"]):
        assert sum(r["values"][seat] for r in rows) == score


def test_games_carry_option_metadata_in_the_asked_language(server):
    _, answer = http("GET", f"{server.url}/api/games?lang=es")
    games = {g["name"]: g for g in answer["games"]}
    assert set(games) == set(museion.available_games())
    tholos = games["tholos"]
    assert tholos["description"].startswith("Dos constructores")
    assert [c["key"] for c in tholos["colours"]] == ["white", "black"]
    end = next(o for o in tholos["options"] if o["name"] == "end_check")
    assert end["kind"] == "choice" and end["label"] == "Fin de la partida"
    assert {c["value"] for c in end["choices"]} == {"after_turn", "immediate"}
    players = next(o for o in games["imhotep"]["options"] if o["name"] == "players")
    assert (players["kind"], players["min"], players["max"]) == ("int", 2, 4)
    status, bad = http("GET", f"{server.url}/api/games?lang=fr")
    assert status == 400 and bad["error"] == "bad_language"
