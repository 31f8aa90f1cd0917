"""Words as players say them (issue 25): bots by their level's word, whole numbers without ".0", Pergamon's finds by
the half-objects on them, the stones of a Tholos column counted in words, and table news naming seats and bots in
the page's language."""

from __future__ import annotations

import random
import re

import pytest

import museion
from museion.core import i18n
from museion.core.explain import explainer

FIND_CODE = re.compile(r"[VJBM]\|\d\.\d\d\|[VJBM]")


def _play(game: str, seed: int, players: int = 2):  # noqa: ANN202 - yields (state, action) along a random game
    state = museion.load(game, players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice([a for a, _p in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        yield state, action
        state.apply_action(action)
    yield state, None


def test_bots_are_named_by_their_level_in_both_languages():
    assert i18n.bot_name("bot:easy", "es") == "bot fácil" and i18n.bot_name("expert", "es") == "bot experto"
    assert i18n.bot_name("expert", "en") == "expert bot"
    assert i18n.bot_name("mcts:sims=5", "es") == "bot mcts:sims=5"  # a spec that is no level stays as written


def test_whole_numbers_read_without_decimals():
    assert i18n.text("tholos.b.player_score", "es", who="Blanco", points=1.0, columns=2).count("1.0") == 0
    assert i18n.text("pergamon.payout", "en", ["Ana"], player=0, coins=1.0) == "Ana takes 1 coin."
    assert i18n.text("pergamon.payout", "en", ["Ana"], player=0, coins=2.5) == "Ana takes 2.5 coins."


def test_pergamon_names_finds_by_their_half_objects():
    said = {"en": [], "es": []}
    for state, action in _play("pergamon", 3):
        if action is None:
            break
        for lang in said:
            said[lang].append(explainer(state.game).describe(state, action, lang, None, ["Ana", "Ben"]))
    es, en = "\n".join(said["es"]), "\n".join(said["en"])
    assert not FIND_CODE.search(es) and not FIND_CODE.search(en)
    assert re.search(r"Empezar una colección con el hallazgo \d\.\d\d \(medi[oa] \w+, medi[oa] \w+\)", es)
    assert re.search(r"Find \d\.\d\d \(half a \w+, half a \w+\) laid out", en)


def test_tholos_columns_count_their_stones_in_words():
    state = [s for s, _action in _play("tholos", 5)][-1]
    for lang, words in (("es", r"\d+ blancas?, \d+ negras?, \d+ gris(es)?"), ("en", r"\d+ white, \d+ black")):
        details = [p.to_json(lang, ["Ana", "Ben"])["detail"] for p in explainer(state.game).score_breakdown(state)]
        assert all(re.match(words, d) and not re.search(r"\b[WBG]\b", d) for d in details), details


def test_table_news_names_seats_and_bots_in_the_page_language():
    pytest.importorskip("sqlalchemy")  # the server's extra
    from museion.server.seats import display_names, notices_json
    from museion.server.storage import SeatRow, TableRow

    seats = [SeatRow(0, "human", name="Ana"), SeatRow(1, "human", standin="easy")]
    row = TableRow("t", "tholos", {}, "running", 0.0, seats,
                   notices=[{"key": "notice.timeout_bot", "args": {"player": 1, "bot": "easy"}, "after": 3}])
    names = display_names(seats, "es", ["white", "black"])
    assert [n["text"] for n in notices_json(row, "es", names)] == [
        "Jugador 2 (negro) se ha quedado sin tiempo: el bot fácil juega el asiento hasta que vuelva."]
