"""The text catalogue (museion.core.i18n): every key in every language, and how texts are filled in."""

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


def test_every_key_exists_in_every_language():
    _load_every_game()
    assert i18n.keys(), "no texts registered"
    assert i18n.missing() == []


def test_missing_languages_are_reported():
    i18n.register({"test.only_english": {"en": "only English"}})
    try:
        assert i18n.missing() == ["test.only_english: es"]
        assert i18n.text("test.only_english", "es") == "only English"  # falls back to English, visibly
    finally:
        i18n._CATALOGUE.pop("test.only_english")


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


def test_terms_names_plurals_and_the_reader():
    i18n.register({
        "test.drawn": {"en": "{player!p} draws a {back!t} card worth {coins:coin|coins}.",
                       "es": "{player!p} roba una carta {back!t} de {coins:moneda|monedas}."},
        "test.drawn.you": {"en": "You draw a {back!t} card.", "es": "Robas una carta {back!t}."},
        "test.bag": {"en": "bag", "es": "bolsa"},
    })
    try:
        assert i18n.text("test.drawn", "en", player=1, back="bag", coins=1) == "seat 1 draws a bag card worth 1 coin."
        assert i18n.text("test.drawn", "es", ["Ana", "Bea"], player=1, back="bag", coins=3) == \
            "Bea roba una carta bolsa de 3 monedas."
        assert i18n.text("test.drawn", "en", player=0, back="chest", coins=0) == \
            "seat 0 draws a chest card worth 0 coins."  # an unknown term is shown as it is
        event = Event("test.drawn", {"player": 1, "back": "bag", "coins": 2}, audience=(1,))
        assert event.text("es", observer=1) == "Robas una carta bolsa."
        assert event.text("es", observer=0) == "asiento 1 roba una carta bolsa de 2 monedas."
        assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    finally:
        for key in ("test.drawn", "test.drawn.you", "test.bag"):
            i18n._CATALOGUE.pop(key)
    assert i18n.text("no.such.key", "es") == "no.such.key"


def test_language_choice(monkeypatch):
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert i18n.language() == "en"
    monkeypatch.setenv(i18n.ENV, "es_ES.UTF-8")
    assert i18n.language() == "es"
    assert i18n.language("en") == "en"
    monkeypatch.setenv(i18n.ENV, "klingon")
    assert i18n.language() == "en"
    with pytest.raises(museion.OptionError, match="language 'fr' is not supported; allowed: en, es"):
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
