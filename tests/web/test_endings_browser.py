"""Ending a game in Chromium (issue 40.4 and 40.5): a player resigns with the button, confirms, and the page says who
resigned and who won; a player claims a seat whose player left; a guest's lobby and a signed-in player's invitation
log no failed request. Screenshots at 360 px and on a desktop, in English and Spanish (German at 360 px), go to
artifacts/screenshots."""

from __future__ import annotations

import time

import pytest
from helpers_web import page_errors, wait_js

from museion.server.testing import GENEROUS, Player, ServerProcess, http

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
ABSENCE = 1.0
WORDS = {"en": {"resign": "Resign", "yes": "Yes, resign", "ended": "Ana (white) resigned · Winner: Bea (black)",
                "claim": "Claim the win", "claimed": "Ana (white) claimed the win: Bea (black) had left"},
         "es": {"resign": "Abandonar la partida", "yes": "Sí, abandonar",
                "ended": "Ana (blanco) ha abandonado la partida · Gana: Bea (negro)", "claim": "Reclamar la victoria",
                "claimed": "Ana (blanco) ha reclamado la victoria: Bea (negro) había dejado la partida"},
         "de": {"resign": "Aufgeben", "yes": "Ja, aufgeben",
                "ended": "Ana (weiß) hat aufgegeben · Sieger: Bea (schwarz)", "claim": "Sieg beanspruchen",
                "claimed": "Ana (weiß) hat den Sieg beansprucht: Bea (schwarz) war gegangen"}}
LOCALES = {"en": "en-US", "es": "es-ES", "de": "de-DE"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("endings-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--seat-absence", str(ABSENCE))).start()
    yield proc
    proc.stop()


def _table(server) -> tuple[dict, dict]:
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                              "join": 0, "name": "Ana"})
    assert status == 201, table
    status, joined = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1, "name": "Bea"})
    assert status == 200, joined
    return table, joined


def _page(browser, server, table: dict, lang: str, device: str):  # noqa: ANN202 - (context, page, errors, failed)
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP),
                                  locale=LOCALES[lang])
    page = context.new_page()
    errors = page_errors(page)
    failed: list[str] = []  # what the browser's console shows as an error (a failed request among them)
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('museion.lang', '{lang}'); localStorage.setItem('museion.seat."
                  f"{table['id']}', JSON.stringify({{seat: 0, token: '{table['token']}'}}))")
    page.goto(f"{server.url}/table/{table['id']}")
    wait_js(page, "window.museionState && window.museionState.seat === 0")
    return context, page, errors, failed


def _narrow(page) -> None:  # noqa: ANN001
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


RESIGNS = [(lang, device) for lang in ("en", "es") for device in ("phone", "desktop")] + [("de", "phone")]
"""German on the phone only: its longer words where the screen is tightest."""


@pytest.mark.parametrize(("lang", "device"), RESIGNS)
def test_a_player_resigns_with_the_button_and_the_page_says_how_the_game_ended(server, browser, shots, lang,
                                                                             device):
    table, joined = _table(server)
    bea = Player(server, table["id"], joined["token"])
    context, page, errors, failed = _page(browser, server, table, lang, device)
    words = WORDS[lang]
    page.get_by_role("button", name=words["resign"]).click()
    page.wait_for_selector("#resign-confirm")
    page.locator("#resign-confirm").scroll_into_view_if_needed()
    if device == "phone":
        _narrow(page)
    page.screenshot(path=str(shots / f"resign-confirm-{lang}-{device}.png"))
    page.click("#resign-no")  # asked again: "keep playing" changes nothing
    assert page.locator("#resign-confirm").count() == 0 and page.locator("#resign").is_visible()
    page.click("#resign")
    page.get_by_role("button", name=words["yes"]).click()
    wait_js(page, "window.museionState.status === 'finished'")
    assert page.inner_text("#result") == words["ended"]
    assert words["ended"] in page.inner_text("#turn-line")
    assert page.locator("#resign").count() == 0
    bea.wait(lambda s: s["status"] == "finished")
    assert bea.state["winners"] == [1] and bea.state["ending"]["how"] == "resigned"
    page.locator("#final").scroll_into_view_if_needed()
    if device == "phone":
        _narrow(page)
    page.screenshot(path=str(shots / f"resign-ended-{lang}-{device}.png"), full_page=device == "desktop")
    page.click("#replay-button")  # the replay says it too
    wait_js(page, "document.querySelector('#result') !== null")
    assert page.inner_text("#result") == words["ended"]
    assert errors == [] and failed == []
    bea.close()
    context.close()


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_player_claims_the_win_over_a_player_who_left(server, browser, shots, lang):
    table, joined = _table(server)
    bea = Player(server, table["id"], joined["token"])
    context, page, errors, failed = _page(browser, server, table, lang, "desktop")
    wait_js(page, "document.body.dataset.myTurn === '1'")
    first = page.evaluate("window.museionState.legal[0].id")
    bea_seq = bea.state["seq"]
    ana = Player(server, table["id"], table["token"])
    ana.move(first)
    ana.close()
    bea.wait(lambda s: s["seq"] > bea_seq)
    time.sleep(ABSENCE + 0.3)  # Bea's turn, past the absence: she left
    page.reload()
    page.wait_for_selector(".claim")
    page.screenshot(path=str(shots / f"claim-offer-{lang}-desktop.png"))
    page.get_by_role("button", name=WORDS[lang]["claim"]).click()
    wait_js(page, "window.museionState.status === 'finished'")
    assert page.inner_text("#result").startswith(WORDS[lang]["claimed"])
    page.screenshot(path=str(shots / f"claim-ended-{lang}-desktop.png"), full_page=True)
    assert errors == [] and failed == []
    bea.close()
    context.close()


def test_a_guest_and_a_signed_in_invitee_see_no_failed_request(server, browser):
    """Issue 40.5: a guest's lobby asked GET /api/me (401) and a signed-in player opening an invitation asked
    POST my-seat (404): both showed as errors in the console."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    failed: list[str] = []
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    wait_js(page, "(document.getElementById('account-link')?.textContent ?? '').length > 0")  # not drawn yet at first
    page.wait_for_timeout(300)
    assert failed == []
    status, answer = http("POST", f"{server.url}/api/accounts", {"username": "Invitee-Ines",
                                                                  "password": "tortuga azul 7"})
    assert status == 201, answer
    page.evaluate("fetch('/api/session', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
                  "body: JSON.stringify({username: 'Invitee-Ines', password: 'tortuga azul 7'})})")
    wait_js(page, "document.cookie !== null")
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                              "join": 0, "name": "Ana"})
    page.goto(f"{server.url}/table/{table['id']}?seat=1")  # the invitation link
    wait_js(page, "window.museionState !== undefined")
    page.wait_for_timeout(500)
    assert page.evaluate("fetch('/api/session').then((r) => r.json()).then((s) => s.account.username)") == \
        "Invitee-Ines"
    assert failed == []
    context.close()
