"""Tholos rules, one test (or more) per rule ID of the specification."""

from __future__ import annotations

import random

import pytest

import museion
from museion import CHANCE, TERMINAL, IllegalActionError, OptionError
from museion.core.play import random_playout
from museion.games.tholos.data import STONES_IN_PLAY
from museion.games.tholos.scoring import column_result
from museion.games.tholos.state import ranking_winners

from .helpers import EXTRA, MAIN, column, moves, play, position


# -- set-up --------------------------------------------------------------------------------------------------
def test_setup_stones_in_play_THO_SETUP_1():
    """THO-SETUP-1: 15 W, 15 B, 10 G in play (score markers never enter play)."""
    s = museion.load("tholos").new_initial_state()
    total = [s.quarry[c] + s.workshops[c] + s.workshops[3 + c] for c in range(3)]
    assert total == [15, 15, 10]


def test_setup_workshops_THO_SETUP_2():
    """THO-SETUP-2: each workshop has 3 spaces and starts with 2 stones of its owner's colour."""
    v = museion.load("tholos").new_initial_state().view(0)
    assert v["workshops"] == [{"W": 2, "B": 0, "G": 0}, {"W": 0, "B": 2, "G": 0}]


def test_setup_quarry_THO_SETUP_3():
    """THO-SETUP-3: the quarry starts with 13 W, 13 B, 10 G."""
    assert museion.load("tholos").new_initial_state().view(None)["quarry"] == {"W": 13, "B": 13, "G": 10}


def test_setup_temple_THO_SETUP_4():
    """THO-SETUP-4: seven empty locations A-G; "another location" is any other (no adjacency)."""
    s = museion.load("tholos").new_initial_state()
    assert s.view(None)["columns"] == {loc: "" for loc in "ABCDEFG"}
    # C's action can take from any other location, near or far.
    s = position({"A": "W", "D": "B", "E": "G"}, workshops=("W", ""), to_move=0)
    play(s, "PC:W")
    assert {"xC:A", "xC:D", "xC:E"} <= moves(s)


def test_start_player_THO_SETUP_5():
    """THO-SETUP-5: white by default, black on request, or random (a chance node)."""
    assert museion.load("tholos").new_initial_state().current_player() == 0
    assert museion.load("tholos", start_player="black").new_initial_state().current_player() == 1
    s = museion.load("tholos", start_player="random").new_initial_state()
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    s.apply_action(1)
    assert s.current_player() == 1
    with pytest.raises(OptionError, match="start_player"):
        museion.load("tholos", start_player="grey")


# -- turn ----------------------------------------------------------------------------------------------------
def test_turn_take_or_place_no_pass_THO_TURN_1():
    """THO-TURN-1: players alternate; one TAKE or PLACE; no pass; a legal action always exists."""
    s = museion.load("tholos").new_initial_state()
    assert all(m.startswith(("T", "P")) for m in moves(s))
    play(s, "T1W")
    assert s.current_player() == 1
    for seed in range(30):
        state = museion.load("tholos").new_initial_state()
        random_playout(state, random.Random(seed), on_step=lambda st: st.is_terminal() or st.legal_actions())


# -- take ----------------------------------------------------------------------------------------------------
def test_take_one_colour_THO_TAKE_1():
    """THO-TAKE-1: all stones taken in one action are of one colour (ids name one colour)."""
    s = museion.load("tholos").new_initial_state()
    takes = [m for m in moves(s) if m.startswith("T")]
    assert all(len(m) == 3 and m[2] in "WBG" for m in takes)


def test_take_limits_THO_TAKE_2():
    """THO-TAKE-2: own 1-3, grey 1-2, rival exactly 1."""
    s = position(workshops=("", ""), to_move=0)
    assert {m for m in moves(s) if m.startswith("T")} == {"T1W", "T2W", "T3W", "T1G", "T2G", "T1B"}
    s = position(workshops=("", ""), to_move=1)
    assert {m for m in moves(s) if m.startswith("T")} == {"T1B", "T2B", "T3B", "T1G", "T2G", "T1W"}


def test_take_free_spaces_THO_TAKE_3():
    """THO-TAKE-3: need a free space; never more than the free spaces. Rulebook: Black with 2 free spaces may
    take 1 W, or 1-2 G, or 1-2 B."""
    s = position(workshops=("WW", "G"), to_move=1)
    assert {m for m in moves(s) if m.startswith("T")} == {"T1W", "T1G", "T2G", "T1B", "T2B"}
    full = position(workshops=("WWG", "BB"), to_move=0)
    assert not [m for m in moves(full) if m.startswith("T")]


def test_take_quarry_stock_THO_TAKE_4():
    """THO-TAKE-4: 1 <= n <= min(limit, free spaces, stock); a colour out of stock cannot be chosen."""
    s = position({"A": "GGGGG", "B": "GGGG"}, workshops=("", ""), to_move=0)  # 1 grey left in the quarry
    takes = {m for m in moves(s) if m.startswith("T")}
    assert "T1G" in takes and "T2G" not in takes
    s = position({"A": "GGGGG", "B": "GGGGG"}, workshops=("", ""), to_move=0)
    assert not {m for m in moves(s) if m.endswith("G") and m.startswith("T")}
    play(s, "T3W")
    assert s.view(None)["workshops"][0] == {"W": 3, "B": 0, "G": 0}


# -- place ---------------------------------------------------------------------------------------------------
def test_place_any_colour_on_free_location_THO_PLACE_1():
    """THO-PLACE-1: a stone of any colour from the workshop goes on top of a free location."""
    s = position({"C": "WB"}, workshops=("BG", ""), to_move=0)
    assert {"PC:B", "PC:G", "PA:B"} <= moves(s)
    play(s, "PC:G")
    assert column(s, "C") == "WBG"
    assert s.view(None)["workshops"][0] == {"W": 0, "B": 1, "G": 0}


def test_full_column_accepts_nothing_THO_PLACE_2():
    """THO-PLACE-2: a column is full at 5 stones; no placement and no move onto it."""
    s = position({"C": "WBWBW", "E": "G"}, workshops=("W", ""), to_move=0)
    assert not {m for m in moves(s) if m.startswith("PC")}
    play(s, "PA:W")  # A's action moves a grey top stone: E's grey may go anywhere free except C
    assert "xA:E>C" not in moves(s) and "xA:E>B" in moves(s)


def test_only_own_colour_triggers_THO_PLACE_3():
    """THO-PLACE-3: own colour triggers the optional extra action; grey and rival stones do not."""
    s = position({"E": "B"}, workshops=("WBG", ""), to_move=0)
    play(s, "PC:W")
    assert s.phase == EXTRA and "x-" in moves(s)
    for stone in "BG":
        s = position({"E": "B"}, workshops=("WBG", ""), to_move=0)
        play(s, f"PC:{stone}")
        assert s.phase == MAIN and s.current_player() == 1


def test_no_chaining_THO_PLACE_4():
    """THO-PLACE-4: a stone placed by F (or moved by A) never triggers its new location; one extra per turn."""
    s = position(workshops=("WW", ""), to_move=0)
    play(s, "PF:W", "xF:W>C")  # a white stone lands on C: C's action does not follow
    assert column(s, "C") == "W" and s.current_player() == 1 and s.phase == MAIN
    s = position({"D": "G"}, workshops=("W", ""), to_move=0)
    play(s, "PA:W", "xA:D>C")
    assert column(s, "C") == "G" and s.current_player() == 1


def test_lowered_column_is_free_again_THO_PLACE_5():
    """THO-PLACE-5: extra actions may take from full columns, which become free again."""
    s = position({"A": "BWBWB"}, workshops=("W", "B"), to_move=0)
    assert "PA:W" not in moves(s)
    play(s, "PC:W", "xC:A")
    assert column(s, "A") == "BWBW"
    assert "PA:B" in moves(s)


# -- extra actions -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("loc", "colour"), [("A", "G"), ("B", "W"), ("G", "B")])
def test_move_top_stone_by_colour_THO_ACT_A_THO_ACT_B_THO_ACT_G(loc, colour):
    """THO-ACT-A (grey), THO-ACT-B (white), THO-ACT-G (black): move a top stone of that absolute colour from
    another location S onto a third free location D (D != L, D != S)."""
    others = {"A": "G", "B": "W", "G": "B"}
    tops = {"C": "B" + colour, "D": "W" + next(c for c in "WBG" if c != colour)}
    s = position(tops, workshops=("WW", "BB"), to_move=1 if loc == "G" else 0)
    own = "B" if loc == "G" else "W"
    play(s, f"P{loc}:{own}")
    targets = {m for m in moves(s) if m != "x-"}
    assert targets == {f"x{loc}:C>{d}" for d in "ABCDEFG" if d not in (loc, "C")}
    play(s, f"x{loc}:C>E")
    assert column(s, "C") == "B" and column(s, "E") == colour
    assert others[loc] == colour


def test_return_top_stone_THO_ACT_C():
    """THO-ACT-C: the top stone (any colour) of another non-empty location returns to the quarry."""
    s = position({"A": "WG", "C": "B", "E": "B"}, workshops=("W", ""), to_move=0)
    grey_before = s.quarry[2]
    play(s, "PC:W")
    assert {m for m in moves(s) if m != "x-"} == {"xC:A", "xC:E"}
    play(s, "xC:A")
    assert column(s, "A") == "W" and s.quarry[2] == grey_before + 1


def test_quarry_to_workshop_THO_ACT_D():
    """THO-ACT-D: 1 stone of any colour the quarry holds into your workshop (needs a free space)."""
    s = position(workshops=("W", ""), to_move=0)
    play(s, "PD:W")
    assert {m for m in moves(s) if m != "x-"} == {"xD:W", "xD:B", "xD:G"}
    play(s, "xD:B")
    assert s.view(None)["workshops"][0] == {"W": 0, "B": 1, "G": 0}
    full = position(workshops=("WWW", ""), to_move=0)
    play(full, "PD:W")
    assert "xD:G" in moves(full)  # placing freed a space


def test_steal_from_rival_THO_ACT_E():
    """THO-ACT-E: 1 stone of your choice from the rival's workshop into yours."""
    s = position(workshops=("W", "BG"), to_move=0)
    play(s, "PE:W")
    assert {m for m in moves(s) if m != "x-"} == {"xE:B", "xE:G"}
    play(s, "xE:G")
    assert s.view(None)["workshops"] == [{"W": 0, "B": 0, "G": 1}, {"W": 0, "B": 1, "G": 0}]


def test_second_placement_THO_ACT_F():
    """THO-ACT-F: place 1 more stone of any colour on another free location (not F)."""
    s = position({"B": "WWWWW"}, workshops=("WG", ""), to_move=0)
    play(s, "PF:W")
    targets = {m for m in moves(s) if m != "x-"}
    assert targets == {f"xF:G>{d}" for d in "ACDEG"}
    play(s, "xF:G>D")
    assert column(s, "D") == "G" and column(s, "F") == "W"


def test_no_target_means_no_effect_THO_ACT_NONE():
    """THO-ACT-NONE: without a valid target the action has no effect (no pointless decision); decline allowed."""
    s = position(workshops=("W", ""), to_move=0)  # no grey top stone anywhere: A does nothing
    play(s, "PA:W")
    assert s.current_player() == 1 and s.phase == MAIN
    s = position({"E": "G"}, workshops=("W", ""), to_move=0)
    play(s, "PA:W", "x-")
    assert column(s, "E") == "G" and s.current_player() == 1


# -- end and scoring -----------------------------------------------------------------------------------------
FULL_BUT_ONE = {"A": "WWWWB", "B": "BBBBW", "C": "WWWG", "D": "GGGGG", "E": "BBBBB", "F": "WWWWW", "G": "GGGBW"}


def test_game_ends_when_temple_full_THO_END_1():
    """THO-END-1: the game ends when every column is at its maximum height (35 stones)."""
    s = position(FULL_BUT_ONE, workshops=("G", "B"), to_move=0)
    play(s, "PC:G")
    assert s.is_terminal() and s.current_player() == TERMINAL and s.stones_in_temple == 35
    assert s.legal_actions() == []


def test_end_the_moment_the_last_slot_is_filled_THO_END_2():
    """THO-END-2 (default end_check="immediate", the rulebook): the game ends the moment the last slot is filled,
    before any extra action of that placement, also when F's second stone or ornament 6's grey fills it."""
    assert museion.load("tholos").options["end_check"] == "immediate"
    s = position(FULL_BUT_ONE, workshops=("W", "B"), to_move=0)
    play(s, "PC:W")  # an own stone at C: C's action would reopen a column, but the game is over
    assert s.is_terminal() and s.legal_actions() == [] and s.view(None)["turn"] == 2
    two_left = dict(FULL_BUT_ONE, F="WWWW")  # free slots: F and C
    s = position(two_left, workshops=("WW", "B"), to_move=0)
    play(s, "PF:W")
    assert not s.is_terminal() and s.phase == EXTRA  # F's stone may still fill the last slot
    play(s, "xF:W>C")
    assert s.is_terminal() and column(s, "C") == "WWWGW"
    s = position(two_left, workshops=("W", "B"), to_move=0, advanced=True, ornaments={"F": 6})
    play(s, "PF:W")  # the workshop is empty: only ornament 6's grey can fill C
    assert moves(s) == {"xF:Q>C", "x-"}
    play(s, "xF:Q>C")
    assert s.is_terminal() and column(s, "C") == "WWWGG"
    with pytest.raises(OptionError, match="end_check"):
        museion.load("tholos", end_check="never")


def test_end_after_turn_departure_offers_only_decisions_that_matter_THO_END_2():
    """THO-END-2 (end_check="after_turn", the online adaptation): the end is checked after the whole turn, so an
    own stone on the last slot at C may reopen a column; an extra action that could change nothing (D, E, or any
    other location with the temple full) is not offered: the game ends at once."""
    s = position(FULL_BUT_ONE, workshops=("W", "B"), to_move=0, end_check="after_turn")
    play(s, "PC:W")
    assert not s.is_terminal() and s.phase == EXTRA
    assert moves(s) == {f"xC:{loc}" for loc in "ABDEFG"} | {"x-"}
    play(s, "xC:A")
    assert not s.is_terminal() and s.current_player() == 1 and column(s, "A") == "WWWW"
    s = position(FULL_BUT_ONE, workshops=("W", "B"), to_move=0, end_check="after_turn")
    play(s, "PC:W", "x-")
    assert s.is_terminal() and s.view(None)["turn"] == 2
    for last in ("D", "E"):  # xD:/xE: would only move a stone between quarry and workshops: nothing to decide
        cols = dict(FULL_BUT_ONE, C="WWWGG", **{last: FULL_BUT_ONE[last][:4]})
        s = position(cols, workshops=("W", "BB"), to_move=0, end_check="after_turn")
        play(s, f"P{last}:W")
        assert s.is_terminal(), moves(s)
    cols = dict(FULL_BUT_ONE, C="WWWGG", D="GGGG")  # grey on the last slot at D under ornament 5
    s = position(cols, workshops=("G", "B"), to_move=0, end_check="after_turn", advanced=True,
                 ornaments={"D": 5})
    play(s, "PD:G")
    assert s.is_terminal()


@pytest.mark.parametrize("end_check", ["immediate", "after_turn"])
def test_no_pointless_decision_once_the_temple_is_full_THO_END_2(end_check):
    """THO-END-2 in random games: with the temple full the game is over (immediate), or the only decision left is
    C's action or declining it (after_turn)."""
    for options in ({}, {"advanced": True, "ornaments": 5}):
        game = museion.load("tholos", end_check=end_check, **options)

        def full_temple_checks(st):
            if st.stones_in_temple == st.temple_capacity and not st.is_terminal():
                assert end_check == "after_turn" and st.phase == EXTRA and st.extra_location == 2
                assert all(m.startswith("xC:") and ">" not in m or m == "x-" for m in moves(st))

        for seed in range(60):
            s = random_playout(game.new_initial_state(), random.Random(seed), on_step=full_temple_checks)
            assert s.is_terminal() and s.stones_in_temple == s.temple_capacity


def test_turn_counter_counts_whole_turns():
    """A turn is a TAKE or PLACE plus its optional extra action: the counter moves once per turn (view "turn")."""
    s = position({"E": "G"}, workshops=("W", "B"), to_move=0)
    assert s.view(None)["turn"] == 1
    play(s, "PA:W")
    assert s.view(None)["turn"] == 1 and s.phase == EXTRA  # the extra action is part of the same turn
    play(s, "xA:E>B")
    assert s.view(None)["turn"] == 2 and s.view(None)["extra_at"] is None and s.phase == MAIN
    play(s, "T1B")
    assert s.view(None)["turn"] == 3 and "turn 3" in str(s)


def test_column_majority_THO_SCORE_1():
    """THO-SCORE-1: more stones of one's colour wins the column; grey ignored; equal (0-0 too) nobody."""
    assert column_result((0, 2, 2, 2))[0] == 0
    assert column_result((0, 1, 1))[0] == 1
    assert column_result((0, 1, 2, 2)) == (-1, 0)
    assert column_result((2, 2)) == (-1, 0)
    assert column_result(()) == (-1, 0)


def test_column_points_worked_examples_THO_SCORE_2():
    """THO-SCORE-2 and the rulebook's worked examples: +1 own, +3 rival, -2 grey."""
    W, B, G = 0, 1, 2
    assert column_result((W, W, G, B, G)) == (0, 1)
    assert column_result((W, B, B, W, W)) == (0, 9)
    assert column_result((G, W, W, G, W)) == (0, -1)
    assert column_result((W, B, G, G, G))[0] == -1
    s = position({"A": "WWGBG", "B": "WBBWW", "C": "GWWGW", "D": "WBGGG"}, workshops=("", ""))
    assert s.scores() == [1 + 9 - 1, 0]


def test_tie_break_columns_won_THO_SCORE_3():
    """THO-SCORE-3: highest total; then more columns won (also with <= 0 points); still tied: draw."""
    assert ranking_winners([5, 3], [1, 4]) == [0]
    assert ranking_winners([4, 4], [3, 2]) == [0]
    assert ranking_winners([4, 4], [2, 2]) == [0, 1]
    # Full temple, 8 points each: White wins C, D and E (E with -4 points), Black wins A, B, F, G -> Black wins.
    cols = {"A": "WBBGG", "B": "WBBGG", "C": "WWWWW", "D": "WWWWB", "E": "WWGGG", "F": "BBBB", "G": "WBBGG"}
    s = position(cols, workshops=("", "B"), to_move=1)
    play(s, "PF:B")
    assert s.is_terminal()
    assert s.scores() == [8, 8] and s.columns_won() == [3, 4]
    assert s.winners() == [1]
    assert "tie-break" in str(s)


# -- ornaments -----------------------------------------------------------------------------------------------
def test_ornament_draw_THO_ORN_SETUP_1():
    """THO-ORN-SETUP-1: advanced mode draws 2 ornaments by default, each on a different location, up to 5."""
    s = museion.load("tholos", advanced=True).new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == 7 * 7
    random_playout(s, random.Random(3))
    assert sum(1 for k in s.ornaments if k) == 2
    s = museion.load("tholos", advanced=True, ornaments=5).new_initial_state()
    rng = random.Random(4)
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
    placed = [k for k in s.ornaments if k]
    assert sorted(placed) == sorted(set(placed)) and len(placed) == 5
    with pytest.raises(OptionError, match="ornaments"):
        museion.load("tholos", advanced=True, ornaments=6)


def test_ornament_locations_and_explicit_placement_THO_ORN_SETUP_2():
    """THO-ORN-SETUP-2: locations drawn uniformly from a configurable list; or fixed explicitly."""
    s = museion.load("tholos", advanced=True, ornaments=2, ornament_locations="CE").new_initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 7 * 2 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert {s.action_to_string(a)[-1] for a, _ in outcomes} == {"C", "E"}
    s = museion.load("tholos", advanced=True, ornaments="1@C,7@E").new_initial_state()
    assert not s.is_chance_node() and s.view(None)["ornaments"] == {"C": 1, "E": 7}
    assert s.view(None)["ornaments_to_draw"] == 0
    assert museion.load("tholos", advanced=True, ornaments={"c": 1}).options["ornaments"] == {"C": 1}
    with pytest.raises(OptionError, match="advanced"):
        museion.load("tholos", ornaments=2)
    with pytest.raises(OptionError, match="ornament_locations"):
        museion.load("tholos", advanced=True, ornaments=3, ornament_locations="AB")


def test_ornament_1_bonus_THO_ORN_1():
    """THO-ORN-1: the column's winner gets +3 (nobody on a tie)."""
    assert column_result((0, 0, 1), 1) == (0, 2 + 3 + 3)
    assert column_result((0, 1), 1) == (-1, 0)


def test_ornament_2_fewer_wins_THO_ORN_2():
    """THO-ORN-2: fewer stones of one's colour wins; W0 B3 G2 gives White 0+9-4 = 5."""
    assert column_result((1, 1, 1, 2, 2), 2) == (0, 5)
    assert column_result((0, 1, 1), 2) == (0, 1 + 6)
    assert column_result((0, 1), 2) == (-1, 0)


def test_ornament_3_grey_plus_two_THO_ORN_3():
    """THO-ORN-3: grey worth +2 here."""
    assert column_result((0, 2, 2), 3) == (0, 1 + 4)


def test_ornament_4_grey_minus_three_THO_ORN_4():
    """THO-ORN-4: grey worth -3 here."""
    assert column_result((0, 2, 2), 4) == (0, 1 - 6)


def test_ornament_5_grey_triggers_THO_ORN_5():
    """THO-ORN-5: a grey stone placed here triggers the action; own colour still does; rival does not."""
    s = position({"E": "B"}, workshops=("GB", ""), to_move=0, advanced=True, ornaments={"C": 5})
    play(s, "PC:G")
    assert s.phase == EXTRA and "xC:E" in moves(s)
    s = position({"E": "B"}, workshops=("GB", ""), to_move=0, advanced=True, ornaments={"C": 5})
    play(s, "PC:B")
    assert s.phase == MAIN and s.current_player() == 1


def test_ornament_6_grey_from_quarry_THO_ORN_6():
    """THO-ORN-6: instead of the action, move a grey stone from the quarry onto a different free location."""
    s = position(workshops=("W", ""), to_move=0, advanced=True, ornaments={"A": 6})
    play(s, "PA:W")  # A has no grey top to move, but ornament 6 offers the quarry grey
    assert {m for m in moves(s) if m != "x-"} == {f"xA:Q>{d}" for d in "BCDEFG"}
    grey = s.quarry[2]
    play(s, "xA:Q>C")
    assert column(s, "C") == "G" and s.quarry[2] == grey - 1 and s.current_player() == 1


def test_ornament_7_holds_seven_THO_ORN_7():
    """THO-ORN-7: this column holds up to 7 stones (37 in the temple)."""
    s = position({"D": "WBWBW"}, workshops=("WW", ""), to_move=0, advanced=True, ornaments={"D": 7})
    assert "PD:W" in moves(s) and s.temple_capacity == 37
    s.columns[3] = (0, 1, 0, 1, 0, 1, 0)
    s.quarry[0] -= 1
    s.quarry[1] -= 1
    s.stones_in_temple += 2
    s._legal = None
    assert "PD:W" not in moves(s)


# -- invariants ----------------------------------------------------------------------------------------------
def test_invariants_in_random_games_THO_INV_1_THO_INV_2_THO_INV_3():
    """THO-INV-1/2 at every step of random games; THO-INV-3 every game ends within the proven bound
    (1 318 actions: the proof is the docstring of max_game_length)."""
    assert museion.load("tholos").max_game_length() == museion.load("tholos", advanced=True).max_game_length() == 1318
    for options in ({}, {"advanced": True, "ornaments": 5}):
        game = museion.load("tholos", **options)
        for seed in range(40):
            s = random_playout(game.new_initial_state(), random.Random(seed),
                               on_step=lambda st: _assert_no_violation(st))
            assert s.is_terminal() and len(s.history()) <= game.max_game_length()


def _assert_no_violation(state):
    assert not state.invariant_violations(), state.invariant_violations()


def test_illegal_action_leaves_state_unchanged():
    s = museion.load("tholos").new_initial_state()
    before = s.key()
    with pytest.raises(IllegalActionError, match="legal: "):
        s.apply_action(s.string_to_action("T1W") + 100)
    with pytest.raises(IllegalActionError, match="T1W"):
        s.string_to_action("T3G")
    assert s.key() == before


# -- options and the invariant checker ----------------------------------------------------------------------
def test_option_parsing_edge_cases_THO_SETUP_5_THO_ORN_SETUP_2():
    """Options from Python and from the command line (strings): players, start player names, ornament counts and
    placements, location lists; anything else is refused with what is allowed (THO-SETUP-5, THO-ORN-SETUP-2)."""
    assert museion.load("tholos", players="2").num_players() == 2
    for bad in (3, "3", 1, True):
        with pytest.raises(OptionError, match="exactly 2 players"):
            museion.load("tholos", players=bad)
    for text, seat in (("b", 1), ("B", 1), ("black", 1), ("1", 1), (1, 1), ("w", 0), ("white", 0), ("0", 0)):
        assert museion.load("tholos", start_player=text).new_initial_state().current_player() == seat
    for bad in (True, 2, "grey", ""):
        with pytest.raises(OptionError, match="start_player.*allowed: 0 or 'white', 1 or 'black', 'random'"):
            museion.load("tholos", start_player=bad)
    assert museion.load("tholos", advanced=True, ornaments="3").options["ornaments"] == 3
    assert museion.load("tholos", advanced=True, ornaments=" 0 ").options["ornaments"] == 0
    state = museion.load("tholos", advanced=True, ornaments="4").new_initial_state()
    assert len(state.chance_outcomes()) == 7 * 7 and state.ornament_draws == 4
    assert museion.load("tholos", advanced=True, ornaments="1@c, 7@E").options["ornaments"] == {"C": 1, "E": 7}
    five = museion.load("tholos", advanced=True, ornaments="1@A,2@B,3@C,4@D,5@E").options["ornaments"]
    assert five == {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5}
    for bad, why in ((6, "allowed: None, a count 0-5"), ("6", "a count 0-5"), (-1, "a count 0-5"), (True, "0-5"),
                     ("1@Z", "locations must be among ABCDEFG"), ("x@C", "a placement like"),
                     ("1@C,1@E", "at most 5 different ornaments"), ("1@A,2@B,3@C,4@D,5@E,6@F", "at most 5 different"),
                     ({"C": 8}, "ornaments are numbered 1-7"), ({"C": True}, "numbered 1-7"), ([1], "a count 0-5")):
        with pytest.raises(OptionError, match=f"option 'ornaments' of tholos: .*{why}"):
            museion.load("tholos", advanced=True, ornaments=bad)
    assert museion.load("tholos", advanced=True, ornament_locations=["G", "a"]).options["ornament_locations"] == "AG"
    assert museion.load("tholos", advanced=True, ornament_locations="g, a c").options["ornament_locations"] == "ACG"
    for bad in ("", "AZ", []):
        with pytest.raises(OptionError, match="ornament_locations"):
            museion.load("tholos", advanced=True, ornament_locations=bad)


def _rebalance(state):
    """Put every stone not on the board or in a workshop back in the quarry (keeps THO-INV-1 after an edit)."""
    for c in range(3):
        on_board = sum(col.count(c) for col in state.columns)
        state.quarry[c] = STONES_IN_PLAY[c] - on_board - state.workshops[c] - state.workshops[3 + c]
    state.stones_in_temple = sum(map(len, state.columns))
    state._legal = None
    return state


@pytest.mark.parametrize("player", [0, 1])
def test_invariant_checker_reports_broken_states_THO_INV_1_THO_INV_2(player):
    """THO-INV-1/2: the checker itself notices an overfull workshop (stones of all three colours counted), a
    column above its height, lost or negative stones, a miscounted temple, a running game with no legal action."""
    s = position({"A": "WB"}, workshops=("WG", "BG"), to_move=player)
    assert s.invariant_violations() == []
    base = 3 * player
    for overfull in ([0, 0, 4], [1, 1, 2], [2, 0, 2], [0, 2, 2], [3, 1, 0]):
        over = s.clone()
        over.workshops[base:base + 3] = overfull
        _rebalance(over)
        assert over.invariant_violations() == [f"a workshop holds more than 3 stones: {over.workshops}"], overfull
    high = s.clone()
    high.columns[1] = (2,) * 6
    _rebalance(high)
    assert high.invariant_violations() == ["a column exceeds its maximum height"]
    lost = s.clone()
    lost.quarry[1] -= 1
    assert lost.invariant_violations() == ["stones W/B/G = [15, 14, 10], expected (15, 15, 10)"]
    negative = s.clone()
    negative.quarry[0] = -1
    negative.workshops[base] += s.quarry[0] + 1
    assert "a negative stone count" in negative.invariant_violations()
    miscounted = s.clone()
    miscounted.stones_in_temple += 1
    assert miscounted.invariant_violations() == ["the count of stones in the temple is out of step"]
    stuck = s.clone()  # a full temple and a full workshop, yet the game runs: no legal action
    stuck.columns = [(0,) * 5, (0,) * 5, (0, 0, 0, 0, 1), (1,) * 5, (1,) * 5, (2,) * 5, (2,) * 5]
    stuck.workshops = [0, 0, 0, 0, 0, 0]
    stuck.workshops[base:base + 3] = [1, 2, 0]
    _rebalance(stuck)
    assert stuck.invariant_violations() == ["no legal action in a running game"]
