"""The published WebSocket protocol is the one spoken: ``/asyncapi.json`` is a well-formed AsyncAPI 3.0 document
generated from the message models, and every frame the server sends while a game is played (states for a seat and
a spectator in two languages, a hint, errors, a pong) validates against the schema of its message."""

from __future__ import annotations

import json

import pytest

from museion.server.testing import GENEROUS, Player, ServerProcess, http

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-hint", "1000/minute")).start()
    yield proc
    proc.stop()


def _document(server) -> dict:
    status, doc = http("GET", f"{server.url}/asyncapi.json")
    assert status == 200
    return doc


def _resolve(doc: dict, ref: str) -> dict:
    assert ref.startswith("#/"), ref
    node = doc
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        return ([node["$ref"]] if "$ref" in node else []) + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_the_asyncapi_document_is_well_formed(server):
    doc = _document(server)
    assert doc["asyncapi"] == "3.0.0" and doc["info"]["title"] and doc["info"]["version"]
    for ref in _refs(doc):
        _resolve(doc, ref)  # every reference points into the document
    channel = doc["channels"]["table"]
    assert channel["address"] == "/ws/tables/{table_id}" and set(channel["parameters"]) == {"table_id"}
    actions = {}
    for operation in doc["operations"].values():
        assert _resolve(doc, operation["channel"]["$ref"]) is channel
        for message in operation["messages"]:  # an operation's messages are its channel's (AsyncAPI 3.0)
            assert message["$ref"].startswith("#/channels/table/messages/")
            actions.setdefault(operation["action"], set()).add(message["$ref"].rsplit("/", 1)[1])
    assert actions == {"receive": {f"client.{t}" for t in ("hello", "move", "hint", "undo", "resign", "claim",
                                                           "resync", "ping", "chat", "report", "takeback_request",
                                                           "takeback_answer")},
                       "send": {f"server.{t}" for t in ("state", "hint", "error", "pong", "chat", "reported")}}
    for message in doc["components"]["messages"].values():
        assert message["contentType"] == "application/json"
        schema = _resolve(doc, message["payload"]["$ref"])
        assert schema["properties"]["type"]["const"] == message["name"]
    for schema in doc["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(schema)
    move = doc["components"]["schemas"]["LegalMove"]  # a move is data: the board keys it touches, documented
    assert "targets" in move["required"] and move["properties"]["targets"]["items"] == {"type": "string"}
    assert "highlights" not in move["properties"] and "click" in move["properties"]["targets"]["description"]


def _validator(doc: dict, side: str, name: str):
    payload = doc["components"]["messages"][f"{side}.{name}"]["payload"]
    return jsonschema.Draft202012Validator({**payload, "components": doc["components"]})


@pytest.mark.parametrize("game", ["tholos", "imhotep", "pergamon"])
def test_every_message_of_a_played_game_validates_against_the_published_schema(server, game):
    doc = _document(server)
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": game, "seats": ["human", "bot:random"], "join": 0, "hints": True})
    assert status == 201, table
    me = Player(server, table["id"], table["token"], lang="es")
    spectator = Player(server, table["id"])
    for sent in ({"type": "ping"}, {"type": "move", "seq": 10**6, "action": 0}, {"type": "hello"},
                 {"type": "chat", "text": "¡suerte!"}, {"type": "chat", "text": "x", "channel": "spectators"}):
        me.send(sent)  # a pong, a stale move, a second hello, a chat line, a refused one: each answered
    spectator.send({"type": "chat", "text": "hola", "channel": "spectators"})

    def lines(player: Player) -> list[dict]:
        return [line for t in player.texts if json.loads(t)["type"] == "chat" for line in json.loads(t)["messages"]]

    while not lines(spectator):
        spectator.recv()
    while not lines(me):
        me.recv()
    me.send({"type": "report", "id": lines(me)[0]["id"]})
    me.wait(lambda s: s["to_move"] == 0)
    me.send({"type": "hint", "seq": me.state["seq"]})
    while not any(json.loads(t)["type"] == "hint" for t in me.texts):
        me.recv(60)
    while me.state["status"] != "finished":
        if me.state["legal"]:
            me.move(me.state["legal"][0]["id"])
        else:
            me.recv(30)
    spectator.wait(lambda s: s["status"] == "finished")
    spectator.send({"type": "resync"})
    spectator.wait(lambda s: s["full"])
    seen = set()
    for text in me.texts + spectator.texts:
        message = json.loads(text)
        errors = list(_validator(doc, "server", message["type"]).iter_errors(message))
        assert not errors, (message["type"], [e.message for e in errors[:3]])
        seen.add(message["type"])
    assert seen == {"state", "hint", "error", "pong", "chat", "reported"}
    for sent in ({"type": "hello", "token": None, "lang": "es"}, {"type": "move", "seq": 3, "action": 7},
                 {"type": "move", "seq": 3, "move": "A1"}, {"type": "hint", "seq": 0}, {"type": "resync"},
                 {"type": "ping"}, {"type": "chat", "text": "hi", "channel": "players"}, {"type": "chat", "text": "hi"},
                 {"type": "report", "id": "abc"}):  # and what a client sends is what the document says it may
        assert not list(_validator(doc, "client", sent["type"]).iter_errors(sent))
