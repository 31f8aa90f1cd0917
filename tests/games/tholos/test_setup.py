"""Tholos set-up and options (THO-SETUP-*), one test (or more) per rule ID of the specification."""

from __future__ import annotations

import pytest

import museion
from museion import CHANCE, OptionError
from museion.core.registry import entry

from .helpers import moves, play, position

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- set-up -----------------------------------------------------------------------------------------------------------

def test_setup_stones_in_play_THO_SETUP_1():
    """THO-SETUP-1: 15 W, 15 B, 10 G in play (score markers never enter play)."""
    s = museion.load("tholos").new_initial_state()
    total = [s.quarry[c] + s.workshops[c] + s.workshops[3 + c] for c in range(3)]
    assert total == [15, 15, 10]


def test_setup_workshops_THO_SETUP_2():
    """THO-SETUP-2: each workshop has 3 spaces and starts with 2 stones of its owner's colour."""
    v = PARTS.observer.view(museion.load("tholos").new_initial_state(), 0)
    assert v["workshops"] == [{"W": 2, "B": 0, "G": 0}, {"W": 0, "B": 2, "G": 0}]


def test_setup_quarry_THO_SETUP_3():
    """THO-SETUP-3: the quarry starts with 13 W, 13 B, 10 G."""
    state = museion.load("tholos").new_initial_state()
    assert PARTS.observer.view(state, None)["quarry"] == {"W": 13, "B": 13, "G": 10}


def test_setup_temple_THO_SETUP_4():
    """THO-SETUP-4: seven empty locations A-G; "another location" is any other (no adjacency)."""
    s = museion.load("tholos").new_initial_state()
    assert PARTS.observer.view(s, None)["columns"] == {loc: "" for loc in "ABCDEFG"}
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


# -- options ----------------------------------------------------------------------------------------------------------
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
