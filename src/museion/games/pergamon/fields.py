"""The fields of a Pergamon position, declared once (names from the rulebook). No logic here.

``tools/generate_fields.py`` turns this table into ``state_base.py`` (slots, copying, key); see ``core.fields``.
Tiles are indices into the game's tile table; actor 4 is the tomb raider; marker ``m`` belongs to player ``m // 3``.
"""

from museion.core.fields import LIST, NESTED, VALUE, Field

FIELDS = (
    Field("stage", "int", VALUE, "The step being decided (ST_START ... ST_OVER; names in STAGE_NAMES)."),
    Field("turn", "int", VALUE, "The game turn, 1-12 (0 before the first)."),
    Field("first_player", "int", VALUE, "The player who puts the first figure this turn (PER-TURN-1)."),
    Field("actor", "int", VALUE, "The player deciding in phase 3 or placing a figure (4: the tomb raider)."),
    Field("galleries", "list[list[int]]", NESTED, "The finds lying in each gallery, by depth (PER-LAYOUT-*)."),
    Field("drawn_tiles", "list[int]", LIST, "Tiles drawn so far for this turn's layout, laid out once all are drawn."),
    Field("tiles_to_draw", "int", VALUE, "Tiles this turn's layout draws (one per gallery with room)."),
    Field("undrawn_tiles", "list[int]", LIST, "Tiles not seen yet: the calendar piles and the unseen box."),
    Field("calendar_tiles", "int", VALUE, "Tiles left in the calendar piles."),
    Field("box_tiles", "int", VALUE, "Seen tiles put back in the box (dropped, raided, broken up)."),
    Field("box_unseen_tiles", "int", VALUE, "Tiles that went to the box without being seen (rest of a pile)."),
    Field("funds_deck", "list[int]", LIST, "Funds cards left in the deck, by value - 1 (PER-FUNDS-1)."),
    Field("funds_cards", "list[int]", LIST, "This turn's two funds cards (values), once drawn."),
    Field("funds_revealed", "bool", VALUE, "True once this turn's funds cards are revealed (PER-FUNDS-2)."),
    Field("funds_used", "list[int]", LIST, "Funds cards already played, by value - 1."),
    Field("coins", "list[int]", LIST, "Coins of each actor (players 0-3, the tomb raider 4)."),
    Field("victory_points", "list[int]", LIST, "Each player's victory points."),
    Field("supply", "list[list[int]]", NESTED, "The finds in each player's storage."),
    Field("exhibited_rings", "list[tuple[int, ...] | None]", LIST,
          "The exhibited collection of each marker (its finds in ring order), None while the marker is unused."),
    Field("marker_spaces", "list[int]", LIST, "The museum space of each marker, 0 when not in the museum."),
    Field("marker_values", "list[int]", LIST, "The value each exhibited collection had when placed (PER-EXH-*)."),
    Field("museum", "list[int]", LIST, "The marker on each museum space, NO_MARKER when free (index 0 unused)."),
    Field("figure_spaces", "list[int]", LIST, "The funds-track space of each actor's figure, -1 when off the track."),
    Field("funds_track", "list[int]", LIST, "The actor on each funds-track space, -1 when free (PER-FUNDS-*)."),
    Field("figure_order", "list[int]", LIST, "The actors in phase-3 order (figures from right to left)."),
    Field("figure_index", "int", VALUE, "The position in figure_order of the actor now in phase 3."),
    Field("figures_placed", "int", VALUE, "Figures put on the funds track so far this turn."),
    Field("may_excavate", "bool", VALUE, "True while the actor has not excavated nor exhibited this phase-3 turn."),
    Field("cancelled_collections", "int", VALUE, "Collections the actor abandoned this phase-3 turn (MAX_CANCELS)."),
    Field("building_ring", "list[int]", LIST, "The collection being built, find by find (PER-EXH-1)."),
    Field("break_marker", "int", VALUE, "The marker whose collection is broken up for the new one, -1 for none."),
    Field("max_polish", "int", VALUE, "The most coins the actor may spend polishing the collection."),
    Field("final_winners", "list[int]", LIST, "The winners, set when the game ends."),
)
