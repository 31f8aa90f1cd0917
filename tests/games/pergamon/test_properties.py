"""Hypothesis property tests: random games keep the PER-INV-* invariants at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import museion
from museion.core.play import sample_chance
from museion.games.pergamon.data import ST_BUILD, ST_OVER

SETTINGS = settings(max_examples=40, deadline=None)


def play(players: int, seed: int, eager: float, check) -> museion.State:
    """A random game; with probability ``eager`` a player avoids ``cancel``/``end`` (more collections)."""
    state = museion.load("pergamon", players=players).new_initial_state()
    rng = random.Random(seed)
    check(state)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            keen = [a for a in legal if a not in (105, 106)]
            pool = keen if keen and rng.random() < eager else legal
            action = pool[rng.randrange(len(pool))]
        state.apply_action(action)
        check(state)
    return state


games = given(st.integers(2, 4), st.integers(0, 2**32), st.sampled_from([0.0, 0.5, 0.9]))


@SETTINGS
@games
def test_tiles_conserved_PER_INV_1(players, seed, eager):
    """PER-INV-1: calendar + laid out + galleries + supplies + exhibited + box = 60, no tile in two places."""

    def check(s):
        places = [t for g in s.galleries for t in g] + [t for p in s.supply for t in p] + [
            t for r in s.exhibited_rings if r is not None for t in r] + s.drawn_tiles
        assert len(places) == len(set(places))
        assert s.calendar_tiles + len(places) + s.box_tiles + s.box_unseen_tiles == 60
        assert len(s.undrawn_tiles) == s.calendar_tiles + s.box_unseen_tiles
        assert not set(places) & set(s.undrawn_tiles)
        assert all(len(g) <= 4 for g in s.galleries)

    end = play(players, seed, eager, check)
    assert end.calendar_tiles == 0


@SETTINGS
@games
def test_museum_and_rings_PER_INV_2(players, seed, eager):
    """PER-INV-2: one marker per museum space; every exhibited collection is a closed ring of >= 2 finds; a ring
    being built can always be closed (no dead end)."""
    lt_, rt_ = {}, {}

    def check(s):
        g = s.game
        lt_.update(enumerate(g.tile_left_types))
        rt_.update(enumerate(g.tile_right_types))
        on = [m for m in s.museum[1:] if m >= 0]
        assert len(on) == len(set(on)) == sum(r is not None for r in s.exhibited_rings)
        for m, ring in enumerate(s.exhibited_rings):
            if ring is not None:
                assert s.museum[s.marker_spaces[m]] == m and 1 <= s.marker_spaces[m] <= 24
                assert len(ring) >= 2
                assert all(rt_[ring[i]] == lt_[ring[(i + 1) % len(ring)]] for i in range(len(ring)))
        if s.stage == ST_BUILD:
            assert [a for a in s.legal_actions() if a != 105], "a collection under construction is stuck"
        assert s.invariant_violations() == []

    play(players, seed, eager, check)


@SETTINGS
@games
def test_coins_and_cards_PER_INV_3(players, seed, eager):
    """PER-INV-3: coins never negative; each of the 24 funds cards is used exactly once by the end."""

    def check(s):
        assert min(s.coins) >= 0
        assert [s.funds_deck[v] + s.funds_used[v] + s.funds_cards.count(v + 1) for v in range(8)] == [3] * 8

    end = play(players, seed, eager, check)
    assert end.stage == ST_OVER and end.funds_used == [3] * 8 and sum(end.funds_deck) == 0
    assert len(end.history()) <= end.game.max_game_length()
