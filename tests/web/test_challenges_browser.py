"""A challenge between two accounts in two browsers (issue 41 item 1): Ana, on a desktop in English, opens Bea's
page and challenges her to Tholos with a live clock, rated; Bea, on a 360 px phone in Spanish on another network,
sees it at once in the lobby ("Desafíos") and accepts; both land at one running table, each bound to her own seat.
Screenshots in artifacts/screenshots (challenge-*)."""

from __future__ import annotations

import pytest
from helpers_web import wait_js
from test_ratings_browser import DESKTOP, PHONE, _signed_up

from museion.server.testing import GENEROUS, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("challenges-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour", "--forwarded-allow-ips", "127.0.0.1")).start()
    yield proc
    proc.stop()


def test_a_challenge_from_a_players_page_is_accepted_in_the_lobby(server, browser, shots):
    ana, ana_errors = _signed_up(browser, server, "Ana", DESKTOP)
    bea, bea_errors = _signed_up(browser, server, "Bea", PHONE)
    bea.goto(server.url + "/")
    bea.wait_for_selector("button.play-now-button[data-game='tholos']")
    assert bea.locator("#challenges").is_hidden()  # nothing waits yet
    ana.goto(server.url + "/players/Bea")
    ana.click("#challenge-button")
    ana.select_option("#challenge-game", "tholos")
    ana.select_option("#challenge-clock", "live")
    ana.check("#challenge-rated")
    ana.screenshot(path=str(shots / "challenge-form-en-desktop.png"))
    ana.click("#challenge-send")
    wait_js(ana, "document.getElementById('challenge-status').textContent.includes('Challenge sent')")
    bea.wait_for_selector("#challenges li[data-challenge] button.accept-challenge")  # at once: the stream
    line = bea.inner_text("#challenges")
    assert "Desafíos" in line and "Ana te desafía a Tholos" in line and "Puntuable" in line, line
    assert bea.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0  # 360 px
    bea.screenshot(path=str(shots / "challenge-lobby-es-phone.png"))
    bea.click("#challenges button.accept-challenge")
    for page in (ana, bea):
        page.wait_for_url("**/table/**", timeout=15000)
        wait_js(page, "window.museionState && window.museionState.seat !== null")
    assert ana.url == bea.url
    seats = {p: p.evaluate("window.museionState.seat") for p in (ana, bea)}
    assert set(seats.values()) == {0, 1}
    state = ana.evaluate("window.museionState")
    names = {s["seat"]: s["name"] for s in state["seats"]}
    assert names[seats[ana]] == "Ana" and names[seats[bea]] == "Bea" and state["rated"]
    assert state["clock"] is not None
    bea.screenshot(path=str(shots / "challenge-table-es-phone.png"))
    assert not ana_errors and not bea_errors, (ana_errors, bea_errors)


def test_the_account_page_makes_lists_and_revokes_a_token(server, browser):
    cai, errors = _signed_up(browser, server, "Cai", DESKTOP)
    cai.goto(server.url + "/account")
    cai.wait_for_selector("#token-form")
    cai.fill("#token-name", "my agent")
    cai.uncheck("#token-scope-challenge")
    cai.click("#token-create")
    token = cai.locator("#new-token code").inner_text()
    assert token.startswith("msn_")
    listed = cai.inner_text("#token-list")
    assert "my agent" in listed and "play, read" in listed and "challenge" not in listed and token not in listed
    cai.reload()
    cai.wait_for_selector("#token-list")
    assert cai.locator("#new-token").count() == 0  # shown once
    cai.click("#token-list button.token-revoke")
    cai.wait_for_selector("#token-list", state="detached")
    assert not errors, errors
