"""The games: one sub-package per game, each registering itself when imported (see ``core.registry``).

List them with ``museion.available_games()``; load one with ``museion.load(name)``.
"""
