"""Pergamon (Dorra & zur Linde, 2011): 2-4 archaeologists dig finds and exhibit them in the museum.

The descriptor below is all museion needs to find the game (pyproject.toml registers it as the entry point
``pergamon`` of the group ``museion.games``); it names the rest of this folder by strings, so reading it imports none
of the game's modules.
"""

from museion.core.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    name="pergamon",
    package=__name__,
    game=f"{__name__}.state:PergamonGame",
    render_text=f"{__name__}.render:render_text",
    rules=f"{__name__}.rules:rules_text",
    texts=(f"{__name__}.text:TEXTS", f"{__name__}.web_text:TEXTS", f"{__name__}.tutorial:TEXTS",
           f"{__name__}.guide:TEXTS", f"{__name__}.rules:SUMMARY", f"{__name__}.tables:TEXTS"),
    observer=f"{__name__}.view",
    explainer=f"{__name__}.explain:EXPLAINER",
    targets=f"{__name__}.targets",
    evaluator=f"{__name__}.evaluate",
    events=f"{__name__}.events:events",
    board="web/board.js",
    models="models",
    bots="bots.json",
    compiled=("actions", "data", "evaluate", "events", "explain", "fields", "render",
              "state", "state_base", "tables", "targets", "view"),
    fields="fields.py",
    tutorial=f"{__name__}.tutorial:TUTORIAL",
    guide=f"{__name__}.guide:GUIDE",
)
