"""Set-up, options and round structure (IMH-SETUP-*, IMH-ROUND-*)."""

from __future__ import annotations

import pytest

import museion
from museion import CHANCE, OptionError
from museion.core.registry import entry
from museion.games.imhotep import data
from museion.games.imhotep.data import DEAL, ROUND, TURN

from .helpers import ROUND_CARDS, deal, edit, finish_round, legal, new, play, round_start

PARTS = entry("imhotep")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_options_defaults_and_errors():
    game = museion.load("imhotep")
    assert game.options == {"players": 2, "wrath": False, "start_player": 0}
    assert museion.load("imhotep", players="4", wrath=True, start_player="grey").options == {
        "players": 4, "wrath": True, "start_player": 3}
    with pytest.raises(OptionError, match="wrath.*allowed: true or false"):
        museion.load("imhotep", wrath="yes")  # a boolean option takes a boolean (a command line converts)
    with pytest.raises(OptionError, match="players"):
        museion.load("imhotep", players=5)
    with pytest.raises(OptionError, match="wrath"):
        museion.load("imhotep", wrath="maybe")
    with pytest.raises(OptionError, match="start_player.*0-1"):
        museion.load("imhotep", players=2, start_player=3)
    with pytest.raises(OptionError, match=r"start_player.*allowed: a seat 0-3 \(or a colour black/white/brown/grey\)"):
        museion.load("imhotep", start_player="first")
    for bad in (True, -1, 4, "4", 1.5, None):
        with pytest.raises(OptionError, match=r"start_player.*allowed: a seat 0-3 \(or a colour"):
            museion.load("imhotep", players=4, start_player=bad)
    with pytest.raises(OptionError, match="unknown option"):
        museion.load("imhotep", sides="B")


@pytest.mark.parametrize("players", [2, 3, 4])

def test_setup_1_colours_and_29_playable_stones(players):
    """IMH-SETUP-1: one colour per player, 29 playable stones each (1 marks the score), unused colours absent."""
    state = new(players)
    assert len(state.quarry) == players
    assert [state.quarry[p] + state.sled[p] for p in range(players)] == [29] * players
    view = PARTS.observer.view(state, None)
    assert [p["colour"] for p in view["player_info"]] == list(data.COLOURS[:players])
    assert view["scores"] == [0.0] * players


def test_setup_2_sleds_clockwise_from_start_player():
    """IMH-SETUP-2: sleds 2, 3, 4, 5 clockwise from the start player, taken from the own quarry."""
    state = new(4, start_player=2)
    assert state.sled == [4, 5, 2, 3]
    assert state.quarry == [25, 24, 27, 26]
    assert new(3, start_player=1).sled == [4, 2, 3]
    assert new(2).sled == [2, 3]


def test_setup_2_sled_holds_at_most_five():
    """IMH-SETUP-2 / IMH-ACT-STONES: a sled with 4 stones takes only 1; a full sled cannot take stones."""
    state = round_start(4)  # seat 3 starts with 5
    play(state, "S", "S", "S")  # black 2->5, white 3->5, brown 4->5
    assert state.sled == [5, 5, 5, 5]
    assert "S" not in legal(state)


def test_setup_3_five_sites():
    """IMH-SETUP-3: a ship holding its minimum may sail to any of the five A-side sites."""
    state = round_start(2, card="4-3-2-2")
    play(state, "P3.1")  # ship 3 (capacity 2, minimum 1) can sail
    assert [m for m in legal(state) if m.startswith("V3")] == ["V3>MKT", "V3>PYR", "V3>TMP", "V3>BUR", "V3>OBL"]
    assert data.SITE_CODES == ("MKT", "PYR", "TMP", "BUR", "OBL")


def test_setup_4_market_deck_of_34_cards_dealt_by_chance():
    """IMH-SETUP-4: the market deck holds the 34 cards; a deal is a chance outcome weighted by the cards unseen."""
    state = play(new(2), "R:4-3-2-2")
    assert state.phase == DEAL and state.is_chance_node()
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert sum(data.CARD_COUNTS) == 34
    assert outcomes["D:STATUE"] == pytest.approx(10 / 34)
    assert outcomes["D:LEVER"] == pytest.approx(2 / 34)
    assert outcomes["D:CHISEL"] == pytest.approx(3 / 34)
    assert len(outcomes) == 12
    play(state, "D:STATUE")
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes["D:STATUE"] == pytest.approx(9 / 33)


def test_setup_5_round_cards_per_player_count():
    """IMH-SETUP-5: 7 round cards per player count, each drawn with equal chance among those not yet seen."""
    assert ROUND_CARDS[2] == ["4-3-2-2", "4-3-3-1", "4-2-2-1", "4-3-2-1", "3-2-2-1", "3-3-2-2", "3-3-2-1"]
    assert ROUND_CARDS[3] == ["4-3-3-2", "4-3-2-1", "3-3-2-2", "4-2-2-1", "4-3-2-2", "3-3-3-2", "4-4-2-1"]
    assert ROUND_CARDS[4] == ["4-4-2-1", "4-3-3-2", "4-3-3-3", "3-3-3-2", "4-4-3-2", "4-4-2-2", "4-3-2-2"]
    for cards in data.ROUND_CARDS.values():  # every card can be set out from the 8 ship tokens
        for card in cards:
            assert all(card.count(c) <= data.SHIP_TOKENS[c] for c in set(card))
    state = new(3)
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == ["R:" + c for c in ROUND_CARDS[3]]
    assert all(p == pytest.approx(1 / 7) for _, p in outcomes)
    deal(state, "4-4-2-1")
    assert state.ship_sizes == (4, 4, 2, 1)
    finish_round(state)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert "R:4-4-2-1" not in [state.action_to_string(a) for a, _ in outcomes]


def test_setup_5_six_of_seven_round_cards_used():
    """IMH-SETUP-5: over a game exactly 6 different round cards are revealed; the seventh is never seen."""
    state = new(2)
    seen = []
    for k in range(6):
        card = ROUND_CARDS[2][6 - k]
        seen.append(card)
        deal(state, card)
        finish_round(state)
    assert state.is_terminal()
    assert PARTS.observer.view(state, 0)["round_cards_revealed"] == seen
    assert ROUND_CARDS[2][0] not in seen


def test_setup_6_ship_minimum_load_and_bow_first():
    """IMH-SETUP-6: capacity 4/3/2/1 ships need 3/2/1/1 stones to sail; space 1 is the bow (unloaded first)."""
    assert data.SHIP_MINIMUM == {4: 3, 3: 2, 2: 1, 1: 1}
    state = round_start(2, card="4-3-3-1")
    assert state.ship_minimums == (3, 2, 2, 1)
    play(state, "P1.4", "P1.1")  # black at the stern, white at the bow of ship 1
    assert not [m for m in legal(state) if m.startswith("V1")]
    play(state, "P1.2")  # black: 3 stones on ship 1
    assert "V1>PYR" in legal(state)
    play(state, "V1>PYR")  # white sails: bow first -> white 2, black 1, black 3
    assert state.pyramid == [1, 0, 0]
    assert state.score_track == [4, 2]


def test_setup_7_start_player_option_and_random():
    """IMH-SETUP-7: the caller picks the start player, or option "random" makes it a chance node."""
    state = round_start(3, start_player=2)
    assert state.current_player() == 2
    state = new(3, start_player="random")
    assert state.is_chance_node()
    assert [(state.action_to_string(a), p) for a, p in state.chance_outcomes()] == [
        ("F:BLACK", pytest.approx(1 / 3)), ("F:WHITE", pytest.approx(1 / 3)), ("F:BROWN", pytest.approx(1 / 3))]
    play(state, "F:WHITE")
    assert state.sled == [4, 2, 3]
    deal(state, "4-3-2-1")
    assert state.current_player() == 1
    # from the command line every option arrives as text: a seat number, a colour or "random"
    for text, seat in (("2", 2), (" 1 ", 1), ("Brown", 2), ("black", 0), (2, 2)):
        state = new(3, start_player=text)
        assert state.round_start_player == seat and state.sled[seat] == 2, text
    assert new(3, start_player=" RANDOM ").is_chance_node()


def test_round_1_reveal_card_and_deal_four_market_cards():
    """IMH-ROUND-1: each round starts with its round card (4 ships) and 4 market cards dealt face up."""
    state = new(2)
    assert state.phase == ROUND and state.current_player() == CHANCE
    play(state, "R:3-3-2-1")
    assert state.ship_sizes == (3, 3, 2, 1)
    for k, card in enumerate(("STATUE", "SAIL", "STATUE", "ENTRANCE")):
        assert state.phase == DEAL
        play(state, "D:" + card)
        assert state.market_size == k + 1
    assert state.phase == TURN and state.current_player() == 0
    assert PARTS.observer.view(state, 0)["market"] == ["ENTRANCE", "STATUE", "STATUE", "SAIL"]
    assert state.draw_pile_size == 30


def test_round_1_empty_draw_pile_is_refilled_from_the_discard_pile():
    """IMH-ROUND-1: when the draw pile runs out during the deal, the discard pile is shuffled into a new one."""
    state = round_start(2)
    # A position where only 2 cards are left unseen (it cannot arise with 24 deals from 34 cards, so we build it).
    edit(state, draw_pile=[0] * 7 + [1, 0, 1, 0, 0], draw_pile_size=2,
         discard_pile=[2, 2, 2, 1, 2, 2, 2, 8, 1, 1, 2, 3])
    assert not state.invariant_violations()
    finish_round(state)
    discard = list(state.discard_pile)
    assert sum(discard) + state.draw_pile_size + sum(state.hands) == 34
    play(state, "R:4-3-3-1", "D:STATUE", "D:HAMMER")
    assert state.draw_pile_size == sum(discard)  # reshuffled: the whole discard pile is the new draw pile
    assert state.discard_pile == [0] * 12
    outcomes = dict(state.chance_outcomes())
    assert outcomes[7] == pytest.approx(discard[7] / sum(discard))
    play(state, "D:STATUE", "D:ENTRANCE")
    assert state.phase == TURN and state.market_size == 4


def test_round_2_turns_clockwise_until_fourth_ship_unloaded():
    """IMH-ROUND-2: one action per turn clockwise from the start player; the round ends at once when the 4th ship
    has sailed and been unloaded, market picks included."""
    state = round_start(3, card="4-3-2-1", start_player=1)
    order = []
    for move in ("P4.1", "P3.1", "P2.1", "V4>OBL", "V3>TMP", "P2.2", "V2>PYR", "P1.1", "P1.2", "P1.3", "V1>MKT"):
        order.append(state.current_player())
        play(state, move)
    assert order == [1, 2, 0] * 3 + [1, 2]
    assert state.rounds_played == 0 and state.current_player() == 2  # brown picks first (bow)
    play(state, "M:STATUE")
    assert state.current_player() == 0
    play(state, "M:LEVER")
    assert state.current_player() == 1 and legal(state) == ["M:DECO_PYR", "M:SAIL"]
    play(state, "M:SAIL")
    assert state.rounds_played == 1 and state.phase == ROUND and state.is_chance_node()
    assert PARTS.observer.view(state, None)["player_info"][1]["cards"] == {"SAIL": 1}


def test_round_3_end_of_round_temple_market_ships():
    """IMH-ROUND-3: temple scores, leftover market cards are discarded, ships return; sites and sleds stay."""
    state = round_start(2, card="3-2-2-1", market=("STATUE", "STATUE", "DECO_TMP", "DECO_TMP"))
    play(state, "P4.1 P3.1 V4>TMP V3>BUR P2.1 V2>PYR S P1.1 P1.2")
    assert state.score_track == [2, 0] and state.ships_sailed == 3
    play(state, "V1>OBL")
    assert state.phase == ROUND and state.rounds_played == 1
    assert state.score_track == [3, 0]  # + 1 for black's visible temple stone
    discard = state.discard_pile
    assert state.market == [0] * 12 and discard[data.STATUE] == 2 and discard[data.DECO_TEMPLE] == 2
    assert state.ship_sites == [-1] * 4 and state.ship_spaces == [-1] * 16 and state.docked_sites == 0
    assert state.sled == [2, 1]
    assert (state.temple, state.burial_chamber, state.pyramid, state.obelisks) == ([0], [1], [0], [1, 1])
    deal(state, "4-3-3-1")
    assert state.ship_sizes == (4, 3, 3, 1) and state.ship_spaces == [-1] * 16


def test_round_4_next_start_player_left_of_fourth_sailor():
    """IMH-ROUND-4: the player left of whoever sailed the 4th ship starts the next round."""
    state = round_start(3, card="4-3-2-1")
    play(state, "P4.1 P3.1 P2.1 V4>OBL V3>TMP P2.2 V2>PYR P1.1 P1.2 P1.3")
    assert state.current_player() == 1
    play(state, "V1>BUR")  # white sails the 4th ship
    assert state.phase == ROUND and state.round_start_player == 2
    deal(state, "4-3-2-2")
    assert state.current_player() == 2


def test_round_4_start_player_after_sail_card():
    """IMH-ROUND-4: also when the 4th ship was sailed by a Sail card."""
    state = round_start(2, card="3-2-2-1", market=("SAIL", "STATUE", "STATUE", "STATUE"))
    play(state, "P4.1 V4>MKT M:SAIL")  # white sails black's stone to the market: black takes the Sail card
    play(state, "P3.1 P2.1 S V3>OBL V2>PYR P1.1")  # black, white, black, white, black, white
    assert state.ships_sailed == 3 and state.current_player() == 0
    play(state, "C:SAIL P1.2 V1>TMP")  # black places on ship 1 and sails it: the 4th ship
    assert state.phase == ROUND and state.round_start_player == 1
