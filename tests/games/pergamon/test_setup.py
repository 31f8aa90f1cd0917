"""Pergamon set-up and the find tiles (PER-SETUP-*, PER-TILE-*), one test (or more) per rule ID of the specification."""

from __future__ import annotations

import pytest

from museion import CHANCE, OptionError
from museion.core.check import check_game
from museion.core.registry import entry
from museion.games.pergamon import data
from museion.games.pergamon.render import render_text
from museion.games.pergamon.state import RAIDER, ST_PLACE, PergamonGame
from museion.games.pergamon.tables import reconstructed

from .fixtures import RING_2A, RING_9, RING_12B, RING_16, RING_463, fix
from .helpers import deal, end_turn, exhibit, game, give, lay_out, phase3, place, set_coins, start

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- tiles ------------------------------------------------------------------------------------------------------------

def codes(state, tiles):
    return [state.game.tile_codes[t] for t in tiles]


# -- set-up -----------------------------------------------------------------------------------------------------------
def test_calendar_piles_PER_SETUP_1():
    """PER-SETUP-1: 60 tiles, one pile of 5 per calendar turn: the first layout draws from all 60, each turn
    takes a pile of 5 from the calendar."""
    state = game(3).new_initial_state()
    assert state.current_player() == CHANCE and state.calendar_tiles == 60
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 60 and all(p == pytest.approx(1 / 60) for _, p in outcomes)
    lay_out(state)
    assert state.calendar_tiles == 55
    deal(state, 3, 3)
    end_turn(place(state, "P2", "P13", "P12"))
    lay_out(state)
    assert state.turn == 2 and state.calendar_tiles + state.box_unseen_tiles == 50


def test_funds_deck_PER_SETUP_2():
    """PER-SETUP-2: 24 cards, 3 of each value 1-8, drawn face down; backs (bag 1-4, chest 5-8) are public."""
    state = lay_out(game(2).new_initial_state())
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(8))
    assert all(p == pytest.approx(3 / 24) for _, p in outcomes)
    state.apply_action(3)   # a 4
    assert state.chance_outcomes()[3][1] == pytest.approx(2 / 23)
    state.apply_action(4)   # a 5
    v = PARTS.observer.view(state, 0)["funds_cards"]
    assert v == [{"back": "bag", "value": None}, {"back": "chest", "value": None}]


def test_start_empty_handed_PER_SETUP_3():
    """PER-SETUP-3: everyone starts with 0 coins and 0 VP."""
    state = game(4, open_scores=True).new_initial_state()
    v = PARTS.observer.view(state, None)
    assert [p["coins"] for p in v["players"]] == [0] * 4
    assert [p["vp"] for p in v["players"]] == [0] * 4


def test_three_markers_PER_SETUP_4():
    """PER-SETUP-4: each player has one figure and three collection markers (I, II, III)."""
    state = phase3(3, fix(3))
    give(state, 0, RING_16 + RING_12B + RING_9 + RING_2A)
    set_coins(state, 0, 0)
    exhibit(state, RING_16)
    exhibit(state, RING_12B)
    exhibit(state, RING_9)
    assert [c["marker"] for c in PARTS.observer.view(state, 0)["players"][0]["collections"]] == ["I", "II", "III"]
    exhibit(state, RING_2A, brk="II")  # a fourth needs a marker that is freed first
    assert [c["marker"] for c in PARTS.observer.view(state, 0)["players"][0]["collections"]] == ["I", "II", "III"]
    assert PARTS.observer.view(state, 0)["players"][0]["space"] == "P2"   # the figure


def test_first_player_option_PER_SETUP_5():
    """PER-SETUP-5: the first player is chosen by the caller (a seat) or at random (a chance node)."""
    state = start(3, start_player=2, cards=(1, 1))
    assert state.stage == ST_PLACE and state.current_player() == 2
    rnd = game(3, start_player="random").new_initial_state()
    assert rnd.current_player() == CHANCE
    assert rnd.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    assert rnd.action_to_string(1) == "start 1"
    rnd.apply_action(1)
    deal(lay_out(rnd), 2, 2)
    assert rnd.current_player() == 1
    with pytest.raises(OptionError, match="start_player"):
        game(2, start_player=2)
    with pytest.raises(OptionError, match="start_player"):
        game(2, start_player="oldest")
    with pytest.raises(OptionError, match="players"):
        game(5)


def test_tomb_raider_only_with_two_PER_SETUP_6():
    """PER-SETUP-6: 2 players play with the tomb raider; 3 and 4 players do not (all 13 spaces are free)."""
    two = start(2, cards=(1, 2))
    assert RAIDER in two.funds_track and len(two.legal_actions()) == 12
    for n in (3, 4):
        other = start(n, cards=(1, 2))
        assert RAIDER not in other.funds_track and len(other.legal_actions()) == 13


# -- tiles ------------------------------------------------------------------------------------------------------------
def test_tile_faces_PER_TILE_1():
    """PER-TILE-1: a tile has a right half (with the number) at its left edge and a left half (with the century)
    at its right edge; types are vase, jug, bracelet, mask."""
    g = fix(3)
    state = g.new_initial_state()
    t = state.tile("4.45")
    assert g.tiles[t] == ("V", 45, 4, "J")
    left, right = data.TYPES[g.tile_left_types[t]], data.TYPES[g.tile_right_types[t]]
    assert (left, g.tile_numbers[t], g.tile_centuries[t], right) == ("V", 45, 4, "J")
    assert data.TYPE_NAMES == ("vase", "jug", "bracelet", "mask")
    lay_out(state, ["4.45"])
    assert "V|4.45|J" in render_text(state)  # the right half of a vase, find 4.45, the left half of a jug


def test_age_order_PER_TILE_2():
    """PER-TILE-2: age by century first, then by the two-digit number (1.90 is younger than 2.05)."""
    specials = [("V", 90, 1, "J"), ("J", 5, 2, "B"), ("B", 50, 2, "M"), ("M", 99, 1, "V"), ("V", 0, 3, "B")]
    state = PergamonGame.with_tables(tiles=_tiles(specials), players=3).new_initial_state()
    lay_out(state, ["3.00", "2.50", "1.90", "2.05", "1.99"])
    assert [codes(state, gal) for gal in state.galleries] == [["1.90"], ["1.99"], ["2.05"], ["2.50"], ["3.00"]]


def _tiles(specials):
    from .helpers import fixture_tiles

    return fixture_tiles(specials)


def test_object_date_PER_TILE_3():
    """PER-TILE-3: X left of Y with matching halves form one object dated X's century + Y's number (4, 63 -> 463)."""
    state = phase3(3, fix(3))
    give(state, 0, RING_463)
    exhibit(state, RING_463)
    objs = sorted(state.objects(), reverse=True)
    jug, vase = data.TYPES.index("J"), data.TYPES.index("V")
    assert objs == [(463, jug, 0), (145, vase, 0)]


def test_reconstructed_tile_list_PER_TILE_4():
    """PER-TILE-4: the RECONSTRUCTED list (reconstructed.json): 12 tiles per century; each type 15x as left half and
    15x as right half; halves on one tile differ; two-digit numbers distinct."""
    tiles = reconstructed().tiles
    assert len(tiles) == 60
    for c in range(1, 6):
        assert sum(1 for t in tiles if t[2] == c) == 12
    for ty in data.TYPES:
        assert sum(1 for t in tiles if t[0] == ty) == 15   # right halves (left edge)
        assert sum(1 for t in tiles if t[3] == ty) == 15   # left halves (right edge)
    assert all(t[0] != t[3] for t in tiles)
    assert len({t[1] for t in tiles}) == 60 and all(0 <= t[1] <= 99 for t in tiles)
    g = game(2)
    assert g.tiles == tiles
    # the engine accepts any other table of the same shape (nothing depends on these values)
    other = fix(2)
    assert other.tiles != tiles and check_game(other, games=1, seed=5).games == 1
