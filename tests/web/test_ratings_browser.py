"""A rated game in two browsers (issue 26): Ana signs up on a desktop in English and creates a rated Tholos table
from the lobby; Bob signs up on a phone in Spanish and joins it; they play to the end and each sees their own
rating change under the final scoring. Then Ana shows her languages; the leaderboard (without opting in) and her
page show her ratings, in both languages, Bob's page his rating and nothing else, with no serious axe violation.
Screenshots in artifacts/screenshots (ratings-*)."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from a11y import assert_accessible
from helpers_web import page_errors, wait_js

from museion.server.testing import GENEROUS, Player, ServerProcess

PASSWORD = "tortuga azul 7"
DESKTOP = {"viewport": {"width": 1360, "height": 900}, "locale": "en-GB"}
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "es-ES", "has_touch": True,
         "extra_http_headers": {"X-Forwarded-For": "198.51.100.7"}}
"""Bob's phone is on another network than Ana's desktop (the server trusts the loopback proxy's header): two
accounts of one network would play the rated game unrated (issue 38, docs/ratings.md)."""
SAYS = {"en-GB": "Your rating", "es-ES": "Tu nivel"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("ratings-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour", "--forwarded-allow-ips", "127.0.0.1")).start()
    yield proc
    proc.stop()


def _signed_up(browser, server, name: str, options: dict):  # noqa: ANN001, ANN202
    context = browser.new_context(**options)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/signup")
    page.fill("#username", name)
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.wait_for_selector("#recovery-codes")
    return page, errors


def _rated_against_bots(server: ServerProcess, page) -> None:  # noqa: ANN001
    """Two more rated games of the page's account, against the random and the easy bot, through the API (its
    session cookie): a player is on a leaderboard after rated games against three different opponents."""
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == "museion_session")
    for bot in ("random", "easy"):
        request = urllib.request.Request(server.url + "/api/tables", method="POST", data=json.dumps(
            {"game": "tholos", "seats": ["human", f"bot:{bot}"], "rated": True, "join": 0}).encode(),
            headers={"Content-Type": "application/json", "Cookie": f"museion_session={cookie}"})
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 - the test's own server
            created = json.loads(answer.read())
        player = Player(server, created["id"], created["token"], cookie=cookie)
        while not (player.state["status"] == "finished" and player.state.get("rating")):
            if player.state["to_move"] == player.state["seat"] and player.state["legal"]:
                player.move(player.state["legal"][0]["id"])
            else:
                player.recv(30)
        player.close()


def _play(page) -> None:  # noqa: ANN001
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#moves button.move").first.click()
    wait_js(page, f"document.body.dataset.seq !== '{seq}' || document.body.dataset.status === 'finished'")


def test_two_players_play_a_rated_game_and_see_their_ratings_change(server, browser, shots):
    ana, ana_errors = _signed_up(browser, server, "Ana", DESKTOP)
    bob, bob_errors = _signed_up(browser, server, "Bob", PHONE)
    ana.goto(server.url + "/")
    ana.select_option("#game", "tholos")
    ana.wait_for_selector("#seat-1")
    ana.select_option("#seat-1", "human")
    ana.select_option("#sit", "0")
    ana.select_option("#rated-choice", "on")
    ana.click("#create-button")
    ana.wait_for_url("**/table/**")
    table_id = ana.url.rsplit("/", 1)[-1]
    bob.goto(f"{server.url}/table/{table_id}")
    bob.click("button.join[data-seat='1']")
    wait_js(bob, "window.museionState && window.museionState.seat === 1")
    pages = (ana, bob)
    deadline = time.monotonic() + 300
    while not all(p.evaluate("document.body.dataset.status") == "finished" for p in pages):
        assert time.monotonic() < deadline, "the game did not end"
        mover = next((p for p in pages if p.evaluate("document.body.dataset.myTurn") == "1"), None)
        if mover is None:
            ana.wait_for_timeout(50)
            continue
        _play(mover)
    for page, options in ((ana, DESKTOP), (bob, PHONE)):
        page.wait_for_selector("#rating-change")
        text = page.inner_text("#rating-change")
        assert SAYS[options["locale"]] in text and "1500 →" in text
        state = page.evaluate("window.museionState")
        assert state["rated"] and state["rating"]["before"] == 1500 and state["rating"]["change"] != 0
        assert page.text_content("#rated-flag") in ("Rated", "Puntuable")  # on a phone: in the folded table info
        page.locator("#rating-change").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"ratings-final-{options['locale']}.png"))
    changes = [p.evaluate("window.museionState.rating.change") for p in pages]
    assert changes[0] == -changes[1]  # two new players, one game: what one wins the other loses

    _rated_against_bots(server, ana)
    ana.goto(server.url + "/account")
    ana.wait_for_selector("#show-ratings")
    ana.check("#show-ratings")
    ana.check("#show-languages")
    ana.fill("#spoken", "es, en")
    ana.click("#profile-submit")
    wait_js(ana, "document.getElementById('profile-status').textContent.length > 0")
    for page, options in ((ana, DESKTOP), (bob, PHONE)):
        page.goto(server.url + "/ratings/tholos?players=2")
        page.wait_for_selector("#leaderboard tr[data-player='Ana']")
        assert page.locator("#leaderboard tr[data-player='Bob']").count() == 0  # one opponent only
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert_accessible(page, f"the leaderboard ({options['locale']})")
        page.screenshot(path=str(shots / f"ratings-leaderboard-{options['locale']}.png"), full_page=True)
        page.click("#leaderboard tr[data-player='Ana'] a")
        page.wait_for_selector("svg.chart circle.dot")
        assert page.locator("#languages").inner_text() in ("Spanish, English", "español, inglés")
        assert_accessible(page, f"Ana's page ({options['locale']})")
        page.screenshot(path=str(shots / f"ratings-player-{options['locale']}.png"), full_page=True)
    bob.goto(server.url + "/players/Bob")  # ratings are public (issue 40): Bob's shows, nothing else
    bob.wait_for_selector("svg.chart circle.dot")
    assert bob.locator("#private-profile").count() == 0 and bob.locator("#languages").count() == 0
    assert not ana_errors and not bob_errors, (ana_errors, bob_errors)
