"""The texts (museion.core.i18n): how they are filled in from the code's English and the gettext catalogues (every
message translated in every language: tests/core/test_catalogues.py)."""

from __future__ import annotations

import random

import pytest

import museion
from museion.core import i18n
from museion.core.game import Event
from museion.core.play import random_playout
from museion.core.registry import entry


def _load_every_game() -> None:
    for name in museion.available_games():
        entry(name)  # a game registers its texts when its package is imported


def test_missing_languages_are_reported(tmp_path):
    """A text no catalogue translates is listed for every language and shown in English (tmp_path: a domain
    without catalogues)."""
    i18n.register({"test.only_english": i18n.msg("test.only_english", "only English")}, "test", tmp_path)
    try:
        assert [m for m in i18n.missing() if m.startswith("test.")] == [
            f"test.only_english: {lang}" for lang in i18n.LANGUAGES[1:]]
        assert i18n.text("test.only_english", "es") == "only English"  # falls back to English, visibly
    finally:
        _forget("test.only_english")


def _forget(*keys):
    for key in keys:
        i18n._CATALOGUE.pop(key)
        i18n._SOURCES.pop(key)
        i18n._PARTS.pop(key, None)


@pytest.mark.parametrize("name", museion.available_games())
def test_every_event_of_random_games_has_its_texts(name):
    """Events met in random games (every configuration's players) name keys that exist in both languages, and
    their texts fill in without a leftover placeholder."""
    _load_every_game()
    option = entry(name).game_class.OPTIONS.get("players")
    counts = [None] if option is None else [n for n in (2, 3, 4) if _accepts(option, n)]
    keys = set()
    for n in counts:
        game = museion.load(name, **({} if n is None else {"players": n}))
        for seed in range(3):
            state, rng = game.new_initial_state(), random.Random(seed)
            final = random_playout(state.clone(), rng)
            replay = game.new_initial_state()
            for action in final.history():
                for event in entry(replay.game).events(replay, action):
                    keys.add(event.key)
                    for lang in i18n.LANGUAGES:
                        text = event.text(lang, observer=0)
                        assert "{" not in text and event.key != text
                replay.apply_action(action)
    assert keys and all(i18n.has(k) for k in keys)


def _accepts(option, n):
    try:
        option.parse(n)
    except ValueError:
        return False
    return True


SPANISH = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgctxt "test.drawn"
msgid "{player!p} draws a {back!t} card worth {coins} coin."
msgid_plural "{player!p} draws a {back!t} card worth {coins} coins."
msgstr[0] "{player!p} roba una carta {back!t} de {coins} moneda."
msgstr[1] "{player!p} roba una carta {back!t} de {coins} monedas."

msgctxt "test.drawn.you"
msgid "You draw a {back!t} card."
msgstr "Robas una carta {back!t}."

msgctxt "test.bag"
msgid "bag"
msgstr "bolsa"
"""


def test_terms_names_plurals_and_the_reader(tmp_path):
    """A test domain with its own Spanish catalogue (read from the .po, no .mo): terms, seat names, the plural
    forms of a counted text, and the reader's own form."""
    po = tmp_path / "locale" / "es" / "LC_MESSAGES" / "test.po"
    po.parent.mkdir(parents=True)
    po.write_text(SPANISH)
    i18n.register(i18n.messages(
        i18n.msgn("test.drawn", "{player!p} draws a {back!t} card worth {coins} coin.",
                  "{player!p} draws a {back!t} card worth {coins} coins.", "coins"),
        i18n.msg("test.drawn.you", "You draw a {back!t} card."),
        i18n.msg("test.bag", "bag")), "test", tmp_path)
    try:
        assert i18n.text("test.drawn", "en", player=1, back="bag", coins=1) == "seat 1 draws a bag card worth 1 coin."
        assert i18n.text("test.drawn", "es", ["Ana", "Bea"], player=1, back="bag", coins=3) == \
            "Bea roba una carta bolsa de 3 monedas."
        assert i18n.text("test.drawn", "es", ["Ana", "Bea"], player=1, back="bag", coins=1) == \
            "Bea roba una carta bolsa de 1 moneda."
        assert i18n.text("test.drawn", "en", player=0, back="chest", coins=0) == \
            "seat 0 draws a chest card worth 0 coins."  # an unknown term is shown as it is
        event = Event("test.drawn", {"player": 1, "back": "bag", "coins": 2}, audience=(1,))
        assert event.text("es", observer=1) == "Robas una carta bolsa."
        assert event.text("es", observer=0) == "asiento 1 roba una carta bolsa de 2 monedas."
        assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
        assert i18n.forms("test.drawn", "es") == ("{player!p} roba una carta {back!t} de {coins} moneda.",
                                                  "{player!p} roba una carta {back!t} de {coins} monedas.")
    finally:
        _forget("test.drawn", "test.drawn.you", "test.bag")
    assert i18n.text("no.such.key", "es") == "no.such.key"


def test_a_text_with_two_counted_words_says_each_in_its_part():
    """``<key>.<field>``: each counted word of a text that has several is its own plural message."""
    assert i18n.text("imhotep.b.temple_top", "en", n=1, layers=3) == "visible top; 1 stone, 3 layers"
    assert i18n.text("imhotep.b.temple_top", "es", n=2, layers=1) == "parte visible; 2 piedras, 1 capa"


def test_language_choice(monkeypatch):
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert i18n.language() == "en"
    monkeypatch.setenv(i18n.ENV, "es_ES.UTF-8")
    assert i18n.language() == "es"
    assert i18n.language("en") == "en"
    monkeypatch.setenv(i18n.ENV, "klingon")
    assert i18n.language() == "en"
    monkeypatch.setenv(i18n.ENV, "de_DE.UTF-8")
    assert i18n.language() == "de" and i18n.language("de") == "de"
    with pytest.raises(museion.OptionError, match="language 'fr' is not supported; allowed: en, de, es"):
        i18n.language("fr")


@pytest.mark.parametrize(("game", "labels"), [("imhotep", ["Negro", "Blanco", "Marrón", "Gris"]),
                                              ("pergamon", ["Rojo", "Azul", "Verde", "Amarillo"])])
def test_start_player_choices_name_the_seats_as_the_table_does(game, labels):
    """Issue 13: the start-player choices read "asiento 0" while the table names seats by colour."""
    game_class = type(museion.load(game))
    choices = next(o["choices"] for o in game_class.option_info("es") if o["name"] == "start_player")
    assert [c["label"] for c in choices] == [*labels, "al azar"]
    state = museion.load(game, players=4).new_initial_state()
    assert [state.game.seat_label(p, "es") for p in range(4)] == labels
