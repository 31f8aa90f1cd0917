"""Friends in two browsers (issue 26): a desktop in English and a phone in Spanish sign up and become friends on
/friends; the first invites the second to a free seat of its table; the phone sees the notice in the lobby, the
invitation in My tables, takes the seat and plays it; a player the first one blocked is refused at its table.
The friends page in each browser's language passes axe-core (no serious violation); the Spanish one has no
English word and a phone's controls are tall enough to tap."""

from __future__ import annotations

import re

import pytest
from a11y import assert_accessible
from helpers_web import page_errors, wait_js

from museion.core import i18n
from museion.server.friends import texts
from museion.server.testing import GENEROUS, ServerProcess

PASSWORD = "tortuga azul 7"
DESKTOP, PHONE = {"width": 1360, "height": 900}, {"width": 360, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("friends-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour")).start()
    yield proc
    proc.stop()


def _words(lang: str) -> set[str]:
    said = (i18n.template(key, lang) or "" for key in texts.TEXTS)
    return {w.lower() for text in said for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", "", text))}


ENGLISH = _words("en") - _words("es") - {"museion", "tholos"}


def sign_up(page, url: str, name: str) -> None:  # noqa: ANN001 - a Playwright page
    page.goto(url + "/signup")
    page.fill("#username", name)
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.wait_for_selector("#codes-saved")


def status_is(page, text: str) -> None:  # noqa: ANN001
    wait_js(page, f"(document.getElementById('friends-status') || {{}}).textContent === {text!r}")


def create_table(page) -> str:  # noqa: ANN001
    """A table of Tholos for two created and joined (seat 1) by the page's signed-in player, its token kept."""
    return page.evaluate("""async () => {
      const r = await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({game: 'tholos', seats: ['human', 'human'], join: 0, name: 'Ana'})});
      const t = await r.json();
      localStorage.setItem('museion.seat.' + t.id, JSON.stringify({seat: 0, token: t.token}));
      return t.id; }""")


def test_befriend_invite_take_the_seat_and_a_blocked_player_is_refused(server, browser, shots):
    desk = browser.new_context(viewport=DESKTOP, locale="en-GB")
    phone = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    ana, bea = desk.new_page(), phone.new_page()
    errors = {"ana": page_errors(ana), "bea": page_errors(bea)}
    sign_up(ana, server.url, "Ana-W")
    sign_up(bea, server.url, "Bea-W")

    ana.goto(server.url + "/friends")
    ana.fill("#friend-name", "bea-w")
    ana.click("#friend-submit")
    status_is(ana, "Request sent to bea-w.")
    bea.goto(server.url + "/friends")
    bea.click("#incoming li[data-name='Ana-W'] .accept")
    bea.wait_for_selector("#friends li[data-name='Ana-W']")

    table = create_table(ana)
    ana.goto(server.url + "/friends")
    ana.wait_for_selector("#friends li[data-name='Bea-W'] select.invite-seat")
    assert ana.inner_text("#friends li[data-name='Bea-W'] select.invite-seat") == f"Tholos · {table}, seat 2"
    ana.click("#friends li[data-name='Bea-W'] .invite")
    status_is(ana, "Bea-W is invited: the seat is held for them.")
    ana.wait_for_selector("#invited li")
    ana.screenshot(path=str(shots / "friends-desktop-en.png"), full_page=True)
    assert_accessible(ana, "/friends en desktop")

    bea.goto(server.url + "/")
    bea.wait_for_selector("#invite-toast")
    assert bea.inner_text("#invite-toast span") == "Ana-W te invita a una mesa de Tholos."
    wait_js(bea, "document.getElementById('my-tables-link').textContent === 'Mis mesas (1)'")
    bea.screenshot(path=str(shots / "friends-invite-toast-phone-es.png"))
    bea.click("#invite-toast a")
    bea.wait_for_selector("#invitations li")
    assert bea.inner_text("#invitations li span") == f"Ana-W te invita a Tholos (mesa {table}, asiento 2)"
    bea.screenshot(path=str(shots / "friends-my-tables-phone-es.png"), full_page=True)
    assert_accessible(bea, "/tables/mine es phone")
    bea.click("#invitations .take-seat")
    bea.wait_for_url(f"{server.url}/table/{table}")
    wait_js(bea, f"JSON.parse(localStorage.getItem('museion.seat.{table}') || 'null')?.seat === 1")
    mine = bea.evaluate("""async () => (await (await fetch('/api/my-tables', {method: 'POST',
      headers: {'Content-Type': 'application/json'}, body: JSON.stringify({seats: []})})).json())""")
    assert [(t["table"], t["seat"], t["account"]) for t in mine["tables"]] == [(table, 1, True)]

    ana.goto(server.url + "/friends")
    ana.fill("#block-name", "Bea-W")
    ana.click("#block-submit")
    ana.wait_for_selector("#blocked li[data-name='Bea-W']")
    assert ana.locator("#friends li").count() == 0  # blocking ended the friendship
    second = create_table(ana)  # Ana's next table: Bea, blocked, is refused
    bea.goto(f"{server.url}/table/{second}")
    bea.click("button.join[data-seat='1']")
    wait_js(bea, "(document.getElementById('notice') || {}).textContent.includes('No puedes sentarte en esta mesa')")
    bea.screenshot(path=str(shots / "friends-blocked-phone-es.png"))

    bea.goto(server.url + "/friends")
    bea.wait_for_selector("#add-h")
    bea.screenshot(path=str(shots / "friends-phone-es.png"), full_page=True)
    assert_accessible(bea, "/friends es phone")
    text = bea.evaluate("() => document.body.innerText + document.title").replace("Ana-W", " ").replace("Bea-W", " ")
    english = sorted({m.group() for m in re.finditer(r"[A-Za-z]{4,}", text) if m.group().lower() in ENGLISH})
    assert english == []
    small = bea.evaluate(
        "() => [...document.querySelectorAll('main button, main select, main input, main a[href]')]"
        ".filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent,"
        " e.type === 'checkbox' ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])"
        ".filter(([, r]) => r.height < 24 || (r.height < 44 && r.width < 44)).map(([n]) => n)")
    assert small == []
    assert bea.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert errors == {"ana": [], "bea": []}
    desk.close()
    phone.close()
