"""The Imhotep tutorial ("Learn to play"): the first round of a 2-player game, each rule where it happens, on the real
engine (the format: :mod:`museion.core.lesson`). The learner is Black; White's replies and the cards are scripted."""

from typing import Any

from museion.core.i18n import messages, msg

SETUP = ["R:4-3-2-2", "D:STATUE", "D:DECO_PYR", "D:LEVER", "D:ENTRANCE"]
"""Round 1's ships (capacities 4, 3, 2, 2) and its four market cards."""

TUTORIAL: dict[str, Any] = {
    "options": {"players": 2, "start_player": 0},
    "seat": 0,
    "setup": SETUP,
    "bot": "easy",
    "steps": [
        {"say": msg("imhotep.lesson.1.say",
                    "Welcome to Imhotep! You play Black against White. Over 6 rounds you ship stones to five sites "
                    "(market, pyramid, temple, burial chamber, obelisks) and score points there. On your turn you "
                    "do one thing: get new stones, place a stone on a ship, sail a ship to a site, or play a blue "
                    "card.")},
        {"say": msg("imhotep.lesson.2.say",
                    "Your supply sled holds 2 stones. Place one on a ship: tap the front space (the bow) of ship 3."),
         "do": "P3.1", "then": ["P3.2"]},
        {"say": msg("imhotep.lesson.3.say",
                    "White placed a stone behind yours. A ship may sail once it carries its minimum load (shown on "
                    "it), and only one ship may dock at each site per round. Sail ship 3 to the pyramid: tap the "
                    "ship, then the pyramid."),
         "do": "V3>PYR", "then": ["S"]},
        {"say": msg("imhotep.lesson.4.say",
                    "Stones are unloaded from the bow to the stern. At the pyramid each stone scores at once the "
                    "value of its space: your stone came first and scored 2, White's scored 1. White got new "
                    "stones. Your sled is almost empty: get new stones (up to 3, never more than 5 on the sled). "
                    "Tap your quarry."),
         "do": "S", "then": ["P4.1"]},
        {"say": msg("imhotep.lesson.5.say",
                    "Place a stone at the bow of ship 1. It needs 3 stones before it can sail."),
         "do": "P1.1", "then": ["P1.2"]},
        {"say": msg("imhotep.lesson.6.say", "White joined you on ship 1. Fill its third space."),
         "do": "P1.3", "then": ["V4>TMP"]},
        {"say": msg("imhotep.lesson.7.say",
                    "White sailed ship 4 to the temple. Temple stones fill a row from the left, and new rows cover "
                    "old ones; at the end of every round each visible stone scores 1 point. Anyone may sail any "
                    "ship, even one without their stones. Place a stone on ship 2."),
         "do": "P2.1", "then": ["P2.2"]},
        {"say": msg("imhotep.lesson.8.say", "Ship 1 is ready. Sail it to the market: tap the ship, then the market."),
         "do": "V1>MKT"},
        {"say": msg("imhotep.lesson.9.say",
                    "At the market each stone takes one face-up card, in unloading order: you choose first. Red "
                    "cards act at once; take the Entrance: it puts one of your stones straight onto the pyramid."),
         "do": "M:ENTRANCE", "then": ["M:STATUE"]},
        {"say": msg("imhotep.lesson.10.say",
                    "White took a Statue: purple cards score at the end (1, 3, 6, 10... for 1, 2, 3, 4... statues), "
                    "green Decorations score 1 point per 3 stones at their site. Blue cards are kept and played "
                    "later instead of an action, or score 1 point each at the end. Take the Lever."),
         "do": "M:LEVER", "then": ["V2>OBL"]},
        {"say": msg("imhotep.lesson.11.say",
                    "White sailed the last ship to the obelisks, so the round ends and the temple scores. At the "
                    "end of the game the tallest obelisk scores 10 (the other 1), and in the burial chamber every "
                    "group of touching stones of one colour scores 1, 3, 6, 10, 15 for 1 to 5 stones. Most points "
                    "wins. Now play a short game against the easy bot!")},
    ],
}

TEXTS = messages(*(step["say"] for step in TUTORIAL["steps"]))
"""The tutorial's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
