"""Build Tholos positions for tests while keeping every stone accounted for (THO-INV-1)."""

from __future__ import annotations

from typing import Any

import museion
from museion.games.tholos import actions as act
from museion.games.tholos.data import COLOURS, LOCATIONS, STONES_IN_PLAY
from museion.games.tholos.state import EXTRA, MAIN, TholosState


def position(
    columns: dict[str, str] | None = None,
    workshops: tuple[str, str] = ("WW", "BB"),
    to_move: int = 0,
    **options: Any,
) -> TholosState:
    """A state with the given columns (bottom to top, e.g. ``{"A": "WWG"}``) and workshops; the quarry holds
    the rest of the stones."""
    state = museion.load("tholos", **options).new_initial_state()
    assert not state.is_chance_node(), "use explicit ornaments in positions"
    cols = [()] * 7
    for loc, stones in (columns or {}).items():
        cols[LOCATIONS.index(loc)] = tuple(COLOURS.index(s) for s in stones)
    state.columns = cols
    state.workshops = [workshops[p].count(c) for p in (0, 1) for c in COLOURS]
    counts = [sum(col.count(c) for col in cols) + state.workshops[c] + state.workshops[3 + c] for c in range(3)]
    state.quarry = [STONES_IN_PLAY[c] - counts[c] for c in range(3)]
    state.stones_in_temple = sum(map(len, cols))
    state.to_move = to_move
    state.phase = MAIN
    state._legal = None
    assert not state.invariant_violations(), state.invariant_violations()
    return state


def moves(state: TholosState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def play(state: TholosState, *notation: str) -> TholosState:
    for text in notation:
        state.apply_action(state.string_to_action(text))
    return state


def column(state: TholosState, loc: str) -> str:
    return "".join(COLOURS[s] for s in state.columns[LOCATIONS.index(loc)])


__all__ = ["EXTRA", "MAIN", "act", "column", "moves", "play", "position"]
