"""Programs on a server as bot accounts (issue 41 item 3), against a real server: ``museion bot connect`` (the
real CLI, a subprocess) accepts a person's challenge and plays the game to its end with a museion bot, then stops
cleanly on SIGTERM; ``examples/rl_agent_on_server.py`` puts a PettingZoo-observation policy (the shipped Tholos
policy network) on the server for one game; neither token reaches a log. The person plays random legal moves
over the browser's WebSocket."""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_accounts_hostile import PASSWORD, Client
from test_bot_api import make_token

from museion.server.testing import GENEROUS, Player, ServerProcess

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("botconnect") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def bot_account(server: ServerProcess, name: str, source: str) -> tuple[Client, str]:
    client = Client(server, source)
    client.sign_up(name)
    assert client.request("POST", "/api/me/bot", {"password": PASSWORD})[0] == 200
    return client, make_token(client)["token"]


def challenge_and_play(server: ServerProcess, person: Client, bot: str, timeout: float = 120.0
                       ) -> tuple[dict, list[dict]]:
    """``person`` challenges ``bot`` to Tholos and plays random legal moves until the game ends: its last state
    and the whole log."""
    status, made = person.request("POST", "/api/challenges", {"to": bot, "game": "tholos"})
    assert status == 201, made
    deadline = time.monotonic() + 30
    while (found := person.request("GET", f"/api/challenges/{made['id']}")[1])["status"] == "pending":
        assert time.monotonic() < deadline, "the bot never answered"
        time.sleep(0.2)
    assert found["status"] == "accepted", found
    seat = person.request("POST", f"/api/tables/{found['table']}/my-seat", {})[1]
    player = Player(server, found["table"], seat["key"], cookie=person.cookie)
    rng = random.Random(7)
    end = time.monotonic() + timeout
    while player.state.get("status") != "finished":
        assert time.monotonic() < end, f"the game did not end: {player.state.get('seq')}"
        state = player.state
        if state.get("to_move") == state.get("seat") and state.get("legal"):
            player.move(rng.choice(state["legal"])["id"], state["seq"])
        else:
            player.recv(timeout=30)
    player.close()
    return player.state, player.log


def test_museion_bot_connect_plays_a_challenge_to_its_end_and_stops_on_sigterm(server, tmp_path):
    _bot, token = bot_account(server, "Cli-Bot", "127.0.11.1")
    person = Client(server, "127.0.12.1")
    person.sign_up("Cli-Ana")
    out = (tmp_path / "bot.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "museion.cli", "bot", "connect", "--server", server.url,
                             "--token", token, "--bot", "random", "--accept", "tholos", "--casual", "--verbose"],
                            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        final, log = challenge_and_play(server, person, "Cli-Bot")
        assert final["status"] == "finished" and final["scores"] is not None
        seats = {s["name"]: s for s in final["seats"]}
        assert seats["Cli-Bot"]["bot_account"] and not seats["Cli-Ana"]["bot_account"]  # shown as a bot
        bot_seat = seats["Cli-Bot"]["seat"]
        assert sum(entry["p"] == bot_seat for entry in log) >= 5, "the bot did not play its seat"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    out.seek(0)
    logged = out.read()
    assert "finished" in logged and token not in logged
    assert token not in server.log_text()


def test_the_example_puts_a_pettingzoo_policy_on_the_server(server):
    pytest.importorskip("numpy")
    _bot, token = bot_account(server, "Rl-Agent", "127.0.13.1")
    spec = importlib.util.spec_from_file_location("rl_agent_on_server", ROOT / "examples" / "rl_agent_on_server.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    runner = threading.Thread(target=example.main, args=(server.url, token, 1), daemon=True)
    runner.start()
    person = Client(server, "127.0.14.1")
    person.sign_up("Rl-Ana")
    final, log = challenge_and_play(server, person, "Rl-Agent")
    agent_seat = next(s for s in final["seats"] if s["name"] == "Rl-Agent")["seat"]
    assert final["status"] == "finished" and sum(entry["p"] == agent_seat for entry in log) >= 5
    runner.join(30)
    assert not runner.is_alive()  # the client stopped after its one game
