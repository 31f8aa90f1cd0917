"""Time controls through the real server: the REST and WebSocket fields, the creator's routes, 'my tables', and
remaining times after a SIGKILL (the seat not to move keeps its exact time; the clock paused while down)."""

from __future__ import annotations

from museion.server.testing import Player, ServerProcess, http


def test_clocks_over_rest_and_websocket_survive_sigkill(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01).start()
    try:
        status, made = http("POST", f"{server.url}/api/tables", {
            "game": "tholos", "seats": ["human", "human"], "join": 0, "name": "Ana",
            "clock": {"mode": "live", "base": 600, "increment": 10, "on_timeout": "forfeit", "bot": "easy"}})
        assert status == 201 and made["creator_token"] and made["clock"]["mode"] == "live"
        assert made["clock"]["running"] is None  # nobody's clock runs while a seat is free
        status, joined = http("POST", f"{server.url}/api/tables/{made['id']}/join", {"seat": 1, "name": "Ben"})
        ana = Player(server, made["id"], made["token"])
        assert ana.state["clock"]["running"] == 0 and ana.state["clock"]["left"][1] == 600
        assert ana.move(ana.state["legal"][0]["id"])["clock"]["running"] == 1
        _, before = http("GET", f"{server.url}/api/tables/{made['id']}")
        banked = before["clock"]["left"][0]
        assert 600 < banked <= 610  # thought less than the increment
        server.kill()
        server.start()
        ana = Player(server, made["id"], made["token"])
        _, after = http("GET", f"{server.url}/api/tables/{made['id']}")
        assert after["clock"]["left"][0] == banked and after["clock"]["running"] == 1
        assert after["clock"]["left"][1] <= 600

        status, mine = http("POST", f"{server.url}/api/my-tables", {"seats": [
            {"table": made["id"], "token": made["token"]}, {"table": made["id"], "token": joined["token"]}]})
        assert status == 200 and mine["waiting"] == 1
        assert [(t["seat"], t["your_turn"]) for t in mine["tables"]] == [(0, False), (1, True)]

        route = f"{server.url}/api/tables/{made['id']}/seats/1"
        status, refused = http("POST", f"{route}/invite", {"creator_token": made["token"]})
        assert status == 403 and refused["error"] == "not_creator"
        status, active = http("POST", f"{route}/invite", {"creator_token": made["creator_token"]})
        assert status == 409 and active["error"] == "seat_active"  # time on its clock (issue 24)
        status, invited = http("POST", f"{server.url}/api/tables/{made['id']}/seats/0/invite",
                               {"creator_token": made["creator_token"]})
        assert status == 409  # seat 0's player made a move and has time too
        status, ended = http("POST", f"{server.url}/api/tables/{made['id']}/leave", {"token": joined["token"]})
        assert status == 200  # seat 1 left: a free seat may be handed over
        status, invited = http("POST", f"{route}/invite", {"creator_token": made["creator_token"]})
        assert status == 200 and invited["invite"] == f"/table/{made['id']}?seat=1"
        status, _ = http("POST", f"{server.url}/api/tables/{made['id']}/leave", {"token": joined["token"]})
        assert status == 403  # the old seat token no longer works
        status, handed = http("POST", f"{route}/bot", {"creator_token": made["creator_token"], "bot": "easy"})
        assert status == 200 and handed["bot"] == "easy"
        ana.wait(lambda s: s["seq"] >= 2 and s["seats"][1]["kind"] == "bot")
        assert [n["key"] for n in ana.state["notices"]] == ["notice.reinvited", "notice.handed"]
        status, bad = http("POST", f"{server.url}/api/tables", {
            "game": "tholos", "seats": ["human", "human"], "clock": {"mode": "live", "base": 1}})
        assert status == 400 and bad["error"] == "bad_clock" and "10" in bad["message"]
        ana.close()
    finally:
        server.stop()
