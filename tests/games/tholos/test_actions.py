"""A Tholos turn: take, place and the locations' extra actions (THO-TURN-1, THO-TAKE-*, THO-PLACE-*, THO-ACT-*)."""

from __future__ import annotations

import random

import pytest

import museion
from museion.core.play import random_playout
from museion.core.registry import entry

from .helpers import EXTRA, MAIN, column, moves, play, position

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- turn -------------------------------------------------------------------------------------------------------------

def test_turn_take_or_place_no_pass_THO_TURN_1():
    """THO-TURN-1: players alternate; one TAKE or PLACE; no pass; a legal action always exists."""
    s = museion.load("tholos").new_initial_state()
    assert all(m.startswith(("T", "P")) for m in moves(s))
    play(s, "T1W")
    assert s.current_player() == 1
    for seed in range(30):
        state = museion.load("tholos").new_initial_state()
        random_playout(state, random.Random(seed), on_step=lambda st: st.is_terminal() or st.legal_actions())


# -- take -------------------------------------------------------------------------------------------------------------
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
    assert PARTS.observer.view(s, None)["workshops"][0] == {"W": 3, "B": 0, "G": 0}


# -- place ------------------------------------------------------------------------------------------------------------
def test_place_any_colour_on_free_location_THO_PLACE_1():
    """THO-PLACE-1: a stone of any colour from the workshop goes on top of a free location."""
    s = position({"C": "WB"}, workshops=("BG", ""), to_move=0)
    assert {"PC:B", "PC:G", "PA:B"} <= moves(s)
    play(s, "PC:G")
    assert column(s, "C") == "WBG"
    assert PARTS.observer.view(s, None)["workshops"][0] == {"W": 0, "B": 1, "G": 0}


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


# -- extra actions ----------------------------------------------------------------------------------------------------
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
    assert PARTS.observer.view(s, None)["workshops"][0] == {"W": 0, "B": 1, "G": 0}
    full = position(workshops=("WWW", ""), to_move=0)
    play(full, "PD:W")
    assert "xD:G" in moves(full)  # placing freed a space


def test_steal_from_rival_THO_ACT_E():
    """THO-ACT-E: 1 stone of your choice from the rival's workshop into yours."""
    s = position(workshops=("W", "BG"), to_move=0)
    play(s, "PE:W")
    assert {m for m in moves(s) if m != "x-"} == {"xE:B", "xE:G"}
    play(s, "xE:G")
    assert PARTS.observer.view(s, None)["workshops"] == [{"W": 0, "B": 0, "G": 1}, {"W": 0, "B": 1, "G": 0}]


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
