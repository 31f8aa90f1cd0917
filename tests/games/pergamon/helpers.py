"""Build Pergamon positions for tests.

Tests that need particular tile, track or museum values use fixture tables (``fixture_game``) instead of the
RECONSTRUCTED tables of ``data.py``, so they do not depend on those values. Positions are reached by applying real
actions; the only shortcuts are ``give`` (hand a player finds straight from the undrawn tiles, keeping PER-INV-1) and
``set_turn`` (pretend a later calendar turn, for evaluations and the end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import museion
from museion.games.pergamon.state import (
    ST_MAIN,
    ST_OVER,
    ST_PLACE,
    ST_STORE,
    PergamonGame,
    PergamonState,
)


def fixture_tiles(specials: Sequence[tuple[str, int, int, str]] = ()) -> tuple[tuple[str, int, int, str], ...]:
    """60 tiles: ``specials`` (rows ``(left type, number, century, right type)``) then filler tiles completing the
    counts of PER-TILE-4 (12 per century, each type 15 times per half, halves of different types), numbered with
    numbers the specials do not use (so PER-DATA-1 holds); deterministic, independent of the reconstruction."""
    rows = list(specials)
    centuries = sorted(c for c in range(1, 6) for _ in range(12 - sum(1 for t in rows if t[2] == c)))
    lefts = sorted(k for k in "VJBM" for _ in range(15 - sum(1 for t in rows if t[0] == k)))
    rights = sorted(k for k in "VJBM" for _ in range(15 - sum(1 for t in rows if t[3] == k)))
    assert len(centuries) == len(lefts) == len(rights) == 60 - len(rows), "specials exceed PER-TILE-4's counts"
    shift = next(k for k in range(len(rights) or 1) if all(
        a != rights[(i + k) % len(rights)] for i, a in enumerate(lefts)))
    used = {n for _, n, _, _ in rows}
    numbers = [n for n in ((7 * k + 3) % 100 for k in range(100)) if n not in used]
    for i, (left, century) in enumerate(zip(lefts, centuries, strict=True)):
        rows.append((left, numbers[i], century, rights[(i + shift) % len(rights)]))
    return tuple(rows)


# A track with round numbers, different from the reconstructed one, for payout tests:
# (coins, deepest gallery, raider symbol)
FIXTURE_TRACK = (
    (0, 5, None), (1, 1, None), (1, 2, None), (2, 3, None), (2, 4, 0), (3, 5, None), (3, 3, 1),
    (4, 4, None), (4, 2, 2), (5, 5, None), (5, 4, None), (6, 3, None), (7, 5, None),
)
# Museum bands that make each band's VP easy to recognise.
FIXTURE_BANDS = ((1, 6, 1), (7, 12, 10), (13, 18, 100), (19, 24, 1000))


def fixture_game(specials: Sequence[tuple[str, int, int, str]] = (), track: Any = None, bands: Any = None,
                 **options: Any) -> PergamonGame:
    return PergamonGame.with_tables(tiles=fixture_tiles(specials), track=track, bands=bands, **options)


def game(players: int = 2, **options: Any) -> PergamonGame:
    return museion.load("pergamon", players=players, **options)  # type: ignore[return-value]


def moves(state: PergamonState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def act(state: PergamonState, *notation: str) -> PergamonState:
    for text in notation:
        state.apply_action(state.string_to_action(text))
    return state


def refresh(state: PergamonState) -> PergamonState:
    """Forget the cached legal actions after a test edited the state directly."""
    state._legal = None
    return state


def give(state: PergamonState, player: int, codes: Iterable[str]) -> PergamonState:
    """Hand ``player`` the given finds from the undrawn tiles (they leave the calendar; PER-INV-1 still holds)."""
    for code in codes:
        t = state.tile(code)
        state.undrawn_tiles.remove(t)
        state.calendar_tiles -= 1
        state.supply[player].append(t)
    state.supply[player].sort()
    return refresh(state)


def set_coins(state: PergamonState, player: int, coins: int) -> PergamonState:
    state.coins[player] = coins
    return refresh(state)


def set_turn(state: PergamonState, turn: int) -> PergamonState:
    """Pretend the calendar is at ``turn`` (used to reach evaluations without playing every turn)."""
    state.turn = turn
    return refresh(state)


def lay_out(state: PergamonState, codes: Sequence[str] | None = None) -> PergamonState:
    """Resolve the layout chance nodes, with the given finds or else the last undrawn ones (fixture specials come
    first in the table, so they stay available for ``give``)."""
    codes = list(codes or [])
    while state.stage == 1:  # ST_LAYOUT
        if codes:
            state.apply_action(state.tile(codes.pop(0)))
        else:
            state.apply_action(state.legal_actions()[-1])
    return state


def deal(state: PergamonState, v1: int, v2: int) -> PergamonState:
    """Resolve the two funds-card chance nodes with the values v1 and v2."""
    assert state.stage == 2, state.stage_name()
    state.apply_action(v1 - 1)
    state.apply_action(v2 - 1)
    return state


def place(state: PergamonState, *spaces: str) -> PergamonState:
    """Players put their figures in turn (``"P1"``...)."""
    for s in spaces:
        assert state.stage == ST_PLACE, state.stage_name()
        act(state, s)
    return state


def phase3(players: int = 3, g: PergamonGame | None = None, cards: tuple[int, int] = (8, 8),
           **options: Any) -> PergamonState:
    """Turn 1, phase 3, player 0 to act first (figures: player 0 on P2, the others on P13, P12, P11)."""
    state = start(players, g, cards=cards, spaces=["P2", "P13", "P12", "P11"][:players], **options)
    assert state.stage == ST_MAIN and state.actor == 0, (state.stage_name(), state.actor)
    return state


def start(players: int = 2, g: PergamonGame | None = None, layout: Sequence[str] | None = None,
          cards: tuple[int, int] = (4, 4), spaces: Sequence[str] = (), **options: Any) -> PergamonState:
    """A new game played to the chosen point of turn 1: layout, cards, then the given spaces."""
    g = g or game(players, **options)
    state: PergamonState = g.new_initial_state()  # type: ignore[assignment]
    lay_out(state, layout)
    deal(state, *cards)
    place(state, *spaces)
    return state


def passive(state: PergamonState) -> int:
    """A deterministic policy that never exhibits: last outcome, first free space, end, drop the oldest-index find."""
    legal = state.legal_actions()
    if state.stage in (ST_MAIN, ST_STORE) or state.is_chance_node():
        return legal[-1]
    return legal[0]


def run_until(state: PergamonState, done: Callable[[PergamonState], bool],
              policy: Callable[[PergamonState], int] = passive, limit: int = 20000) -> PergamonState:
    for _ in range(limit):
        if done(state):
            return state
        state.apply_action(policy(state))
    raise AssertionError("condition not reached")


def exhibit(state: PergamonState, codes: Sequence[str], polish: int = 0, brk: str | None = None) -> PergamonState:
    """Build the ring ``codes`` find by find, close it, break up ``brk`` if asked and polish (confirms)."""
    for code in codes:
        act(state, "+" + code)
    act(state, "close")
    if brk is not None:
        act(state, "break " + brk)
    if state.stage == 7:  # ST_POLISH (skipped automatically when nothing is left to choose)
        act(state, f"polish {polish}")
    return state


def clear_gallery(state: PergamonState, k: int) -> PergamonState:
    """Send the finds of gallery ``k`` (0 = I) to the box."""
    state.box_tiles += len(state.galleries[k])
    state.galleries[k] = []
    return refresh(state)


def end_turn(state: PergamonState) -> PergamonState:
    """Everyone left in phase 3 ends (dropping finds if storage is due) until the next turn's layout."""
    turn = state.turn
    return run_until(state, lambda s: s.turn != turn or s.stage == ST_OVER)
