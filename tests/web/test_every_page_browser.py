"""Every page a person can reach, in every language of the catalogues (issue 43: "every page passes the language
checks in three languages"), at 360 px, signed in as an account with a finished rated game, a friend and a
tournament (made through the API, so the pages show content, not only their empty states): the page's ``lang``,
no horizontal overflow, no word of another language's catalogue that this language never uses, and no serious
axe-core violation. One browser context per language, the pages in sequence. Screenshots in
artifacts/screenshots (every-PAGE-LANG.png)."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from a11y import assert_accessible
from helpers_web import OVERFLOW_JS, PAGE_TEXT_JS, foreign_words, page_errors, wait_js

from museion.core.i18n import LANGUAGES
from museion.server.testing import GENEROUS, Player, ServerProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from test_accounts_hostile import Client  # noqa: E402

PHONE = {"width": 360, "height": 740}
NAMES = ("Ana-E", "Bob-E")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("every-page") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour")).start()
    yield proc
    proc.stop()


def _rated_game(server: ServerProcess, ana: Client, bot: str) -> str:
    """A rated Tholos game of Ana against ``bot``, played to its end through the API (her first legal move)."""
    status, table = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", f"bot:{bot}"],
                                                       "rated": True, "join": 0})
    assert status == 201, table
    player = Player(server, table["id"], table["token"], cookie=ana.cookie)
    while player.state["status"] != "finished":
        if player.state["to_move"] == player.state["seat"] and player.state["legal"]:
            player.move(player.state["legal"][0]["id"])
        else:
            player.recv(30)
    player.close()
    return table["id"]


@pytest.fixture(scope="module")
def world(server) -> dict[str, str]:
    """Ana (the signed-in player) with a friend (Bob), finished rated games against three bots (a player is on the
    leaderboard after three different opponents) and a tournament she and Bob entered."""
    ana, bob = Client(server, "127.0.71.1"), Client(server, "127.0.72.1")
    ana.sign_up(NAMES[0])
    bob.sign_up(NAMES[1])
    assert ana.request("POST", "/api/friends/requests", {"username": NAMES[1]})[0] == 202
    assert bob.request("POST", "/api/friends/requests/accept", {"username": NAMES[0]})[0] == 200
    table = [_rated_game(server, ana, bot) for bot in ("random", "easy", "greedy")][0]
    status, made = ana.request("POST", "/api/tournaments", {"game": "tholos", "players": 2, "format": "swiss",
                                                            "rounds": 2, "starts": time.time() + 3600})
    assert status == 201, made
    tid = made["id"]
    for client in (ana, bob):
        assert client.request("POST", f"/api/tournaments/{tid}/join", {})[0] == 200
    return {"cookie": ana.cookie, "table": table, "tournament": tid}


def _pages(world: dict[str, str]) -> dict[str, str]:
    """Every page a person can reach (the routes serving src/museion/web/*.html), by a short name."""
    return {"lobby": "/", "mytables": "/tables/mine", "table": f"/table/{world['table']}",
            "learn": "/learn/tholos", "rules": "/rules/tholos", "signup": "/signup", "signin": "/signin",
            "recover": "/recover", "account": "/account", "privacy": "/privacy", "friends": "/friends",
            "player": f"/players/{NAMES[0]}", "ratings": "/ratings/tholos", "tournaments": "/tournaments",
            "tournament": f"/tournaments/{world['tournament']}", "ladder": "/ladder/tholos"}


def _foreign_on(page, foreign: set[str]) -> list[str]:  # noqa: ANN001
    text = page.evaluate(PAGE_TEXT_JS)
    for name in NAMES:
        text = text.replace(name, " ")
    return sorted({text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
                   for m in re.finditer(r"[^\W\d_]{4,}", text) if m.group().lower() in foreign})


READY = {"player", "ratings", "rules", "tournament", "tournaments", "ladder"}
"""The pages whose script says when it has drawn (``body[data-ready=1]``); the others are drawn when the network
is idle."""


def _visit(page, url: str, name: str, lang: str) -> None:  # noqa: ANN001
    page.goto(url)
    if name in READY:
        wait_js(page, "document.body.dataset.ready === '1'", timeout=15_000)
    else:
        page.wait_for_load_state("networkidle")
    wait_js(page, f"document.documentElement.lang === {lang!r}", timeout=15_000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_speaks_the_language_fits_a_phone_and_is_accessible(server, browser, shots, world, lang):
    foreign = foreign_words(server.url, lang)
    context = browser.new_context(viewport=PHONE, locale=lang, has_touch=True)
    context.add_cookies([{"name": "museion_session", "value": world["cookie"], "url": server.url}])
    page = context.new_page()
    errors = page_errors(page)
    found: dict[str, object] = {}
    for name, path in _pages(world).items():
        _visit(page, server.url + path, name, lang)
        page.screenshot(path=str(shots / f"every-{name}-{lang}.png"), full_page=True)
        overflow = page.evaluate(OVERFLOW_JS)
        words = _foreign_on(page, foreign)
        if overflow > 0 or words:
            found[name] = {"overflow": overflow, "words": words}
        assert_accessible(page, f"{name} {lang}")
    context.close()
    assert not found, found
    assert not errors, errors
