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
    from museion.server.storage.rows import SeatRow, TableRow
    from museion.server.table.seats import display_names, notices_json

    seats = [SeatRow(0, "human", name="Ana"), SeatRow(1, "human", standin="easy")]
    row = TableRow("t", "tholos", {}, "running", 0.0, seats,
                   notices=[{"key": "notice.timeout_bot", "args": {"player": 1, "bot": "easy"}, "after": 3}])
    names = display_names(seats, "es", ["white", "black"])
    assert [n["text"] for n in notices_json(row, "es", names)] == [
        "Jugador 2 (negro) se ha quedado sin tiempo: el bot fácil juega el asiento hasta que vuelva."]


def test_spanish_contracts_a_el_to_al_before_a_term():
    """Issue 40: "a el mercado" is "al mercado" (every Imhotep site and move that names one); names stay as given."""
    said = [i18n.text("imhotep.m.sail", "es", ship=1, n=3, site="market"),
            i18n.text("imhotep.r.ship_gone", "es", ship=1, site="temple"),
            i18n.text("imhotep.m.sail", "es", ship=2, n=2, site="pyramid")]
    assert said == ["Navegar con el barco 1 (3 piedras) al mercado", "el barco 1 ya navegó al templo",
                    "Navegar con el barco 2 (2 piedras) a la pirámide"]
    assert i18n.text("imhotep.red_card", "es", ["Ana"], player=0, card="CHISEL", site="market").endswith(
        " va al mercado.")
    assert i18n.text("imhotep.red_card.you", "es", player=0, card="CHISEL", site="market").endswith(" va al mercado.")
    assert i18n.text("ui.plays", "es", ["El Greco"], player=0, move="x") == "El Greco juega x"


def test_pergamon_tells_the_moves_of_others_in_the_third_person():
    """Issue 40: the log said a bot's move as "Poner tu figura...": the mover reads "tu", everybody else "su"."""
    from museion.core.observe import observe_step

    for state, action in _play("pergamon", 3):
        if action is not None and not state.is_chance_node() and state.stage == 3:
            break
    else:
        raise AssertionError("no research space was chosen")
    step = observe_step(state, action)
    mover = state.current_player()
    other = 1 - mover
    assert step.words(mover, "es").startswith("Poner tu figura")
    assert step.words(other, "es").startswith("Poner su figura")
    assert step.words(None, "en").startswith("Put their figure")
    assert explainer(state.game).describe(state, action, "en", mover).startswith("Put your figure")
