"""Refused REST requests say what was wrong and what is allowed in the player's language: each error carries a
stable ``reason`` ({key, args} of the texts catalogue, GET /api/texts) besides its English message, and the reason
said in English, Spanish or German keeps the precise content (the option, the value refused, what is allowed)."""

from __future__ import annotations

import pytest

from museion.core import i18n
from museion.core.errors import OptionError
from museion.core.registry import load
from museion.server import web_texts
from museion.server.testing import http

CASES = [  # (game, options, what the Spanish text must say)
    ("pergamon", {"players": 7}, ["«players»", "7", "un número entero de 2 a 4"]),
    ("pergamon", {"players": 2, "start_player": 3}, ["«start_player»", "3", "un asiento de 0 a 1"]),
    ("pergamon", {"storage_fee": "weekly"}, ['"weekly"', '"started_group", "full_group"']),
    ("pergamon", {"open_scores": "yes"}, ['"yes"', "true o false"]),
    ("tholos", {"ornaments": 3}, ["«ornaments»", "sin el modo avanzado"]),
    ("tholos", {"advanced": True, "ornaments": "9@C"}, ["9@C", "losetas de ornamentación numeradas del 1 al 7"]),
    ("tholos", {"advanced": True, "ornaments": 4, "ornament_locations": "AB"},
     ["AB", "al menos 4 localizaciones para 4 ornamentaciones"]),
    ("tholos", {"players": 3}, ["3", "Tholos es para exactamente 2 jugadores"]),
    ("imhotep", {"players": 2, "start_player": "purple"}, ['"purple"', "Negro, Blanco, Marrón, Gris"]),
    ("imhotep", {"colour": "red"}, ["opción desconocida colour", "wrath"]),
]


def _say(reason: dict, lang: str) -> str:
    """A reason as the client says it (the same catalogue; nested reasons first)."""
    assert web_texts.PAGES  # the web.code.* texts are registered
    return i18n.say(reason, lang)


@pytest.mark.parametrize(("game", "options", "spanish"), CASES)
def test_option_errors_have_a_reason_in_both_languages(game, options, spanish):
    with pytest.raises(OptionError) as caught:
        load(game, **options)
    reason = caught.value.reason
    assert reason is not None, str(caught.value)
    es, en = _say(reason, "es"), _say(reason, "en")
    assert all(part in es for part in spanish), (es, spanish)
    assert es != en and "allowed" in en and "allowed" not in es
    de = _say(reason, "de")  # German too: neither the English nor the Spanish words
    assert de not in (en, es) and "allowed" not in de and "opción" not in de, de
    assert "{'" not in es + en and "got '" not in en  # values as a player writes them, not Python's notation


@pytest.mark.parametrize(("value", "text"), [
    ({"C": 9, "E": 1}, "9@C,1@E"), ("9@C", "9@C"), ("4@Z", "4@Z"), (8, "8"), ("many", '"many"'), (True, '"true"')])
def test_a_refused_placement_is_shown_in_the_games_notation(value, text):
    """Tholos' ornament placements are said as the option is written (``ornament@location``) whether they came as
    text or as a mapping; other values as written (text in quotes, true/false), in both languages."""
    with pytest.raises(OptionError) as caught:
        load("tholos", advanced=True, ornaments=value if value is not True else "true")
    reason = caught.value.reason
    for lang, after in (("en", ";"), ("es", ";"), ("de", " ist nicht erlaubt;")):
        assert f" {text}{after}" in _say(reason, lang), (_say(reason, lang), text)


@pytest.mark.parametrize(("game", "options", "spanish"), CASES[:3] + CASES[5:6])
def test_rest_errors_carry_the_reason(server, game, options, spanish):
    """Creating a table and checking options answer the code, the English message and the reason."""
    for path, body in ((f"/api/games/{game}/check", {"options": options}),
                       ("/api/tables", {"game": game, "options": options, "seats": ["human"] * 2})):
        status, data = http("POST", server.url + path, body)
        assert status == 400 and data["error"] == "bad_options", data
        assert data["message"].startswith("option") or data["message"].startswith("unknown")
        assert all(part in _say(data["reason"], "es") for part in spanish)
        assert "allowed" in _say(data["reason"], "en")


def test_a_taken_seat_says_which_seats_are_free(server):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "pergamon", "options": {"players": 3}, "seats": ["human"] * 3, "join": 0})
    assert status == 201, table
    status, data = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 0, "name": "Ben"})
    assert status == 409 and data["error"] == "seat_taken"
    assert data["reason"] == {"key": "web.code.seat_taken", "args": {"n": 1, "free": "2, 3"}}
    assert _say(data["reason"], "es") == "El asiento de Jugador 1 ya está ocupado; libres: los de los jugadores 2, 3."
    assert _say(data["reason"], "en") == "Player 1's seat is already taken; free: the seats of players 2, 3."
    assert _say(data["reason"], "de") == "Der Platz von Spieler 1 ist schon besetzt; frei: die Plätze der Spieler 2, 3."
    status, data = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 5})
    assert status == 409 and data["reason"] == {"key": "web.code.bad_seat", "args": {"count": 3}}
    status, data = http("POST", f"{server.url}/api/tables",
                        {"game": "tholos", "seats": ["human", "bot:easy"], "join": 1})
    assert status == 409 and data["reason"]["key"] == "web.code.seat_is_bot"
    assert "lo juega un bot (easy)" in _say(data["reason"], "es")
