"""Bots, hints and analyses on a Ray cluster (``museion serve --compute``): the same answers through the same
queue and deadlines as the local worker processes (compute.py)."""

from __future__ import annotations

import time

import psutil
import pytest

from museion.server import compute
from museion.server.testing import GENEROUS, Player, ServerProcess, http

pytest.importorskip("ray")


@pytest.mark.parametrize(("value", "workers", "error"), [
    ("rya://x", 1, "allowed: local, ray:local, ray://HOST:PORT"),
    ("ray:local", 2, "run one Ray cluster"),
])
def test_compute_refuses_what_cannot_work(value, workers, error):
    with pytest.raises(ValueError, match=error):
        compute.check(value, workers)


@pytest.mark.slow  # a local Ray cluster takes several seconds to start
def test_a_hint_a_bot_move_and_an_analysis_computed_on_a_local_ray_cluster(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01, bot_workers=2,
                           args=(*GENEROUS, "--compute", "ray:local", "--hint-bot", "expert:sims=50",
                                 "--analysis-bot", "expert:sims=20")).start(timeout=120)
    try:
        listening = {c.laddr.port for c in psutil.Process(server.proc.pid).net_connections() if c.status == "LISTEN"}
        assert server.port in listening  # the port is the server's own, not one of Ray's
        _, table = http("POST", f"{server.url}/api/tables",
                        {"game": "tholos", "seats": ["human", "bot:easy"], "join": 0})
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
        assert not [h for h in helpers if "museion.server.worker" in h or "museion.server.analyst" in h]
        assert any("ray" in h for h in helpers)  # the work went to Ray's workers, not local ones
        assert "Traceback" not in server.log_text()
    finally:
        server.stop()
