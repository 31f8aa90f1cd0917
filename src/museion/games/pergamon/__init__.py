"""Pergamon (Dorra & zur Linde, 2011): 2-4 archaeologists dig finds and exhibit them in the museum."""

from museion.core import i18n
from museion.core.registry import register
from museion.games.pergamon.render import render_text
from museion.games.pergamon.rules import RULES, rules_text
from museion.games.pergamon.state import PergamonGame, PergamonState
from museion.games.pergamon.text import TEXTS

i18n.register(TEXTS)

register(PergamonGame, render_text, rules_text)

__all__ = ["PergamonGame", "PergamonState", "RULES", "render_text"]
