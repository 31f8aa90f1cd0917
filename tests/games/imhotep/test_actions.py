"""The four actions, passing and unloading (IMH-ACT-*, IMH-UNLOAD-*)."""

from __future__ import annotations

import pytest

from museion import IllegalActionError
from museion.core.registry import entry
from museion.games.imhotep.data import ROUND, TURN

from .helpers import edit, give, legal, no_stones, play, round_start

PARTS = entry("imhotep")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_act_stones_takes_min_of_3_room_and_quarry():
    """IMH-ACT-STONES: min(3, 5 - sled, quarry) stones from the quarry to the sled."""
    state = round_start(2)
    play(state, "S")  # black: 2 -> 5 (3 taken)
    assert state.sled[0] == 5 and state.quarry[0] == 24
    play(state, "S")  # white: 3 -> 5 (only 2 fit)
    assert state.sled[1] == 5 and state.quarry[1] == 24
    state = round_start(2)
    edit(state, quarry=[1, 26])
    play(state, "S")  # only 1 left in the quarry
    assert state.sled[0] == 3 and state.quarry[0] == 0


def test_act_stones_illegal_when_nothing_to_take():
    """IMH-ACT-STONES: illegal with a full sled or an empty quarry."""
    state = round_start(2)
    edit(state, sled=[5, 3], quarry=[22, 26])
    assert "S" not in legal(state)
    edit(state, sled=[2, 3], quarry=[0, 26])
    assert "S" not in legal(state)
    with pytest.raises(IllegalActionError, match="legal: 1=P1.1"):
        state.apply_action(0)


def test_act_place_any_empty_space_gaps_allowed():
    """IMH-ACT-PLACE: a sled stone on any empty space of any ship still in the harbour; gaps are allowed."""
    state = round_start(2, card="4-3-2-1")
    places = [m for m in legal(state) if m.startswith("P")]
    assert places == ["P1.1", "P1.2", "P1.3", "P1.4", "P2.1", "P2.2", "P2.3", "P3.1", "P3.2", "P4.1"]
    play(state, "P1.3")  # a gap before it
    assert state.ship_spaces[:4] == [-1, -1, 0, -1] and state.sled[0] == 1
    assert "P1.3" not in legal(state)
    play(state, "P4.1", "S", "V4>OBL")  # ship 4 has sailed: no more stones on it
    assert not [m for m in legal(state) if m.startswith("P4")]


def test_act_place_needs_a_sled_stone():
    """IMH-ACT-PLACE: not with an empty sled."""
    state = round_start(2)
    edit(state, sled=[0, 3], quarry=[27, 26])
    assert legal(state) == ["S"]


def test_act_sail_minimum_and_one_ship_per_site():
    """IMH-ACT-SAIL: the ship holds its minimum, and no ship has docked at that site this round."""
    state = round_start(2, card="4-3-2-1")  # minimums 3, 2, 1, 1
    play(state, "P2.1")
    assert not [m for m in legal(state) if m.startswith("V")]
    play(state, "P2.2")
    assert [m for m in legal(state) if m.startswith("V")] == ["V2>MKT", "V2>PYR", "V2>TMP", "V2>BUR", "V2>OBL"]
    play(state, "V2>TMP")
    play(state, "P4.1")
    assert [m for m in legal(state) if m.startswith("V")] == ["V4>MKT", "V4>PYR", "V4>BUR", "V4>OBL"]


def test_act_sail_a_ship_without_own_stones():
    """IMH-ACT-SAIL: a player may sail a ship carrying none of their stones."""
    state = round_start(2, card="4-3-2-1")
    play(state, "P4.1")  # black's stone
    play(state, "V4>PYR")  # white sails it
    assert state.pyramid == [0] and state.score_track == [2, 0]
    assert state.current_player() == 0


def test_act_card_blue_from_an_earlier_turn_then_discarded():
    """IMH-ACT-CARD: a held blue card is played as the turn's action and then discarded."""
    state = round_start(2, card="4-3-2-1", market=("CHISEL", "STATUE", "STATUE", "STATUE"))
    play(state, "P4.1", "V4>MKT", "M:CHISEL")
    assert state.hands[11] == 1 and "C:CHISEL" not in legal(state)  # black has only 1 stone on the sled
    play(state, "S", "S")
    assert "C:CHISEL" in legal(state)
    play(state, "C:CHISEL", "P1.1", "P1.2")
    assert state.hands[11] == 0 and state.discard_pile[11] == 1
    assert state.ship_spaces[:2] == [0, 0] and state.current_player() == 1


def test_act_pass_only_when_nothing_is_legal():
    """IMH-ACT-PASS: a player without a legal action passes; never offered otherwise."""
    state = round_start(2, card="4-3-2-1")
    assert "PASS" not in legal(state)
    no_stones(state, 0)
    assert legal(state) == ["PASS"]
    play(state, "PASS")
    assert state.current_player() == 1 and state.phase == TURN
    play(state, "P4.1")  # white acts: the passes are no longer "in succession"
    assert "V4>MKT" in legal(state) and "PASS" not in legal(state)  # black can sail white's ship


def test_act_pass_everyone_passes_round_ends():
    """IMH-ACT-PASS: when every player passes in succession the round ends; the next start player sits left of
    the last player who acted, and stones left on unsailed ships return to their quarries."""
    state = round_start(3, card="4-3-2-1")
    play(state, "P1.1", "P1.2")  # black and white on ship 1 (minimum 3, not reached)
    no_stones(state, 0, 1, 2)
    assert state.current_player() == 2 and legal(state) == ["PASS"]
    play(state, "PASS", "PASS")
    assert state.phase == TURN and state.current_player() == 1
    play(state, "PASS")
    assert state.phase == ROUND and state.rounds_played == 1
    assert state.round_start_player == 2  # white (seat 1) acted last
    assert state.quarry == [1, 1, 0] and state.ship_spaces == [-1] * 16
    assert not state.invariant_violations()


def test_act_pass_counted_afresh_each_round():
    """IMH-ACT-PASS: passes count in succession within a round: after a round that ended by sailing, the next
    round ends only when every player has passed again."""
    state = round_start(2, card="4-3-2-1")
    play(state, "P4.1", "V4>OBL", "P3.1", "V3>PYR", "S", "P2.1", "P2.2", "V2>TMP", "P1.1", "P1.2", "P1.3")
    play(state, "V1>BUR")  # the 4th ship: the round ends (white sailed it, so black starts round 2)
    assert state.rounds_played == 1 and state.consecutive_passes == 0
    play(state, "R:4-3-3-1", "D:STATUE", "D:STATUE", "D:STATUE", "D:STATUE")
    no_stones(state, 0, 1)
    play(state, "PASS")
    assert state.rounds_played == 1 and state.phase == TURN and state.current_player() == 1
    play(state, "PASS")
    assert state.rounds_played == 2


def test_act_pass_before_anyone_acted_the_start_player_starts_again():
    """IMH-ACT-PASS / IMH-ROUND-4: when everyone passes before anybody acted, the next round starts left of the
    "last player who acted" before the start player, i.e. with the start player again."""
    state = round_start(3, card="4-3-2-1", start_player=1)
    no_stones(state, 0, 1, 2)
    play(state, "PASS", "PASS", "PASS")
    assert state.phase == ROUND and state.rounds_played == 1 and state.round_start_player == 1
    play(state, "R:4-3-3-2", "D:STATUE", "D:STATUE", "D:STATUE", "D:STATUE")
    assert state.current_player() == 1 and legal(state) == ["PASS"]


def test_act_pass_every_stone_on_unsailed_ships_returns_to_its_owner():
    """IMH-ACT-PASS: after everyone passed, each stone on a ship that never sailed goes back to its owner's quarry,
    two stones of one owner included."""
    state = round_start(2, card="4-3-2-1")
    play(state, "P1.1", "P2.1", "P1.2")  # black: 2 stones on ship 1 (minimum 3); white: 1 on ship 2 (minimum 2)
    no_stones(state, 0, 1)
    play(state, "PASS", "PASS")
    assert state.phase == ROUND and state.quarry == [2, 1] and state.ship_spaces == [-1] * 16
    assert not state.invariant_violations()


def test_unload_1_bow_to_stern_skipping_empty_spaces():
    """IMH-UNLOAD-1: stones are unloaded from the bow to the stern, empty spaces skipped."""
    state = round_start(3, card="4-3-2-1")
    play(state, "P1.4", "P1.1", "P1.3", "S")  # black stern, white bow, brown space 3, space 2 empty
    play(state, "V1>PYR")  # white sails: white 2, brown 1, black 3
    assert state.pyramid == [1, 2, 0]
    assert state.score_track == [3, 2, 1]


def test_unload_2_docked_ship_stays_until_round_end():
    """IMH-UNLOAD-2: the unloaded ship stays at its site for the rest of the round, blocking it."""
    state = round_start(2, card="4-3-2-1")
    play(state, "P4.1", "V4>BUR")
    assert state.ship_sites[3] == 3
    assert PARTS.observer.view(state, 0)["ships"][3]["sailed_to"] == "burial chamber"
    play(state, "P3.1")
    assert "V3>BUR" not in legal(state) and "V3>MKT" in legal(state)
    assert "P4.1" not in legal(state)


def test_act_sail_a_ship_docked_at_the_market_takes_no_stone_and_never_sails_again():
    """IMH-ACT-PLACE / IMH-ACT-SAIL: a ship that has sailed (even to the market, site 0, where it is emptied)
    stays docked for the rest of the round: no placement on it, no second sail."""
    state = round_start(2, card="4-3-2-1")
    play(state, "P2.1", "P2.2", "V2>MKT")
    while legal(state)[0].startswith("M:"):
        play(state, legal(state)[0])
    assert state.ship_sites[1] == 0 and not state.is_chance_node()
    assert not [m for m in legal(state) if m.startswith(("P2.", "V2>"))]
    assert [m for m in legal(state) if m.startswith("P")]  # other ships still take stones
    give(state, state.current_player(), "CHISEL")
    edit(state, sled=[3, 3])
    play(state, "C:CHISEL")  # the card's placements skip the docked ship too
    assert legal(state) and not [m for m in legal(state) if m.startswith("P2.")]

