"""Player-facing texts of Tholos: the rules summary printed by ``museion rules tholos`` and the table's rules panel, in
English (translated in the game's catalogues: our words, the same rule IDs in the same order, as tested), and the
help of each option."""

from museion.core.i18n import messages, msg

OPTION_HELP = {
    "advanced": "advanced mode: the board side with ornaments (THO-ORN-*)",
    "ornaments": (
        "ornaments in the advanced game: 2 by the rulebook (the default); 3-5 are a house rule the rulebook allows "
        "by agreement, 0 and 1 house rules; or a fixed placement such as 1@C,7@E (THO-ORN-SETUP-1/2)"
    ),
    "ornament_locations": (
        "locations ornaments may be drawn for (DECISION: the printed location tokens are unknown; THO-ORN-SETUP-2)"
    ),
    "end_check": (
        "when the full temple ends the game: immediate (the rulebook, default) or after_turn (the online "
        "adaptation, a departure from the rulebook: a C action on the last slot can reopen a column) (THO-END-2)"
    ),
    "start_player": "who starts: 0/white (default), 1/black or random (THO-SETUP-5)",
    "players": "number of players: Tholos is for 2",
}

SUMMARY = messages(
    msg("tholos.rules.title", """\
THOLOS - 2 players (David Bernal, Perro Loko Games, 2021). Build the temple's seven columns and win them."""),
    msg("tholos.rules.setup", """\
SET-UP
  THO-SETUP-1  15 white (W), 15 black (B) and 10 grey (G) stones are in play (one W and one B mark the score).
  THO-SETUP-2  Player 0 is White, player 1 is Black. Each has a workshop of 3 spaces holding 2 own stones.
  THO-SETUP-3  The quarry holds 13 W, 13 B, 10 G.
  THO-SETUP-4  The temple has 7 locations A-G clockwise from the top, each with an empty column. No rule uses
               adjacency.
  THO-SETUP-5  Start player: option start_player = white (default), black or random."""),
    msg("tholos.rules.turn", """\
A TURN: exactly one of TAKE or PLACE; passing is not allowed (THO-TURN-1).
  TAKE (T<n><colour>, e.g. T2W): stones of one colour from the quarry into your workshop (THO-TAKE-1):
  THO-TAKE-2  own colour 1-3, grey 1-2, rival colour exactly 1;
  THO-TAKE-3  never more than your free workshop spaces; THO-TAKE-4 never more than the quarry holds.
  PLACE (P<location>:<colour>, e.g. PC:B): one stone from your workshop on top of a free column.
  THO-PLACE-1  Any colour may be placed on any free location.
  THO-PLACE-2  A column is free below 5 stones (7 under ornament 7); a full column takes no stone at all.
  THO-PLACE-3  Only a stone of your own colour triggers the location's extra action, which is optional
               (grey triggers under ornament 5).
  THO-PLACE-4  No chaining: stones moved or added by an extra action trigger nothing; one extra action a turn.
  THO-PLACE-5  Columns lowered by an extra action are free again; extra actions may take from full columns."""),
    msg("tholos.rules.extra_actions", """\
EXTRA ACTIONS (notation x<location>:..., decline with x-)
  THO-ACT-A  A: move the grey top stone of another location onto a third, free location (xA:E>F).
  THO-ACT-B  B: the same with a white top stone.     THO-ACT-G  G: the same with a black top stone.
  THO-ACT-C  C: return the top stone of another location to the quarry (xC:A).
  THO-ACT-D  D: take 1 stone of any colour from the quarry into your workshop (xD:G).
  THO-ACT-E  E: take 1 stone of any colour from the rival's workshop into yours (xE:W).
  THO-ACT-F  F: place 1 more stone from your workshop on another free location (xF:B>D).
  THO-ACT-NONE  No valid target: no effect (the game skips the decision). Declining is always allowed."""),
    msg("tholos.rules.end", """\
END AND SCORING
  THO-END-1  The game ends when every column is full (35 stones; 37 with ornament 7).
  THO-END-2  The game ends the moment the last slot is filled, before any extra action (end_check =
             immediate, the rulebook, default). Option end_check = after_turn (the online adaptation, a
             departure from the rulebook) ends it after the whole turn, so an own stone on the last slot at C
             may reopen a column with C's action; no other extra action is offered then, as it could change
             nothing.
  THO-SCORE-1  Each column goes to the player with more stones of their colour in it (grey ignored);
               equal counts, 0-0 included, score for nobody.
  THO-SCORE-2  Its winner scores +1 per own stone, +3 per rival stone, -2 per grey stone (may be negative).
               Examples: W,W,G,B,G -> White 1; W,B,B,W,W -> White 9; G,W,W,G,W -> White -1.
  THO-SCORE-3  Highest total wins; tie-break: more columns won (also those won with 0 or fewer points);
               still tied: a draw."""),
    msg("tholos.rules.advanced_mode", """\
ADVANCED MODE: ORNAMENTS (option advanced=True)
  THO-ORN-SETUP-1  Ornament tiles 1-7 each go on a different location; the rulebook deals 2 (the default)
                   and allows more by agreement.
  THO-ORN-SETUP-2  They are drawn at random among option ornament_locations (default all seven; the printed
                   location tokens are unknown), or fixed with ornaments={"C": 1, "E": 7} (or "1@C,7@E");
                   ornaments=N sets how many are drawn: 2 is the rulebook's count, 3-5 a house rule by
                   agreement, 0 and 1 house rules.
  THO-ORN-1  The column's winner gets 3 more points.
  THO-ORN-2  The column is won by the player with FEWER stones of their colour (equal: nobody); the winner
             scores the usual values from their own side (W0 B3 G2: White 0+9-4 = 5).
  THO-ORN-3  Grey stones in this column are worth +2.      THO-ORN-4  Grey stones here are worth -3.
  THO-ORN-5  A grey stone placed here also triggers the location's extra action.
  THO-ORN-6  When this location's action triggers, you may instead move a grey stone from the quarry onto a
             different free location (xL:Q>D).
  THO-ORN-7  This column holds 7 stones."""),
    msg("tholos.rules.invariants", """\
INVARIANTS (checked by museion check tholos)
  THO-INV-1  Quarry + workshops + temple = 15 W, 15 B, 10 G at every step.
  THO-INV-2  No workshop holds more than 3 stones; no column exceeds its height.
  THO-INV-3  Every game ends (the engine proves a bound: max_game_length())."""),
)
"""The rules summary (``museion rules tholos --spec``, the table's rules panel), one message per part (its
Spanish and German are in the game's catalogues); the descriptor's ``rules``."""
