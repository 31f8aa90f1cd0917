"""Bots for every museion game, all built on the game contract only."""

from museion.bots.base import BOTS, Bot, RandomBot, bot_names, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "bot_names", "make_bot"]
