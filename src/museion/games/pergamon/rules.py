"""Player-facing texts of Pergamon: the rules summary with the rule IDs (printed by ``museion rules pergamon`` and the
table's rules panel, with the tables in use), in English (translated in the game's catalogues, with the same rule
IDs in the same order, as in the tests), and the help of each option."""

from __future__ import annotations

from typing import Any

from museion.core.i18n import messages, msg, paragraphs
from museion.games.pergamon import tables

OPTION_HELP = {
    "players": "number of players, 2-4 (2 players play with the tomb raider)",
    "open_scores": "house rule: show every player's victory points during the game (the rulebook hides them)",
    "start_player": "seat of the first player (the rulebook: the oldest player), or 'random' (PER-SETUP-5)",
    "storage_fee": (
        "storage beyond 3 finds (PER-STORE-1; the rulebook leaves the rounding open): started_group (default: "
        "4-6 finds cost 1 coin, 7-9 cost 2) or full_group (4-5 free, 6-8 cost 1, 9-11 cost 2)"
    ),
    "payout_shortage": (
        "research funds running short (PER-FUNDS-2; the rulebook can be read both ways): take_rest (default: "
        "a player takes what is left) or nothing (a request that cannot be met in full gets nothing)"
    ),
    "tables": (
        "a JSON file with the printed research track, museum bands and tiles, replacing museion's RECONSTRUCTED "
        "ones (format: docs/pergamon.md; example: museion/games/pergamon/reconstructed.json)"
    ),
}

SUMMARY = messages(
    msg("pergamon.rules.title", """\
PERGAMON (2-4 players, 12 turns). Collect finds, exhibit them as collections, earn admission tickets (VP)."""),
    msg("pergamon.rules.setup", """\
Setup
  PER-SETUP-1  60 find tiles in 12 calendar piles of 5 (here: drawn at chance nodes from the tiles not yet seen;
               the undrawn rest of each pile is counted into the box unseen).
  PER-SETUP-2  24 funds cards, 3 of each value 1-8; backs public: bag (1-4) or chest (5-8).
  PER-SETUP-3  Coins and VP unlimited; everyone starts with 0 of both.
  PER-SETUP-4  Each player: a figure and collection markers I, II, III.
  PER-SETUP-5  First player: option start_player (a seat, or "random").
  PER-SETUP-6  2 players: with the tomb raider. 3-4 players: normal rules."""),
    msg("pergamon.rules.finds", """\
Finds
  PER-TILE-1   A find shows, at its left edge, the right half of an object (vase V, jug J, bracelet B, mask M)
               with a two-digit number, and at its right edge the left half of another object with a century 1-5.
               Written V63|4J; named by century.number, e.g. 4.63.
  PER-TILE-2   Age: century first, then the number; larger is older.
  PER-TILE-3   X directly left of Y with matching halves make one object dated X's century + Y's number (463).
  PER-TILE-4   The tile list is RECONSTRUCTED (12 per century, every type 15x per half, distinct numbers).
  PER-DATA-1   Dates are unique within an object type, so "oldest" never ties (custom tables that break it
               are refused)."""),
    msg("pergamon.rules.turn", """\
A turn
  PER-LAYOUT-1 Count the galleries I-V holding fewer than 4 finds, draw that many finds, sort youngest to oldest
               and lay one in each such gallery, youngest in the shallowest.
  PER-FUNDS-1  Two funds cards are drawn face down; from the first player clockwise each puts the figure on a free
               space P1 (right) ... P13 (left).
  PER-FUNDS-2  The cards are revealed; from the rightmost figure leftwards each takes the coins of the space while
               coins remain; the leftmost figure takes all that is left. Short of coins, a player takes what
               is left (option payout_shortage = take_rest, default) or nothing (= nothing).
  PER-FUNDS-3  Track (coins, deepest gallery) per space is RECONSTRUCTED: see docs/pergamon.md.
  PER-DIG-1    From the rightmost figure leftwards, each player: excavate (optional, first), exhibit (any number),
               store (mandatory).
  PER-DIG-2    Excavate: all finds of one non-empty gallery your space allows; pay its number in coins; once a turn.
  PER-EXH-1    A collection is a closed ring of at least 2 own finds: every touching pair and the two ends match.
               Built find by find (+4.63 ...), then close; no choice ever leads to a dead end, and cancel
               always stops building (finds kept). Nothing is ever built or exhibited for you; after 3
               cancels in a turn no new collection can be started that turn.
  PER-EXH-2    Value = sum of the centuries + polish.
  PER-EXH-3    Polish: +1 per coin paid, at most 3 (unlimited in turn 12). Exhibited collections are final.
  PER-EXH-4    The marker goes on the space equal to the value (max 24); first every marker on a space <= the
               value moves down one.
  PER-EXH-5    +1 VP for each newly exhibited collection.
  PER-EXH-6    A marker pushed below space 1 leaves: marker back to its owner, finds to the box.
  PER-EXH-7    At most 3 collections on display; to exhibit a 4th, break one up (finds to the box).
  PER-STORE-1  End of your turn: 3 finds are free, then 1 coin per group of 3 more: per started group
               (option storage_fee = started_group, default: 4-6 cost 1) or per full group (= full_group:
               6-8 cost 1); instead of paying, discard finds; who cannot pay must discard."""),
    msg("pergamon.rules.evaluations", """\
Evaluations (after turns 5, 7, 9, 12)
  PER-EVAL-1   Each collection scores VP by its space (bands RECONSTRUCTED: 1-4:1, 5-8:2, ... 21-24:6).
  PER-EVAL-2   2 VP for the oldest exhibited vase (5), jug (7), mask (9), bracelet (12).
  PER-EVAL-3   Then all markers move down 3 (turn 5), 4 (turn 7), 5 (turn 9).
  PER-EVAL-4   VP are hidden from the opponents (option open_scores shows them)."""),
    msg("pergamon.rules.end", """\
End of a turn and of the game
  PER-TURN-1   Funds cards to the box (each used once); the leftmost player figure becomes first player.
  PER-END-1    After turn 12: the oldest exhibited object 3 VP, the second 2, the third 1.
  PER-END-2    Most VP wins; tie: whoever exhibits the oldest object; still tied: shared victory."""),
    msg("pergamon.rules.tomb_raider", """\
Two players: the tomb raider
  PER-RAIDER-1 Placed before the players by the card backs: 2 bags P5, bag + chest P7, 2 chests P9.
  PER-RAIDER-2 Takes funds like a figure and keeps its coins (starts with 0).
  PER-RAIDER-3 In its turn it pays for and loots (to the box) the deepest affordable gallery its space allows
               that holds finds.
  PER-RAIDER-4 Never exhibits, stores, scores or becomes first player."""),
    msg("pergamon.rules.hidden", """\
Hidden information
  PER-HIDDEN-1 Hidden: calendar piles, the deck, the two cards' values until revealed; opponents' VP."""),
    msg("pergamon.rules.invariants", """\
Invariants
  PER-INV-1    Tiles conserved: calendar + galleries + supplies + exhibited + box = 60.
  PER-INV-2    One marker per museum space; every collection is a valid closed ring.
  PER-INV-3    Coins never negative; each funds card used exactly once."""),
    msg("pergamon.rules.notation", """\
Notation: start 1 | draw 4.63 | card 7 | P5 | dig III | +4.63 | close | break II | polish 2 | cancel | end |
          pay | drop 4.63"""),
    msg("pergamon.rules.tables", """\
Tables in use (PER-FUNDS-3, PER-EVAL-1, PER-TILE-4; option tables=FILE replaces the RECONSTRUCTED ones):"""),
)
"""The rules summary (``museion rules pergamon --spec``, the table's rules panel), one message per part (its
Spanish and German are in the game's catalogues); the descriptor's ``rules``."""


def rules_text(game: Any, lang: str = "en") -> str:
    """The summary for one configuration in ``lang``: it ends by saying which tables the game plays with."""
    return paragraphs(SUMMARY, lang) + "\n" + tables.describe(game.chosen_tables, lang) + "\n"
