"""The 34 market cards (IMH-CARD-*)."""

from __future__ import annotations

from museion.core.registry import entry
from museion.games.imhotep import data
from museion.games.imhotep.data import HAMMER_PLACE, LEVER_ORDER, MARKET_PICK, SAIL_SAIL, TURN
from museion.games.imhotep.scoring import statue_points

from .helpers import edit, give, last_round, legal, play, round_start

PARTS = entry("imhotep")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_deck_composition():
    """IMH-SETUP-4 / IMH-CARD-*: 6 red, 8 green, 10 purple, 10 blue cards: 34 in all."""
    by_colour = {}
    for _code, colour, count, _ in data.CARDS:
        by_colour[colour] = by_colour.get(colour, 0) + count
    assert by_colour == {"red": 6, "green": 8, "purple": 10, "blue": 10}
    assert dict(zip(data.CARD_CODES, data.CARD_COUNTS, strict=True)) == {
        "ENTRANCE": 2, "SARCOPHAGUS": 2, "PAVED_PATH": 2, "DECO_PYR": 2, "DECO_TMP": 2, "DECO_BUR": 2,
        "DECO_OBL": 2, "STATUE": 10, "LEVER": 2, "HAMMER": 2, "SAIL": 3, "CHISEL": 3}


def test_card_red_1_sarcophagus_and_paved_path_resolve_at_once():
    """IMH-CARD-RED-1: Sarcophagus puts a quarry stone in the burial chamber, Paved Path on the own obelisk."""
    state = round_start(2, card="4-3-2-1", market=("SARCOPHAGUS", "PAVED_PATH", "STATUE", "STATUE"))
    play(state, "P3.1", "P3.2")
    quarries = list(state.quarry)
    play(state, "V3>MKT", "M:SARCOPHAGUS", "M:PAVED_PATH")
    assert state.burial_chamber == [0] and state.obelisks == [0, 1]
    assert state.quarry == quarries  # one stone out by the card, the market stone back
    assert state.discard_pile[data.SARCOPHAGUS] == 1 and state.discard_pile[data.PAVED_PATH] == 1
    assert sum(state.hands) == 0
    assert not state.invariant_violations()


def test_card_red_1_entrance_scores_like_a_delivery():
    """IMH-CARD-RED-1: Entrance puts a stone on the next pyramid space, which scores at once."""
    state = round_start(2, card="4-3-2-1", market=("ENTRANCE", "STATUE", "STATUE", "STATUE"))
    edit(state, pyramid=[1, 1, 1, 1])  # the next space (5th) is worth 4
    play(state, "P4.1", "V4>MKT", "M:ENTRANCE")
    assert state.pyramid == [1, 1, 1, 1, 0] and state.score_track == [4, 0]


def test_card_red_1_no_effect_with_an_empty_quarry():
    """IMH-CARD-RED-1 (DECISION): with an empty quarry the red card is discarded without effect; the market
    stone returns to the quarry afterwards."""
    state = round_start(2, card="4-3-2-1", market=("ENTRANCE", "STATUE", "STATUE", "STATUE"))
    edit(state, quarry=[0, 26], obelisks=[27, 0])  # all of black's other stones are on the obelisk
    play(state, "P4.1", "V4>MKT", "M:ENTRANCE")
    assert state.pyramid == [] and state.score_track == [0, 0] and state.discard_pile[data.ENTRANCE] == 1
    assert state.quarry == [1, 26]
    assert not state.invariant_violations()


def _final(state):
    """Nobody can act any more in the last round: everyone passes and the game is scored."""
    n = state.player_count
    for p in range(n):
        state.obelisks[p] += state.quarry[p] + state.sled[p]
        state.quarry[p] = state.sled[p] = 0
    state._legal = None
    play(state, *["PASS"] * n)
    assert state.is_terminal()
    return state


def test_card_green_1_decorations_count_all_stones_at_the_site():
    """IMH-CARD-GREEN-1: 1 point per 3 stones of any colour at the site; rulebook: burial chamber decoration
    with 13 stones there scores 4; temple counts every layer; pyramid counts the stones beside it."""
    state = last_round(round_start(2))
    give(state, 0, "DECO_BUR", "DECO_TMP")
    give(state, 1, "DECO_PYR", "DECO_PYR")
    edit(state, burial_chamber=[0, 1] * 6 + [0], temple=[1] * 7, pyramid=[0] * 17)
    _final(state)
    assert state.final_score_rows[0][2] == 13 // 3 + 7 // 3 == 4 + 2
    assert state.final_score_rows[1][2] == 2 * (17 // 3) == 10


def test_card_green_1_obelisk_decoration_counts_every_obelisk():
    """IMH-CARD-GREEN-1: the obelisk decoration counts the stones of all obelisks."""
    state = last_round(round_start(3))
    give(state, 2, "DECO_OBL")
    _final(state)  # every player's 29 stones end up on the obelisks in this position
    assert state.final_score_rows[2][2] == sum(state.obelisks) // 3 == 29


def test_card_purple_1_statues():
    """IMH-CARD-PURPLE-1: 1, 3, 6, 10, 15 points for 1-5 statues, +2 for each further statue."""
    assert [statue_points(k) for k in range(11)] == [0, 1, 3, 6, 10, 15, 17, 19, 21, 23, 25]
    state = last_round(round_start(2))
    give(state, 0, *["STATUE"] * 6)
    give(state, 1, "STATUE", "STATUE")
    _final(state)
    assert [row[3] for row in state.final_score_rows] == [17, 3]


def test_card_blue_lever_order_stone_by_stone_at_the_market():
    """IMH-CARD-BLUE-LEVER: sail a ship (normal conditions) and choose the unloading order stone by stone: each
    next stone is chosen after the previous one was unloaded and its owner picked a card, so the Lever player
    sees the picks before choosing; the order is also the order of the picks."""
    state = round_start(3, card="4-3-2-1")
    give(state, 0, "LEVER")
    assert "C:LEVER" not in legal(state)  # no ship can sail yet
    play(state, "P1.1", "P1.2", "P1.3")  # black, white, brown
    play(state, "C:LEVER")
    assert legal(state) == ["V1>MKT", "V1>PYR", "V1>TMP", "V1>BUR", "V1>OBL"]
    play(state, "V1>MKT")
    assert state.phase == LEVER_ORDER and state.current_player() == 0
    assert legal(state) == ["U:BLACK", "U:WHITE", "U:BROWN"]
    play(state, "U:BROWN")  # brown's stone is unloaded: brown picks at once, before the next choice
    assert state.phase == MARKET_PICK and state.current_player() == 2
    assert legal(state) == ["M:DECO_PYR", "M:STATUE", "M:LEVER", "M:SAIL"]
    play(state, "M:STATUE")
    assert state.phase == LEVER_ORDER and state.current_player() == 0 and legal(state) == ["U:BLACK", "U:WHITE"]
    assert PARTS.observer.view(state, 0)["lever_unloading"] == {"to_order": ["black", "white"], "ordered": ["brown"]}
    play(state, "U:WHITE", "M:SAIL")  # then black's stone comes last without a further order decision
    assert state.current_player() == 0 and legal(state) == ["M:DECO_PYR", "M:LEVER"]
    play(state, "M:LEVER")
    assert state.current_player() == 1 and state.phase == TURN  # black's turn is over
    assert state.hands[data.LEVER] == 1 and state.discard_pile[data.LEVER] == 1
    assert PARTS.observer.view(state, 0)["lever_unloading"] is None
    assert state.lever_unloaded == [] and not state.invariant_violations()


def test_card_blue_lever_next_stone_chosen_after_a_red_card_resolved():
    """IMH-CARD-BLUE-LEVER: a red card picked for the first stone resolves before the next stone is chosen."""
    state = round_start(3, card="4-3-2-1", market=("ENTRANCE", "STATUE", "STATUE", "DECO_TMP"))
    give(state, 0, "LEVER")
    play(state, "P1.1", "P1.2", "P1.3", "C:LEVER", "V1>MKT", "U:WHITE", "M:ENTRANCE")
    # white's red card already put a stone on the pyramid
    assert state.pyramid == [1] and state.score_track == [0, 2, 0]
    assert state.phase == LEVER_ORDER and state.current_player() == 0
    play(state, "U:BLACK", "M:DECO_TMP")
    assert state.hands[data.DECO_TEMPLE] == 1 and state.hands[2 * data.NUM_CARD_TYPES + data.STATUE] == 1


def test_card_blue_lever_order_at_the_pyramid():
    """IMH-CARD-BLUE-LEVER: at the pyramid each chosen stone is placed (and scores) before the next choice."""
    state = round_start(3, card="4-3-2-1")
    give(state, 0, "LEVER")
    play(state, "P1.1", "P1.2", "P1.3", "C:LEVER", "V1>PYR", "U:BROWN")
    assert state.pyramid == [2] and state.score_track == [0, 0, 2] and state.phase == LEVER_ORDER
    assert state.invariant_violations() == []
    play(state, "U:WHITE")
    assert state.pyramid == [2, 1, 0] and state.score_track == [3, 1, 2]


def test_card_blue_lever_no_pointless_order_decisions():
    """IMH-CARD-BLUE-LEVER: no order decision for stones of one colour, nor at the obelisks."""
    state = round_start(3, card="4-3-2-1")
    give(state, 0, "LEVER", "LEVER")
    play(state, "P1.1", "P1.2", "P1.3", "C:LEVER", "V1>OBL")
    assert state.obelisks == [1, 1, 1] and state.current_player() == 1
    play(state, "P3.1", "P3.2", "C:LEVER", "V3>PYR")  # white, brown on ship 3: an order decision
    assert state.phase == LEVER_ORDER and legal(state) == ["U:WHITE", "U:BROWN"]
    play(state, "U:BROWN")
    assert state.pyramid == [2, 1]
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "LEVER")
    play(state, "P3.1", "S", "P3.2", "P2.1", "C:LEVER", "V3>TMP")  # two black stones: nothing to choose
    assert state.temple == [0, 0] and state.current_player() == 1


def test_card_blue_hammer_stones_then_place():
    """IMH-CARD-BLUE-HAMMER: up to 3 stones to the sled (as GET STONES), then 1 stone on a ship."""
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "HAMMER")
    play(state, "C:HAMMER")
    assert state.sled[0] == 5 and state.quarry[0] == 24
    assert state.phase == HAMMER_PLACE and state.current_player() == 0
    assert "S" not in legal(state) and "P1.1" in legal(state)
    play(state, "P2.2")
    assert state.sled[0] == 4 and state.ship_spaces[5] == 0 and state.current_player() == 1
    assert state.discard_pile[data.HAMMER] == 1


def test_card_blue_hammer_takes_at_most_3_and_what_the_quarry_holds():
    """IMH-CARD-BLUE-HAMMER: "up to 3" stones, as IMH-ACT-STONES: an empty sled gets 3 (not 5), and never more than
    the quarry holds."""
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "HAMMER", "HAMMER")
    edit(state, sled=[0, 3], quarry=[29, 26])
    play(state, "C:HAMMER")
    assert state.sled[0] == 3 and state.quarry[0] == 26 and state.phase == HAMMER_PLACE
    play(state, "P1.1", "P4.1")
    edit(state, sled=[0, 2], quarry=[1, 26], obelisks=[27, 0])  # black: 1 in the quarry, 1 on ship 1, 27 placed
    assert not state.invariant_violations()
    play(state, "C:HAMMER")
    assert state.sled[0] == 1 and state.quarry[0] == 0 and state.phase == HAMMER_PLACE
    play(state, "P1.2")
    assert state.sled[0] == 0 and state.quarry[0] == 0 and not state.invariant_violations()


def test_card_blue_hammer_playable_if_either_part_does_something():
    """IMH-CARD-BLUE-HAMMER (DECISION): with a full sled only the placement; with no free space only the stones
    (the placement is skipped); with neither, not playable."""
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "HAMMER", "HAMMER")
    edit(state, sled=[5, 3], quarry=[22, 26])
    play(state, "C:HAMMER")  # no stones to take, a placement
    assert state.sled[0] == 5 and state.phase == HAMMER_PLACE
    play(state, "P1.1", "P1.2")
    full = [0, 1, 0, 1, 1, 0, 1, -1, 0, 1, -1, -1, 1, -1, -1, -1]  # every space taken
    edit(state, ship_spaces=full, ship_loads=[4, 3, 2, 1], sled=[4, 2], quarry=[15, 16])
    assert "C:HAMMER" in legal(state)
    play(state, "C:HAMMER")  # 1 stone taken, no placement possible: the turn ends
    assert state.sled[0] == 5 and state.current_player() == 1
    edit(state, sled=[0, 2], quarry=[0, 16], obelisks=[20, 0])
    play(state, "V1>PYR")
    assert "C:HAMMER" not in legal(state)
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "HAMMER")
    edit(state, ship_spaces=full, ship_loads=[4, 3, 2, 1], sled=[5, 0], quarry=[16, 21])
    assert "C:HAMMER" not in legal(state)  # a full sled and no free space: neither part does anything
    edit(state, sled=[2, 0], quarry=[0, 21], obelisks=[19, 0])
    assert "C:HAMMER" not in legal(state)  # stones on the sled but no free space, an empty quarry


def test_card_blue_sail_place_then_sail_that_ship():
    """IMH-CARD-BLUE-SAIL: place 1 sled stone, then sail that same ship; it must reach its minimum."""
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "SAIL")
    play(state, "P1.1", "P1.2")
    play(state, "C:SAIL")
    # ship 1 (2 of minimum 3) and the empty ships of minimum 1 qualify; ship 2 (empty, minimum 2) does not
    assert legal(state) == ["P1.3", "P1.4", "P3.1", "P3.2", "P4.1"]
    play(state, "P1.4")
    assert state.phase == SAIL_SAIL and legal(state) == ["V1>MKT", "V1>PYR", "V1>TMP", "V1>BUR", "V1>OBL"]
    play(state, "V1>PYR")
    assert state.pyramid == [0, 1, 0] and state.score_track == [5, 1] and state.current_player() == 1


def test_card_blue_sail_not_playable_without_a_qualifying_ship():
    """IMH-CARD-BLUE-SAIL: not playable when no ship would reach its minimum with one more stone."""
    state = round_start(2, card="4-3-3-1")  # minimums 3, 2, 2, 1
    give(state, 0, "SAIL")
    assert "C:SAIL" in legal(state)  # ship 4
    play(state, "P4.1", "V4>OBL")
    assert "C:SAIL" not in legal(state)  # ships 1-3 are empty: one stone is not enough


def test_card_blue_chisel_two_placements_on_one_or_two_ships():
    """IMH-CARD-BLUE-CHISEL: 2 sled stones on 1 ship, or 1 on each of 2 ships; needs 2 stones and 2 spaces."""
    state = round_start(2, card="4-3-2-1")
    give(state, 0, "CHISEL", "CHISEL")
    play(state, "C:CHISEL", "P2.3", "P4.1")
    assert state.ship_spaces[6] == 0 and state.ship_spaces[12] == 0 and state.sled[0] == 0
    assert state.current_player() == 1
    play(state, "S")
    assert state.sled[0] == 0 and "C:CHISEL" not in legal(state)
    edit(state, sled=[1, 1], quarry=[26, 26])
    assert "C:CHISEL" not in legal(state)  # only 1 stone
    edit(state, sled=[2, 1])
    full = [1, 1, 1, -1, 1, 1, 0, -1, 1, 1, -1, -1, 0, -1, -1, -1]  # one free space left
    edit(state, ship_spaces=full, ship_loads=[3, 3, 2, 1])
    assert "C:CHISEL" not in legal(state)
    two_free = [1, 1, -1, -1, 1, 1, 0, -1, 1, 1, -1, -1, 0, -1, -1, -1]  # exactly two free spaces: enough
    edit(state, ship_spaces=two_free, ship_loads=[2, 3, 2, 1])
    assert "C:CHISEL" in legal(state)


def test_card_blue_2_not_on_the_turn_taken_one_per_turn_unused_score_1():
    """IMH-CARD-BLUE-2: a blue card taken at the market can only be played on a later turn; one per turn
    (playing one is the whole action); each unused blue card scores 1 point at game end."""
    state = round_start(2, card="4-3-2-1", market=("LEVER", "CHISEL", "STATUE", "STATUE"))
    play(state, "P1.1", "P1.2", "P1.3")  # black, white, black: ship 1 can sail
    play(state, "V1>MKT", "M:LEVER", "M:CHISEL")  # white sails; black, white pick; black's statue is automatic
    # white's turn is over at once: the card waits for white's next turn
    assert state.current_player() == 0 and state.hands[12 + data.CHISEL] == 1 and state.hands[data.STATUE] == 1
    play(state, "S")
    assert "C:CHISEL" in legal(state)
    play(state, "C:CHISEL", "P2.1", "P2.2")
    assert state.current_player() == 0  # the card was the whole turn
    state = last_round(round_start(2))
    give(state, 0, "LEVER", "SAIL", "SAIL")
    give(state, 1, "CHISEL")
    _final(state)
    assert [row[4] for row in state.final_score_rows] == [3, 1]

