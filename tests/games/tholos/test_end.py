"""The end of the game and the scoring, with the rulebook's examples (THO-END-*, THO-SCORE-*)."""

from __future__ import annotations

import random

import pytest

import museion
from museion import TERMINAL, OptionError
from museion.core.play import random_playout
from museion.core.registry import entry
from museion.games.tholos.scoring import column_result
from museion.games.tholos.state import ranking_winners

from .helpers import EXTRA, MAIN, column, moves, play, position

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- end and scoring --------------------------------------------------------------------------------------------------

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
    assert s.is_terminal() and s.legal_actions() == [] and PARTS.observer.view(s, None)["turn"] == 2
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
    assert s.is_terminal() and PARTS.observer.view(s, None)["turn"] == 2
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
    assert PARTS.observer.view(s, None)["turn"] == 1
    play(s, "PA:W")
    assert PARTS.observer.view(s, None)["turn"] == 1 and s.phase == EXTRA  # the extra action is part of the same turn
    play(s, "xA:E>B")
    seen = PARTS.observer.view(s, None)
    assert seen["turn"] == 2 and seen["extra_at"] is None and s.phase == MAIN
    play(s, "T1B")
    assert PARTS.observer.view(s, None)["turn"] == 3 and "turn 3" in str(s)


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
