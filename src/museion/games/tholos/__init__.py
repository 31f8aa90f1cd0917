"""Tholos (2 players): build and win the temple's columns. ``museion.load("tholos", advanced=True)``."""

from museion.core.registry import register
from museion.games.tholos.render import render_text
from museion.games.tholos.rules import RULES
from museion.games.tholos.state import TholosGame, TholosState, column_result

TholosGame.state_class = TholosState
register(TholosGame, render_text, RULES)

__all__ = ["TholosGame", "TholosState", "column_result"]
