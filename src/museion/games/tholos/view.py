"""Tholos views and observations. Tholos has no hidden information: every seat and spectators see it all.

Observation tensor layout (``OBSERVATION_SIZE`` = 224 floats), relative to the observing player so that one
network can play both colours, and saying which colour that is (action ids name colours absolutely: ``PC:W``):

* 147: for each location A..G (7) and each height 0..6 (7), one-hot of the stone there as
  own / rival / grey (3);
* 7: location holds 7 stones (ornament 7);
* 49: for each location (7), one-hot of its ornament 1..7 (7);
* 3: quarry W, B, G counts divided by 15;
* 6: own workshop own/rival/grey counts, then the rival's workshop, each divided by 3;
* 2: phase one-hot (main decision, extra action pending); 7: one-hot of the pending extra action's location;
* 1: 1.0 when the observing player is to act;
* 2: one-hot of the observing player's colour: White (player 0), Black (player 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from museion.core.game import TERMINAL
from museion.games.tholos.data import COLOURS, LOCATIONS

if TYPE_CHECKING:
    from museion.games.tholos.state import TholosState

OBSERVATION_SIZE = 147 + 7 + 49 + 3 + 6 + 2 + 7 + 1 + 2
PHASES = ("setup", "main", "extra", "over")


def view(state: TholosState, player: int | None) -> dict[str, Any]:
    """Everything on the table (same for every viewer), in plain JSON data."""
    to_move = state.current_player()
    results = state.column_results()
    return {
        "game": "tholos",
        "viewer": player,
        "to_move": to_move if to_move >= 0 else None,
        "phase": PHASES[state.phase],
        "turn": state.turns + 1,
        "extra_at": LOCATIONS[state.extra_location] if state.extra_location >= 0 else None,
        "columns": {LOCATIONS[i]: "".join(COLOURS[s] for s in col) for i, col in enumerate(state.columns)},
        "max_heights": {LOCATIONS[i]: h for i, h in enumerate(state.max_heights)},
        "ornaments": {LOCATIONS[i]: k for i, k in enumerate(state.ornaments) if k},
        "ornaments_to_draw": state.ornament_draws,
        "quarry": dict(zip(COLOURS, state.quarry, strict=True)),
        "workshops": [dict(zip(COLOURS, state.workshops[3 * p:3 * p + 3], strict=True)) for p in (0, 1)],
        "column_winners": {LOCATIONS[i]: (w if w >= 0 else None) for i, (w, _) in enumerate(results)},
        "column_points": {LOCATIONS[i]: pts for i, (_, pts) in enumerate(results)},
        "scores": state.scores(),
        "columns_won": state.columns_won(),
        "winners": state.winners() if to_move == TERMINAL else None,
    }


def observation_tensor(state: TholosState, player: int) -> list[float]:
    out = [0.0] * OBSERVATION_SIZE
    relative = (0, 1, 2) if player == 0 else (1, 0, 2)  # colour code -> own / rival / grey
    for loc, col in enumerate(state.columns):
        base = loc * 21
        for h, stone in enumerate(col):
            out[base + h * 3 + relative[stone]] = 1.0
    i = 147
    for loc in range(7):
        out[i + loc] = 1.0 if state.max_heights[loc] == 7 else 0.0
    i += 7
    for loc, k in enumerate(state.ornaments):
        if k:
            out[i + loc * 7 + k - 1] = 1.0
    i += 49
    for c in range(3):
        out[i + c] = state.quarry[c] / 15.0
    i += 3
    for j, seat in enumerate((player, 1 - player)):
        for c in range(3):
            out[i + 3 * j + relative[c]] = state.workshops[3 * seat + c] / 3.0
    i += 6
    if state.phase in (1, 2):
        out[i + state.phase - 1] = 1.0
    i += 2
    if state.extra_location >= 0:
        out[i + state.extra_location] = 1.0
    i += 7
    out[i] = 1.0 if state.current_player() == player else 0.0
    out[i + 1 + player] = 1.0
    return out
