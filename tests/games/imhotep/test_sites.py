"""The five A-side sites and their scoring moments, with the rulebook examples (IMH-MARKET/PYR/TEMPLE/BURIAL/OBEL)."""

from __future__ import annotations

from museion.core.registry import entry
from museion.games.imhotep import data
from museion.games.imhotep.data import MARKET_PICK
from museion.games.imhotep.scoring import burial_points, group_points, obelisk_points, pyramid_value

from .helpers import edit, last_round, legal, no_stones, play, round_start

PARTS = entry("imhotep")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_market_1_owners_pick_in_unloading_order_and_stones_return():
    """IMH-MARKET-1: each delivered stone's owner takes 1 face-up card in unloading order; the stone goes back
    to its owner's quarry; taking is compulsory (no pass offered)."""
    state = round_start(3, card="4-3-2-1", market=("STATUE", "LEVER", "DECO_PYR", "SAIL"))
    play(state, "P2.2", "P2.1", "P2.3")  # black space 2, white bow, brown space 3
    quarries = list(state.quarry)
    play(state, "V2>MKT")  # black sails
    assert state.phase == MARKET_PICK and state.current_player() == 1
    assert legal(state) == ["M:DECO_PYR", "M:STATUE", "M:LEVER", "M:SAIL"]
    play(state, "M:LEVER")
    assert state.current_player() == 0 and state.quarry[1] == quarries[1] + 1
    play(state, "M:STATUE")
    assert state.current_player() == 2 and legal(state) == ["M:DECO_PYR", "M:SAIL"]
    play(state, "M:SAIL")
    assert state.quarry == [q + 1 for q in quarries]
    assert state.current_player() == 1 and state.market == [0, 0, 0, 1] + [0] * 8  # white's turn; DECO_PYR left


def test_market_1_pick_is_automatic_when_all_cards_are_alike():
    """IMH-MARKET-1: with only one kind of card left the pick is made for the owner (no pointless decision)."""
    state = round_start(2, card="4-3-2-1", market=("STATUE", "STATUE", "STATUE", "LEVER"))
    play(state, "P2.1", "P2.2", "S", "P2.3")  # black, white, black(S), white
    play(state, "V2>MKT")  # black sails ship 2: black, white, white
    assert state.current_player() == 0
    play(state, "M:LEVER")  # then white gets two statues without a decision
    assert state.hands[0 * 12 + data.LEVER] == 1 and state.hands[12 + data.STATUE] == 2
    assert state.current_player() == 1 and state.market_size == 1


def test_market_2_cards_public_red_at_once_blue_kept_green_purple_kept():
    """IMH-MARKET-2: taken cards are public; red resolves at once and is discarded; others are kept."""
    state = round_start(2, card="4-3-2-1", market=("ENTRANCE", "HAMMER", "DECO_BUR", "STATUE"))
    play(state, "P1.1", "P1.2", "P1.3", "P1.4")  # black, white, black, white
    play(state, "V1>MKT", "M:ENTRANCE")  # black sails; black picks Entrance: a quarry stone to the pyramid
    assert state.pyramid == [0] and state.score_track[0] == 2 and state.discard_pile[data.ENTRANCE] == 1
    play(state, "M:HAMMER", "M:DECO_BUR")
    assert state.hands[12 + data.HAMMER] == 1 and state.hands[data.DECO_BURIAL] == 1
    assert state.hands[12 + data.STATUE] == 1  # last card, automatic
    for viewer in (0, 1, None):
        info = PARTS.observer.view(state, viewer)["player_info"]
        assert info[0]["cards"] == {"DECO_BUR": 1} and info[1]["cards"] == {"STATUE": 1, "HAMMER": 1}


def test_pyr_1_fill_order_and_values():
    """IMH-PYR-1: 14 spaces in fill order worth 2 1 3 2 4 3 2 1 3 | 2 3 1 3 | 4 (rulebook pyramid)."""
    assert [pyramid_value(k) for k in range(14)] == [2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4]
    assert data.PYRAMID_LEVELS == ((0, 3), (9, 2), (13, 1))
    # deliveries score at once in fill order: black's 4 stones score 2+1+3+2
    state = round_start(2, card="4-3-2-1")
    edit(state, sled=[5, 5], quarry=[24, 24])
    play(state, "P1.1 P2.1 P1.2 P2.2 P1.3 P2.3 P1.4")
    assert state.current_player() == 1
    play(state, "V1>PYR")
    assert state.score_track == [8, 0]
    assert state.pyramid == [0, 0, 0, 0]
    play(state, "S")
    assert "V2>PYR" not in legal(state)  # the pyramid has its ship for this round
    # a pyramid with 12 stones: ship 3 (black at the bow, white at the stern) fills spaces 13 and 14
    state = round_start(2, card="4-3-2-1")
    edit(state, pyramid=[0] * 4 + [1] * 8)
    play(state, "P3.1", "P3.2", "V3>PYR")  # black bow, white stern; black sails: 13th space 3 points, 14th 4
    assert state.score_track == [3, 4] and len(state.pyramid) == 14


def test_pyr_2_stones_beyond_14_score_one_each():
    """IMH-PYR-2: after the 14th space every stone scores 1 point, without limit."""
    assert [pyramid_value(k) for k in (14, 15, 40)] == [1, 1, 1]
    state = round_start(2, card="4-3-2-1")
    edit(state, pyramid=[1] * 20)
    play(state, "P1.1 P1.2 S P1.3 V1>PYR")  # black, white, black (S), white; black sails: 1 + 2 stones
    assert state.score_track == [1, 2] and len(state.pyramid) == 23


def test_temple_1_width_4_with_2_players_5_with_more():
    """IMH-TEMPLE-1: the temple is 4 wide with 2 players, 5 with 3-4 players."""
    assert data.TEMPLE_WIDTH == {2: 4, 3: 5, 4: 5}
    for players, black_points in ((2, 0), (3, 1), (4, 1)):
        state = round_start(players)
        edit(state, temple=[0, 0, 1, 1, 1, 1])
        no_stones(state, *range(players))
        play(state, *["PASS"] * players)  # the round ends: the temple scores its visible stones
        assert state.score_track[:2] == [black_points, 4]
        assert len(PARTS.observer.view(state, None)["temple_visible"]) == (4 if players == 2 else 5)


def test_temple_2_layers_cover_older_stones_and_3_scores_every_round():
    """IMH-TEMPLE-2/3: stones fill left to right in layers; at each round end the visible stones (the last
    <width> placed) score 1 point each."""
    state = round_start(2, card="3-2-2-1")
    edit(state, temple=[0, 0, 0, 0, 1, 1], sled=[5, 5])  # layer 2 started: white covers columns 1-2
    play(state, "P4.1", "P3.1", "V4>OBL", "V3>BUR", "P2.1", "P2.2", "V2>PYR", "P1.1", "P1.2")
    before = list(state.score_track)
    play(state, "V1>MKT", "M:STATUE", "M:LEVER")
    # the round ended: visible = 1 1 0 0 (columns 1-2 white, 3-4 black): 2 points each
    assert [state.score_track[p] - before[p] for p in (0, 1)] == [2, 2]
    assert PARTS.observer.view(state, None)["temple_visible"] == ["white", "white", "black", "black"]


def test_temple_3_scores_at_end_of_round_6_before_final_scoring():
    """IMH-TEMPLE-3: round 6 is scored too (the rounds' temple points are on the track before final scoring)."""
    state = last_round(round_start(2, card="4-3-2-1"))
    edit(state, temple=[1, 1, 1, 1])
    no_stones(state, 0, 1)  # nobody can act: both pass and the last round ends
    play(state, "PASS", "PASS")
    assert state.is_terminal()
    assert state.final_score_rows is not None
    assert state.score_track[1] == 4 + state.final_score_rows[1][1] + sum(state.final_score_rows[1][2:])


def test_burial_1_three_rows_column_by_column():
    """IMH-BURIAL-1: the k-th stone goes to column k // 3, row k % 3 (top to bottom, then the next column)."""
    state = round_start(2, card="4-3-2-1")
    edit(state, burial_chamber=[1, 1])
    play(state, "P1.1 P1.2 S P1.3 V1>BUR")  # ship 1: black, white, white -> cells 2, 3, 4
    assert state.burial_chamber == [1, 1, 0, 1, 1]
    # column 0 holds W W K (top to bottom), column 1 holds W W: white's 4 stones form one square group
    assert burial_points(state.burial_chamber, 2) == [1, 10]
    assert PARTS.observer.view(state, None)["burial_chamber"] == ["white", "white", "black", "white", "white"]


def test_burial_2_every_group_scores_by_size():
    """IMH-BURIAL-2: each orthogonally connected one-colour group scores 1/3/6/10/15, +2 per stone beyond 5."""
    assert [group_points(s) for s in range(1, 9)] == [1, 3, 6, 10, 15, 17, 19, 21]
    # columns: [0 0 0] [1 1 1] [0 1 0] -> black 3-group + two singles; white 4-group (column 2 + middle of 3)
    assert burial_points([0, 0, 0, 1, 1, 1, 0, 1, 0], 2) == [6 + 1 + 1, 10]
    # rows do not wrap: stone 2 (row 2) and stone 3 (row 0 of the next column) are not neighbours
    assert burial_points([0, 1, 0, 0, 1, 1], 2) == [1 + 3, 6]
    assert burial_points([0] * 9, 3) == [15 + 2 * 4, 0, 0]
    assert burial_points([], 2) == [0, 0]
    # columns [0 1 0] [1 0 0]: black's group 2-5-4 is joined through stone 5's upper neighbour (row 1)
    assert burial_points([0, 1, 0, 1, 0, 0], 2) == [1 + 6, 1 + 1]


def test_obel_1_ranking_tables():
    """IMH-OBEL-1: ranks by height among players with a stone: 10/1, 12/6/1, 15/10/5/1; 0 stones score 0."""
    assert obelisk_points([3, 1], (10, 1)) == [10, 1]
    assert obelisk_points([0, 1], (10, 1)) == [0, 10]
    assert obelisk_points([2, 5, 1], (12, 6, 1)) == [6, 12, 1]
    assert obelisk_points([1, 2, 3, 4], (15, 10, 5, 1)) == [1, 5, 10, 15]
    assert obelisk_points([0, 0, 0], (12, 6, 1)) == [0, 0, 0]


def test_obel_2_ties_rulebook_example():
    """IMH-OBEL-2: tied players share the points of their places, rounded down (example 4/3/3/0 -> 15/7/7/0)."""
    assert obelisk_points([4, 3, 3, 0], (15, 10, 5, 1)) == [15, 7, 7, 0]
    assert obelisk_points([2, 2], (10, 1)) == [5, 5]
    assert obelisk_points([2, 2, 2], (12, 6, 1)) == [6, 6, 6]
    assert obelisk_points([1, 4, 4, 4], (15, 10, 5, 1)) == [1, 10, 10, 10]
    # the same example through a whole game end (4 players)
    state = last_round(round_start(4, card="4-4-2-1"))
    edit(state, obelisks=[4, 3, 3, 0], quarry=[0] * 4, sled=[0] * 4)  # nobody can act: all pass, the game ends
    play(state, "PASS PASS PASS PASS")
    assert [row[1] for row in state.final_score_rows] == [15, 7, 7, 0]

