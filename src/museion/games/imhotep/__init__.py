"""Imhotep (2-4 players, A sides). ``museion.load("imhotep", players=3, wrath=True)``."""

from museion.core import i18n
from museion.core.registry import register
from museion.games.imhotep.render import render_text
from museion.games.imhotep.rules import RULES
from museion.games.imhotep.state import ImhotepGame, ImhotepState
from museion.games.imhotep.text import TEXTS

register(ImhotepGame, render_text, RULES)
i18n.register(TEXTS)

__all__ = ["ImhotepGame", "ImhotepState"]
