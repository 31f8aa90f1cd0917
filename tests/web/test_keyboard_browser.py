"""The table without a mouse: a whole game of Tholos played with the keyboard alone, every move (the bot's too)
announced in words in the live region, and the focus kept through redraws. (The offline banner: the server crash
test in test_tholos_browser.py.)"""

from __future__ import annotations

import random

from helpers_web import open_as_seat, wait_js, wait_turn_or_end

from museion.server.testing import http

ACTIVE = "(() => { const e = document.activeElement; return e ? (e.id || e.dataset.focus || e.tagName) : ''; })()"


def _tab_to(page, selector: str, limit: int = 300) -> str:  # noqa: ANN001
    """Press Tab until the focused element matches ``selector``; returns its data-focus (or id)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return page.evaluate(ACTIVE)
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_game_by_keyboard_with_every_move_announced(server, browser):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "tholos", "seats": ["human", "bot:random"], "join": 0, "name": "Ana"})
    assert status == 201
    context, page, errors = open_as_seat(browser, server.url, table, viewport={"width": 1280, "height": 900})
    # everything the live region says, as it says it
    page.evaluate("window.heard = []; new MutationObserver(() => { const t = document.getElementById('announce')"
                  ".textContent; if (t) window.heard.push(t); }).observe(document.getElementById('announce'),"
                  " {childList: true, characterData: true, subtree: true})")
    rng = random.Random(5)
    turns = 0
    while wait_turn_or_end(page) != "finished":
        seq = page.evaluate("document.body.dataset.seq")
        # Tab from wherever the focus is to a move (a region of the board or the move list), then Enter
        target = "#moves button.move" if rng.random() < 0.5 else "#board [role=button], #moves button.move"
        _tab_to(page, target)
        page.keyboard.press("Enter")
        # a move of two steps on the board (a workshop stone, then a location): the chooser or the next region
        while page.evaluate(f"document.body.dataset.seq === {seq!r} && !document.body.dataset.lastError") \
                and page.evaluate("document.body.dataset.myTurn") == "1":
            _tab_to(page, "#chooser button.choice, #board [role=button]")
            page.keyboard.press("Enter")
        wait_js(page, f"document.body.dataset.seq !== '{seq}' || document.body.dataset.lastError")
        assert page.evaluate("document.body.dataset.lastError || ''") == ""
        # the focus never falls back to the page after the redraws
        assert page.evaluate("document.activeElement !== document.body")
        turns += 1
        assert turns < 200
    wait_js(page, "window.heard.some(t => t.includes('Game over'))")
    heard = page.evaluate("window.heard")
    assert turns > 10
    # every move, the bot's and mine, was said as it came, with who made it
    log = page.evaluate("window.museionState.log")
    said = " ".join(heard)
    for who, name in ((0, "Ana (white):"), (1, "random bot (black):")):
        made = [e for e in log if e["p"] == who]
        assert said.count(name) >= len(made), (name, len(made), said.count(name))
    assert "Winner" in heard[-1] or "Draw" in heard[-1] or "Shared" in heard[-1], heard[-1]
    assert page.locator("#moves").is_hidden()
    assert errors == []
    context.close()


def test_focus_stays_on_a_control_while_the_opponent_moves(server, browser):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "imhotep", "seats": ["human", "human"], "join": 0, "name": "Ana"})
    assert status == 201
    context, page, errors = open_as_seat(browser, server.url, table)
    wait_js(page, "document.body.dataset.status === 'open' && document.getElementById('zoom-in') !== null")
    page.focus("#zoom-in")
    status, _ = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1, "name": "Bo"})
    assert status == 200
    wait_js(page, "document.querySelector('#seats').textContent.includes('Bo')")
    assert page.evaluate(ACTIVE) == "zoom-in"  # the seat list was redrawn, the focus stayed
    assert errors == []
    context.close()

