"""Tholos views and observations. Tholos has no hidden information: every seat and spectators see it all.

Observation tensor: the pieces of ``OBSERVATION`` in order (``OBSERVATION.table()``; docs/rl.md shows the same
table), relative to the observing player so that one network can play both colours, and saying which colour that
is (action ids name colours absolutely: ``PC:W``).
"""

from __future__ import annotations

from typing import Any

from librt.strings import BytesWriter, write_f64_le, write_i64_le

from museion.core.batch import dense
from museion.core.game import TERMINAL
from museion.core.observation import Layout, Piece
from museion.games.tholos import scoring
from museion.games.tholos.data import COLOURS, LOCATIONS
from museion.games.tholos.state_base import TholosStateBase

OBSERVATION = Layout((
    Piece("stones", 7 * 7 * 3, "per location A..G and height 0..6: one-hot own / rival / grey stone"),
    Piece("seven_high", 7, "1 where ornament 7 raises the column to 7 stones"),
    Piece("ornaments", 7 * 7, "per location: one-hot ornament 1..7"),
    Piece("quarry", 3, "White, Black, grey stones left / 15 (absolute colours)"),
    Piece("workshops", 6, "own workshop own / rival / grey, then the rival's, each / 3"),
    Piece("phase", 2, "one-hot: main decision, extra action pending"),
    Piece("extra_location", 7, "one-hot location of the pending extra action"),
    Piece("to_act", 1, "1 when the observing player is to act"),
    Piece("colour", 2, "one-hot colour the observing player plays: White (player 0), Black (player 1)"),
))
OBSERVATION_SIZE = OBSERVATION.size
_AT = OBSERVATION.offset
STONES, SEVEN_HIGH, ORNAMENTS, QUARRY = _AT["stones"], _AT["seven_high"], _AT["ornaments"], _AT["quarry"]
WORKSHOPS, PHASE, EXTRA_LOCATION, TO_ACT, COLOUR = (
    _AT["workshops"], _AT["phase"], _AT["extra_location"], _AT["to_act"], _AT["colour"])
PHASES = ("setup", "main", "extra", "over")


def view(state: TholosStateBase[Any], player: int | None) -> dict[str, Any]:
    """Everything on the table (same for every viewer), in plain JSON data."""
    to_move = state.current_player()
    results = scoring.column_results(state.columns, state.ornaments)
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
        "columns_won": scoring.columns_won(results),
        "winners": state.winners() if to_move == TERMINAL else None,
    }


def observation_tensor(state: TholosStateBase[Any], player: int) -> list[float]:
    return dense(observation_entries, state, player, OBSERVATION_SIZE)


def observation_entries(state: TholosStateBase[Any], player: int, base: int, ones: BytesWriter, where: BytesWriter,
                        values: BytesWriter) -> None:
    """The tensor's non-zero entries at ``base`` + offset (``museion.core.batch.Entries``): the vector env writes
    them into its zeroed rows, and :func:`observation_tensor` is made of them."""
    relative = (0, 1, 2) if player == 0 else (1, 0, 2)  # colour code -> own / rival / grey
    for loc, col in enumerate(state.columns):
        at = base + STONES + loc * 21
        for h, stone in enumerate(col):
            write_i64_le(ones, at + h * 3 + relative[stone])
    for loc in range(7):
        if state.max_heights[loc] == 7:
            write_i64_le(ones, base + SEVEN_HIGH + loc)
    for loc, k in enumerate(state.ornaments):
        if k:
            write_i64_le(ones, base + ORNAMENTS + loc * 7 + k - 1)
    for c in range(3):
        if state.quarry[c]:
            write_i64_le(where, base + QUARRY + c)
            write_f64_le(values, state.quarry[c] / 15.0)
    for j, seat in enumerate((player, 1 - player)):
        for c in range(3):
            if state.workshops[3 * seat + c]:
                write_i64_le(where, base + WORKSHOPS + 3 * j + relative[c])
                write_f64_le(values, state.workshops[3 * seat + c] / 3.0)
    if state.phase in (1, 2):
        write_i64_le(ones, base + PHASE + state.phase - 1)
    if state.extra_location >= 0:
        write_i64_le(ones, base + EXTRA_LOCATION + state.extra_location)
    if state.current_player() == player:
        write_i64_le(ones, base + TO_ACT)
    write_i64_le(ones, base + COLOUR + player)
