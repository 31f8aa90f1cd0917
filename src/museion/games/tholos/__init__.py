"""Tholos (2 players): build and win the temple's columns. ``museion.load("tholos", advanced=True)``.

The descriptor below is all museion needs to find the game (pyproject.toml registers it as the entry point
``tholos`` of the group ``museion.games``); it names the rest of this folder by strings, so reading it imports none
of the game's modules.
"""

from museion.core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="tholos",
    package=__name__,
    game=f"{__name__}.state:TholosGame",
    render_text=f"{__name__}.render:render_text",
    rules=f"{__name__}.rules:SUMMARY",
    texts=(f"{__name__}.text:TEXTS", f"{__name__}.web_text:TEXTS", f"{__name__}.tutorial:TEXTS",
           f"{__name__}.guide:TEXTS", f"{__name__}.rules:SUMMARY"),
    observer=f"{__name__}.view",
    explainer=f"{__name__}.explain:EXPLAINER",
    targets=f"{__name__}.targets",
    evaluator=f"{__name__}.evaluate",
    events=f"{__name__}.events:events",
    board="web/board.js",
    models="models",
    bots="bots.json",
    compiled=("actions", "data", "evaluate", "events", "explain", "fields", "render",
              "scoring", "state", "state_base", "targets", "view"),
    fields="fields.py",
    tutorial=f"{__name__}.tutorial:TUTORIAL",
    guide=f"{__name__}.guide:GUIDE",
)
