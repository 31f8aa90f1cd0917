"""The rules of Imhotep for players (``museion rules imhotep``, the rules page and the table's rules panel), in
English (translated in the game's catalogues), with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules imhotep --spec``)."""

from typing import Any

from museion.core.i18n import messages, msg
from museion.games.imhotep.tutorial import SETUP

TWO = {"players": 2, "start_player": 0}
LOADED = [*SETUP, "P3.1", "P3.2", "S", "P1.1", "P1.2", "P1.3"]
"""Ship 3 carries Black then White; ship 1 is loaded to its minimum of 3."""
SCORED = [*SETUP, "P3.1", "P3.2", "V3>PYR", "S", "S", "P4.1", "P1.1", "P1.2", "P1.3", "V4>TMP"]
"""The pyramid has Black's stone on its first space (2 points) and White's on the second (1); the temple one stone."""

GUIDE: list[dict[str, Any]] = [
    {"title": msg("imhotep.guide.goal.title", "The goal"),
     "text": msg("imhotep.guide.goal.text",
                 "2 to 4 players build the monuments of Egypt. Over 6 rounds you load stones on ships and sail them "
                 "to five sites: the market, the pyramid, the temple, the burial chamber and the obelisks. Each "
                 "site scores in its own way; the most points at the end wins."),
     "picture": {"options": TWO, "setup": SETUP, "mark": ["site:MKT", "site:PYR", "site:TMP", "site:BUR", "site:OBL"],
                 "caption": msg("imhotep.guide.goal.caption",
                                "The four ships of the round and the five sites (marked).")}},
    {"title": msg("imhotep.guide.turn.title", "Your turn"),
     "text": msg("imhotep.guide.turn.text",
                 "Do exactly one of these:\n"
                 "• Get new stones: up to 3 stones from your quarry onto your supply sled (it holds at most 5).\n"
                 "• Place a stone from your sled on any empty space of a ship that has not sailed.\n"
                 "• Sail a ship to a site: the ship must carry its minimum load and the site must be free (one ship "
                 "per site each round). You may sail a ship without any of your stones.\n"
                 "• Play a blue market card you took on an earlier turn."),
     "picture": {"options": TWO, "setup": LOADED, "mark": ["ship:1", "ship:3"],
                 "caption": msg("imhotep.guide.turn.caption",
                                "Ship 1 carries its minimum of 3 stones and may sail; ship 3 carries Black's stone "
                                "at the bow, then White's.")}},
    {"title": msg("imhotep.guide.unloading.title", "Unloading"),
     "text": msg("imhotep.guide.unloading.text",
                 "A ship that sails is unloaded at once, from the bow to the stern: each stone goes to its owner's "
                 "place at that site. The order matters at the pyramid and the market. When the fourth ship has "
                 "sailed, the round ends.")},
    {"title": msg("imhotep.guide.sites.title", "The sites"),
     "text": msg("imhotep.guide.sites.text",
                 "• Market: each stone takes one face-up card, in unloading order, and goes back to its quarry. Red "
                 "cards act at once (a stone onto the pyramid, the burial chamber or your obelisk); blue cards are "
                 "played later instead of an action; green Decorations score 1 point per 3 stones at their site; "
                 "purple Statues score 1, 3, 6, 10, 15 for 1 to 5.\n"
                 "• Pyramid: each stone scores at once the value of the space it fills (1 to 4).\n"
                 "• Temple: stones fill a row from the left and new rows cover old ones; at the end of every round "
                 "each visible stone scores 1.\n"
                 "• Burial chamber: at the end, every group of touching stones of one colour scores 1, 3, 6, 10, 15 "
                 "for 1 to 5 stones (+2 for each more).\n"
                 "• Obelisks: each player builds their own; at the end the tallest scores 10 and the other 1 (with "
                 "3 or 4 players: 12/6/1 and 15/10/5/1)."),
     "picture": {"options": TWO, "setup": SCORED, "mark": ["site:PYR", "site:TMP"],
                 "caption": msg("imhotep.guide.sites.caption",
                                "A scoring example: at the pyramid Black's stone came first and scored 2, White's "
                                "scored 1. White's stone in the temple will score 1 at the end of the round.")}},
    {"title": msg("imhotep.guide.end.title", "The end"),
     "text": msg("imhotep.guide.end.text",
                 "After the 6th round (and its temple scoring) the burial chamber, the obelisks, the green and "
                 "purple cards score, and each unused blue card is worth 1 point. The most points wins; if tied, "
                 "the most stones left on the sled.")},
]

TEXTS = messages(*(section[part] for section in GUIDE for part in ("title", "text")),
                 *(section["picture"]["caption"] for section in GUIDE if "picture" in section))
"""The guide's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
