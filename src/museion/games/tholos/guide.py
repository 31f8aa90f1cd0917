"""The rules of Tholos for players (``museion rules tholos``, the rules page and the table's rules panel), in
English (translated in the game's catalogues), with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules tholos --spec``)."""

from typing import Any

from museion.core.i18n import messages, msg

SCORING = ["T1W", "T1B", "PD:W", "xD:G", "PA:B", "PA:G", "T1W", "PE:W", "xE:B", "PE:B", "xE:W", "T2W", "T1G",
           "PC:W", "xC:E", "PF:W", "PD:W", "x-", "T1B", "PD:B"]
"""A position reached in the tutorial: D is White's with 2 white and 1 black stone (5 points), A Black's with a
grey stone (−1)."""

GUIDE: list[dict[str, Any]] = [
    {"title": msg("tholos.guide.goal.title", "The goal"),
     "text": msg("tholos.guide.goal.text",
                 "Two players build the seven columns of a temple together, one stone at a time, and each tries to "
                 "win as many of them as possible. You play White or Black; grey stones belong to nobody."),
     "picture": {"setup": [], "mark": ["quarry:W", "quarry:B", "quarry:G"],
                 "caption": msg("tholos.guide.goal.caption",
                                "The temple with its locations A to G, the quarry (marked) and both workshops.")}},
    {"title": msg("tholos.guide.turn.title", "Your turn"),
     "text": msg("tholos.guide.turn.text",
                 "Do exactly one of these (you may not pass):\n"
                 "• Take stones from the quarry into your workshop: 1 to 3 of your colour, 1 or 2 grey, or exactly "
                 "1 of your rival's colour. Your workshop has 3 spaces; you start with 2 stones of your colour.\n"
                 "• Place one stone from your workshop on top of any column that is not full (a column is full at 5 "
                 "stones). Any colour may go on any location.")},
    {"title": msg("tholos.guide.extra_actions.title", "Extra actions"),
     "text": msg("tholos.guide.extra_actions.text",
                 "When you place a stone of your own colour, you may also use that location's extra action (or "
                 "decline it). Stones moved by an action never trigger another one.\n"
                 "• A, B, G: move the grey (A), white (B) or black (G) top stone of another location onto a third, "
                 "free location.\n"
                 "• C: return the top stone of another location to the quarry.\n"
                 "• D: take 1 stone of any colour from the quarry.\n"
                 "• E: take 1 stone from your rival's workshop.\n"
                 "• F: place one more stone from your workshop on another free location.")},
    {"title": msg("tholos.guide.scoring.title", "Scoring"),
     "text": msg("tholos.guide.scoring.text",
                 "A column goes to the player with more stones of their colour in it (grey stones do not count; a "
                 "tie scores for nobody). Its winner scores +1 for each own stone, +3 for each rival stone and −2 "
                 "for each grey stone, so a column can be worth less than nothing."),
     "picture": {"setup": SCORING, "mark": ["col:D", "col:A"],
                 "caption": msg("tholos.guide.scoring.caption",
                                "D is White's: 1 + 1 + 3 = 5 points. A is Black's: 1 − 2 = −1 point.")}},
    {"title": msg("tholos.guide.end.title", "The end"),
     "text": msg("tholos.guide.end.text",
                 "The game ends the moment every column is full (35 stones). The player with more points wins; if "
                 "tied, the one who won more columns; otherwise the game is a draw.")},
    {"title": msg("tholos.guide.advanced_mode.title", "Advanced mode"),
     "text": msg("tholos.guide.advanced_mode.text",
                 "In the advanced mode, ornament tiles change how some columns score (more points, the fewest "
                 "stones wins, grey stones worth more or less...). Each tile's effect is shown beside the board.")},
]

TEXTS = messages(*(section[part] for section in GUIDE for part in ("title", "text")),
                 *(section["picture"]["caption"] for section in GUIDE if "picture" in section))
"""The guide's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
