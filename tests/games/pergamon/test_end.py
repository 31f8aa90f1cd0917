"""Evaluations, the end of a turn and of the game (PER-EVAL-*, PER-TURN-1, PER-END-*)."""

from __future__ import annotations

import pytest

from museion import TERMINAL
from museion.core.registry import entry
from museion.games.pergamon.render import render_text
from museion.games.pergamon.state import ST_MAIN
from museion.games.pergamon.tables import reconstructed

from .fixtures import RING_2A, RING_5, RING_9, RING_12, RING_16, fix
from .helpers import FIXTURE_BANDS, act, deal, end_turn, exhibit, give, lay_out, phase3, set_coins, set_turn, start

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events

# -- evaluations ------------------------------------------------------------------------------------------------------

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
    assert [p["vp"] for p in PARTS.observer.view(state, 0)["players"]] == [11, None, None]
    assert [p["vp"] for p in PARTS.observer.view(state, 1)["players"]] == [None, 13, None]
    assert [p["vp"] for p in PARTS.observer.view(state, None)["players"]] == [None, None, None]
    assert "13 VP" not in render_text(state)
    opened = set_turn(phase3(3, fix(3, open_scores=True)), 5)
    give(opened, 0, RING_2A)
    exhibit(opened, RING_2A)
    assert [p["vp"] for p in PARTS.observer.view(opened, 1)["players"]] == [1, 0, 0]
    over = evaluation_position(12)
    assert over.is_terminal() and [p["vp"] for p in PARTS.observer.view(over, 2)["players"]] == [14, 16, 0]


# -- end of a turn and of the game ------------------------------------------------------------------------------------
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
