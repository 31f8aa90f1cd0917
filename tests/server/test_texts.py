"""The web client's texts: one catalogue (museion.core.i18n) for Python and JavaScript. Every key the client's
modules name exists in English, Spanish and German, GET /api/texts serves them in the asked language, and the lobby's
game descriptions and option labels come in the asked language."""

from __future__ import annotations

import json
import pathlib
import re
import urllib.request

import pytest

import museion.server.app  # noqa: F401 - registers every text of the server (botapi, challenges, ...)
from museion.core import i18n
from museion.core.descriptor import descriptors
from museion.server import web_texts
from museion.server.accounts import texts as account_texts
from museion.server.friends import texts as friend_texts
from museion.server.ladder import texts as ladder_texts
from museion.server.notices import texts as notice_texts
from museion.server.ratings import texts as rating_texts
from museion.server.seeks import texts as seek_texts
from museion.server.testing import http
from museion.server.tournaments import texts as tournament_texts

WEB = pathlib.Path(web_texts.__file__).resolve().parents[1] / "web" / "js"
# t("web.x"), t('web.x'), term("web.x", …), has("web.x"); and the prefixes of t(`web.x.${…}`)
KEY = re.compile(r"""\b(?:t|term|has)\(\s*["']([\w.-]+)["']""")
PREFIX = re.compile(r"""\b(?:t|term|has)\(\s*`([\w.-]+)\$\{""")


def _client_files() -> list[pathlib.Path]:
    """The client's modules and every game's board module (in the game's folder, named by its descriptor)."""
    boards = [d.path(d.board) for d in descriptors().values() if d.board]
    return [*WEB.rglob("*.js"), *(p for p in boards if p is not None)]


def _client_keys() -> tuple[set[str], set[str]]:
    sources = [p.read_text(encoding="utf-8") for p in _client_files()]
    return ({k for s in sources for k in KEY.findall(s)}, {k for s in sources for k in PREFIX.findall(s)})


def test_every_key_the_client_names_exists_in_both_languages():
    assert all(m.TEXTS for m in (account_texts, friend_texts, rating_texts, notice_texts, seek_texts,
                                 tournament_texts, ladder_texts))  # registered
    keys, prefixes = _client_keys()
    assert len(keys) > 50 and prefixes  # the pattern still finds the client's calls
    assert sorted(k for k in keys if i18n.template(k) is None) == []
    for key in keys:
        assert all(i18n.template(key, lang) for lang in i18n.LANGUAGES), key
    catalogue = set(i18n.keys())
    assert sorted(p for p in prefixes if not any(k.startswith(p) for k in catalogue)) == []
    assert [m for m in i18n.missing() if m.startswith("web.")] == []  # in every language, German too


SAME_AS_ENGLISH = {
    "es": {"web.error", "web.table_title", "web.name_colour", "web.name_number", "web.total", "web.language_name",
           "web.tournament.buchholz",  # a tie-break named after its inventor in every language
           "web.bot_account_name"},  # "{name} (bot)": a bot is a bot in Spanish too
    "de": {"web.table_title", "web.name_colour", "web.name_number", "web.tournament.buchholz",
           # German words spelt as the English ones (docs/glossary-de.md)
           "web.back_to_lobby", "web.clock.lobby", "web.coach", "web.friends.online", "web.imhotep.card_short.HAMMER",
           "web.imhotep.card_short.STATUE", "web.pergamon.museum", "web.tholos.ornament"},
}


@pytest.mark.parametrize("lang", ["es", "de"])
def test_translations_and_english_differ_where_they_should(lang):
    """A Spanish (German) text copied from the English one is an untranslated text (a few words are the same in
    both)."""
    web = {k: {code: i18n.template(k, code) for code in ("en", lang)} for k in i18n.keys() if k.startswith("web.")}
    assert len(web) >= len(web_texts.TEXTS) + 100  # the games' board words (in their folders) too
    alike = [k for k, t in web.items()
             if k not in SAME_AS_ENGLISH[lang] and t["en"] == t[lang] and re.search(r"[a-z]{4,}", t["en"] or "")]
    assert alike == []


def test_the_texts_route_serves_the_first_supported_language(server):
    status, data = http("GET", f"{server.url}/api/texts?lang=fr,es,en")
    assert status == 200 and data["lang"] == "es"
    assert data["texts"]["web.your_turn"] == "Te toca"
    assert data["languages"] == {"en": "English", "es": "Español", "de": "Deutsch"}  # the catalogues' languages
    assert data["texts"]["ui.seat"] == "asiento {n}"  # the shared ui.* keys too, placeholders unfilled
    status, data = http("GET", f"{server.url}/api/texts?lang=xx")
    assert status == 200 and data["lang"] == "en" and data["texts"]["web.your_turn"] == "Your turn"
    status, data = http("GET", f"{server.url}/api/texts?lang=de")
    assert status == 200 and data["lang"] == "de" and data["texts"]["web.your_turn"] == "Du bist am Zug"


def test_the_texts_route_without_a_language_reads_accept_language(server):
    """A client that names no language gets the first of its ``Accept-Language`` the server has."""
    for accept, lang in (("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-CH,fr;q=0.9,es;q=0.5", "es"), ("", "en")):
        request = urllib.request.Request(f"{server.url}/api/texts", headers={"Accept-Language": accept})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert json.load(response)["lang"] == lang, accept
            assert response.headers["Vary"] == "Accept-Language"
    assert http("GET", f"{server.url}/api/texts?lang=es")[1]["lang"] == "es"  # the page's choice comes first


def test_counted_texts_come_with_their_plural_forms(server):
    """The web client chooses a counted text's form as the server does: each form, and the form of each count."""
    status, data = http("GET", f"{server.url}/api/texts?lang=es")
    payout, form = data["plurals"]["pergamon.payout"], data["plural"]
    assert status == 200 and payout["counter"] == "coins" and len(form) == 200
    assert [payout["forms"][form[n]] for n in (1, 2, 0)] == [
        "{player!p} toma {coins} moneda.", "{player!p} toma {coins} monedas.", "{player!p} toma {coins} monedas."]
    assert data["parts"]["imhotep.b.temple_top"] == ["n", "layers"]


def test_the_lobby_describes_games_and_options_in_the_asked_language(server):
    status, data = http("GET", f"{server.url}/api/games?lang=es")
    assert status == 200
    status, english = http("GET", f"{server.url}/api/games?lang=en")
    assert status == 200
    for game, en in zip(data["games"], english["games"], strict=True):
        assert game["description"] and game["description"] != en["description"]
        for opt, opt_en in zip(game["options"], en["options"], strict=True):
            assert opt["label"] != opt_en["label"], opt  # a Spanish label, not the English one
    status, data = http("GET", f"{server.url}/api/games?lang=xx")
    assert status == 400 and "allowed: en, de, es" in data["message"]


def test_the_favicon_is_served(server):
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/favicon.ico") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"] == "image/x-icon"
        assert answer.read(4) == b"\x00\x00\x01\x00"  # the ICO header
