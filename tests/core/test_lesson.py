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


def _both(message: i18n.Message) -> dict[str, str]:
    """The text is a registered message of the catalogues, every language has it, and each translation differs from
    the English (none was left untranslated); the text in each language."""
    assert i18n.has(message.key) and message.key.split(".")[1] in {"lesson", "guide"}
    texts = {lang: lesson.say(message, lang) for lang in i18n.LANGUAGES}
    assert set(i18n.LANGUAGES) >= {"en", "es", "de"} and all(text.strip() for text in texts.values())
    assert all(texts[lang] != texts["en"] for lang in i18n.LANGUAGES if lang != "en")
    return texts


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_tutorial_replays_on_the_engine(game):
    script = lesson.tutorial(game)
    steps = list(lesson.replay(game, script))
    assert len(steps) == len(script["steps"]) >= 8
    moves = [action for _step, _state, action in steps if action is not None]
    assert len(moves) >= 5, "a tutorial is played, not only read"
    for step, state, action in steps:
        assert len(_both(step["say"])["en"]) < 700, "short texts"
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
        assert not RULE_ID.search("".join(_both(section["text"]).values())), "no rule IDs for players"
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


def test_the_web_clients_catalogue_leaves_out_the_long_texts_their_own_routes_serve():
    """``GET /api/texts`` (``i18n.for_client``) carries no tutorial, guide or rules summary text (the lesson and
    rules routes serve them said), but the core's ``web.guide.*`` words and the games' other texts."""
    import museion.server.web_texts  # noqa: F401 - registers the core's web.guide.* words

    served = set(i18n.for_client("de")["texts"])
    long = [key for key in i18n.keys() if key.split(".")[1] in i18n.LONG and not key.startswith("web.")]
    assert len(long) > 100 and not served & set(long)
    assert {"web.guide.title", "tholos.description", "pergamon.tables.tiles"} <= served
