"""A Swiss tournament of four accounts to its standings (issue 41 item 4): Cyd creates it through the API and joins
with Dee (API clients); Ana joins from the tournament's page on a desktop in English, Bea on a phone in Spanish.
Round 1 starts by itself at ``starts``, the page links each player's table; at every table the second seat resigns
(through the API: the browser is not the point there), round 2 starts when round 1 has ended, and both pages show
the final standings with Buchholz, live, without reloading. Screenshots in artifacts/screenshots (tournament-*):
a round being played and the standings, at 360 px in Spanish and on a desktop in English."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from a11y import assert_accessible
from helpers_web import wait_js
from test_ratings_browser import DESKTOP, PHONE, _signed_up

from museion.server.testing import GENEROUS, Player, ServerProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from test_accounts_hostile import Client  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("tournament-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour", "--forwarded-allow-ips", "127.0.0.1")).start()
    yield proc
    proc.stop()


def _cookie(page) -> str:  # noqa: ANN001
    return next(c["value"] for c in page.context.cookies() if c["name"] == "museion_session")


def _resign_round(server: ServerProcess, cookies: dict[str, str], games: list[dict], number: int) -> None:
    for game in games:
        if game["round"] != number or game["kind"] != "game":
            continue
        client = Client(server)
        client.cookie = cookies[game["players"][1]]
        client.csrf = client.request("GET", "/api/session")[1]["account"]["csrf"]
        seat = client.request("POST", f"/api/tables/{game['table']}/my-seat", {})[1]
        player = Player(server, game["table"], seat["key"], cookie=client.cookie)
        player.send({"type": "resign"})
        player.wait(lambda s: s["status"] == "finished")
        player.close()


def _games(server: ServerProcess, tid: str) -> list[dict]:
    return Client(server).request("GET", f"/api/tournaments/{tid}")[1]["games"]


def test_four_accounts_play_a_swiss_to_its_standings(server, browser, shots):
    ana, ana_errors = _signed_up(browser, server, "Ana", DESKTOP)
    bea, bea_errors = _signed_up(browser, server, "Bea", PHONE)
    cy, dee = Client(server, "127.0.61.1"), Client(server, "127.0.62.1")
    cy.sign_up("Cyd")
    dee.sign_up("Dee")
    status, made = cy.request("POST", "/api/tournaments", {"game": "tholos", "players": 2, "format": "swiss",
                                                           "rounds": 2, "starts": time.time() + 6})
    assert status == 201, made
    for client in (cy, dee):
        assert client.request("POST", f"/api/tournaments/{made['id']}/join", {})[0] == 200
    for page in (ana, bea):
        page.goto(f"{server.url}/tournaments/{made['id']}")
        page.wait_for_selector("#join").click()
        page.wait_for_selector("#withdraw")
    assert "Suizo, 2 rondas" in bea.inner_text("#facts") and "Retirarme" in bea.inner_text("#withdraw")
    for page, name in ((ana, "en-desktop"), (bea, "es-360")):
        page.wait_for_selector("#your-table", timeout=30_000)  # round 1 started by itself; the page polls
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        page.screenshot(path=str(shots / f"tournament-round-{name}.png"), full_page=True)
    assert "Ronda 1" in bea.inner_text("#status") and "Round 1" in ana.inner_text("#status")
    href = ana.get_attribute("#your-table", "href")
    assert href and href.startswith("/table/")
    cookies = {"Ana": _cookie(ana), "Bea": _cookie(bea), "Cyd": cy.cookie, "Dee": dee.cookie}
    _resign_round(server, cookies, _games(server, made["id"]), 1)
    deadline = time.monotonic() + 30
    games = _games(server, made["id"])
    while sum(g["round"] == 2 for g in games) < 2:
        assert time.monotonic() < deadline, games
        time.sleep(0.3)
        games = _games(server, made["id"])
    _resign_round(server, cookies, games, 2)
    for page, name, lang in ((ana, "en-desktop", "en"), (bea, "es-360", "es")):
        wait_js(page, "document.body.dataset.status === 'finished'")
        rows = page.locator("#standings tbody tr")
        assert rows.count() == 4 and "Buchholz" in page.inner_text("#standings thead")
        assert page.inner_text("#status") == ("Finished" if lang == "en" else "Terminado")
        assert rows.first.locator("td").nth(2).inner_text() == "2"  # two wins
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        page.screenshot(path=str(shots / f"tournament-standings-{name}.png"), full_page=True)
        assert_accessible(page, f"tournament standings {name}")
    bea.goto(f"{server.url}/ladder/tholos")  # the bots' ladder: no bot account yet, the server's levels listed
    wait_js(bea, "document.body.dataset.ready === '1'")
    assert bea.locator("#no-bots").count() == 1 and bea.locator("#ladder tbody tr").count() >= 3
    assert "clasificación de los bots" in bea.title()
    assert bea.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    bea.screenshot(path=str(shots / "tournament-ladder-es-360.png"), full_page=True)
    assert not ana_errors and not bea_errors, ana_errors + bea_errors
