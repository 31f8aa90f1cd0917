"""Each game's tutorial and rules for players replay on the engine: every scripted move (the learner's, the
opponent's replies, the chance outcomes) is legal where it is played, the learner's moves are the learner's to make,
and every text exists in every language (English, Spanish, German). ``museion rules GAME`` prints the rules for
players, ``--spec`` the specification with its rule IDs."""

from __future__ import annotations

import re

import pytest

from museion.cli import main
from museion.core import i18n, lesson
from museion.core.descriptor import descriptors
from museion.core.errors import IllegalActionError

TUTORIALS = [name for name, found in descriptors().items() if found.tutorial]
GUIDES = [name for name, found in descriptors().items() if found.guide]
RULE_ID = re.compile(r"\b(?:THO|IMH|PER)-[A-Z]+")


def test_every_game_of_museion_has_a_tutorial_and_rules_for_players():
    assert {"tholos", "imhotep", "pergamon"} <= set(TUTORIALS) & set(GUIDES)


def _both(texts) -> None:  # noqa: ANN001
    """Every language has the text, and each translation differs from the English (none was left untranslated)."""
    assert set(texts) == set(i18n.LANGUAGES) and all(texts[lang].strip() for lang in i18n.LANGUAGES)
    assert all(texts[lang] != texts["en"] for lang in i18n.LANGUAGES if lang != "en")


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_tutorial_replays_on_the_engine(game):
    script = lesson.tutorial(game)
    steps = list(lesson.replay(game, script))
    assert len(steps) == len(script["steps"]) >= 8
    moves = [action for _step, _state, action in steps if action is not None]
    assert len(moves) >= 5, "a tutorial is played, not only read"
    for step, state, action in steps:
        _both(step["say"])
        assert len(step["say"]["en"]) < 700, "short texts"
        if action is not None:
            assert state.current_player() == script.get("seat", 0)
            assert action in state.legal_actions()
    last, state, action = steps[-1]
    assert action is None and not state.is_terminal(), "it ends with a text, before the game against the bot"


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_wrong_scripted_move_is_refused_by_the_engine(game):
    script = dict(lesson.tutorial(game))
    broken = [dict(step) for step in script["steps"]]
    first = next(i for i, step in enumerate(broken) if step.get("do"))
    broken[first]["do"] = "no such move"
    with pytest.raises(IllegalActionError):
        list(lesson.replay(game, {**script, "steps": broken}))


@pytest.mark.parametrize("game", GUIDES)
def test_the_rules_for_players_have_pictures_drawn_from_legal_positions(game):
    sections = lesson.guide(game)
    pictures = [s["picture"] for s in sections if "picture" in s]
    assert len(sections) >= 4 and len(pictures) >= 2
    for section in sections:
        _both(section["title"])
        _both(section["text"])
        assert not RULE_ID.search("".join(section["text"].values())), "no rule IDs for players"
    for picture in pictures:
        _both(picture["caption"])
        assert picture["mark"]
        lesson.position(game, picture.get("options", {}), picture.get("setup", ()))


@pytest.mark.parametrize("game", GUIDES)
def test_museion_rules_prints_the_rules_for_players_and_spec_the_specification(game, capsys):
    assert main(["rules", game, "--lang", "es"]) == 0
    players = capsys.readouterr().out
    assert lesson.say(lesson.guide(game)[0]["title"], "es").upper() in players and not RULE_ID.search(players)
    assert main(["rules", game, "--spec"]) == 0
    assert RULE_ID.search(capsys.readouterr().out)
