"""Tholos in a real browser: create a table against a bot in the lobby, play it to the end by clicking the board,
reload mid-game, see the final scoring and step through the replay."""

from __future__ import annotations

import random

from helpers_web import click_move, legal_moves, open_as_seat, page_errors, pick, wait_js, wait_turn_or_end


def test_tholos_against_a_bot_by_clicking_to_the_end(server, browser, shots):
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "tholos")
    page.check("#opt-advanced")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "bot:random")
    page.fill("#name", "Ada")
    page.screenshot(path=str(shots / "lobby.png"))
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    rng = random.Random(7)
    moves_made = 0
    while wait_turn_or_end(page) != "finished":
        moves = legal_moves(page)
        assert moves, "my turn but no legal move listed"
        assert all(m["path"] for m in moves), [m for m in moves if not m["path"]]  # every move is clickable
        click_move(page, pick(moves, rng, prefer="P"))
        assert page.evaluate("document.body.dataset.lastError || ''") == ""
        moves_made += 1
        if moves_made == 1:
            page.screenshot(path=str(shots / "tholos-board.png"))
        if moves_made == 10:  # a reload mid-game resumes from the stored game
            seq = page.evaluate("document.body.dataset.seq")
            log = page.locator("#log li").all_inner_texts()
            page.reload()  # the bot may move meanwhile: the log then continues after what was shown
            wait_js(page, f"Number(document.body.dataset.seq) >= {seq} && "
                          f"document.querySelectorAll('#log li').length >= {len(log)}")
            assert page.locator("#log li").all_inner_texts()[:len(log)] == log
            assert "Ada" in page.inner_text("#me")
    assert moves_made > 10
    assert page.inner_text("#result").startswith(("Winner", "Shared", "Draw"))
    parts = len(page.evaluate("window.museionState.breakdown") or [])
    assert page.locator("#score-table tr").count() == 2 + (parts if parts > 1 else 0)  # head, parts, totals
    page.screenshot(path=str(shots / "tholos-final.png"))
    page.click("#replay-button")
    page.wait_for_selector("#replay-position")
    page.click("#replay-first")
    assert page.inner_text("#replay-position").startswith("Step 0 of")
    page.click("#replay-next")
    page.click("#replay-next")
    assert page.inner_text("#replay-position").startswith("Step 2 of")
    page.screenshot(path=str(shots / "tholos-replay.png"))
    assert errors == []
    context.close()


def test_lobby_shows_option_errors_precisely(server, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.select_option("#game", "tholos")
    page.check("#opt-advanced")
    page.fill("#opt-ornament_locations", "XYZ")
    page.dispatch_event("#opt-ornament_locations", "change")
    wait_js(page, "document.getElementById('create-error').textContent.length > 0")
    # the option by its label, the value refused and what is allowed (the server's reason, said by the page)
    assert page.inner_text("#create-error") == ('Error: option "Locations for ornaments": got "XYZ"; allowed: a '
                                                "non-empty set of locations among ABCDEFG")
    page.click("#create-button")
    page.wait_for_timeout(300)
    assert "/table/" not in page.url
    context.close()


def test_a_dropped_connection_resumes_after_a_server_crash(tmp_path, browser):
    from museion.server.testing import ServerProcess, http

    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01).start()
    try:
        _, table = http("POST", f"{server.url}/api/tables",
                        {"game": "tholos", "seats": ["human", "bot:random"], "join": 0})
        context, page, errors = open_as_seat(browser, server.url, table)
        rng = random.Random(1)
        for _ in range(3):
            wait_turn_or_end(page)
            click_move(page, pick(legal_moves(page), rng))
        wait_turn_or_end(page)
        seq = page.evaluate("document.body.dataset.seq")
        assert page.locator("#moves").is_visible() and page.locator("#offline").is_hidden()
        server.kill()
        # an outage: a banner says so and the board is disabled (no targets, no move panel, not "your turn")
        wait_js(page, "document.body.dataset.connection === 'offline'")
        assert page.locator("#offline").is_visible() and "cannot be reached" in page.inner_text("#offline")
        assert page.locator("#moves").is_hidden() and page.locator("#board .hit-target").count() == 0
        assert page.evaluate("document.getElementById('board').classList.contains('inactive')")
        assert page.evaluate("document.body.dataset.myTurn") == "0" and "Offline" in page.inner_text("#turn-line")
        server.start()
        wait_js(page, "document.body.dataset.connection === 'connected'", timeout=20_000)
        wait_js(page, f"document.body.dataset.seq === '{seq}' && document.body.dataset.myTurn === '1'")
        assert page.locator("#offline").is_hidden() and page.locator("#moves").is_visible()
        click_move(page, pick(legal_moves(page), rng))
        assert int(page.evaluate("document.body.dataset.seq")) > int(seq)
        assert errors == []
        context.close()
    finally:
        server.stop()
