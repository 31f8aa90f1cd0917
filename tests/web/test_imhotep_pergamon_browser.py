"""Imhotep between two browsers with a spectator, and Pergamon against a bot, in a real browser."""

from __future__ import annotations

import random
import re
import time

from helpers_web import click_move, game_state, legal_moves, open_as_seat, page_errors, pick_ordered, wait_js

from museion.server.testing import http


def test_two_browsers_play_imhotep_to_round_2_while_a_third_watches(server, browser, shots):
    contexts = [browser.new_context(viewport={"width": 1360, "height": 960}) for _ in range(3)]
    alice, bob, watcher = (c.new_page() for c in contexts)
    errors = [page_errors(p) for p in (alice, bob, watcher)]
    alice.goto(server.url + "/")
    alice.select_option("#game", "imhotep")
    alice.wait_for_selector("#seat-1")
    alice.select_option("#seat-1", "human")
    alice.click("#create-button")
    alice.wait_for_url("**/table/**")
    table_id = alice.url.rsplit("/", 1)[-1]
    alice.wait_for_selector("#seats .invite code")
    invite = alice.inner_text("#seats .invite code")
    assert invite.endswith(f"/table/{table_id}?seat=1")
    bob.goto(invite)
    bob.click("#seats button.join[data-seat='1']")
    wait_js(bob, "document.body.dataset.mySeat === '1'")
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_js(watcher, "document.body.dataset.seq !== undefined && document.body.dataset.mySeat === ''")
    rng = random.Random(3)
    order = ["V", "M:", "U:", "P", "S", "C:", "PASS"]
    moves = 0
    while game_state(watcher)["view"]["rounds_finished"] < 1:
        page = _whose_turn(alice, bob)
        click_move(page, pick_ordered(legal_moves(page), rng, order))
        assert page.evaluate("document.body.dataset.lastError || ''") == ""
        moves += 1
        if moves == 3:
            for name, p in (("imhotep-seat0", alice), ("imhotep-spectator", watcher)):
                p.screenshot(path=str(shots / f"{name}.png"))
        seq = game_state(page)["seq"]
        wait_js(watcher, f"Number(document.body.dataset.seq) >= {seq}", timeout=15_000)
        assert moves < 200
    seen = game_state(watcher)
    assert seen["seat"] is None and seen["legal"] == [] and seen["view"]["round"] == 2
    status, info = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200 and info["moves"] == seen["seq"]
    watcher.screenshot(path=str(shots / "imhotep-round2.png"))
    assert errors == [[], [], []]
    for c in contexts:
        c.close()


def _whose_turn(*pages, timeout: float = 15.0):
    """The page whose player is to move (polling both browsers)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if page.evaluate("document.body.dataset.myTurn") == "1":
                return page
        pages[0].wait_for_timeout(50)
    raise TimeoutError("nobody's turn")


def test_pergamon_against_a_bot_renders_and_accepts_an_exhibit(server, browser, shots):
    # Whether the human can exhibit before the game ends depends on the cards drawn (the server's chance is not
    # seedable, by design): with this move order 3 of 3,000 simulated games end without one (the engine and the
    # same order against a random bot, CI 2026-12-05 met one), so up to three tables.
    for table_no in range(3):
        context, page, errors = _pergamon_table(server, browser, shots, first=table_no == 0)
        if _play_until_an_exhibit(page, random.Random(5 + table_no), shots):
            break
        context.close()
    else:
        raise AssertionError("three Pergamon games ended without an exhibit")
    mine = game_state(page)["view"]["players"][0]
    assert mine["collections"], mine
    assert mine["vp"] is not None and game_state(page)["view"]["players"][1]["vp"] is None  # opponent's VP hidden
    assert page.text_content("#board [data-vp='hidden']") == "VP ?"
    _assert_halves_drawn(page)
    ring = mine["collections"][0]
    drawn_ring = f"#board [data-key='coll0:{ring['marker']}']"
    assert page.locator(f"{drawn_ring} .joint").count() == len(ring["finds"]) - 1  # matching halves meeting
    assert page.locator(f"{drawn_ring} .ring-close").count() == 1
    marker = page.locator(f"#board .marker[data-seat='0'][data-marker='{ring['marker']}']")
    assert marker.count() == 2  # in the museum and in the panel, in the owner's colour with the numeral
    assert marker.first.locator("text").text_content() == ring["marker"]
    page.screenshot(path=str(shots / "pergamon-exhibit.png"))
    _assert_log_as_seat_0_learned_it(page)
    assert errors == []
    context.close()


def _pergamon_table(server, browser, shots, first: bool):  # noqa: ANN001, ANN202
    """A Pergamon table against a random bot, opened as seat 0 on a desktop, its board checked (and shot once)."""
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "pergamon", "seats": ["human", "bot:random"], "join": 0, "name": "Cleo"})
    assert status == 201
    context, page, errors = open_as_seat(browser, server.url, table, viewport={"width": 1360, "height": 960})
    page.wait_for_selector("svg.board-svg")
    wait_js(page, "window.museionState && window.museionState.view.galleries.flat().length > 0")
    _assert_track_drawn(page)
    _assert_halves_drawn(page)
    if first:
        page.screenshot(path=str(shots / "pergamon-board.png"))
    return context, page, errors


def _play_until_an_exhibit(page, rng: random.Random, shots) -> bool:  # noqa: ANN001
    """Click moves (exhibiting first, then the order below) until seat 0 exhibits (True) or the game ends."""
    order = ["polish", "close", "+", "dig", "P", "end", "pay", "drop", "cancel", "break"]
    shot_building = False
    for _ in range(120):
        wait_js(page, "document.body.dataset.myTurn === '1' || document.body.dataset.status === 'finished'",
                timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "finished":
            return False
        building = game_state(page)["view"].get("building")
        if building and len(building["finds"]) >= 2 and not shot_building:  # my turn: the view stays put
            _assert_halves_drawn(page)
            page.screenshot(path=str(shots / "pergamon-building.png"))
            shot_building = True
        move = pick_ordered(legal_moves(page), rng, order)
        click_move(page, move)
        assert page.evaluate("document.body.dataset.lastError || ''") == ""
        if move["text"].startswith("polish"):  # the exhibit: its collection comes with the server's next state
            wait_js(page, "window.museionState.view.players[0].collections.length > 0", timeout=30_000)
            return True
    raise AssertionError("120 moves without an exhibit or the game's end")


def _assert_log_as_seat_0_learned_it(page) -> None:  # noqa: ANN001
    """The move log shows face-down cards by their backs, the reveal and the payouts as events, and this seat's own
    VP gain ("You gain 1 VP for exhibiting") but no other seat's (PER-HIDDEN-1, PER-EVAL-4)."""
    page.wait_for_function("document.querySelector(\"#log li[data-key='pergamon.vp_exhibit']\") !== null")
    moves, events = page.evaluate(
        "() => [[...document.querySelectorAll('#log > li')].map(li => li.dataset.notation),"
        " [...document.querySelectorAll('#log ul.events li')].map(li => [li.dataset.key, li.textContent])]")
    draws = [m for m in moves if m.startswith("card")]  # each move's notation as this seat saw it
    assert draws and all(re.fullmatch(r"card (bag|chest)", m) for m in draws)
    keys = {key for key, _ in events}
    assert {"pergamon.cards_revealed", "pergamon.payout", "pergamon.laid_out"} <= keys
    mine = [text for key, text in events if key.startswith("pergamon.vp_")]
    assert mine and all(text.startswith("You gain") for text in mine)


def _assert_halves_drawn(page) -> None:  # noqa: ANN001
    """Every find on the board (galleries, supplies, collections) is a tile with the two halves of its face."""
    # One evaluate = one JS task: the view and the board drawn from it are read together (a bot may move between
    # two separate reads and redraw the board).
    faces, drawn = page.evaluate(
        "() => [window.museionState.view.faces, [...document.querySelectorAll('#board g.find')].map(g => ({"
        "code: g.dataset.code, label: g.getAttribute('aria-label') || g.parentNode.getAttribute('data-label'), "
        "halves: [...g.querySelectorAll('.half')].map(h => h.dataset.edge + h.dataset.type)}))]")
    assert drawn and {d["code"] for d in drawn} == set(faces)
    for d in drawn:
        face = faces[d["code"]]  # "V63|4J": left edge a vase's right half, right edge a jug's left half
        assert d["halves"] == [f"left{face[0]}", f"right{face[-1]}"], (d, face)
        assert f" {d['code']} (" in d["label"]  # "find 4.63 (half a vase, half a jug)": named in words


def _assert_track_drawn(page) -> None:  # noqa: ANN001
    """Each track space shows the coins requested and the deepest gallery; 2 players: the 3 tomb raider symbols."""
    spaces = game_state(page)["view"]["track_spaces"]
    assert [page.get_attribute(f"#board [data-key='track:{sp['space']}'] [data-deepest]", "data-deepest")
            for sp in spaces] == [sp["deepest"] for sp in spaces]
    assert page.locator("#board .raider-symbol").count() == 3
    assert page.locator("#board [data-raider-coins]").count() == 1
