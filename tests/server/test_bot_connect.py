"""Programs on a server as bot accounts (issue 41 item 3), against a real server: ``museion bot connect`` (the
real CLI, a subprocess) accepts a person's challenge and plays the game to its end with a museion bot, then stops
cleanly on SIGTERM; ``examples/rl_agent_on_server.py`` puts a PettingZoo-observation policy (the shipped Tholos
policy network) on the server for one game; neither token reaches a log. The person plays random legal moves
over the browser's WebSocket. The first test starts from ``museion admin house-bot`` (issue 41 item 5) on the
server's database: the house bot nobody signs in to plays a rated challenge and then stands on the bots' ladder."""

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
from test_bot_api import bearer, make_token

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


def challenge_and_play(server: ServerProcess, person: Client, bot: str, timeout: float = 120.0, rated: bool = False
                       ) -> tuple[dict, list[dict]]:
    """``person`` challenges ``bot`` to Tholos and plays random legal moves until the game ends: its last state
    and the whole log."""
    status, made = person.request("POST", "/api/challenges", {"to": bot, "game": "tholos", "rated": rated})
    assert status == 201, made
    deadline = time.monotonic() + 30
    while (found := person.request("GET", f"/api/challenges/{made['id']}")[1])["status"] in ("pending",
                                                                                                "accepting"):
        # accepting: the bot said yes and the server is making the table (a moment on a loaded machine)
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


def house_bot(server: ServerProcess, name: str) -> tuple[int, str, str]:
    """``museion admin house-bot NAME --bot random`` on the server's database: exit code, token, output."""
    done = subprocess.run([sys.executable, "-m", "museion.cli", "admin", "--db", server.db_url, "house-bot", name,
                           "--bot", "random", "--server", server.url, "--accept", "tholos"],
                          capture_output=True, text=True, timeout=60)
    token = next((w for w in done.stdout.split() if w.startswith("msn_")), "")
    return done.returncode, token, done.stdout + done.stderr


def test_a_house_bot_made_by_the_admin_command_plays_a_rated_challenge_and_stands_on_the_ladder(server, tmp_path):
    person = Client(server, "127.0.12.1")
    person.sign_up("Cli-Ana")
    assert house_bot(server, "cli-ana")[0] == 2  # a person's name: refused, precisely
    assert "'Cli-Ana' is a person's account" in house_bot(server, "cli-ana")[2]
    first, old, _ = house_bot(server, "Cli-Bot")
    code, token, said = house_bot(server, "Cli-Bot")  # again: a new token, the old one revoked
    assert first == code == 0 and "1 earlier token(s) revoked" in said and old != token
    assert f"museion bot connect --server {server.url} --bot random --accept tholos\n" in said
    assert bearer(server, "GET", "/api/challenges", old)[0] == 401  # revoked
    assert bearer(server, "GET", "/api/challenges", token)[0] == 200
    for password in (PASSWORD, "", "!house-bot: no password signs in"):  # nobody signs in to it
        assert Client(server, "127.0.11.1").sign_in("Cli-Bot", password)[0] in (401, 422)
    out = (tmp_path / "bot.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "museion.cli", "bot", "connect", "--server", server.url,
                             "--bot", "random", "--accept", "tholos", "--verbose"], stdout=out,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1",
                                                           "MUSEION_TOKEN": token})
    try:
        final, log = challenge_and_play(server, person, "Cli-Bot", rated=True)
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
    ladder = person.request("GET", "/api/ladder/tholos")[1]
    assert [(b["username"], b["games"]) for b in ladder["bots"]] == [("Cli-Bot", 1)], ladder


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
