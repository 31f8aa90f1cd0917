"""Bots, hints and analyses on a Ray cluster (``museion serve --compute``): the same answers through the same
queue and deadlines as the local worker processes (compute.py), and a Ray worker that dies mid-move costs one
retry, a second death a random move (docs/operations.md, "Compute on a Ray cluster"). One server with a local
Ray cluster serves the module: Ray takes several seconds to start."""

from __future__ import annotations

import contextlib
import re
import signal
import time

import psutil
import pytest

from museion.server.services import compute
from museion.server.testing import GENEROUS, Player, ServerProcess, http, metrics, sample

pytest.importorskip("ray")

SLOW_BOT = "bot:mcts:time=1.5"
"""A bot move that runs long enough (1.5 s of search, whatever the load) to find its Ray worker and kill it; the
module's hints search as long."""


@pytest.mark.parametrize(("value", "workers", "error"), [
    ("rya://x", 1, "allowed: local, ray:local, ray://HOST:PORT"),
    ("ray:local", 2, "run one Ray cluster"),
])
def test_compute_refuses_what_cannot_work(value, workers, error):
    with pytest.raises(ValueError, match=error):
        compute.check(value, workers)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(tmp_path_factory.mktemp("ray") / "museion.db", bot_delay=0.01, bot_workers=2,
                         args=(*GENEROUS, "--compute", "ray:local", "--hint-bot", SLOW_BOT[4:],
                               "--analysis-bot", "expert:sims=20", "--bot-specs", "--bot-seconds", "60"))
    yield proc.start(timeout=120)
    proc.stop()


@pytest.mark.slow  # a local Ray cluster takes several seconds to start
def test_a_hint_a_bot_move_and_an_analysis_computed_on_a_local_ray_cluster(server):
    listening = {c.laddr.port for c in psutil.Process(server.proc.pid).net_connections() if c.status == "LISTEN"}
    assert server.port in listening  # the port is the server's own, not one of Ray's
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "bot:easy"], "join": 0})
    me = Player(server, table["id"], table["token"])
    me.wait(lambda s: s["to_move"] == 0)
    me.send({"type": "hint", "seq": me.state["seq"]})
    answer = me.recv(60)
    while answer["type"] not in ("hint", "error"):
        answer = me.recv(60)
    assert answer["type"] == "hint", answer
    legal = {m["id"] for m in me.state["legal"]}
    assert answer["moves"] and {m["id"] for m in answer["moves"]} <= legal
    while me.state["status"] != "finished":  # the bot's moves come from Ray too
        me.wait(lambda s: s["legal"] or s["status"] == "finished", timeout=60)
        if me.state["legal"]:
            me.move(me.state["legal"][0]["id"])
    assert http("POST", f"{server.url}/api/tables/{table['id']}/analysis?lang=en", {})[0] == 202
    for _ in range(120):
        status, analysis = http("GET", f"{server.url}/api/tables/{table['id']}/analysis")
        if analysis["status"] in ("done", "failed"):
            break
        time.sleep(1)
    assert analysis["status"] == "done", analysis
    helpers = [" ".join(p.cmdline()) for p in psutil.Process(server.proc.pid).children(recursive=True)]
    assert not [h for h in helpers if "museion.server.services.worker" in h or "museion.server.services.analyst" in h]
    assert any("ray" in h for h in helpers)  # the work went to Ray's workers, not local ones
    assert "Traceback" not in server.log_text()


@pytest.mark.slow
@pytest.mark.parametrize("deaths", [1, 2])
def test_a_ray_worker_killed_mid_move_costs_one_retry_and_a_second_death_a_random_move(server, deaths):
    """The bot's Ray worker is killed with SIGKILL while it searches: once, Ray runs the move again and the bot's
    own choice is played (outcome ``ok``); twice, the retry is spent and the table gets a random move (outcome
    ``failed``, said in the log). Either way the human's turn comes."""
    before = metrics(server)
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": [SLOW_BOT, "human"], "join": 1})
    killed: list[int] = []
    for _ in range(deaths):
        victim = _running_job(server, killed)
        victim.send_signal(signal.SIGKILL)
        killed.append(victim.pid)
    me = Player(server, table["id"], table["token"])
    me.wait(lambda s: s["to_move"] == 1 and s["legal"], timeout=60)
    after = metrics(server)
    moved = {outcome: sample(after, "museion_work_seconds_count", kind="move", outcome=outcome)
             - sample(before, "museion_work_seconds_count", kind="move", outcome=outcome)
             for outcome in ("ok", "failed")}
    fallback = re.search(rf"bot mcts:time=1.5 at table {table['id']}: ray: \w+; playing a random move",
                         server.log_text())
    assert "will be retried" in server.log_text()  # Ray's own word for the first death
    if deaths == 1:  # (a Tholos turn may hold more than one bot move: each is counted)
        assert moved["ok"] >= 1 and moved["failed"] == 0 and fallback is None, (moved, server.log_text()[-2000:])
    else:
        assert moved["failed"] == 1 and fallback is not None, (moved, server.log_text()[-2000:])
    me.close()


@pytest.mark.slow
def test_a_hint_whose_ray_worker_dies_twice_answers_hint_failed_and_the_table_goes_on(server):
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "bot:easy"], "join": 0})
    me = Player(server, table["id"], table["token"])
    me.wait(lambda s: s["to_move"] == 0 and s["legal"])
    me.send({"type": "hint", "seq": me.state["seq"]})  # the only job: the bot moves after the human
    killed: list[int] = []
    for _ in range(2):
        victim = _running_job(server, killed)
        victim.send_signal(signal.SIGKILL)
        killed.append(victim.pid)
    answer = me.recv(60)
    while answer["type"] not in ("hint", "error"):
        answer = me.recv(60)
    assert answer["type"] == "error" and answer["code"] == "hint_failed", answer
    assert f"hint at table {table['id']}: ray: WorkerCrashedError" in server.log_text()
    assert me.move(me.state["legal"][0]["id"])["type"] == "state"  # the table goes on
    me.close()


def _running_job(server: ServerProcess, not_these: list[int], timeout: float = 60.0) -> psutil.Process:
    """The Ray worker process running a bot move or hint (Ray titles it ``ray::_job`` while it runs one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc in psutil.Process(server.proc.pid).children(recursive=True):
            try:
                if proc.pid not in not_these and " ".join(proc.cmdline()).startswith("ray::_job"):
                    return proc
            except psutil.Error:
                continue
        time.sleep(0.05)
    titles = []
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            titles.append(" ".join(proc.cmdline())[:60])
    raise TimeoutError(f"no Ray worker ran a job; the server's descendants: {titles}")
