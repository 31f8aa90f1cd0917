"""Clocks and 'My tables' in Chromium: the clocks of every seat on the board (counted down by the page between
server messages; the page's clock is faked, no real sleeps), the low-time warning, and the 'My tables' page listing
exactly the tables this browser holds a seat token for, with the waiting count in the tab title. Screenshots in
both languages, desktop and phone, go to artifacts/screenshots."""

from __future__ import annotations

import json
import math
import time

import pytest
from helpers_web import open_as_seat, page_errors, wait_js

from museion.server.testing import http

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
LIVE = {"mode": "live", "base": 300, "increment": 5, "on_timeout": "bot", "bot": "easy"}


def _table(server, seats, join, clock=None, name="Ana") -> dict:
    body = {"game": "tholos", "seats": seats, "join": join, "name": name}
    if clock:
        body["clock"] = clock
    status, table = http("POST", f"{server.url}/api/tables", body)
    assert status == 201, table
    return table


def _join(server, table: dict, seat: int, name: str) -> dict:
    status, joined = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": seat, "name": name})
    assert status == 200, joined
    return joined


def _hold(page, table_id: str, seat: int, token: str) -> None:
    page.evaluate(f"localStorage.setItem('museion.seat.{table_id}', JSON.stringify({{seat: {seat}, token: "
                  f"'{token}'}}))")


def _hold_before_any_page(context, items: dict[str, str], seats: list[tuple[str, int, str]]) -> None:
    """``items`` and the seat tokens in the storage of every page ``context`` opens, before the page's scripts
    run (as holding them from earlier visits would leave them)."""
    entries = {**items, **{f"museion.seat.{table}": json.dumps({"seat": seat, "token": token})
                           for table, seat, token in seats}}
    context.add_init_script(script=f"try {{ for (const [k, v] of Object.entries({json.dumps(entries)})) "
                                   "localStorage.setItem(k, v); } catch (_e) { /* no storage (about:blank) */ }")


def _live_text(seconds: float) -> str:
    """A live clock under an hour as the page writes it: whole seconds rounded up, "4:59"."""
    s = math.ceil(seconds)
    return f"{s // 60}:{s % 60:02d}"


def _clock_text(seconds: float) -> str:
    """A turn-based clock as the page writes it: whole seconds rounded up, "2 d 23:59" (days, hours, minutes)."""
    s = math.ceil(seconds)
    return f"{s // 86400} d {s % 86400 // 3600:02d}:{s % 3600 // 60:02d}"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_clocks_on_the_board_count_down_to_the_low_time_warning(server, browser, shots, lang, device):
    table = _table(server, ["human", "human"], 0, LIVE)
    _join(server, table, 1, "Ben")
    options = {**(PHONE if device == "phone" else DESKTOP), "locale": "es-ES" if lang == "es" else "en-US"}
    context = browser.new_context(**options)
    context.clock.install()
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('museion.lang', '{lang}')")
    _hold(page, table["id"], 0, table["token"])
    received: list[dict] = []  # the state messages the page got: their clocks are what it must show
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(json.loads(frame))))
    page.clock.pause_at(time.time() + 1)  # the page's time stands still: it shows exactly what the server said
    page.goto(f"{server.url}/table/{table['id']}")
    wait_js(page, "document.querySelectorAll('#clock-list li.clock').length === 2")
    clocks = page.eval_on_selector_all("#clock-list li.clock", "ls => ls.map(l => l.textContent)")
    told = [m["clock"] for m in received if isinstance(m, dict) and m.get("clock")][-1]
    assert told["running"] == 0 and 290 < told["left"][0] <= 300 and told["left"][1] == 300  # Ana's clock runs
    assert _live_text(told["left"][0]) in clocks[0] and "5:00" in clocks[1]
    assert "Ana" in clocks[0] and "Ben" in clocks[1]
    assert page.locator("#clock-list li.running").count() == 1
    assert page.locator("#clock-list li.low").count() == 0
    page.screenshot(path=str(shots / f"clocks-board-{lang}-{device}.png"), full_page=True)
    page.clock.run_for(4 * 60 * 1000 + 35_000)  # the page's clock: 4:35 later (about 0:25 left)
    wait_js(page, "document.querySelectorAll('#clock-list li.low').length === 1", timeout=3000)
    low = page.text_content("#clock-list li.low")
    assert _live_text(told["left"][0] - 275) in low and ("low time" in low if lang == "en" else "poco tiempo" in low)
    page.locator("#clocks").screenshot(path=str(shots / f"clocks-low-{lang}-{device}.png"))
    if device == "desktop":
        page.screenshot(path=str(shots / f"clocks-low-board-{lang}-{device}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_my_tables_lists_the_tables_this_browser_holds_a_seat_at(server, browser, shots, lang, device):
    mine_to_move = _table(server, ["human", "human"], 0, LIVE)
    _join(server, mine_to_move, 1, "Ben")
    theirs_to_move = _table(server, ["human", "human"], 0, name="Cleo")
    mine_waiting = _join(server, theirs_to_move, 1, "Ana")
    turn_based = _table(server, ["human", "bot:random"], 0,
                        {"mode": "turn", "per_move": 86400, "base": 172800, "on_timeout": "forfeit"})
    foreign = _table(server, ["human", "human"], 0, name="Dora")  # another browser's table: never listed
    options = {**(PHONE if device == "phone" else DESKTOP), "locale": "es-ES" if lang == "es" else "en-US"}
    context = browser.new_context(**options)
    # The seats are in this browser's storage before its first page runs: no page but "My tables" ever asks for
    # them, so the one answer awaited below is that page's own. (Held from the lobby, they made the lobby's poll
    # (every 15 s) an answer this test could take, a response whose body is gone once the lobby navigated away.)
    _hold_before_any_page(context, {"museion.lang": lang}, [
        (mine_to_move["id"], 0, mine_to_move["token"]), (theirs_to_move["id"], 1, mine_waiting["token"]),
        (turn_based["id"], 0, turn_based["token"]), ("gone-table", 0, "stale-token")])
    page = context.new_page()
    errors = page_errors(page)
    page.clock.install()
    page.clock.pause_at(time.time() + 1)  # the page's timers stand still: no later poll replaces the answer below
    with page.expect_response(f"{server.url}/api/my-tables") as answer:
        page.goto(f"{server.url}/tables/mine")
    reported = {t["table"]: t for t in answer.value.json()["tables"]}  # what the server said, at its own time
    wait_js(page, "document.querySelectorAll('table.my-tables tbody tr').length === 3")
    listed = page.eval_on_selector_all("table.my-tables tbody tr", "rs => rs.map(r => r.dataset.table)")
    assert sorted(listed) == sorted([mine_to_move["id"], theirs_to_move["id"], turn_based["id"]])
    assert foreign["id"] not in listed
    waiting = page.eval_on_selector_all("tr.your-turn", "rs => rs.map(r => r.dataset.table)")
    assert sorted(waiting) == sorted([mine_to_move["id"], turn_based["id"]])
    assert page.title() == "(2) museion"
    row = page.text_content(f"tr[data-table='{theirs_to_move['id']}']")
    assert ("Cleo to move" if lang == "en" else "Le toca a Cleo") in row
    # Ana's live clock has run since Ben joined (for as long as this machine took since): the page shows what the
    # server reported, to the second
    live = reported[mine_to_move["id"]]["clock"]["left"][0]
    assert 0 < live < 300 and _live_text(live) in page.text_content(f"tr[data-table='{mine_to_move['id']}']")
    # a day per move + 2 days reserve, less the seconds the server counted since the table started: the page shows
    # exactly the time the server reported, in days, hours and minutes
    left = reported[turn_based["id"]]["clock"]["left"][0]
    assert 3 * 86400 - 60 < left <= 3 * 86400
    assert _clock_text(left) in page.text_content(f"tr[data-table='{turn_based['id']}']")
    page.clock.resume()
    page.screenshot(path=str(shots / f"my-tables-{lang}-{device}.png"), full_page=True)
    page.goto(server.url + "/")  # the lobby's link counts them too
    wait_js(page, "document.title === '(2) museion'")
    assert "(2)" in page.text_content("#my-tables-link")
    assert errors == []
    context.close()


def test_the_lobby_creates_a_table_with_a_clock_and_keeps_the_creator_token(server, browser):
    context, page, errors = open_as_seat(browser, server.url, {"id": "none", "token": "none"})
    page.goto(server.url + "/")
    wait_js(page, "document.getElementById('clock-mode-choice') !== null && "
                  "document.querySelectorAll('select[data-seat]').length > 0")
    page.select_option("#clock-mode-choice", "turn")
    page.fill("#clock-hours", "12")
    page.fill("#clock-reserve", "0")
    page.select_option("#clock-timeout", "forfeit")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table_id = page.url.rsplit("/", 1)[-1]
    wait_js(page, "document.querySelectorAll('#clock-list li.clock').length >= 2")
    status, info = http("GET", f"{server.url}/api/tables/{table_id}")
    assert info["clock"]["mode"] == "turn" and info["clock"]["per_move"] == 43200
    assert info["clock"]["on_timeout"] == "forfeit"
    assert page.evaluate(f"localStorage.getItem('museion.creator.{table_id}')")
    assert errors == []
    context.close()
