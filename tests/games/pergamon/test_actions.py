"""A Pergamon turn: the layout, research funds, excavating and storage (PER-LAYOUT-1, PER-FUNDS-*, PER-DIG-*,
PER-STORE-1)."""

from __future__ import annotations

import pytest

from museion import IllegalActionError, OptionError
from museion.games.pergamon.state import ST_MAIN, ST_PLACE, ST_STORE
from museion.games.pergamon.tables import reconstructed

from .fixtures import RING_2A, RING_2B, fix
from .helpers import (
    FIXTURE_TRACK,
    act,
    clear_gallery,
    deal,
    end_turn,
    exhibit,
    game,
    give,
    lay_out,
    moves,
    phase3,
    place,
    set_coins,
    start,
)


# -- the layout -------------------------------------------------------------------------------------------------------
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


# -- research funds and excavation ------------------------------------------------------------------------------------
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


# -- storage ----------------------------------------------------------------------------------------------------------
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
