"""Nim, museion's example game: a pile of stones, each player takes 1 or 2 in turn, whoever takes the last wins.

The descriptor is the whole registration: ``pyproject.toml`` names it as the entry point ``nim`` of the group
``museion.games``, and it names the rest of this folder. See museion's ``docs/adding-a-game.md``.
"""

from museion.core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="nim",
    package=__name__,
    game=f"{__name__}.game:NimGame",
    render_text=f"{__name__}.render:render_text",
    rules=f"{__name__}.rules:SUMMARY",
    texts=(f"{__name__}.text:TEXTS", f"{__name__}.rules:SUMMARY"),
    observer=f"{__name__}.view",
    events=f"{__name__}.events:events",
    targets=f"{__name__}.targets",
    board="web/board.js",
)
