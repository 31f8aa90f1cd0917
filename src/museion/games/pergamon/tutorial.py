"""The Pergamon tutorial ("Learn to play"): two turns of a 2-player game, from the research funds to a first
exhibition, each rule where it happens, on the real engine (the format: :mod:`museion.core.lesson`). The learner is
the first seat; the rival's moves, the finds and the funds cards are scripted."""

from typing import Any

from museion.core.i18n import messages, msg

TURN_1 = ["draw 1.02", "draw 1.07", "draw 1.21", "draw 1.31", "draw 1.37", "card 3", "card 4"]
"""Turn 1's finds (the youngest, 1.02, goes to gallery I) and its funds cards (two bags: 3 + 4 coins)."""
TURN_2 = ["draw 1.83", "draw 1.93", "draw 2.04", "draw 2.06", "draw 2.14", "card 1", "card 2"]
"""Turn 2's finds (1.83, which completes a collection with 1.02, goes to gallery I) and funds cards (1 + 2)."""

TUTORIAL: dict[str, Any] = {
    "options": {"players": 2, "start_player": 0},
    "seat": 0,
    "setup": TURN_1,
    "bot": "easy",
    "steps": [
        {"say": msg("pergamon.lesson.1.say",
                    "Welcome to Pergamon! For 12 turns you and your rival excavate ancient finds, put them together "
                    "into collections and exhibit them in the museum, which earns victory points (the museum's "
                    "admission tickets). New finds were just laid out in galleries I to V, the youngest in gallery "
                    "I.")},
        {"say": msg("pergamon.lesson.2.say",
                    "First the research funds: two funds cards were drawn; their sum is this turn's money. Put your "
                    "figure on a research space: spaces further left ask for more coins and let you dig deeper, but "
                    "coins are paid from the right while they last. Tap space P2 (1 coin, galleries I to III)."),
         "do": "P2", "then": ["P4"]},
        {"say": msg("pergamon.lesson.3.say",
                    "Your rival chose P4. The figure furthest right acts first: you. Excavate: take all the finds "
                    "of one gallery your space allows and pay its number in coins (gallery I costs 1). Tap gallery "
                    "I."),
         "do": "dig I", "then": ["dig II", *TURN_2, "P4"]},
        {"say": msg("pergamon.lesson.4.say",
                    "Your rival dug gallery II, and the tomb raider (it plays in 2-player games) looted gallery "
                    "III: those finds leave the game. A new turn: new finds and funds cards, and the player whose "
                    "figure stood furthest left starts. Your rival chose P4 again. Tap space P2."),
         "do": "P2"},
        {"say": msg("pergamon.lesson.5.say",
                    "Each find shows two half-objects (vase, jug, bracelet, mask) and a date: its century and a "
                    "number. The new find in gallery I fits yours. Excavate gallery I."),
         "do": "dig I"},
        {"say": msg("pergamon.lesson.6.say",
                    "A collection is a row of at least 2 finds in which touching halves form whole objects, and the "
                    "two ends match too. Tap your new find to start a collection."),
         "do": "+1.83"},
        {"say": msg("pergamon.lesson.7.say",
                    "Add your other find: the mask halves meet in the middle and the bracelet halves at the ends."),
         "do": "+1.02"},
        {"say": msg("pergamon.lesson.8.say", "The collection is complete: close it."),
         "do": "close"},
        {"say": msg("pergamon.lesson.9.say",
                    "A collection is worth the sum of its finds' centuries (here 1 + 1), plus polish: each coin you "
                    "pay adds 1, at most 3 (no limit in turn 12). You have no coins left: exhibit it as it is."),
         "do": "polish 0"},
        {"say": msg("pergamon.lesson.10.say",
                    "Your collection went to museum space 2 and earned 1 victory point at once. After turns 5, 7, 9 "
                    "and 12 every exhibit scores by its museum space, the oldest object of one type earns a prize, "
                    "and then all markers move down (below space 1 a collection leaves). You keep 3 unexhibited "
                    "finds for free; more cost coins. Your points are hidden from your rival until the end, when "
                    "the 3 oldest objects on display score 3, 2 and 1. Now play a short game against the easy bot!")},
    ],
}

TEXTS = messages(*(step["say"] for step in TUTORIAL["steps"]))
"""The tutorial's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
