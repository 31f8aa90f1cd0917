"""Building, polishing and exhibiting collections in the museum (PER-EXH-*)."""

from __future__ import annotations

from museion.core.registry import entry
from museion.games.pergamon import data
from museion.games.pergamon.state import ST_BREAK, ST_BUILD, ST_MAIN, ST_POLISH, ST_STORE

from .fixtures import RING_2A, RING_2B, RING_2C, RING_9, RING_12, RING_12B, RING_16, RING_25, fix
from .helpers import act, exhibit, give, moves, phase3, set_coins, set_turn

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- exhibitions ------------------------------------------------------------------------------------------------------

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
    assert [c["marker"] for c in PARTS.observer.view(state, 0)["players"][0]["collections"]] == ["II", "III"]


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
