"""A Swiss tournament of four accounts to its standings (issue 41 item 4): Ana creates it with the form of the
tournaments' page (/tournaments, linked from the lobby's header) on a desktop in English; Cyd and Dee join through
the API, Ana and Bea (on a phone in Spanish) through the list's Join button, then open the tournament's page.
Round 1 starts by itself at ``starts``, the page links each player's table; at every table the second seat resigns
(through the API: the browser is not the point there), round 2 starts when round 1 has ended, and both pages show
the final standings with Buchholz, live, without reloading. Screenshots in artifacts/screenshots (tournament-*,
tournaments-list-*): the list after joining, a round being played and the standings, at 360 px in Spanish and on a
desktop in English."""

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


def _create_through_the_form(page, server: ServerProcess, ahead: float) -> str:  # noqa: ANN001
    """Ana opens the tournaments from the lobby's header and creates a Swiss of two rounds starting ``ahead`` seconds
    from now (the form's local start time, to the second): its id, read from the list."""
    page.goto(server.url + "/")
    page.wait_for_selector("#tournaments-link").click()
    page.wait_for_selector("#tournament-form")
    page.select_option("#t-game", "tholos")
    page.select_option("#t-format", "swiss")
    page.fill("#t-rounds", "2")
    local = f"new Date(Date.now() + {ahead * 1000} - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 19)"
    page.fill("#t-starts", page.evaluate(local))
    page.click("#t-create")
    page.wait_for_selector("#create-done:has-text('created')")
    return page.get_attribute("#list-waiting li[data-status=waiting]", "data-id")


def _join_through_the_list(page, server: ServerProcess, tid: str, name: str, shots: Path) -> str:  # noqa: ANN001
    """Join from the list (its heading and the tournament's entry said, for the language's check), then open the
    tournament's page through its link."""
    page.goto(f"{server.url}/tournaments")
    entry = page.wait_for_selector(f"#list-waiting li[data-id='{tid}'] button.join")
    entry.click()
    page.wait_for_selector(f"#list-waiting li[data-id='{tid}'] button.withdraw")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path=str(shots / f"tournaments-list-{name}.png"), full_page=True)
    assert_accessible(page, f"tournaments list {name}")
    said = page.inner_text("#lists-h") + " | " + page.inner_text(f"li[data-id='{tid}']")
    page.click(f"#t-{tid}")
    return said


def test_four_accounts_play_a_swiss_to_its_standings(server, browser, shots):
    ana, ana_errors = _signed_up(browser, server, "Ana", DESKTOP)
    bea, bea_errors = _signed_up(browser, server, "Bea", PHONE)
    cy, dee = Client(server, "127.0.61.1"), Client(server, "127.0.62.1")
    cy.sign_up("Cyd")
    dee.sign_up("Dee")
    tid = _create_through_the_form(ana, server, ahead=20)
    made = {"id": tid}
    for client in (cy, dee):
        assert client.request("POST", f"/api/tournaments/{tid}/join", {})[0] == 200
    assert _join_through_the_list(ana, server, tid, "en-desktop", shots).startswith("Tournaments | Tholos tournament")
    said = _join_through_the_list(bea, server, tid, "es-360", shots)
    assert said.startswith("Torneos | Torneo de Tholos") and "Suizo, 2 rondas" in said and "4 jugadores" in said, said
    for page in (ana, bea):
        page.wait_for_selector("#withdraw")  # the tournament's page: entered
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
