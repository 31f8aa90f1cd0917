"""Tholos for bots: the evaluation, the feature vector of the learned value, direct chance draws, endings.

Read by the contract hooks of :class:`~museion.games.tholos.state.TholosStateBase[Any]` (``evaluate``, ``features``,
``sample_chance``, ``remaining_decisions``). Everything here reads the state's fields and ``data.py`` directly
(no ``view()`` dict), which is what makes a search simulation cheap; Tholos hides nothing, so every field may be
read from either seat.
"""

from __future__ import annotations

from typing import Any, Final

from museion.core.game import CHANCE
from museion.games.tholos import data
from museion.games.tholos.scoring import column_result
from museion.games.tholos.state_base import TholosStateBase

SCALE: Final = 4.0
"""Points margin that counts as clearly ahead (the logistic scale of searching bots)."""

OPEN_WEIGHT: Final = 0.6
FILL_WEIGHT: Final = 0.4
"""An open column counts for its current leader at 60 % + 40 % x (its filling) of its current points."""
SHOP_OWN: Final = 0.8
SHOP_RIVAL: Final = 0.5
SHOP_GREY: Final = 0.1
"""Workshop stones are future placements: own colour 0.8 (they can take or keep a column), rival colour 0.5
(worth +3 in a column one wins), grey 0.1."""


Column = tuple[int, float, int, bool]
_COLUMNS: Final[dict[tuple[tuple[int, ...], int, int], Column]] = {}
"""(column, ornament, height) -> (winner or -1, weighted points, points, full): columns are tuples shared between
states and there are few distinct ones, so each is scored once."""


def _column(col: tuple[int, ...], ornament: int, height: int) -> Column:
    winner, points = column_result(col, ornament)
    fill = len(col) / height
    found = _COLUMNS[col, ornament, height] = (
        winner, (1.0 if fill >= 1.0 else OPEN_WEIGHT + FILL_WEIGHT * fill) * points, points, fill >= 1.0)
    return found


def _columns(state: TholosStateBase[Any]) -> list[Column]:
    known = _COLUMNS
    cols, ornaments, heights = state.columns, state.ornaments, state.max_heights
    out: list[Column] = []
    for loc in range(len(cols)):
        found = known.get((cols[loc], ornaments[loc], heights[loc]))
        out.append(found if found is not None else _column(cols[loc], ornaments[loc], heights[loc]))
    return out


def evaluate(state: TholosStateBase[Any], player: int, columns: list[Column] | None = None) -> list[float]:
    """Both players' standing in points: columns for their current winners (fully when full, 60 % + 40 % x filling
    while open) plus workshop stones (own colour 0.8, rival 0.5, grey 0.1)."""
    values = [0.0, 0.0]
    for winner, value, _, _ in columns or _columns(state):
        if winner >= 0:
            values[winner] += value
    ws = state.workshops
    for p in range(2):
        values[p] += SHOP_OWN * ws[3 * p + p] + SHOP_RIVAL * ws[3 * p + 1 - p] + SHOP_GREY * ws[3 * p + data.GREY]
    return values


FEATURES: Final = (
    "bias", "evaluation margin / 10", "progress (stones in the temple / capacity)", "evaluation margin x progress",
    "score margin / 10", "columns won margin / 7",
    "secured points (full columns), own / 10", "secured points, rival / 10",
    "open columns led, own / 7", "open columns led, rival / 7", "open columns tied / 7",
    "points of open columns led, own / 10", "points of open columns led, rival / 10",
    "workshop own colour, own / 3", "workshop rival colour, own / 3", "workshop grey, own / 3",
    "workshop own colour, rival / 3", "workshop rival colour, rival / 3", "workshop grey, rival / 3",
    "quarry own colour / 13", "quarry rival colour / 13", "quarry grey / 10",
    "to move", "extra action pending", "free slots / 35", "free slots <= 4",
)
"""The learned value's inputs, relative to the evaluated player ("own") and the other ("rival")."""


def seat_features(state: TholosStateBase[Any]) -> list[list[float]]:
    """:func:`features` of both seats, the columns scored once."""
    columns = _columns(state)
    values = evaluate(state, 0, columns)
    return [features(state, 0, columns, values), features(state, 1, columns, values)]


def features(state: TholosStateBase[Any], player: int, columns: list[Column] | None = None,
             values: list[float] | None = None) -> list[float]:
    """The numbers named in :data:`FEATURES`, from ``player``'s seat."""
    rival = 1 - player
    columns = columns or _columns(state)
    values = values or evaluate(state, player, columns)
    margin = (values[player] - values[rival]) / 10.0
    progress = state.stones_in_temple / state.temple_capacity
    scores = [0, 0]
    won = [0, 0]
    secured = [0, 0]
    led = [0, 0]
    led_points = [0, 0]
    tied = 0
    for winner, _, points, full in columns:
        if winner < 0:
            tied += not full
            continue
        scores[winner] += points
        won[winner] += 1
        if full:
            secured[winner] += points
        else:
            led[winner] += 1
            led_points[winner] += points
    ws, q = state.workshops, state.quarry
    own_shop, rival_shop = 3 * player, 3 * rival
    free = state.temple_capacity - state.stones_in_temple
    return [
        1.0, margin, progress, margin * progress,
        (scores[player] - scores[rival]) / 10.0, (won[player] - won[rival]) / 7.0,
        secured[player] / 10.0, secured[rival] / 10.0,
        led[player] / 7.0, led[rival] / 7.0, tied / 7.0,
        led_points[player] / 10.0, led_points[rival] / 10.0,
        ws[own_shop + player] / 3.0, ws[own_shop + rival] / 3.0, ws[own_shop + data.GREY] / 3.0,
        ws[rival_shop + rival] / 3.0, ws[rival_shop + player] / 3.0, ws[rival_shop + data.GREY] / 3.0,
        q[player] / 13.0, q[rival] / 13.0, q[data.GREY] / 10.0,
        1.0 if state.current_player() == player else 0.0, 1.0 if state.extra_location >= 0 else 0.0,
        free / 35.0, 1.0 if free <= 4 else 0.0,
    ]


def remaining_decisions(state: TholosStateBase[Any]) -> int | None:
    """Each free slot of the temple needs a placement, and one turn places at most two stones (THO-ACT-F)."""
    if state.current_player() == CHANCE:
        return None
    return (state.temple_capacity - state.stones_in_temple + 1) // 2
