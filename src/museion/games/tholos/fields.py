"""The fields of a Tholos position, declared once (names from the rulebook). No logic here.

``tools/generate_fields.py`` turns this table into ``state_base.py`` (slots, copying, key); see ``core.fields``.
"""

from museion.core.fields import LIST, VALUE, Field

FIELDS = (
    Field("columns", "list[tuple[int, ...]]", LIST,
          "The stones on each of the 7 locations A-G, bottom first, by colour code (THO-PLACE-1)."),
    Field("max_heights", "tuple[int, ...]", VALUE,
          "Each column's maximum height: 5, or 7 under ornament 7 (THO-PLACE-2, THO-ORN-7)."),
    Field("ornaments", "tuple[int, ...]", VALUE,
          "The ornament (1-7) on each location, 0 for none (THO-ORN-SETUP-1/2)."),
    Field("quarry", "list[int]", LIST, "Stones left in the quarry by colour W, B, G (THO-SETUP-3)."),
    Field("workshops", "list[int]", LIST,
          "Stones in each player's workshop, flat: index ``3 * player + colour`` (THO-SETUP-2, THO-TAKE-3)."),
    Field("to_move", "int", VALUE, "The player to decide, or CHANCE during set-up, or TERMINAL."),
    Field("phase", "int", VALUE, "SETUP, MAIN (take or place), EXTRA (the optional extra action) or OVER."),
    Field("extra_location", "int", VALUE,
          "The location whose extra action is being decided (THO-PLACE-3), -1 outside EXTRA."),
    Field("stones_in_temple", "int", VALUE, "Stones on all columns together; the temple is full at capacity."),
    Field("temple_capacity", "int", VALUE, "The sum of the maximum heights (THO-END-1).", in_key=False),
    Field("ornament_draws", "int", VALUE, "Ornaments still to be drawn at set-up (THO-ORN-SETUP-1)."),
    Field("undrawn_ornaments", "tuple[int, ...]", VALUE, "The ornaments that set-up may still draw."),
    Field("undrawn_locations", "tuple[int, ...]", VALUE, "The eligible locations that still have no ornament."),
    Field("start_player_pending", "bool", VALUE, "True until the random start player is drawn (chance)."),
    Field("turns", "int", VALUE, "Turns completed so far."),
)
