"""The rules of Pergamon for players (``museion rules pergamon``, the rules page and the table's rules panel), in
English (translated in the game's catalogues), with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules pergamon --spec``)."""

from typing import Any

from museion.core.i18n import messages, msg
from museion.games.pergamon.tutorial import TURN_1, TURN_2

TWO = {"players": 2, "start_player": 0}
EXHIBITED = [*TURN_1, "P2", "P4", "dig I", "dig II", *TURN_2, "P4", "P2", "dig I", "+1.83", "+1.02", "close",
             "polish 0"]
"""The first seat has exhibited a collection of two century-1 finds (value 2) on museum space 2."""

GUIDE: list[dict[str, Any]] = [
    {"title": msg("pergamon.guide.goal.title", "The goal"),
     "text": msg("pergamon.guide.goal.text",
                 "2 to 4 archaeologists dig up finds at Pergamon for 12 turns, put them together into collections "
                 "and exhibit them in the museum. Exhibits earn victory points (admission tickets); the most points "
                 "at the end wins."),
     "picture": {"options": TWO, "setup": [*TURN_1, "P2"], "mark": ["gallery:I", "gallery:II", "gallery:III",
                                                                   "gallery:IV", "gallery:V"],
                 "caption": msg("pergamon.guide.goal.caption",
                                "The excavation site with galleries I to V (marked), the research funds track and "
                                "the museum.")}},
    {"title": msg("pergamon.guide.turn.title", "A turn"),
     "text": msg("pergamon.guide.turn.text",
                 "1. New finds: one find goes to each gallery that holds fewer than 4, the youngest in gallery I.\n"
                 "2. Research funds: two funds cards are drawn (their backs show a bag for 1–4 or a chest for 5–8). "
                 "Each player puts their figure on a free space of the track. The cards are turned over and their "
                 "sum is paid out from the rightmost figure to the left, each taking the coins of their space while "
                 "coins remain; the leftmost figure takes whatever is left.\n"
                 "3. From the rightmost figure to the leftmost, each player may excavate, then exhibit, then stores "
                 "their finds.\n"
                 "4. The figure furthest left starts the next turn.")},
    {"title": msg("pergamon.guide.excavating_and_storing.title", "Excavating and storing"),
     "text": msg("pergamon.guide.excavating_and_storing.text",
                 "Excavate once per turn: take all the finds of one gallery your space allows and pay its number in "
                 "coins (gallery I costs 1, gallery V costs 5). At the end of your turn you keep up to 3 finds that "
                 "are not exhibited for free; each further 3 (or part of 3) cost 1 coin, or you discard finds.")},
    {"title": msg("pergamon.guide.collections.title", "Collections"),
     "text": msg("pergamon.guide.collections.text",
                 "Each find shows two half-objects (vase, jug, bracelet, mask) and a date: a century from 1 to 5 "
                 "and a number. A collection is a row of at least 2 of your finds in which touching halves form "
                 "whole objects and the two ends match too. Its value is the sum of its finds' centuries, plus "
                 "polish: each coin you pay adds 1, at most 3 (no limit in turn 12). You may have 3 collections on "
                 "display."),
     "picture": {"options": TWO, "setup": EXHIBITED, "mark": ["coll0:I"],
                 "caption": msg("pergamon.guide.collections.caption",
                                "A collection of two finds of century 1: a mask in the middle and a bracelet at the "
                                "ends, worth 1 + 1 = 2, on museum space 2.")}},
    {"title": msg("pergamon.guide.museum_and_scoring.title", "The museum and scoring"),
     "text": msg("pergamon.guide.museum_and_scoring.text",
                 "An exhibited collection goes on the museum space equal to its value (24 at most) and earns 1 "
                 "victory point at once; the markers on spaces up to that value move down one space first. After "
                 "turns 5, 7, 9 and 12 there is an evaluation: every exhibit scores 1 to 6 points by its space, the "
                 "owner of the oldest exhibited vase (turn 5), jug (7), mask (9) or bracelet (12) gets 2 points, "
                 "then every marker moves down 3, 4 or 5 spaces (not after turn 12); a collection pushed below "
                 "space 1 leaves the game. At the end the three oldest exhibited objects score 3, 2 and 1. Points "
                 "stay hidden from the other players until the end.")},
    {"title": msg("pergamon.guide.two_players_the_tomb_raider.title", "Two players: the tomb raider"),
     "text": msg("pergamon.guide.two_players_the_tomb_raider.text",
                 "With 2 players the tomb raider takes a space on the track chosen by the funds cards' backs, takes "
                 "coins like a player and loots the deepest gallery it can afford; its finds leave the game.")},
]

TEXTS = messages(*(section[part] for section in GUIDE for part in ("title", "text")),
                 *(section["picture"]["caption"] for section in GUIDE if "picture" in section))
"""The guide's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
