"""Player-facing texts of Imhotep: the rules summary printed by ``museion rules imhotep`` and the table's rules panel,
in English (translated in the game's catalogues, in our words and the German edition's terms; the same rule IDs in
the same order, as in the tests), and the help of each option."""

from museion.core.i18n import messages, msg

OPTION_HELP = {
    "players": "number of players, 2-4",
    "wrath": "variant Wrath of the Pharaoh (rulebook): -5 without a stone at each of 4 sites (IMH-WRATH-1)",
    "start_player": "start player: a seat 0-3, a colour (black, white, brown, grey) or 'random' (IMH-SETUP-7)",
}

SUMMARY = messages(
    msg("imhotep.rules.title", """\
IMHOTEP - 2 to 4 players (Phil Walker-Harding, KOSMOS 2016). A sides of the sites. Ship stones to five
building sites over 6 rounds and score the most points."""),
    msg("imhotep.rules.setup", """\
SET-UP
  IMH-SETUP-1  Seats 0-3 play black, white, brown, grey. 29 playable stones each (1 more marks the score).
  IMH-SETUP-2  Sleds hold at most 5 stones; clockwise from the start player they start with 2, 3, 4, 5.
  IMH-SETUP-3  Sites: market (MKT), pyramid (PYR), temple (TMP), burial chamber (BUR), obelisks (OBL).
  IMH-SETUP-4  34 market cards, shuffled (each card dealt is a chance outcome among the unseen cards).
  IMH-SETUP-5  7 round cards per player count; 6 are used, drawn one per round at a chance node (R:4-3-2-2).
  IMH-SETUP-6  Ships of capacity 4/3/2/1 need at least 3/2/1/1 stones to sail. Space 1 is the bow.
  IMH-SETUP-7  Start player: option start_player (a seat, default 0, or "random": a chance node)."""),
    msg("imhotep.rules.round", """\
ROUND (6 rounds)
  IMH-ROUND-1  Reveal the round card (4 ships), deal 4 market cards face up (an empty draw pile is refilled
               from the discard pile).
  IMH-ROUND-2  Turns clockwise from the start player, one action each, until the 4th ship has sailed and been
               unloaded.
  IMH-ROUND-3  Then the temple scores; leftover market cards are discarded; ships return.
  IMH-ROUND-4  The next start player sits left of whoever sailed the 4th ship."""),
    msg("imhotep.rules.actions", """\
ACTIONS (one per turn)
  IMH-ACT-STONES  S: min(3, room on the sled, stones in the quarry) stones to the sled; illegal if 0.
  IMH-ACT-PLACE   P<ship>.<space>: a sled stone on an empty space of a ship still in the harbour.
  IMH-ACT-SAIL    V<ship>><site>: the ship holds its minimum and no ship docked at that site this round.
  IMH-ACT-CARD    C:<card>: play a blue card held from an earlier turn, then discard it.
  IMH-ACT-PASS    PASS only when nothing else is legal; when every player passes in succession the round ends
                  (next start player: left of the last player who acted; stones on unsailed ships go back to
                  their quarries)."""),
    msg("imhotep.rules.unloading", """\
UNLOADING
  IMH-UNLOAD-1  Bow to stern, skipping empty spaces; each stone goes to the site by its rules (Lever: its
                player chooses the order stone by stone: U:<colour>).
  IMH-UNLOAD-2  The ship stays docked until the round ends."""),
    msg("imhotep.rules.sites", """\
SITES (A sides)
  IMH-MARKET-1  Each stone's owner takes 1 face-up card, in unloading order (M:<card>; compulsory; automatic
                when all cards left are alike); the stone then goes back to its owner's quarry.
  IMH-MARKET-2  Cards are public. Red: resolve at once, discard. Blue: keep for a later turn. Green, purple:
                score at game end.
  IMH-PYR-1     14 spaces filled in order, scoring at once 2 1 3 2 4 3 2 1 3 | 2 3 1 3 | 4.
  IMH-PYR-2     Further stones go beside the pyramid for 1 point each.
  IMH-TEMPLE-1  4 columns wide with 2 players, 5 with 3-4.
  IMH-TEMPLE-2  Filled left to right in layers; the visible stones are the last <width> placed.
  IMH-TEMPLE-3  At every round end each visible stone scores 1 point.
  IMH-BURIAL-1  3 rows; the k-th stone goes to column k // 3, row k % 3.
  IMH-BURIAL-2  Game end: each orthogonally connected one-colour group scores 1/3/6/10/15 for 1-5 stones,
                +2 per further stone.
  IMH-OBEL-1    Own obelisk per player; game end ranking (players with a stone): 10/1, 12/6/1, 15/10/5/1.
  IMH-OBEL-2    Ties share the points of the places they occupy, rounded down (4/3/3/0 -> 15/7/7/0)."""),
    msg("imhotep.rules.market_cards", """\
MARKET CARDS (34)
  IMH-CARD-RED-1       ENTRANCE, SARCOPHAGUS, PAVED_PATH (2 each): a quarry stone at once to the pyramid,
                       burial chamber, own obelisk; no effect with an empty quarry.
  IMH-CARD-GREEN-1     DECO_PYR, DECO_TMP, DECO_BUR, DECO_OBL (2 each): 1 point per 3 stones at that site.
  IMH-CARD-PURPLE-1    STATUE (10): 1/3/6/10/15 points for 1-5 statues, +2 per further statue.
  IMH-CARD-BLUE-LEVER  LEVER (2): sail a ship and choose the unloading order stone by stone (U:<colour>):
                       each next stone after the previous one was placed (at the market: after its owner
                       picked a card), so the choice can use what happened; it is also the market pick order.
  IMH-CARD-BLUE-HAMMER HAMMER (2): get stones as S (maybe 0), then place 1 stone if possible; playable when
                       either part does something.
  IMH-CARD-BLUE-SAIL   SAIL (3): place 1 stone, then sail that ship (it must reach its minimum).
  IMH-CARD-BLUE-CHISEL CHISEL (3): place 2 stones (needs 2 on the sled and 2 free spaces).
  IMH-CARD-BLUE-2      One blue card per turn, never on the turn it was taken; unused ones score 1 point."""),
    msg("imhotep.rules.end", """\
GAME END
  IMH-END-1    After round 6 and its temple scoring: burial chamber, obelisks, green, purple, unused blue.
  IMH-END-2    Highest score wins; tie: most stones on the sled; still tied: shared win.
  IMH-WRATH-1  Option wrath: -5 for a player without a stone at any one of pyramid, temple, burial, obelisks."""),
    msg("imhotep.rules.hidden", """\
HIDDEN INFORMATION
  IMH-HIDDEN-1  The draw pile order, the round card order and the removed round card are hidden: no state
                stores them (chance nodes draw them), so views show everything else."""),
)
"""The rules summary (``museion rules imhotep --spec``, the table's rules panel), one message per part (its
Spanish and German are in the game's catalogues); the descriptor's ``rules``."""
