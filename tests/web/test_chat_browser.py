"""The table chat in real browsers, in English, Spanish and German on a 360 px phone: two players chat; markup is
shown as text and runs nothing; a link is not a link; muting hides a player's messages (and is remembered for the
table); a report is confirmed; a spectator talks in the spectators' channel, which the players do not read; axe
finds nothing serious with the chat open."""

from __future__ import annotations

import pytest
from a11y import assert_accessible
from helpers_web import open_as_seat, page_errors, wait_js

from museion.server.testing import http

XSS = "<img src=x onerror=alert(1)>"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE"}
WORDS = {"en": ("Players", "Spectators", "2 messages hidden from muted players"),
         "es": ("Jugadores", "Espectadores", "2 mensajes ocultos de jugadores silenciados"),
         "de": ("Spieler", "Zuschauer", "2 Nachrichten stummgeschalteter Spieler ausgeblendet")}


def _lines(page) -> list[str]:  # noqa: ANN001
    return page.eval_on_selector_all("#chat .chat-line .chat-text", "ns => ns.map(n => n.textContent)")


def _say(page, text: str) -> None:  # noqa: ANN001
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _open_chat(page) -> None:  # noqa: ANN001
    wait_js(page, "document.getElementById('chat-toggle') !== null && document.body.dataset.seq !== undefined")
    if page.get_attribute("#chat-toggle", "aria-expanded") == "false":
        page.click("#chat-toggle")
    wait_js(page, "document.getElementById('chat-input') !== null")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_two_players_chat_markup_is_text_mute_and_report(server, browser, shots, lang):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                              "join": 0, "name": "Ana"})
    assert status == 201
    status, bo = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1, "name": "Bo"})
    assert status == 200
    options = {**PHONE, "locale": LOCALES[lang]}
    ctx_a, ana, errors_a = open_as_seat(browser, server.url, table, 0, **options)
    ctx_b, bob, errors_b = open_as_seat(browser, server.url, {"id": table["id"], "token": bo["token"]}, 1, **options)
    dialogs: list[str] = []
    for page in (ana, bob):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        _open_chat(page)
    assert bob.text_content("#chat-tab-players") == WORDS[lang][0]
    assert bob.text_content("#chat-tab-spectators") == WORDS[lang][1]

    _say(ana, XSS)
    _say(ana, "rules at https://example.com/tholos")
    wait_js(bob, "document.querySelectorAll('#chat .chat-line').length === 2")
    assert _lines(bob) == [XSS, "rules at https://example.com/tholos"]
    assert bob.evaluate("document.querySelectorAll('#chat img, #chat a, #chat script').length") == 0
    bob.wait_for_timeout(300)
    assert dialogs == [] and not errors_a and not errors_b
    assert _lines(ana) == _lines(bob)  # the writer sees its own lines (and no mute button on them)
    assert "null" not in bob.text_content("#chat") and "undefined" not in bob.text_content("#chat")
    assert ana.locator("#chat .chat-mute").count() == 0
    bob.screenshot(path=str(shots / f"chat-{lang}-360-players.png"), full_page=True)
    assert_accessible(bob, f"table chat, {lang}, 360 px")

    bob.click("#chat .chat-line >> nth=0 >> .chat-report")
    wait_js(bob, "document.getElementById('chat-status').textContent !== ''")
    assert bob.text_content("#chat-status") != ""

    bob.click("#chat .chat-line >> nth=0 >> .chat-mute")
    wait_js(bob, "document.querySelectorAll('#chat .chat-line').length === 0")
    assert WORDS[lang][2] in bob.text_content("#chat")
    _say(ana, "still there?")
    wait_js(ana, "document.querySelectorAll('#chat .chat-line').length === 3")
    bob.reload()  # muting is remembered for this table
    _open_chat(bob)
    wait_js(bob, "document.querySelector('#chat .chat-hidden') !== null")
    assert _lines(bob) == []
    bob.screenshot(path=str(shots / f"chat-{lang}-360-muted.png"), full_page=True)
    bob.click("#chat .chat-unmute")
    wait_js(bob, "document.querySelectorAll('#chat .chat-line').length === 3")

    # a spectator talks with spectators only; the players' channel is not theirs to read
    ctx_c = browser.new_context(**options)
    watcher = ctx_c.new_page()
    errors_c = page_errors(watcher)
    watcher.goto(f"{server.url}/table/{table['id']}")
    _open_chat(watcher)
    assert watcher.get_attribute("#chat-tab-spectators", "aria-selected") == "true"
    _say(watcher, "nice game")
    wait_js(watcher, "document.querySelectorAll('#chat .chat-line').length === 1")
    assert _lines(watcher) == ["nice game"] and watcher.locator("#chat .chat-mute").count() == 0  # its own line
    watcher.screenshot(path=str(shots / f"chat-{lang}-360-spectator.png"), full_page=True)
    bob.wait_for_timeout(300)
    assert _lines(bob) == [XSS, "rules at https://example.com/tholos", "still there?"]
    bob.click("#chat-tab-spectators")
    assert bob.locator("#chat .chat-line").count() == 0 and bob.locator("#chat-input").count() == 0
    assert not errors_c
    for context in (ctx_a, ctx_b, ctx_c):
        context.close()


def test_the_chat_by_keyboard_on_a_desktop(server, browser, shots):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "bot:random"],
                                                              "join": 0, "name": "Ana"})
    assert status == 201
    context, page, errors = open_as_seat(browser, server.url, table, 0, viewport={"width": 1280, "height": 900})
    wait_js(page, "document.getElementById('chat-input') !== null")  # open by default on a desktop
    page.focus("#chat-tab-players")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "chat-tab-spectators"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Tab")  # the panel's first stop: the list of lines, then the message field
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "chat-input"
    page.keyboard.type("¡hola! <b>bold?</b>")
    page.keyboard.press("Enter")
    wait_js(page, "document.querySelectorAll('#chat .chat-line').length === 1")
    assert _lines(page) == ["¡hola! <b>bold?</b>"] and "null" not in page.text_content("#chat")
    assert page.evaluate("document.activeElement.id") == "chat-input"  # the focus stays in the field
    page.screenshot(path=str(shots / "chat-en-desktop.png"))
    assert_accessible(page, "table chat, desktop")
    assert not errors
    context.close()
