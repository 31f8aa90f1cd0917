"""The tutorial and the rules for players over HTTP: served by game name in the asked language, computed once and then
read from memory (an anonymous request costs a dictionary read), and a precise 404 for a game without them."""

from __future__ import annotations

import pytest

from museion.server.lobby import lessons
from museion.server.testing import http


def test_the_catalogue_says_which_games_have_a_tutorial_and_rules(server):
    status, data = http("GET", f"{server.url}/api/games")
    assert status == 200
    flags = {g["name"]: (g["tutorial"], g["guide"]) for g in data["games"]}
    assert flags["tholos"] == flags["imhotep"] == flags["pergamon"] == (True, True)


def test_the_tutorial_is_served_step_by_step_in_each_language(server):
    status, en = http("GET", f"{server.url}/api/games/imhotep/tutorial")
    assert status == 200 and en["seat"] == 0 and en["bot"] == "easy" and en["names"] == ["Black", "White"]
    status, es = http("GET", f"{server.url}/api/games/imhotep/tutorial?lang=es")
    assert status == 200 and es["names"] == ["Negro", "Blanco"]
    assert [s["do"] for s in es["steps"]] == [s["do"] for s in en["steps"]]
    assert en["steps"][1]["do"] == "P3.1" and en["steps"][1]["view"]["viewer"] == 0
    assert es["steps"][0]["say"].startswith("¡Bienvenido a Imhotep!")


def test_each_tutorial_move_comes_with_the_board_keys_to_tap(server):
    """The keys a table's legal move has (the game's targets): the Tholos lesson's steps 4 and 7 take a grey stone
    of the quarry and a black stone of Black's workshop, as their texts say (issue 40 item 5: the board used to
    mark columns G and B); a step to read has none."""
    status, es = http("GET", f"{server.url}/api/games/tholos/tutorial?lang=es")
    assert status == 200
    steps = es["steps"]
    assert (steps[3]["do"], steps[3]["targets"]) == ("xD:G", ["quarry:G"]) and "cantera" in steps[3]["say"]
    assert (steps[6]["do"], steps[6]["targets"]) == ("xE:B", ["ws1:B"]) and "taller" in steps[6]["say"]
    assert all(bool(s["targets"]) == bool(s["do"]) for s in steps)


def test_the_rules_for_players_are_served_with_their_pictures(server):
    status, data = http("GET", f"{server.url}/api/games/pergamon/guide?lang=es")
    assert status == 200 and data["sections"][0]["title"] == "El objetivo"
    pictures = [s["picture"] for s in data["sections"] if s.get("picture")]
    assert pictures and all(p["view"]["galleries"] and p["mark"] for p in pictures)


@pytest.mark.parametrize("route", ["tutorial", "guide"])
def test_an_unknown_game_or_language_is_refused_precisely(server, route):
    status, data = http("GET", f"{server.url}/api/games/chess/{route}")
    assert status == 404 and data["error"] == "bad_game" and "chess" in data["message"]
    status, data = http("GET", f"{server.url}/api/games/tholos/{route}?lang=xx")
    assert status == 400 and data["error"] == "bad_language"


def test_a_lesson_is_computed_once_per_game_and_language():
    first = lessons.tutorial("tholos", "es")
    assert lessons.tutorial("tholos", "es") is first
    assert lessons.guide("tholos", "en") is lessons.guide("tholos", "en")
    with pytest.raises(Exception, match="no tutorial"):
        lessons.tutorial("nosuch", "en")


def test_a_lesson_that_does_not_replay_is_not_offered(monkeypatch):
    """At start the server computes every lesson; one that the engine refuses is logged and answered with a 404."""
    def broken(name, script):  # noqa: ANN001, ANN202
        if name == "imhotep":
            raise ValueError("not the learner's move")
        return real(name, script)
    real = lessons.lesson.replay
    monkeypatch.setattr(lessons.lesson, "replay", broken)
    lessons._tutorial.cache_clear()
    try:
        lessons.prepare()
        assert ("imhotep", "tutorial") in lessons._BROKEN and ("imhotep", "guide") not in lessons._BROKEN
        with pytest.raises(Exception, match="no tutorial for the game 'imhotep'"):
            lessons.tutorial("imhotep", "en")
        assert lessons.tutorial("tholos", "en")["steps"]
    finally:
        lessons._BROKEN.clear()
        lessons._tutorial.cache_clear()
