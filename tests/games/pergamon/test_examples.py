"""The worked examples of the rulebook, as tests (with fixture tiles, not the RECONSTRUCTED list)."""

from __future__ import annotations

from museion.core.registry import entry
from museion.games.pergamon import data

from .fixtures import RING_9, RING_12, RING_12B, RING_16, fix
from .helpers import act, exhibit, give, lay_out, moves, phase3, set_coins, start

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_layout_example_PER_LAYOUT_1():
    """PER-LAYOUT-1 / PER-TILE-2: finds of centuries 1, 2, 4, 4, 4 (the 4s numbered 14, 36, 85) go to galleries
    I, II, III, IV, V whatever the order they are drawn in."""
    state = fix(2).new_initial_state()
    lay_out(state, ["4.85", "1.10", "4.36", "2.20", "4.14"])
    assert [[state.game.tile_codes[t] for t in gal] for gal in state.galleries] == [
        ["1.10"], ["2.20"], ["4.14"], ["4.36"], ["4.85"]]
    assert state.calendar_tiles == 55 and not state.invariant_violations()


def test_funds_example_PER_FUNDS_2():
    """PER-FUNDS-2: the two cards show 7 and 4, so 11 coins are put out."""
    state = start(3, cards=(7, 4), spaces=("P2", "P4", "P13"))
    assert PARTS.observer.view(state, 0)["funds_cards"] == [{"back": "chest", "value": 7}, {"back": "bag", "value": 4}]
    assert sum(state.coins[:3]) == 11 and state.coins[:3] == [1, 2, 8]


def test_collection_example_PER_EXH_2_PER_EXH_3():
    """Rulebook: a collection of bracelet (5th c.), vase (3rd c.), mask (4th c.) is worth 12; polished with 2
    coins it is worth 14 and its marker goes on space 14."""
    state = phase3(3, fix(3))
    give(state, 0, RING_12)
    set_coins(state, 0, 2)
    act(state, "+5.11", "+3.94", "+4.86", "close")
    assert moves(state) == ["polish 0", "polish 1", "polish 2", "cancel"]
    g = state.game
    assert sum(g.tile_centuries[t] for t in state.building_ring) == 12
    kinds = sorted(data.TYPE_NAMES[g.tile_right_types[t]] for t in state.building_ring)
    assert kinds == ["bracelet", "mask", "vase"]
    act(state, "polish 2")
    assert state.marker_values[0] == 14 and state.marker_spaces[0] == 14
    assert state.museum[14] == 0 and state.coins[0] == 0
    assert state.victory_points[0] == 1


def test_museum_shift_example_PER_EXH_4():
    """PER-EXH-4, rulebook: collections on 9, 12 and 16; a new collection worth 12 moves 9 -> 8 and 12 -> 11,
    16 stays, the new marker goes on 12."""
    state = phase3(3, fix(3))
    give(state, 0, RING_16 + RING_12B + RING_9)
    give(state, 1, RING_12)
    set_coins(state, 0, 0)
    exhibit(state, RING_16)
    exhibit(state, RING_12B)
    exhibit(state, RING_9)
    assert {s: m for s, m in enumerate(state.museum) if m >= 0} == {9: 2, 12: 1, 16: 0}
    assert state.current_player() == 2   # player 0 had nothing left to do
    act(state, "end")
    assert state.current_player() == 1
    exhibit(state, RING_12, polish=0)
    assert {s: m for s, m in enumerate(state.museum) if m >= 0} == {8: 2, 11: 1, 12: 3, 16: 0}

