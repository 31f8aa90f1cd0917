"""Pergamon rules, one test (or more) per rule ID of the specification."""

from __future__ import annotations

import random

import pytest

from museion import CHANCE, TERMINAL, IllegalActionError, OptionError
from museion.core.check import check_game
from museion.games.pergamon import data
from museion.games.pergamon.render import render_text
from museion.games.pergamon.state import (
    RAIDER,
    ST_BREAK,
    ST_BUILD,
    ST_MAIN,
    ST_OVER,
    ST_PLACE,
    ST_POLISH,
    ST_STORE,
    PergamonGame,
)
from museion.games.pergamon.tables import reconstructed

from .fixtures import (
    RING_2A,
    RING_2B,
    RING_2C,
    RING_5,
    RING_9,
    RING_12,
    RING_12B,
    RING_16,
    RING_25,
    RING_463,
    fix,
)
from .helpers import (
    FIXTURE_BANDS,
    FIXTURE_TRACK,
    act,
    clear_gallery,
    deal,
    exhibit,
    game,
    give,
    lay_out,
    moves,
    phase3,
    place,
    run_until,
    set_coins,
    set_turn,
    start,
)


def codes(state, tiles):
    return [state.game.tile_codes[t] for t in tiles]


def end_turn(state):
    """Everyone left in phase 3 ends (dropping finds if storage is due) until the next turn's layout."""
    turn = state.turn
    return run_until(state, lambda s: s.turn != turn or s.stage == ST_OVER)


# -- set-up --------------------------------------------------------------------------------------------------------
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
    v = state.view(0)["funds_cards"]
    assert v == [{"back": "bag", "value": None}, {"back": "chest", "value": None}]


def test_start_empty_handed_PER_SETUP_3():
    """PER-SETUP-3: everyone starts with 0 coins and 0 VP."""
    state = game(4, open_scores=True).new_initial_state()
    v = state.view(None)
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
    assert [c["marker"] for c in state.view(0)["players"][0]["collections"]] == ["I", "II", "III"]
    exhibit(state, RING_2A, brk="II")  # a fourth needs a marker that is freed first
    assert [c["marker"] for c in state.view(0)["players"][0]["collections"]] == ["I", "II", "III"]
    assert state.view(0)["players"][0]["space"] == "P2"   # the figure


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


# -- tiles ---------------------------------------------------------------------------------------------------------
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


# -- a turn --------------------------------------------------------------------------------------------------------
def test_layout_only_open_galleries_PER_LAYOUT_1():
    """PER-LAYOUT-1: only galleries with fewer than 4 finds get one; the rest of the pile goes to the box unseen."""
    state = game(3).new_initial_state()
    for turn in range(4):   # nobody digs: every gallery gets one find a turn
        lay_out(state)
        assert state.tiles_to_draw == 5
        deal(state, turn + 1, turn + 1)
        end_turn(place(state, "P1", "P2", "P3"))
    assert [len(gal) for gal in state.galleries] == [4] * 5
    assert state.turn == 5 and state.box_unseen_tiles == 5 and state.stage == 2  # nothing laid out: straight to cards
    clear_gallery(state, 3)
    deal(state, 5, 5)
    end_turn(place(state, "P1", "P2", "P3"))
    # turn 6: only gallery IV is open, so one tile is drawn and the other 4 go to the box unseen
    assert state.tiles_to_draw == 1 and state.box_unseen_tiles == 9
    lay_out(state)
    assert [len(gal) for gal in state.galleries] == [4, 4, 4, 1, 4]
    assert not state.invariant_violations()


def test_figures_in_turn_order_PER_FUNDS_1():
    """PER-FUNDS-1: from the first player clockwise, each puts the figure on a free space (one per space)."""
    state = start(3, start_player=1, cards=(2, 6))
    assert state.current_player() == 1
    act(state, "P5")
    assert state.current_player() == 2 and "P5" not in moves(state)
    act(state, "P6")
    assert state.current_player() == 0 and len(moves(state)) == 11
    with pytest.raises(IllegalActionError, match="P5"):
        state.apply_action(4)


def test_payout_PER_FUNDS_2():
    """PER-FUNDS-2: from right to left each takes the space's coins while they last (fewer if fewer are left);
    the leftmost takes everything that remains. Rulebook: cards 7 and 4 put out 11 coins."""
    state = start(3, cards=(7, 4), spaces=("P1", "P4", "P12"))
    assert state.coins[:3] == [0, 2, 9]
    short = start(3, cards=(1, 2), spaces=("P4", "P6", "P13"))
    assert short.coins[:3] == [2, 1, 0]
    rich = start(3, cards=(8, 8), spaces=("P10", "P11", "P2"))
    assert rich.coins[:3] == [5, 10, 1]


def test_payout_shortage_option_PER_FUNDS_2():
    """PER-FUNDS-2 option payout_shortage: "take_rest" (default) takes what is left; "nothing" gives nothing to a
    request that cannot be met in full and serves the next player to the left; the leftmost takes the rest."""
    assert game(3).options["payout_shortage"] == "take_rest"
    # cards 1 + 2 = 3 coins; P4 requests 2, P6 requests 3, P13 is leftmost
    rest = start(3, cards=(1, 2), spaces=("P4", "P6", "P13"))
    assert rest.coins[:3] == [2, 1, 0]
    nothing = start(3, cards=(1, 2), spaces=("P4", "P6", "P13"), payout_shortage="nothing")
    assert nothing.coins[:3] == [2, 0, 1]        # P6 gets nothing; its coin goes on to the leftmost
    # 2 + 2 = 4 coins; P8 requests 4 (met), P10 requests 5 (short: nothing), P11 leftmost takes the 0 left
    served = start(3, cards=(2, 2), spaces=("P8", "P10", "P11"), payout_shortage="nothing")
    assert served.coins[:3] == [4, 0, 0]
    with pytest.raises(OptionError, match="payout_shortage"):
        game(3, payout_shortage="half")


def test_reconstructed_track_PER_FUNDS_3():
    """PER-FUNDS-3: the RECONSTRUCTED track (coins, deepest gallery) with its anchored facts; a substituted track
    changes payouts and allowed galleries and nothing else."""
    track = reconstructed().track
    assert [r[:2] for r in track] == [(0, 5), (1, 3), (1, 2), (2, 4), (2, 3), (3, 4), (3, 3), (4, 5), (4, 4),
                                      (5, 5), (5, 4), (6, 5), (6, 5)]
    assert track[0][0] == 0 and track[4][2] == 0 and track[6][1] == 3
    assert all(track[i][0] <= track[i + 1][0] for i in range(12))
    state = start(3, g=fix(3, track=FIXTURE_TRACK), cards=(8, 8), spaces=("P2", "P13", "P12"))
    assert state.coins[:3] == [1, 9, 6]
    assert state.current_player() == 0 and "dig I" in moves(state) and "dig II" not in moves(state)
    std = start(3, g=fix(3), cards=(8, 8), spaces=("P2", "P13", "P12"))
    assert std.coins[:3] == [1, 9, 6]   # same requests at P2/P12; P2 allows up to III there
    set_coins(std, 0, 5)
    assert [m for m in moves(std) if m.startswith("dig")] == ["dig I", "dig II", "dig III"]


def test_phase3_order_and_steps_PER_DIG_1():
    """PER-DIG-1: figures act from right to left, each finishing all steps; excavating only comes first."""
    state = start(3, cards=(8, 8), spaces=("P5", "P2", "P9"))
    seen = []
    while state.turn == 1:
        if state.stage == ST_MAIN:
            seen.append(state.current_player())
        act(state, "end") if state.stage == ST_MAIN else state.apply_action(state.legal_actions()[-1])
    assert seen == [1, 0, 2]
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_2B)
    assert "dig I" in moves(state)
    exhibit(state, RING_2A)
    assert state.current_player() == 0 and not [m for m in moves(state) if m.startswith("dig")]


def test_excavate_PER_DIG_2():
    """PER-DIG-2: take all finds of one allowed non-empty gallery, pay its number in coins, once per turn."""
    state = fix(3).new_initial_state()
    for turn in range(2):
        lay_out(state)
        deal(state, turn + 1, turn + 1)
        end_turn(place(state, "P1", "P2", "P3"))
    lay_out(state)
    deal(state, 8, 8)
    others = ["P13", "P12"]
    while state.stage == ST_PLACE:     # player 0 on P4: up to gallery IV
        act(state, "P4" if state.current_player() == 0 else others.pop())
    assert state.current_player() == 0
    set_coins(state, 0, 2)
    assert [m for m in moves(state) if m.startswith("dig")] == ["dig I", "dig II"]
    set_coins(state, 0, 9)
    assert [m for m in moves(state) if m.startswith("dig")] == ["dig I", "dig II", "dig III", "dig IV"]
    give(state, 0, RING_2A)
    gallery = state.galleries[2][:]
    assert len(gallery) == 3
    act(state, "dig III")
    assert state.coins[0] == 6 and state.galleries[2] == []
    assert sorted(gallery + [state.tile(c) for c in RING_2A]) == state.supply[0]
    assert state.current_player() == 0 and not any(m.startswith("dig") for m in moves(state))


def test_rings_only_PER_EXH_1():
    """PER-EXH-1: a collection is a closed ring of >= 2 finds; only finds that keep the ring closable are offered,
    close only when the last left half matches the first right half; types may be mixed."""
    state = phase3(3, fix(3))
    give(state, 0, RING_12 + ("2.64",))
    main = moves(state)
    assert {"+5.11", "+3.94", "+4.86"} <= set(main) and "+2.64" not in main
    act(state, "+5.11")
    assert state.stage == ST_BUILD and moves(state) == ["+3.94", "cancel"]
    act(state, "+3.94")
    assert moves(state) == ["+4.86", "cancel"]   # 2.64 (J->V) does not fit after a vase left half
    act(state, "+4.86")
    assert moves(state) == ["close", "cancel"]
    act(state, "close")
    assert state.stage == ST_POLISH
    act(state, "polish 0")
    ring = state.exhibited_rings[0]
    g = state.game
    assert {data.TYPES[g.tile_right_types[t]] for t in ring} == {"B", "V", "M"}   # mixed types
    assert not state.invariant_violations()


def test_ring_reachability_PER_EXH_1():
    """PER-EXH-1: the type graph behind "only finds that keep the ring closable": with finds V->J, J->B, B->V and
    M->V, V, J and B reach each other, M reaches all four, and only the pairs on a cycle (V->J, J->B, B->V) may
    start a ring."""
    from museion.games.pergamon.state import _reach

    V, J, B, M = range(4)
    pair = lambda u, v: 1 << (4 * u + v)  # noqa: E731 - a find with right half u (left edge) and left half v
    reach, cycle = _reach(pair(V, J) | pair(J, B) | pair(B, V) | pair(M, V))
    ring = 1 << V | 1 << J | 1 << B
    assert reach == (ring, ring, ring, ring | 1 << M)  # the types reachable from each type
    assert cycle & (pair(V, J) | pair(J, B) | pair(B, V) | pair(M, V)) == pair(V, J) | pair(J, B) | pair(B, V)
    assert _reach(0) == ((1, 2, 4, 8), pair(V, V) | pair(J, J) | pair(B, B) | pair(M, M))


def test_cancel_always_nothing_done_on_the_players_behalf_PER_EXH_1():
    """PER-EXH-1: a collection being built can always be cancelled (finds stay), even after 3 cancels, at every
    step (building, breaking up, polishing); nothing is ever added, closed or exhibited for the player. After 3
    cancels in a turn no new collection can be started (keeps games finite); excavating and ending still can."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_2C)      # 1.01 V->J, 1.02 J->V, 1.05 V->B, 1.06 B->V
    set_coins(state, 0, 0)
    for _ in range(2):
        act(state, "+1.01", "cancel")
        assert state.stage == ST_MAIN and len(state.supply[0]) == 4
    act(state, "+1.01")                    # 1.02 is the only fitting find: still the player's decision
    assert state.building_ring == [state.tile("1.01")] and moves(state) == ["+1.02", "cancel"]
    act(state, "+1.02")
    assert moves(state) == ["+1.05", "close", "cancel"]
    act(state, "close")                    # polish 0 is the only polish: still a decision, with cancel
    assert state.stage == ST_POLISH and moves(state) == ["polish 0", "cancel"]
    act(state, "cancel")                   # the third cancel: no new collection; no coins to dig: storage
    assert len(state.supply[0]) == 4 and all(r is None for r in state.exhibited_rings[:3])
    assert state.stage == ST_STORE and moves(state) == [f"drop {c}" for c in ("1.01", "1.02", "1.05", "1.06")]


def test_cancel_cap_blocks_starting_only_PER_EXH_1():
    """PER-EXH-1: after 3 cancels the main step offers no find to start a collection, but excavation and end; the
    cap also holds when the third cancel comes from the break-up step."""
    state = phase3(3, fix(3))
    give(state, 0, RING_16 + RING_12B + RING_9 + RING_2A + ("1.63", "2.64"))
    set_coins(state, 0, 8)
    exhibit(state, RING_16)
    exhibit(state, RING_12B)
    exhibit(state, RING_9)
    act(state, "+1.01", "cancel", "+1.01", "+1.02", "cancel")
    act(state, "+1.01", "+1.02", "close")
    assert state.stage == ST_BREAK and moves(state) == ["break I", "break II", "break III", "cancel"]
    act(state, "cancel")  # the third: the 4 finds could still make rings, but none may be started
    assert state.cancelled_collections == 3 and state.current_player() == 0 and state.stage == ST_STORE
    assert moves(state) == ["pay"] + [f"drop {c}" for c in ("1.01", "1.02", "1.63", "2.64")]
    fresh = phase3(3, fix(3))
    give(fresh, 0, RING_2A)
    set_coins(fresh, 0, 3)
    act(fresh, "+1.01", "cancel", "+1.01", "cancel")
    assert "+1.01" in moves(fresh)
    act(fresh, "+1.02", "cancel")
    assert moves(fresh) == ["dig I", "dig II", "dig III", "end"]  # P2 allows up to III; 3 coins


def test_value_PER_EXH_2():
    """PER-EXH-2: value = sum of the finds' centuries plus polish."""
    state = phase3(3, fix(3))
    give(state, 0, RING_16)
    set_coins(state, 0, 3)
    exhibit(state, RING_16, polish=1)
    assert state.marker_values[0] == 5 + 5 + 3 + 3 + 1 and state.marker_spaces[0] == 17


def test_polish_PER_EXH_3():
    """PER-EXH-3: each polish coin +1, at most 3 (and no more than the coins held), unlimited in turn 12."""
    state = phase3(3, fix(3))
    give(state, 0, RING_12 + RING_9)
    set_coins(state, 0, 10)
    act(state, "+5.11", "+3.94", "+4.86", "close")
    assert moves(state) == ["polish 0", "polish 1", "polish 2", "polish 3", "cancel"]
    set_coins(state, 0, 2)
    act(state, "cancel", "+5.11", "+3.94", "+4.86", "close")
    assert moves(state) == ["polish 0", "polish 1", "polish 2", "cancel"]
    act(state, "polish 2")
    assert state.coins[0] == 0 and state.marker_values[0] == 14
    final = set_turn(phase3(3, fix(3)), 12)
    give(final, 0, RING_12)
    set_coins(final, 0, 20)
    act(final, "+5.11", "+3.94", "+4.86", "close")
    assert moves(final)[-2:] == ["polish 12", "cancel"]   # up to space 24: more could not raise it
    act(final, "polish 7")
    assert final.coins[0] == 13 and final.marker_values[0] == 19
    assert not any(a for a in final.legal_actions() if final.action_to_string(a).startswith("+5.11"))


def test_museum_above_24_PER_EXH_4():
    """PER-EXH-4: the marker goes on the space equal to the value, above 24 on 24."""
    state = phase3(3, fix(3))
    give(state, 0, RING_25)
    set_coins(state, 0, 5)
    act(state, "+5.80", "+5.81", "+5.82", "+5.83", "+5.84", "close")
    assert moves(state) == ["polish 0", "cancel"]
    act(state, "polish 0")
    assert state.marker_values[0] == 25 and state.marker_spaces[0] == 24 and state.museum[24] == 0


def test_exhibit_vp_PER_EXH_5():
    """PER-EXH-5: 1 VP at once for each newly exhibited collection."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_2B)
    exhibit(state, RING_2A)
    assert state.victory_points[0] == 1
    exhibit(state, RING_2B)
    assert state.victory_points == [2, 0, 0]


def test_marker_leaves_PER_EXH_6():
    """PER-EXH-6: a marker pushed below space 1 returns to its owner; its finds go to the box."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_2B + RING_2C)
    exhibit(state, RING_2A)
    exhibit(state, RING_2B)
    assert state.museum[1] == 0 and state.museum[2] == 1
    box = state.box_tiles
    exhibit(state, RING_2C)
    assert state.exhibited_rings[0] is None and state.box_tiles == box + 2
    assert state.museum[1] == 1 and state.museum[2] == 2
    assert [c["marker"] for c in state.view(0)["players"][0]["collections"]] == ["II", "III"]


def test_fourth_collection_breaks_one_PER_EXH_7():
    """PER-EXH-7: at most 3 collections; a fourth first breaks one up (its finds to the box, its marker freed)."""
    state = phase3(3, fix(3))
    give(state, 0, RING_16 + RING_12B + RING_9 + RING_2A)
    set_coins(state, 0, 0)
    exhibit(state, RING_16)
    exhibit(state, RING_12B)
    exhibit(state, RING_9)
    act(state, "+1.01", "+1.02", "close")
    assert state.stage == ST_BREAK and moves(state) == ["break I", "break II", "break III", "cancel"]
    box = state.box_tiles
    act(state, "break II")
    act(state, "polish 0")
    assert state.box_tiles == box + 3 and state.exhibited_rings[1] == (state.tile("1.01"), state.tile("1.02"))
    assert state.marker_spaces[:3] == [16, 2, 9] and state.victory_points[0] == 4
    assert state.museum[12] == -1


def test_storage_PER_STORE_1():
    """PER-STORE-1: 3 finds free, then 1 coin per started group of 3 (default storage_fee="started_group");
    discard instead; must discard if unable."""
    from museion.games.pergamon.state import storage_fee

    assert [storage_fee(n) for n in range(11)] == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    assert game(3).options["storage_fee"] == "started_group"
    state = phase3(3, fix(3))
    give(state, 0, ("4.14", "4.36", "4.85", "1.10"))
    set_coins(state, 0, 5)
    act(state, "end")
    assert state.stage == ST_STORE and moves(state)[0] == "pay"
    act(state, "pay")
    assert state.coins[0] == 4 and state.current_player() != 0
    state = phase3(3, fix(3))
    give(state, 0, ("4.14", "4.36", "4.85", "1.10", "2.20", "2.64", "1.63"))
    set_coins(state, 0, 1)
    act(state, "end")
    assert "pay" not in moves(state) and len(moves(state)) == 7   # 7 finds cost 2: must discard
    act(state, "drop 4.14")
    assert moves(state)[0] == "pay"                               # 6 finds cost 1
    act(state, "drop 4.36", "drop 4.85", "drop 1.10")             # down to 3: free, turn over
    assert state.current_player() != 0 and state.coins[0] == 1 and len(state.supply[0]) == 3


def test_storage_fee_full_groups_option_PER_STORE_1():
    """PER-STORE-1 option storage_fee="full_group": 4-5 finds free, 6-8 cost 1, 9-11 cost 2; dropping stops as soon
    as nothing is due; 4 or 5 finds end the turn without a storage step."""
    from museion.games.pergamon.state import storage_fee

    assert [storage_fee(n, full_groups=True) for n in range(13)] == [0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    g = fix(3, storage_fee="full_group")
    state = phase3(3, g)
    give(state, 0, ("4.14", "4.36", "4.85", "1.10", "2.20"))
    act(state, "end")
    assert state.current_player() != 0 and len(state.supply[0]) == 5      # 5 finds: free
    state = phase3(3, g)
    give(state, 0, ("4.14", "4.36", "4.85", "1.10", "2.20", "2.64", "1.63", "5.11", "3.94"))
    set_coins(state, 0, 1)
    act(state, "end")
    assert state.stage == ST_STORE and "pay" not in moves(state)           # 9 finds cost 2
    act(state, "drop 4.14")
    assert moves(state)[0] == "pay"                                       # 8 finds cost 1
    act(state, "drop 4.36", "drop 4.85")
    assert moves(state)[0] == "pay" and len(state.supply[0]) == 6         # 6 finds still cost 1
    act(state, "drop 1.10")
    assert state.current_player() != 0 and len(state.supply[0]) == 5      # 5 left: nothing due, turn over
    with pytest.raises(OptionError, match="storage_fee"):
        game(3, storage_fee="rounded")


# -- evaluations ---------------------------------------------------------------------------------------------------
def evaluation_position(turn, first=RING_9, second=RING_12, bands=FIXTURE_BANDS):
    """Turn ``turn``: player 0 exhibits ``first``, player 1 ``second``; returns the state after the evaluation."""
    state = set_turn(phase3(3, fix(3, bands=bands)), turn)
    give(state, 0, first)
    give(state, 1, second)
    set_coins(state, 0, 0)
    exhibit(state, first)
    act(state, "end") if state.current_player() == 0 else None
    assert state.current_player() == 2
    act(state, "end")
    assert state.current_player() == 1
    set_coins(state, 1, 0)
    exhibit(state, second)
    if state.turn == turn and state.stage == ST_MAIN:
        act(state, "end")
    return state


def test_evaluation_bands_PER_EVAL_1():
    """PER-EVAL-1: each collection scores the VP of its museum space (fixture bands 1-6:1, 7-12:10, ...)."""
    state = evaluation_position(5, first=RING_9, second=RING_12)
    # player 0: 9 pushed to 8 by player 1's 12 -> 10 VP; player 1 on 12 -> 10 VP, plus the vase prize
    assert state.victory_points == [1 + 10, 1 + 10 + 2, 0]
    bands = reconstructed().bands
    assert bands == ((1, 4, 1), (5, 8, 2), (9, 12, 3), (13, 16, 4), (17, 20, 5), (21, 24, 6))
    std = evaluation_position(5, first=RING_9, second=RING_12, bands=None)
    assert std.victory_points == [1 + 2, 1 + 3 + 2, 0]


@pytest.mark.parametrize(("turn", "vp"), [(5, [11, 13]), (7, [13, 11]), (9, [11, 13]), (12, [14, 16])])
def test_prizes_PER_EVAL_2(turn, vp):
    """PER-EVAL-2: 2 VP for the oldest exhibited vase (turn 5), jug (7), mask (9), bracelet (12).
    Player 0 shows bracelet 541 + jug 440, player 1 bracelet 594, vase 386, mask 411."""
    state = evaluation_position(turn)
    assert state.victory_points[:2] == vp


def test_prize_by_full_date_PER_EVAL_2():
    """PER-EVAL-2: age by the full date: the vase 399 beats the vase 386 (same century)."""
    state = evaluation_position(5, first=RING_5, second=RING_12)
    # player 0: ring 5 on space 5 (pushed to 4 by the 12) -> 1 VP; player 1 on 12 -> 10 VP
    assert state.victory_points[:2] == [1 + 1 + 2, 1 + 10]


@pytest.mark.parametrize(("turn", "space"), [(5, 13), (7, 12), (9, 11), (12, 16)])
def test_shift_after_evaluation_PER_EVAL_3(turn, space):
    """PER-EVAL-3: all markers move down 3 / 4 / 5 after turns 5 / 7 / 9 (not after 12); below 1 they leave."""
    state = evaluation_position(turn, first=RING_16, second=RING_2A)
    assert state.marker_spaces[0] == space
    assert state.marker_spaces[3] == (0 if turn < 12 else 2)     # the 2-collection left the museum (except turn 12)
    if turn < 12:
        assert state.exhibited_rings[3] is None and state.museum[space] == 0


def test_shift_onto_space_1_stays_PER_EVAL_3_PER_EXH_6():
    """PER-EVAL-3 / PER-EXH-6: a marker shifted exactly onto space 1 stays; only below 1 does it leave."""
    state = evaluation_position(7, first=RING_5, second=RING_2A)   # 5 - 4 = 1 stays; 2 - 4 leaves
    assert state.marker_spaces[0] == 1 and state.museum[1] == 0 and state.exhibited_rings[0] is not None
    assert state.exhibited_rings[3] is None and state.marker_spaces[3] == 0


def test_hidden_vp_PER_EVAL_4():
    """PER-EVAL-4: each player sees only their own VP until the end; open_scores shows all."""
    state = evaluation_position(5)
    assert [p["vp"] for p in state.view(0)["players"]] == [11, None, None]
    assert [p["vp"] for p in state.view(1)["players"]] == [None, 13, None]
    assert [p["vp"] for p in state.view(None)["players"]] == [None, None, None]
    assert "13 VP" not in render_text(state)
    opened = set_turn(phase3(3, fix(3, open_scores=True)), 5)
    give(opened, 0, RING_2A)
    exhibit(opened, RING_2A)
    assert [p["vp"] for p in opened.view(1)["players"]] == [1, 0, 0]
    over = evaluation_position(12)
    assert over.is_terminal() and [p["vp"] for p in over.view(2)["players"]] == [14, 16, 0]


# -- end of a turn and of the game ---------------------------------------------------------------------------------
def test_end_of_turn_PER_TURN_1():
    """PER-TURN-1: the cards go to the box (each used once), figures come off, the leftmost player starts."""
    state = start(3, cards=(2, 7), spaces=("P2", "P13", "P12"))
    end_turn(state)
    assert state.turn == 2 and state.funds_used == [0, 1, 0, 0, 0, 0, 1, 0] and state.funds_cards == []
    assert state.funds_track == [-1] * 13
    lay_out(state)
    deal(state, 1, 1)
    assert state.current_player() == 1   # player 1 stood leftmost (P13)


def test_final_bonus_PER_END_1():
    """PER-END-1: after turn 12 the oldest exhibited objects earn 3, 2, 1 VP (per object, one player may get
    several): bracelet 594 (player 1) 3, bracelet 541 and jug 440 (player 0) 2 + 1."""
    state = evaluation_position(12)
    assert state.is_terminal() and state.current_player() == TERMINAL
    # player 0: 1 + 10 (band) + 2 + 1 (bonus); player 1: 1 + 10 + 2 (bracelet prize) + 3
    assert state.victory_points[:2] == [14, 16] and state.winners() == [1]


def test_winner_and_tie_break_PER_END_2():
    """PER-END-2: most VP wins; a tie goes to the one exhibiting the oldest object; still tied: shared."""
    state = set_turn(phase3(3, fix(3, bands=FIXTURE_BANDS)), 12)
    give(state, 0, RING_9)
    give(state, 1, RING_12)
    set_coins(state, 0, 0)
    exhibit(state, RING_9)
    act(state, "end")
    state.victory_points[0] += 2          # player 0 would otherwise lose 14 to 16
    set_coins(state, 1, 0)
    exhibit(state, RING_12)
    assert state.is_terminal() and state.victory_points[:2] == [16, 16] and state.winners() == [1]   # 594 is the oldest
    assert state.returns() == [-1.0, 1.0, -1.0]
    low = set_turn(phase3(3, fix(3, bands=FIXTURE_BANDS)), 12)   # the lower seat holds the oldest object
    give(low, 0, RING_12)
    give(low, 1, RING_9)
    set_coins(low, 0, 0)
    exhibit(low, RING_12)
    act(low, "end")
    low.victory_points[1] += 2            # player 1 (bracelet 541, jug 440) ties player 0 (bracelet 594)
    set_coins(low, 1, 0)
    exhibit(low, RING_9)
    assert low.is_terminal() and low.victory_points[:2] == [16, 16] and low.winners() == [0]
    nobody = set_turn(phase3(3, fix(3)), 12)
    end_turn(nobody)
    assert nobody.is_terminal() and nobody.victory_points == [0, 0, 0] and nobody.winners() == [0, 1, 2]
    assert nobody.returns() == [0.0, 0.0, 0.0]


# -- the tomb raider -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "space"), [((1, 4), 4), ((2, 6), 6), ((7, 3), 6), ((5, 8), 8)])
def test_raider_space_PER_RAIDER_1(cards, space):
    """PER-RAIDER-1: before the players choose, the raider goes by the backs: 2 bags P5, bag + chest P7,
    2 chests P9 (from the track table)."""
    state = start(2, cards=cards)
    assert state.stage == ST_PLACE and state.funds_track[space] == RAIDER
    assert f"P{space + 1}" not in moves(state)
    assert reconstructed().track[space][2] == sum(c > 4 for c in cards)
    other = start(2, g=fix(2, track=FIXTURE_TRACK), cards=cards)
    assert other.funds_track.index(RAIDER) == [i for i, r in enumerate(FIXTURE_TRACK) if r[2] is not None][
        sum(c > 4 for c in cards)]


def test_raider_funds_PER_RAIDER_2():
    """PER-RAIDER-2: the raider takes funds like a figure (the remainder when leftmost) and keeps its coins."""
    state = start(2, cards=(8, 8), spaces=("P1", "P2"))     # raider on P9, leftmost: 16 - 0 - 1 = 15
    assert state.coins[:2] == [0, 1] and state.coins[RAIDER] == 15
    end_turn(state)                                         # it dug gallery IV (its space allows IV)
    assert state.turn == 2 and state.coins[RAIDER] == 15 - 4
    fresh = game(2).new_initial_state()
    assert fresh.coins[RAIDER] == 0


def test_raider_loots_PER_RAIDER_3():
    """PER-RAIDER-3: the raider pays for and loots the deepest allowed gallery it can afford that holds finds
    (else the next higher one with finds); coins to the stock, finds to the box; nothing if it cannot pay."""
    state = start(2, cards=(4, 4), spaces=("P13", "P12"))   # raider P5 (up to III), takes 2 -> gallery II
    assert state.galleries[1] == [] and state.coins[RAIDER] == 0 and state.box_tiles == 1
    assert all(len(state.galleries[k]) == 1 for k in (0, 2, 3, 4))
    state = start(2, cards=(4, 4))
    clear_gallery(state, 1)
    place(state, "P13", "P12")                              # gallery II empty -> gallery I
    assert state.galleries[0] == [] and state.coins[RAIDER] == 1 and state.box_tiles == 2
    state = start(2, cards=(1, 1), spaces=("P1", "P4"))     # raider P5 leftmost gets 2 - 0 - 2 = 0
    assert state.coins[RAIDER] == 0 and all(len(g) == 1 for g in state.galleries) and state.box_tiles == 0


def test_raider_never_plays_PER_RAIDER_4():
    """PER-RAIDER-4: the raider never exhibits, stores, scores or starts: the leftmost of the two players starts."""
    state = start(2, cards=(8, 8), spaces=("P1", "P2"))     # raider on P9 is leftmost
    assert state.current_player() in (0, 1)
    end_turn(state)
    lay_out(state)
    deal(state, 1, 1)
    assert state.current_player() == 1 and len(state.victory_points) == 2
    rng = random.Random(3)
    s = game(2).new_initial_state()
    while not s.is_terminal():
        assert s.current_player() in (CHANCE, 0, 1)
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))] if not s.is_chance_node()
                       else s.chance_outcomes()[rng.randrange(len(legal))][0])
    assert len(s.scores()) == 2


# -- hidden information --------------------------------------------------------------------------------------------
def test_hidden_information_PER_HIDDEN_1():
    """PER-HIDDEN-1: the piles and the two cards' values are hidden until revealed (backs public); finds, coins and
    the museum are public; resample re-draws the hidden values with the same backs from the unused cards."""
    state = lay_out(game(3).new_initial_state())
    deal(state, 2, 7)
    view = state.view(0)
    assert view["funds_cards"] == [{"back": "bag", "value": None}, {"back": "chest", "value": None}]
    assert "unseen" not in view and "deck" not in view and view["calendar"] == 55
    seen = set()
    for seed in range(60):
        other = state.resample(0, random.Random(seed))
        assert other.view(0) == view and other.legal_actions() == state.legal_actions()
        assert other.funds_cards[0] <= 4 < other.funds_cards[1]
        seen.add(tuple(other.funds_cards))
    assert len(seen) > 8
    place(state, "P2", "P13", "P12")
    assert state.view(1)["funds_cards"] == [{"back": "bag", "value": 2}, {"back": "chest", "value": 7}]
    assert state.resample(1, random.Random(1)).funds_cards == [2, 7]
    # used cards are public and limit the resampled values: with all 5-8 but one 8 used, a chest is an 8
    s2 = lay_out(game(3).new_initial_state())
    s2.funds_deck = [3, 3, 3, 3, 0, 0, 0, 1]
    s2.funds_used = [0, 0, 0, 0, 3, 3, 3, 2]
    deal(s2, 1, 8)
    assert {tuple(s2.resample(2, random.Random(k)).funds_cards) for k in range(20)} <= {(1, 8), (2, 8), (3, 8), (4, 8)}


# -- invariants (also property-tested in test_properties.py) -----------------------------------------------------
def test_invariants_detect_corruption_PER_INV_1_PER_INV_2_PER_INV_3():
    """PER-INV-1/2/3: the invariant check notices a lost tile, a doubled marker, a broken ring, negative coins."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_12)
    exhibit(state, RING_2A)
    assert state.invariant_violations() == []
    lost = state.clone()
    lost.supply[0].pop()
    assert any("PER-INV-1" in m for m in lost.invariant_violations())
    doubled = state.clone()
    doubled.museum[20] = 0
    assert any("PER-INV-2" in m for m in doubled.invariant_violations())
    on_one = state.clone()   # the marker doubled on space 1, the lowest space, is noticed too
    on_one.museum[1] = 0
    assert "PER-INV-2: a marker is on two museum spaces" in on_one.invariant_violations()
    broken = state.clone()
    broken.exhibited_rings[0] = (broken.tile("1.01"), broken.tile("1.01"))
    assert any("PER-INV-2" in m for m in broken.invariant_violations())
    poor = state.clone()
    poor.coins[1] = -1
    assert any("PER-INV-3" in m for m in poor.invariant_violations())


def test_invariant_checker_reports_each_broken_state_PER_INV_1_PER_INV_2_PER_INV_3():
    """PER-INV-1/2/3: each check of the invariant checker notices the state it is about (fed broken states)."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_12)
    exhibit(state, RING_2A)
    assert state.invariant_violations() == []

    def broken(edit):
        other = state.clone()
        edit(other)
        return other.invariant_violations()

    assert broken(lambda s: s.undrawn_tiles.pop()) == ["PER-INV-1: undrawn tiles differ from calendar + unseen box"]
    assert "PER-INV-1: a tile is in two places" in broken(lambda s: s.galleries[0].append(s.supply[0][0]))
    assert broken(lambda s: s.marker_spaces.__setitem__(1, 7)) == [
        "PER-INV-2: marker 1 is in the museum without a collection"]
    assert state.marker_spaces[0] == 2
    assert broken(lambda s: s.museum.__setitem__(2, -1)) == ["PER-INV-2: marker 0 is not on its space 2"]
    assert broken(lambda s: s.funds_deck.__setitem__(2, s.funds_deck[2] + 1)) == [
        "PER-INV-3: funds card 3 counted 4 times"]
    over = state.clone()
    over.stage = ST_OVER
    assert over.invariant_violations() == ["PER-INV-3: not every funds card was used exactly once"]


def test_illegal_action_leaves_state():
    state = phase3(3, fix(3))
    key = state.key()
    with pytest.raises(IllegalActionError, match="legal: .*end"):
        state.apply_action(state.tile("5.11") + 18)
    with pytest.raises(IllegalActionError, match="now you must excavate a gallery"):
        state.string_to_action("polish 3")
    assert state.key() == key


def test_resampled_state_is_reproduced_by_its_history_PER_HIDDEN_1():
    """PER-HIDDEN-1 with the contract's "a state is its game + history": resample rewrites the hidden draws in the
    history too, so records, to_json and OpenSpiel histories of a determinised state describe that state."""
    import museion
    from museion.core.play import sample_chance

    g = museion.load("pergamon", players=3)
    rng = random.Random(4)
    state = g.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        if state.view(0)["funds_cards"] and state.view(0)["funds_cards"][-1]["value"] is None:
            other = state.resample(0, random.Random(checked))
            assert g.state_from_history(other.history()) == other
            assert g.state_from_json(other.to_json()).view(0) == state.view(0)
            checked += 1
    assert checked == 20
