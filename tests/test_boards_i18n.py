"""The terminal's boards speak the player's language: each game's ``render_text`` labels its table through the
catalogue (``<game>.b.*`` texts), so a board drawn in Spanish or German mid-game and at the end shows no English
label and no bare key (letters, codes and notation such as ``P8(4,V)``, ``V|4.63|J`` aside). Imhotep's cards and
sites are named in words as the web table names them, not by code."""

from __future__ import annotations

import random
import re

import pytest

from museion.core import i18n
from museion.core.game import State
from museion.core.registry import entry, load
from museion.games.imhotep.data import CARD_CODES, SITE_CODES

CONFIGS = [("tholos", {}), ("tholos", {"advanced": True}), ("imhotep", {"players": 3, "wrath": True}),
           ("pergamon", {"players": 2}), ("pergamon", {"players": 4})]


def _english_words(game: str, lang: str) -> set[str]:
    """Words of the English board texts that none of the game's or the interface's texts in ``lang`` uses."""
    def words(lang: str, prefix: str) -> set[str]:
        found: set[str] = set()
        for key in i18n.keys():
            if key.startswith(prefix):
                template = re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang) or "")
                found |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", template)}
        return found

    translated = words(lang, f"{game}.") | words(lang, "colour.")
    return words("en", f"{game}.b.") - translated


def _play(state: State, steps: int, rng: random.Random) -> State:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "options", "lang"),
                         [(game, options, "es") for game, options in CONFIGS] + [("tholos", {"advanced": True}, "de"),
                                                                                ("imhotep", {"players": 4}, "de"),
                                                                                ("pergamon", {"players": 2}, "de")])
def test_a_translated_board_has_no_english_label(game: str, options: dict, lang: str) -> None:
    render = entry(game).render_text  # loads the game and its texts
    english = _english_words(game, lang)
    assert len(english) > 5, english  # the check has words to look for
    for seed in range(3 if lang == "es" else 1):
        rng = random.Random(seed)
        state = load(game, **options).new_initial_state()
        for steps in (40, 10_000):  # mid-game, then to the end
            state = _play(state, steps, rng)
            for seat in (None, 0):
                board = render(state, seat, lang=lang)
                words = set(re.findall(r"[A-Za-z_]{3,}", board))
                seen = {w.lower() for w in words} & english
                assert not seen, f"{game} {options} seed {seed}: English {sorted(seen)} in\n{board}"
                assert f"{game}." not in board, f"a bare key in\n{board}"
                assert render(state, seat, lang="en") != board
        assert state.is_terminal()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_imhotep_names_cards_and_sites_in_words(lang: str) -> None:
    """The market, the discard pile, the hands and the free sites say the web table's short names in the session's
    language ("Dec.: cámara", "Pirámide"), never a code ("DECO_BUR", "MKT")."""
    render = entry("imhotep").render_text
    codes = re.compile(r"\b(?:{})\b".format("|".join(CARD_CODES + SITE_CODES)))
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = load("imhotep", players=3).new_initial_state()
        for _ in range(12):
            state = _play(state, 15, rng)
            board = render(state, 0, lang=lang)
            assert not codes.search(board), board
            market = board.split(i18n.text("imhotep.b.market", lang))[1].split("\n")[0]
            seen |= {name.strip() for name in market.split("·")}
    names = {i18n.text(f"web.imhotep.card_short.{code}", lang) for code in CARD_CODES}
    assert seen & names and seen <= names | {i18n.text("imhotep.b.empty", lang)}, seen
