"""Fuzzing a real server: schemathesis against ``/openapi.json`` and a Hypothesis WebSocket fuzzer.

Sizes are bounded for ``make test``; ``MUSEION_FUZZ_SCALE=10`` (``benchmarks/fuzz.py``) runs ten times as many
examples. REST: every operation, valid and invalid requests; no 5xx, every status and body as the schema says.
WebSocket: random JSON, mutated valid messages, oversized and deeply nested texts, binary frames and invalid
UTF-8; every message gets a reply (an error for what is malformed) or the connection is closed with a code, and
the server log never shows a traceback.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
import zlib

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from test_accounts_hostile import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from museion.server.app import create_app
from museion.server.testing import GENEROUS, Player, ServerProcess, http

SCALE = int(os.environ.get("MUSEION_FUZZ_SCALE", "1"))
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance]
LIMIT = 64 * 1024
CLOSE_CODES = {1007: "invalid UTF-8", 1009: "message too big"}
COUNTS: dict[str, int] = {"rest": 0, "ws": 0, "ws_errors": 0, "ws_closed": 0}


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory):
    server = ServerProcess(tmp_path_factory.mktemp("fuzz") / "museion.db", bot_delay=0.01,
                           # thousands of cases from one address: a refused one is held a second (guard.HOLD)
                           args=(*GENEROUS, "--limit-messages", "100000/second", "--max-tables-per-client",
                                 "100000", "--max-tables", "100000", "--limit-create", "100000/minute",
                                 "--limit-poll", "100000/minute",
                                 # a seek's long poll (?wait= up to 25) held at most a second: a generated case
                                 # must not outwait schemathesis's 10-second read timeout (the wait: test_seeks.py)
                                 "--seek-wait", "1")).start()
    yield server
    server.stop()
    log = server.log_text()
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-4000:]
    print(f"\nfuzz counts: {COUNTS}")


def _openapi() -> dict:
    """The schema the server serves at /openapi.json (built from the app, so tests are collected without one)."""
    return create_app("sqlite://").app.openapi()


schema = schemathesis.openapi.from_dict(_openapi())


@pytest.fixture(scope="module")
def real_tables(fuzz_server: ServerProcess) -> list[str]:
    """An open, a running and a finished table, so that fuzzed requests also reach real ones."""
    url = f"{fuzz_server.url}/api/tables"
    _, open_ = http("POST", url, {"game": "imhotep", "seats": ["human", "human"]})
    _, running = http("POST", url, {"game": "pergamon", "seats": ["human", "bot:random"], "join": 0})
    _, done = http("POST", url, {"game": "tholos", "seats": ["bot:random", "bot:random"]})
    watcher = Player(fuzz_server, done["id"])
    watcher.wait(lambda s: s["status"] == "finished", timeout=120)
    watcher.close()
    return [open_["id"], running["id"], done["id"]]


@schema.parametrize()
@settings(max_examples=25 * SCALE, deadline=None, derandomize=SCALE == 1,
          suppress_health_check=list(HealthCheck))
def test_rest_api_conforms_to_its_schema_and_never_fails(case, fuzz_server: ServerProcess, real_tables) -> None:
    if case.path_parameters and "table_id" in case.path_parameters:
        pick = zlib.crc32(repr((case.path_parameters, case.body, case.query)).encode()) % 4
        if pick < 3:  # three times in four a real table, else whatever was generated
            case.path_parameters["table_id"] = real_tables[pick]
    case.call_and_validate(base_url=fuzz_server.url, checks=CHECKS)
    COUNTS["rest"] += 1


def test_openapi_documents_every_route_with_models(fuzz_server: ServerProcess) -> None:
    _, doc = http("GET", f"{fuzz_server.url}/openapi.json")
    assert doc == json.loads(json.dumps(_openapi()))
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            ok = op["responses"].get("200") or op["responses"].get("201") or op["responses"].get("202")
            if path == "/api/stream":  # server-sent events (docs/bot-api.md): a stream, not one JSON answer
                assert "text/event-stream" in ok["content"]
                continue
            assert ok and "$ref" in ok["content"]["application/json"]["schema"], (method, path)
            if method == "post":
                body = op["requestBody"]["content"]["application/json"]["schema"]
                assert "$ref" in body or body.get("additionalProperties") is False, path
                assert "415" in op["responses"] and "429" in op["responses"]


def test_the_fuzz_server_holds_a_long_poll_a_second(fuzz_server: ServerProcess) -> None:
    """``--seek-wait 1`` (the fixture) cuts ``?wait=25`` to a second, so schemathesis's cases of that route answer
    within its read timeout; the same request to a default server holds 25 seconds."""
    guest = Client(fuzz_server, "127.0.42.1")
    alone = {"game": "tholos", "players": 2, "options": {"end_check": "after_turn"},  # no generated seek fits
             "clock": {"mode": "live", "base": 661, "increment": 7}}
    status, seek = guest.request("POST", "/api/seeks", alone)
    assert status == 201 and seek["status"] == "waiting", seek
    began = time.monotonic()
    status, seen = guest.request("GET", f"/api/seeks/{seek['id']}?wait=25")
    assert (status, seen["status"]) == (200, "waiting") and 0.9 <= time.monotonic() - began < 5
    guest.request("DELETE", f"/api/seeks/{seek['id']}")


def test_schemathesis_with_every_check_finds_nothing(fuzz_server: ServerProcess, tmp_path) -> None:
    """``st run --checks all`` against the real server, deterministic and bounded for ``make test`` (the examples,
    fuzzing and stateful phases; ``MUSEION_FUZZ_SCALE`` > 1, as in ``benchmarks/fuzz.py``, adds the coverage
    phase, whose boundary values and undeclared methods take minutes, and multiplies the examples): the document
    says what is allowed (``schema.py``), so valid requests are accepted, invalid ones refused with a 4xx, and
    nothing answers 5xx. Other methods' 405 with ``Allow``: the test below and ``test_attacks.py``."""
    command = [sys.executable, "-m", "schemathesis.cli", "run", f"{fuzz_server.url}/openapi.json", "--checks", "all",
               "--max-examples", str(4 * SCALE), "--no-color",
               # sign-up and recovery refuse passwords no schema can describe (common ones; NIST rules): their
               # shapes are fuzzed by the test above, their refusals by test_accounts*.py
               "--exclude-path", "/api/accounts", "--exclude-path", "/api/accounts/recover",
               "--phases", "examples,fuzzing,stateful" + (",coverage" if SCALE > 1 else ""),
               *(["--generation-deterministic"] if SCALE == 1 else ["--seed", str(random.randrange(2**31))])]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False,
                          cwd=tmp_path)  # its cache (.schemathesis/) goes there, not into the work tree
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    found = re.search(r"(\d+) generated, (\d+) passed", done.stdout)
    assert found and found.group(1) == found.group(2), done.stdout[-3000:]
    COUNTS["schemathesis"] = int(found.group(1))


def test_every_405_lists_the_methods_the_path_answers(fuzz_server: ServerProcess, tmp_path) -> None:
    """Schemathesis's coverage phase sends every operation's path each method the document does not declare for it
    (``OPTIONS``, ``PUT``, ``PATCH``, ``TRACE``, ``QUERY`` and the other declared ones): each must get 405 with an
    ``Allow`` header (ST204) listing exactly the methods the document declares for that path, ``HEAD`` aside (ST205,
    issue 38: the routes of included routers were missing, so ``Allow`` named every method). Only that phase's
    method probes are judged here (its other cases take minutes; ``MUSEION_FUZZ_SCALE`` > 1 runs them above)."""
    (tmp_path / "schemathesis.toml").write_text('[phases.coverage]\nunexpected-methods = ["get", "put", "post", '
                                                '"delete", "options", "patch", "trace", "query"]\n')
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(tmp_path / "schemathesis.toml"), "run",
               f"{fuzz_server.url}/openapi.json", "--checks", "unsupported_method,allow_header_conformance",
               "--phases", "coverage", "--no-color", "--generation-deterministic"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path)
    assert done.returncode == 0 and "ST205" not in done.stdout, done.stdout[-6000:] + done.stderr[-2000:]
    found = re.search(r"(\d+) generated, (\d+) passed", done.stdout)
    assert found and int(found.group(1)) > 0 and found.group(1) == found.group(2), done.stdout[-3000:]


# -- WebSocket -----------------------------------------------------------------------------------------------
def _containers(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40), _containers,
    max_leaves=20)
FIELDS = st.sampled_from(["hello", "move", "resync", "ping", "", "MOVE", "state", "error"]) | st.text(max_size=10)
MESSAGE = st.fixed_dictionaries({"type": FIELDS}, optional={
    "seq": st.integers(-5, 5) | st.integers() | JSON, "action": st.integers(-1, 130) | JSON,
    "move": st.text(max_size=80) | JSON, "token": st.text(max_size=80) | JSON, "extra": JSON})


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid-looking message with a few characters inserted, deleted or replaced."""
    text = list(json.dumps(draw(MESSAGE)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.characters(max_codepoint=0x2FFF, exclude_categories=["Cs"]))
        if kind == "insert" or at == len(text):
            text.insert(at, char)
        elif kind == "delete":
            del text[at]
        else:
            text[at] = char
    return "".join(text)


FRAMES = st.one_of(
    JSON.map(json.dumps),
    MESSAGE.map(json.dumps),
    mutated(),
    st.integers(1, 30000).map(lambda n: "[" * n + "]" * (n % 3)),
    st.integers(1, 30000).map(lambda n: '{"type":' * n),
    st.integers(100, 5000).map(lambda n: '{"type":"move","seq":' + "7" * n + ',"action":1}'),
    st.integers(LIMIT - 64, 4 * LIMIT).map(lambda n: ('{"type":"move","seq":0,"move":"' + "x" * n)[:n]),
    st.binary(max_size=200),
    st.binary(min_size=1, max_size=60).map(lambda b: ("text", b"\xff" + b)),
)


def _exchange(server: ServerProcess, table: dict, frame) -> str:  # noqa: ANN001 - str, bytes or ("text", bytes)
    """Send ``frame`` after a hello, then a ping; 'closed' or 'answered' (every reply seen before the pong)."""
    with connect(f"{server.ws_url}/ws/tables/{table['id']}", open_timeout=10, close_timeout=2,
                 max_size=None, ping_interval=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        if isinstance(frame, tuple):
            ws.send(frame[1], text=True)  # bytes in a text frame: invalid UTF-8
        else:
            ws.send(frame)
        try:
            ws.send('{"type":"ping"}')
            replies = []
            while True:
                message = json.loads(ws.recv(timeout=20))
                replies.append(message)
                if message["type"] == "pong":
                    break
        except ConnectionClosed as exc:
            assert exc.rcvd is not None and exc.rcvd.code in CLOSE_CODES, (str(frame)[:60], exc)
            assert exc.rcvd.reason, (str(frame)[:60], exc)  # every close says why
            COUNTS["ws_closed"] += 1
            return "closed"
    assert replies[:-1] or frame == '{"type":"ping"}' or "ping" in str(frame), (str(frame)[:80], replies)
    assert all(r["type"] in ("state", "error", "pong", "chat", "reported") for r in replies)
    for reply in replies:
        if reply["type"] == "error":
            COUNTS["ws_errors"] += 1
            assert len(reply["message"]) < 600 and "x" * 70 not in reply["message"] and "7" * 70 not in reply[
                "message"]
    return "answered"


@pytest.fixture(scope="module")
def fuzz_table(fuzz_server: ServerProcess) -> dict:
    status, table = http("POST", f"{fuzz_server.url}/api/tables",
                         {"game": "tholos", "seats": ["human", "bot:random"], "join": 0})
    assert status == 201
    return table


@settings(max_examples=120 * SCALE, deadline=None, derandomize=SCALE == 1,
          suppress_health_check=list(HealthCheck))
@given(frame=FRAMES)
def test_websocket_fuzz_every_message_gets_an_error_reply_or_a_close_code(fuzz_server, fuzz_table, frame) -> None:
    _exchange(fuzz_server, fuzz_table, frame)
    COUNTS["ws"] += 1


def test_the_server_survived_the_fuzzing(fuzz_server: ServerProcess, fuzz_table: dict) -> None:
    status, health = http("GET", f"{fuzz_server.url}/healthz")
    assert status == 200 and health["ok"]
    assert _exchange(fuzz_server, fuzz_table, '{"type":"resync"}') == "answered"
