"""Tholos (2 players): build and win the temple's columns. ``museion.load("tholos", advanced=True)``."""

from museion.core import i18n
from museion.core.registry import register
from museion.games.tholos.render import render_text
from museion.games.tholos.rules import RULES
from museion.games.tholos.scoring import column_result
from museion.games.tholos.state import TholosGame, TholosState
from museion.games.tholos.text import TEXTS

register(TholosGame, render_text, RULES)
i18n.register(TEXTS)

__all__ = ["TholosGame", "TholosState", "column_result"]
