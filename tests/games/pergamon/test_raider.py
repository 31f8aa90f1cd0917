"""The tomb raider of the two-player game (PER-RAIDER-*)."""

from __future__ import annotations

import random

import pytest

from museion import CHANCE
from museion.games.pergamon.state import RAIDER, ST_PLACE
from museion.games.pergamon.tables import reconstructed

from .fixtures import fix
from .helpers import FIXTURE_TRACK, clear_gallery, deal, end_turn, game, lay_out, moves, place, start


# -- the tomb raider --------------------------------------------------------------------------------------------------
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
