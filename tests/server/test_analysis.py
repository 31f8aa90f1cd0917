"""The analysis of finished tables (issue 16): queued in the background, progress, stored, never computed twice."""

from __future__ import annotations

import time

import pytest

from museion.server.testing import GENEROUS, Player, ServerProcess, http


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--analysis-bot", "expert:sims=40", "--limit-analysis", "6/minute"))
    yield proc.start()
    proc.stop()


def finished_table(server, game: str = "tholos") -> str:
    status, table = http("POST", f"{server.url}/api/tables", {"game": game, "seats": ["bot:random", "bot:random"]})
    assert status == 201
    watcher = Player(server, table["id"])
    watcher.wait(lambda s: s["status"] == "finished", timeout=120)
    watcher.close()
    return table["id"]


def wait_done(server, tid: str, lang: str = "en") -> tuple[dict, list[list[int]]]:
    seen = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, answer = http("GET", f"{server.url}/api/tables/{tid}/analysis?lang={lang}")
        assert status == 200, answer
        if answer["status"] == "done":
            return answer["analysis"], seen
        assert answer["status"] in ("queued", "running"), answer
        if answer["progress"]:
            seen.append(answer["progress"])
        time.sleep(0.05)
    raise TimeoutError("the analysis never finished")


def test_a_finished_table_is_analysed_once_in_the_background(server):
    tid = finished_table(server)
    assert http("GET", f"{server.url}/api/tables/{tid}/analysis")[1]["status"] == "none"
    status, answer = http("POST", f"{server.url}/api/tables/{tid}/analysis?lang=es", {})
    assert status == 202 and answer["status"] in ("queued", "running")
    status, again = http("POST", f"{server.url}/api/tables/{tid}/analysis", {})  # the same job, not a second one
    assert status == 202 and again["status"] in ("queued", "running", "done")
    analysis, progress = wait_done(server, tid, "es")
    assert all(done <= total for done, total in progress)
    assert analysis["bot"] == "expert:sims=40" and analysis["decisions"]
    first = analysis["decisions"][0]
    assert first["text"] != first["move"] and first["best_text"]
    assert [s["seat"] for s in analysis["summary"]] == [0, 1]
    stored = wait_done(server, tid, "en")[0]  # read from storage now: the same numbers, words in English
    assert [d["loss"] for d in stored["decisions"]] == [d["loss"] for d in analysis["decisions"]]
    english = stored["decisions"][0]
    assert english["move"] == first["move"] and english["text"] not in (first["text"], first["move"])
    assert analysis["players"] != stored["players"] and len(stored["players"]) == 2  # names in each language
    status, done = http("POST", f"{server.url}/api/tables/{tid}/analysis", {})
    assert status == 202 and done["status"] == "done" and done["analysis"]["seconds"] == analysis["seconds"]


def test_only_finished_tables_are_analysed_and_requests_are_limited(server):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"]})
    status, answer = http("POST", f"{server.url}/api/tables/{table['id']}/analysis", {})
    assert status == 409 and answer["error"] == "not_finished"
    assert http("GET", f"{server.url}/api/tables/nope/analysis")[0] == 404
    codes = [http("POST", f"{server.url}/api/tables/{table['id']}/analysis", {}, source="127.0.9.1")[0]
             for _ in range(7)]
    assert codes == [409] * 6 + [429]
