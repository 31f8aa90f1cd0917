"""The engine explains (issue 13): every action of random positions of every game described in both languages,
every illegal action explained, score breakdowns that add up, option metadata (what a move touches on the board:
tests/core/test_targets.py)."""

from __future__ import annotations

import random
import re

import pytest

import museion
from museion.core import i18n
from museion.core.errors import IllegalActionError
from museion.core.explain import PLAIN, Explainer, explainer
from museion.core.game import ScorePart, State

CONFIGS = [("tholos", {}), ("tholos", {"advanced": True}), ("imhotep", {"players": 2}),
           ("imhotep", {"players": 4, "wrath": True}), ("pergamon", {"players": 2}), ("pergamon", {"players": 3})]
RAW_KEY = re.compile(r"\b(tholos|imhotep|pergamon|ui|option|colour)\.[a-z_]+")


def _clean(text: str) -> None:
    assert text and text.strip(), "empty text"
    assert "{" not in text and "}" not in text, text
    assert not RAW_KEY.search(text), text


def _positions(name: str, options: dict, games: int, seed: int):
    """Every position of a few random games (a copy each), with the rng that plays on."""
    game = museion.load(name, **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal))
        yield state


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_every_action_is_described_and_every_illegal_one_explained(name, options):
    game = museion.load(name, **options)
    rng = random.Random(13)
    checked = explained = 0
    for state in _positions(name, options, 2, 13):
        if state.is_terminal():
            for lang in i18n.LANGUAGES:
                _clean(explainer(state.game).explain_illegal(state, 0, lang))
            continue
        legal = state.legal_actions()
        player = state.current_player()
        for action in legal:
            for lang in i18n.LANGUAGES:
                _clean(explainer(state.game).describe(state, action, lang, player if player >= 0 else None))
            checked += 1
        if player >= 0:
            others = [a for a in range(game.num_distinct_actions()) if a not in legal]
            for action in rng.sample(others, min(8, len(others))):
                for lang in i18n.LANGUAGES:
                    reason = explainer(state.game).explain_illegal(state, action, lang)
                    _clean(reason)
                explained += 1
    assert checked > 100 and explained > 50


def test_reasons_name_the_rule():
    """The issue's examples: a ship below its minimum, a take beyond the workshop, a gallery beyond the coins."""

    def why(state, move, lang="en"):
        return explainer(state.game).explain_illegal(state, move, lang)

    tholos = museion.load("tholos").new_initial_state()
    assert why(tholos, "T2W") == "only 1 free space in your workshop"
    assert why(tholos, "T2W", "es") == "solo 1 espacio libre en tu taller"
    assert why(tholos, "T2W", "de") == "nur 1 freies Feld in deiner Werkstatt"
    assert "no action of this game has id 999" in why(tholos, 999)
    imhotep = museion.load("imhotep").new_initial_state()
    rng = random.Random(1)
    while imhotep.is_chance_node():
        imhotep.apply_action(imhotep.sample_chance(rng))
    assert re.fullmatch(r"ship 1 needs at least \d stones? to sail; it has 0", why(imhotep, "V1>PYR"))
    assert "el barco 1 necesita al menos" in why(imhotep, "V1>PYR", "es")
    assert re.fullmatch(r"Schiff 1 braucht mindestens \d Steine? zum Segeln; es hat 0", why(imhotep, "V1>PYR", "de"))
    pergamon = museion.load("pergamon").new_initial_state()
    while pergamon.is_chance_node():
        pergamon.apply_action(pergamon.sample_chance(rng))
    assert why(pergamon, "dig 4") == why(pergamon, "dig IV")
    assert "research space" in why(pergamon, "dig 4")


def test_dig_4_and_dig_iv_are_the_same_move():
    for state in _positions("pergamon", {}, 3, 5):
        notations = [state.action_to_string(a) for a in state.legal_actions()] if not state.is_chance_node() else []
        digs = [n for n in notations if n.startswith("dig ")]
        if digs:
            roman = digs[-1].split()[1]
            arabic = str(("I", "II", "III", "IV", "V").index(roman) + 1)
            assert state.string_to_action(f"dig {arabic}") == state.string_to_action(digs[-1])
            return
    pytest.fail("no position with a dig move")


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_breakdowns_add_up_to_the_scores(name, options):
    """On many random games the parts of every seat add up to its final score (and during play, Tholos and
    Imhotep's parts add up to the score now)."""
    game = museion.load(name, **options)
    rng = random.Random(7)
    for _ in range(12 if name != "pergamon" else 6):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        parts = explainer(state.game).score_breakdown(state)
        assert parts and all(isinstance(p, ScorePart) for p in parts)
        for seat, score in enumerate(state.scores()):
            assert sum(p.values[seat] for p in parts) == pytest.approx(score), (seat, parts)
        for row in (p.to_json(lang) for p in parts for lang in i18n.LANGUAGES):
            _clean(row["label"])
            if row["detail"]:
                _clean(row["detail"])


def test_pergamon_breakdown_hides_other_seats_vp_while_the_game_runs():
    state = museion.load("pergamon").new_initial_state()
    rng = random.Random(3)
    while state.turn < 6:
        state.apply_action(rng.choice(state.legal_actions()))
    for observer in (0, 1):
        for part in explainer(state.game).score_breakdown(state, observer):
            assert part.values[1 - observer] is None and part.values[observer] is not None
    assert all(v is None for part in explainer(state.game).score_breakdown(state, None) for v in part.values)
    opened = museion.load("pergamon", open_scores=True).state_from_history(state.history())
    assert all(v is not None for part in explainer(opened.game).score_breakdown(opened, 0) for v in part.values)


@pytest.mark.parametrize("name", museion.available_games())
def test_option_metadata_in_both_languages(name):
    cls = museion.load(name).__class__
    for lang in i18n.LANGUAGES:
        _clean(cls.description(lang))
        infos = cls.option_info(lang)
        assert [o["name"] for o in infos] == list(cls.OPTIONS)
        for info in infos:
            assert info["kind"] in {"bool", "int", "float", "choice", "seat", "text", "placement", "file"}
            _clean(info["label"])
            _clean(info["help"])
            assert info["label"] != info["name"], f"{name}.{info['name']} has no label"
            for choice in info["choices"] or []:
                _clean(choice["label"])
    english = {o["name"]: o["label"] for o in cls.option_info("en")}
    spanish = {o["name"]: o["label"] for o in cls.option_info("es")}
    assert english != spanish


def test_the_state_does_not_present_itself():
    """Presentation is the explainer's (core/explain.py); the state keeps the rules and the notation only."""
    for method in ("describe", "highlights", "targets", "legend", "score_breakdown", "illegal_reason", "parse_any",
                   "explain_illegal", "move_event", "_explainer"):
        assert not hasattr(State, method), method
    for name in museion.available_games():
        state = museion.load(name).new_initial_state()
        found = explainer(state.game)
        if name == "nim":  # the example game has no explainer of its own (next test)
            continue
        assert isinstance(found, Explainer) and found is not PLAIN, name


def test_a_game_without_an_explainer_gets_the_defaults():
    """The example game Nim (examples/nim) names no explainer: moves are told by their notation, the score is one
    part."""
    state = museion.load("nim", pile=4).new_initial_state()
    words = explainer(state.game)
    assert words is PLAIN
    assert words.describe(state, 2) == state.action_to_string(2)
    assert words.legend(state) == []
    assert [part.key for part in words.score_breakdown(state)] == ["ui.total"]
    assert words.explain_illegal(state, 0) == f"{state.any_action_to_string(0)} is not a legal move here"
    assert words.explain_illegal(state, 3) == "no action of this game has id 3 (ids are 0-2)"
    with pytest.raises(IllegalActionError, match="no move of this game is written so; legal: 1, 2"):
        state.string_to_action("9")
