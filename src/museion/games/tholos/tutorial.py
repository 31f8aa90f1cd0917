"""The Tholos tutorial ("Learn to play"): a first game's rules, each where it happens, on the real engine
(the format: :mod:`museion.core.lesson`). The learner is White; Black's replies are scripted."""

from typing import Any

from museion.core.i18n import messages, msg

TUTORIAL: dict[str, Any] = {
    "options": {},
    "seat": 0,
    "setup": [],
    "bot": "easy",
    "steps": [
        {"say": msg("tholos.lesson.1.say",
                    "Welcome to Tholos! You and your rival build the temple's seven columns, A to G, and try to win "
                    "them. You play White, your rival Black. On your turn you do one thing: take stones from the "
                    "quarry, or place a stone in the temple.")},
        {"say": msg("tholos.lesson.2.say",
                    "Your workshop has 3 spaces and holds 2 white stones. Take stones from the quarry: 1 to 3 of "
                    "your colour, 1 or 2 grey, or exactly 1 of your rival's colour, never more than your free "
                    "spaces. Tap the white stones in the quarry to take one."),
         "do": "T1W", "then": ["T1B"]},
        {"say": msg("tholos.lesson.3.say",
                    "Black took a black stone. Now place a stone: tap a white stone in your workshop, then column "
                    "D. A stone of your own colour also lets you use the location's extra action."),
         "do": "PD:W"},
        {"say": msg("tholos.lesson.4.say",
                    "D's action: take 1 stone of any colour from the quarry. Extra actions are optional. Tap the "
                    "grey stones in the quarry."),
         "do": "xD:G", "then": ["PA:B"]},
        {"say": msg("tholos.lesson.5.say",
                    "Black placed a stone on A. A column goes to the player with more stones of their colour in it. "
                    "Its winner scores +1 for each own stone, +3 for each rival stone and −2 for each grey stone. "
                    "Put your grey stone on A: Black's A will be worth 1 − 2 = −1."),
         "do": "PA:G", "then": ["T1W"]},
        {"say": msg("tholos.lesson.6.say",
                    "Black took one of your white stones. Place a white stone on E: E's action takes 1 stone from "
                    "your rival's workshop."),
         "do": "PE:W"},
        {"say": msg("tholos.lesson.7.say", "Take the black stone from Black's workshop: tap it."),
         "do": "xE:B", "then": ["PE:B", "xE:W"]},
        {"say": msg("tholos.lesson.8.say",
                    "Black answered on E: 1 against 1, a tie, so nobody scores E. Stones moved by an action never "
                    "trigger another one. Now take 2 white stones: you have 2 free spaces."),
         "do": "T2W", "then": ["T1G"]},
        {"say": msg("tholos.lesson.9.say",
                    "Place a white stone on C. C's action returns the top stone of another location to the quarry."),
         "do": "PC:W"},
        {"say": msg("tholos.lesson.10.say", "Remove Black's stone from the top of E: tap column E. E becomes yours."),
         "do": "xC:E", "then": ["PF:W"]},
        {"say": msg("tholos.lesson.11.say",
                    "Black placed a white stone on F: only a stone of your own colour triggers the action, so "
                    "nothing more happens, and F counts for you. Place a white stone on D."),
         "do": "PD:W"},
        {"say": msg("tholos.lesson.12.say", "You may always decline an extra action: tap “Decline the extra action”."),
         "do": "x-", "then": ["T1B"]},
        {"say": msg("tholos.lesson.13.say",
                    "A rival stone in a column you win is worth +3: put the black stone from your workshop on D, "
                    "where you lead 2 to 0. D will be worth 1 + 1 + 3 = 5."),
         "do": "PD:B"},
        {"say": msg("tholos.lesson.14.say",
                    "The other actions: A, B and G move a grey, white or black top stone from another location onto "
                    "a third, free one; F places one more stone from your workshop. A column is full at 5 stones. "
                    "The game ends the moment every column is full: the most points wins, then the most columns "
                    "won; otherwise it is a draw. Now play a short game against the easy bot!")},
    ],
}

TEXTS = messages(*(step["say"] for step in TUTORIAL["steps"]))
"""The tutorial's texts, registered by the descriptor (their Spanish and German: the game's catalogues)."""
