"""The fields of an Imhotep position, declared once (names from the rulebook). No logic here.

``tools/generate_fields.py`` turns this table into ``state_base.py`` (slots, copying, key); see ``core.fields``.
A stone is stored as its owner's seat; per-player lists are indexed by seat.
"""

from museion.core.fields import LIST, VALUE, Field

FIELDS = (
    Field("player_count", "int", VALUE, "The number of players (2-4), as in the game (`game.n`).", in_key=False),
    Field("phase", "int", VALUE, "START, ROUND, DEAL, TURN, a blue card's or the Lever's step, MARKET_PICK or OVER."),
    Field("to_move", "int", VALUE, "The player to decide, or CHANCE, or TERMINAL."),
    Field("turn_player", "int", VALUE, "The player whose turn it is (a market pick may be another's decision)."),
    Field("round_start_player", "int", VALUE, "The player who began this round (IMH-SETUP-7, IMH-ROUND-4)."),
    Field("rounds_played", "int", VALUE, "Rounds completed; the game ends after data.ROUNDS (IMH-END-1)."),
    Field("quarry", "list[int]", LIST, "Stones each player still has in their quarry (IMH-SETUP-5)."),
    Field("sled", "list[int]", LIST, "Stones on each player's supply sled (IMH-ACT-STONES)."),
    Field("score_track", "list[int]", LIST, "Each player's points on the scoring track."),
    Field("hands", "list[int]", LIST,
          "Market cards held, flat: index ``player * NUM_CARD_TYPES + card type`` (IMH-MARKET-*)."),
    Field("obelisks", "list[int]", LIST, "The height of each player's obelisk (IMH-OBEL-1)."),
    Field("pyramid", "list[int]", LIST, "Owners of the pyramid's stones in placement order (IMH-PYR-*)."),
    Field("temple", "list[int]", LIST, "Owners of the temple's stones in placement order (IMH-TEMPLE-*)."),
    Field("burial_chamber", "list[int]", LIST, "Owners of the burial chamber's stones in order (IMH-BURIAL-*)."),
    Field("ship_sizes", "tuple[int, ...]", VALUE, "Spaces of the 4 ships on this round's card (IMH-ROUND-1)."),
    Field("ship_minimums", "tuple[int, ...]", VALUE, "Stones each ship needs before it may sail (IMH-ACT-SAIL).",
          in_key=False),
    Field("ship_spaces", "list[int]", LIST,
          "Owners on the ships, flat: index ``ship * 4 + space`` (space 0 = bow), -1 for an empty space."),
    Field("ship_loads", "list[int]", LIST, "Stones aboard each ship (follows from ship_spaces).", in_key=False),
    Field("ship_sites", "list[int]", LIST, "The site each ship sailed to, -1 while in the harbour."),
    Field("docked_sites", "int", VALUE, "Bitmask of the sites with a ship docked this round."),
    Field("ships_sailed", "int", VALUE, "Ships sailed this round (follows from ship_sites).", in_key=False),
    Field("market", "list[int]", LIST, "Face-up market cards by type (IMH-MARKET-1)."),
    Field("market_size", "int", VALUE, "Cards in the market (the sum of market).", in_key=False),
    Field("draw_pile", "list[int]", LIST,
          "The not-yet-seen cards by type: a multiset, since every deal is a chance node (IMH-SETUP-4)."),
    Field("draw_pile_size", "int", VALUE, "Cards in the draw pile (the sum of draw_pile).", in_key=False),
    Field("discard_pile", "list[int]", LIST, "Discarded market cards by type (IMH-ROUND-3)."),
    Field("round_cards_used", "int", VALUE, "Bitmask of the round cards revealed so far."),
    Field("round_cards_revealed", "tuple[int, ...]", VALUE, "The round cards in the order they were revealed."),
    Field("market_deals_left", "int", VALUE, "Market cards still to deal this round (IMH-ROUND-1)."),
    Field("lever_stones", "list[int]", LIST, "Stones still aboard the Lever's ship, waiting for their order."),
    Field("lever_unloaded", "list[int]", LIST, "Stones the Lever has unloaded so far, in order (shown in views)."),
    Field("market_queue", "list[int]", LIST, "Owners of the unloaded stones still to pick a market card, in order."),
    Field("sail_card_ship", "int", VALUE, "The ship the Sail card just loaded, to sail next; -1 otherwise."),
    Field("lever_site", "int", VALUE, "The site the Lever's ship sailed to, -1 outside the Lever's order."),
    Field("consecutive_passes", "int", VALUE, "Passes in a row; when every player passed the round ends."),
    Field("last_active_player", "int", VALUE, "The last player who did not pass (the next round's start)."),
    Field("final_score_rows", "tuple[tuple[int, ...], ...] | None", VALUE,
          "Each player's final scoring (burial, obelisk, green, purple, blue, wrath); None before the end."),
)
