"""The terminal's boards speak the player's language: each game's ``render_text`` labels its table through the
catalogue (``<game>.b.*`` texts), so a board drawn in Spanish mid-game and at the end shows no English label
(letters, codes and notation such as ``P8(4,V)``, ``V|4.63|J`` aside). Imhotep's cards and sites are named in
words as the web table names them, not by code."""

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


def _english_words(game: str) -> set[str]:
    """Words of the English board texts that none of the game's or the interface's Spanish texts uses."""
    def words(lang: str, prefix: str) -> set[str]:
        found: set[str] = set()
        for key in i18n.keys():
            if key.startswith(prefix):
                template = re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang) or "")
                found |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", template)}
        return found

    spanish = words("es", f"{game}.") | words("es", "colour.")
    return words("en", f"{game}.b.") - spanish


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


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_a_spanish_board_has_no_english_label(game: str, options: dict) -> None:
    render = entry(game).render_text  # loads the game and its texts
    english = _english_words(game)
    assert len(english) > 5, english  # the check has words to look for
    for seed in range(3):
        rng = random.Random(seed)
        state = load(game, **options).new_initial_state()
        for steps in (40, 10_000):  # mid-game, then to the end
            state = _play(state, steps, rng)
            for seat in (None, 0):
                board = render(state, seat, lang="es")
                words = set(re.findall(r"[A-Za-z_]{3,}", board))
                seen = {w.lower() for w in words} & english
                assert not seen, f"{game} {options} seed {seed}: English {sorted(seen)} in\n{board}"
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
