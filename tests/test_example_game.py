"""The example game (examples/nim, its own package) is a complete museion game though museion never names it: once
installed it is played in the terminal, checked, played through the RL adapters and at the web table in a real
browser, with its own board and its words in both languages. Everything runs in subprocesses, which see the
package however this process was started (``make test`` installs it; this file installs it when it is missing)."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "nim"
BIN = pathlib.Path(sys.executable).parent


@pytest.fixture(scope="module", autouse=True)
def installed() -> None:
    """The example package in this environment (``pip install -e examples/nim``, as ``make test`` does)."""
    if importlib.util.find_spec("museion_nim") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(EXAMPLE)],
                       check=True, timeout=600)


def museion(*args: str, stdin: str = "") -> str:
    done = subprocess.run([str(BIN / "museion"), *args], input=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_museion_itself_never_names_the_example():
    """Adding a game touched only its own package: no file of museion (its source, its pyproject) names it."""
    files = [ROOT / "pyproject.toml", *(p for p in (ROOT / "src").rglob("*") if p.suffix in {".py", ".js", ".html"})]
    assert len(files) > 100
    assert [str(p) for p in files if re.search(r"\bnim\b", p.read_text(encoding="utf-8"), re.IGNORECASE)] == []


def test_it_is_listed_checked_and_played_in_the_terminal():
    assert "nim" in museion("games").split()
    checked = json.loads(museion("check", "nim", "--games", "30", "--json"))
    assert checked["games"] == 30 and checked["steps"] > 30
    shown = museion("play", "nim", "--seat", "0=human", "--seat", "1=bot:random", "--seed", "1", "--lang", "es",
                    stdin="1\n" * 20)
    assert "Montón: 10 piedras" in shown and "Fin de la partida" in shown
    assert "Whoever takes the last stone wins" in museion("rules", "nim")


ADAPTERS = """
import random
from museion.envs.gymnasium import MuseionEnv
from museion.envs.pettingzoo import env as aec_env

rng = random.Random(0)
gym = MuseionEnv("nim", seat=0, opponents="random", pile=12)
observation, info = gym.reset(seed=0)
done, steps = False, 0
while not done:
    legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
    observation, reward, terminated, truncated, info = gym.step(rng.choice(legal))
    done, steps = terminated or truncated, steps + 1
zoo = aec_env("nim", pile=12)
zoo.reset(seed=0)
moves = 0
for agent in zoo.agent_iter():
    observation, reward, terminated, truncated, info = zoo.last()
    mask = observation["action_mask"]
    zoo.step(None if terminated or truncated else rng.choice([a for a, ok in enumerate(mask) if ok]))
    moves += 1
print(steps, reward in (-1.0, 0.0, 1.0), moves)
"""


def test_it_is_played_through_the_rl_adapters():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    done = subprocess.run([sys.executable, "-c", ADAPTERS], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    steps, reward_ok, moves = done.stdout.split()
    assert int(steps) >= 3 and reward_ok == "True" and int(moves) >= 6


def test_it_is_played_at_the_web_table_in_a_browser(tmp_path):
    """The lobby offers it, the table draws its own board (served from its package) with its words, and a game
    against a bot is played to the end by clicking that board."""
    playwright = pytest.importorskip("playwright.sync_api")
    from museion.server.testing import ServerProcess, http
    from tests.web.conftest import ARGS, CHROMIUM
    from tests.web.helpers_web import click_move, legal_moves, page_errors, wait_turn_or_end

    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01).start()
    try:
        status, texts = http("GET", f"{server.url}/api/texts?lang=es")
        assert status == 200 and texts["texts"]["web.nim.take"] == "Tomar {n}"
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(locale="es-ES")  # a Spanish browser gets the Spanish page
            errors = page_errors(page)
            page.goto(server.url + "/")
            page.select_option("#game", "nim")
            page.wait_for_selector("#seat-1")
            page.select_option("#seat-1", "bot:random")
            page.fill("#name", "Ada")
            page.click("#create-button")
            page.wait_for_url("**/table/**")
            moves_made = 0
            while wait_turn_or_end(page) != "finished":
                board = page.locator("#board svg")  # its own board (not the generic one), in Spanish
                assert board.locator("[data-key='take:1']").count() == 1 and "Tomar 1" in board.text_content()
                moves = legal_moves(page)
                assert moves and all(m["path"] for m in moves)
                click_move(page, moves[-1])
                moves_made += 1
            assert moves_made >= 2
            assert page.inner_text("#result")
            assert errors == []
            browser.close()
    finally:
        server.stop()
