"""Pergamon for bots: the evaluation, the feature vector of the learned value and direct chance draws.

Read by the contract hooks of :class:`~museion.games.pergamon.state.PergamonStateBase[Any]` (``evaluate``, ``features``,
``sample_chance``). Everything here reads the state's fields and the game's tables (``game.space_vp``,
``data.EVALUATIONS``) directly, with no ``view()`` dict. What it reads is what ``view(player)`` shows, except the
players' victory points, which the engine treats as reconstructible from public events (``resample`` keeps them,
see ``view.py``); the unrevealed funds-card values are never read.
"""

from __future__ import annotations

from typing import Any, Final

from museion.games.pergamon import data
from museion.games.pergamon.data import (
    ST_BREAK,
    ST_BUILD,
    ST_OVER,
    ST_POLISH,
)
from museion.games.pergamon.state_base import PergamonStateBase

SCALE: Final = 4.0
"""Points margin that counts as clearly ahead (the logistic scale of searching bots)."""

COIN: Final = 0.25
FIND: Final = 0.4
FIND_BUILDING: Final = 0.6
"""Coins buy excavations and polish (0.25 VP each); finds in the supply 0.4 VP each (so storing beats dropping);
finds in the collection being built 0.6 each (so building goes on to the close)."""

_SCHEDULE: Final = tuple(sorted((turn, shift) for turn, (_, shift) in data.EVALUATIONS.items()))


def evaluate(state: PergamonStateBase[Any], player: int) -> list[float]:
    """Victory points plus what each position is likely worth: every displayed collection scores its museum
    space's VP at each evaluation still to come, its marker moving down as the calendar says (PER-EVAL-1..3);
    plus coins, finds in the supply and finds in the collection being built (constants above)."""
    turn = state.turn
    space_vp: tuple[int, ...] = state.game.space_vp
    over = state.stage == ST_OVER
    building = state.stage in (ST_BUILD, ST_BREAK, ST_POLISH)
    to_act = state.current_player()
    values = []
    for p in range(state.game.n):
        value = float(state.victory_points[p]) + COIN * state.coins[p] + FIND * len(state.supply[p])
        if building and to_act == p:
            value += FIND_BUILDING * len(state.building_ring)
        if not over:
            for m in range(3 * p, 3 * p + 3):
                if state.exhibited_rings[m] is None:
                    continue
                space = state.marker_spaces[m]
                for t, shift in _SCHEDULE:
                    if t >= turn and space >= 1:
                        value += space_vp[space]
                        space -= shift
        values.append(value)
    return values


FEATURES: Final = (
    "bias", "evaluation margin over the best rival / 10", "progress (turn / 12)", "evaluation margin x progress",
    "evaluation minus the rivals' mean / 10", "VP margin over the best rival / 10",
    "coins / 10", "the richest rival's coins / 10", "finds in the supply / 6", "rivals' mean finds / 6",
    "collections on display / 3", "museum VP of the collections on display / 18",
    "the best rival's museum VP on display / 18", "funds track space / 13 (0 before placing)", "first player",
    "to move", "finds in the collection being built / 6", "finds in the galleries / 20",
    "an evaluation ends this turn", "collections of 4+ finds on display / 3",
)
"""The learned value's inputs, relative to the evaluated player ("own") and the rivals."""


def seat_features(state: PergamonStateBase[Any]) -> list[list[float]]:
    """The numbers named in :data:`FEATURES`, one vector per seat (shared parts computed once)."""
    g = state.game
    n: int = g.n
    values = evaluate(state, 0)
    progress = state.turn / data.TURNS
    space_vp: tuple[int, ...] = g.space_vp
    display = []
    for p in range(n):
        count = points = big = 0
        for m in range(3 * p, 3 * p + 3):
            ring = state.exhibited_rings[m]
            if ring is not None:
                count += 1
                points += space_vp[state.marker_spaces[m]]
                big += len(ring) >= 4
        display.append((count, points, big))
    supply = [len(state.supply[p]) for p in range(n)]
    to_act = state.current_player()
    galleries = sum(len(gal) for gal in state.galleries) / 20.0
    evaluation_turn = 1.0 if state.turn in data.EVALUATIONS else 0.0
    out = []
    for player in range(n):
        rivals = [p for p in range(n) if p != player]
        k = len(rivals)
        margin = (values[player] - max(values[p] for p in rivals)) / 10.0
        own = display[player]
        out.append([
            1.0, margin, progress, margin * progress,
            (values[player] - sum(values[p] for p in rivals) / k) / 10.0,
            (state.victory_points[player] - max(state.victory_points[p] for p in rivals)) / 10.0,
            state.coins[player] / 10.0, max(state.coins[p] for p in rivals) / 10.0,
            supply[player] / 6.0, sum(supply[p] for p in rivals) / k / 6.0,
            own[0] / 3.0, own[1] / 18.0, max(display[p][1] for p in rivals) / 18.0,
            (state.figure_spaces[player] + 1) / 13.0, 1.0 if state.first_player == player else 0.0,
            1.0 if to_act == player else 0.0, len(state.building_ring) / 6.0 if to_act == player else 0.0,
            galleries, evaluation_turn, own[2] / 3.0,
        ])
    return out
