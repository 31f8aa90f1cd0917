"""The games that come with museion: one sub-package per game, each with a descriptor that pyproject.toml registers
as an entry point of the group ``museion.games`` (see :mod:`museion.core.descriptor`; other packages add games the
same way, see docs/adding-a-game.md).

List them with ``museion.available_games()``; load one with ``museion.load(name)``.
"""
