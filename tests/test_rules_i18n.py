"""The rules summaries speak the player's language: each game's Spanish and German summary names the same rule IDs
in the same order as the English one (so a rule is never dropped or moved in translation), ``museion rules GAME
--spec --lang es`` and ``MUSEION_LANG=es`` print it (plain ``museion rules GAME`` prints the rules for players:
tests/core/test_lesson.py), and its dynamic part (Pergamon's tables in use) is in the reader's language too."""

from __future__ import annotations

import re

import pytest

from museion.cli import main
from museion.core.registry import available_games, descriptor, entry

RULE_ID = re.compile(r"\b(?:THO|IMH|PER)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
"""A rule ID as the specs write it (THO-ORN-SETUP-1, IMH-CARD-BLUE-LEVER, PER-EXH-1)."""
SPEC_GAMES = [game for game in available_games() if descriptor(game).package == f"museion.games.{game}"]
"""museion's own games, written from rules specs with rule IDs (an installed game, like the example of
docs/adding-a-game.md, has a summary without them)."""


def _ids(text: str) -> list[str]:
    return RULE_ID.findall(text)


@pytest.mark.parametrize(("game", "lang"), [(game, lang) for game in SPEC_GAMES for lang in ("es", "de")])
def test_each_translated_summary_names_the_same_rule_ids_in_the_same_order(game, lang):
    english, translated = entry(game).summary("en"), entry(game).summary(lang)
    assert len(_ids(english)) > 20
    assert _ids(translated) == _ids(english)
    assert translated != english


@pytest.mark.parametrize(("game", "spanish", "english"), [
    ("tholos", ["PREPARACIÓN", "cantera", "taller", "localización", "acción adicional de templo", "tablas"],
     ["SET-UP", "quarry", "workshop"]),
    ("imhotep", ["PREPARACIÓN", "trineo", "cámara funeraria", "carta de ronda", "Palanca", "Ira del faraón"],
     ["SET-UP", "sled", "burial chamber"]),
    ("pergamon", ["Preparación", "hallazgos", "saqueador de tumbas", "entradas del museo", "Tablas en uso",
                  "franjas del museo:", "reconstrucción de museion"],
     ["Setup", "tomb raider", "Tables in use", "museum bands:"]),
])
def test_museion_rules_prints_the_summary_in_spanish(game, spanish, english, capsys, monkeypatch):
    """``--lang es`` and ``MUSEION_LANG=es`` both print the Spanish summary (glossary words, notation kept); no
    line says the summary is English only."""
    assert main(["rules", game, "--spec", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert all(word in out for word in spanish), [w for w in spanish if w not in out]
    assert not any(word in out for word in english), [w for w in english if w in out]
    summary = _ids(entry(game).summary("es"))
    assert "inglés" not in out and _ids(out)[-len(summary):] == summary
    monkeypatch.setenv("MUSEION_LANG", "es")
    assert main(["rules", game, "--spec"]) == 0
    assert capsys.readouterr().out == out
    monkeypatch.delenv("MUSEION_LANG")
    assert main(["rules", game, "--spec"]) == 0
    out = capsys.readouterr().out
    assert all(word in out for word in english)


@pytest.mark.parametrize(("game", "german", "english"), [
    ("tholos", ["SPIELAUFBAU", "Steinbruch", "Werkstatt", "Platz", "Zusatzaktion", "unentschieden"],
     ["SET-UP", "quarry", "workshop"]),
    ("imhotep", ["SPIELAUFBAU", "Schlitten", "Grabkammer", "Rundenkarte", "HEBEL", "Zorn des Pharaos"],
     ["SET-UP", "sled", "burial chamber"]),
    ("pergamon", ["Spielaufbau", "Fundstücke", "Grabräuber", "Ruhmespunkte", "Benutzte Tabellen",
                  "Museumsbereiche:", "Rekonstruktion von museion"],
     ["Setup", "tomb raider", "Tables in use", "museum bands:"]),
])
def test_the_german_summary_uses_the_german_editions_words(game, german, english):
    """The German summary (what ``museion rules GAME --spec --lang de`` prints) uses the German editions' words and
    keeps the notation; Pergamon's tables in use are named in German too."""
    out = entry(game).summary("de")
    assert all(word in out for word in german), [w for w in german if w not in out]
    assert not any(word in out for word in english), [w for w in english if w in out]


def test_the_tholos_summary_speaks_to_the_reader_as_tu():
    spanish = entry("tholos").summary("es")
    assert "tu taller" in spanish and "Siempre puedes renunciar" in spanish and "usted" not in spanish
