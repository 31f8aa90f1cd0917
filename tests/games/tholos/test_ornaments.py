"""The advanced mode's ornaments (THO-ORN-SETUP-*, THO-ORN-1..7)."""

from __future__ import annotations

import random

import pytest

import museion
from museion import OptionError
from museion.core.play import random_playout
from museion.core.registry import entry
from museion.games.tholos.scoring import column_result

from .helpers import EXTRA, MAIN, column, moves, play, position

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- ornaments --------------------------------------------------------------------------------------------------------

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
    assert not s.is_chance_node() and PARTS.observer.view(s, None)["ornaments"] == {"C": 1, "E": 7}
    assert PARTS.observer.view(s, None)["ornaments_to_draw"] == 0
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
