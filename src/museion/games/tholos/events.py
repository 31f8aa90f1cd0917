"""What happens automatically in a Tholos step (the descriptor's ``events``): columns completed and, when the temple is
full, the scoring of every column (THO-SCORE-1..3). Tholos hides nothing, so every event is public."""

from __future__ import annotations

from typing import Any

from museion.core.game import Event
from museion.games.tholos import scoring
from museion.games.tholos.data import LOCATIONS
from museion.games.tholos.state_base import TholosStateBase


def events(state: TholosStateBase[Any], action: int) -> list[Event]:
    """The events of applying ``action`` to ``state`` (left unchanged)."""
    after: TholosStateBase[Any] = state.clone()  # type: ignore[assignment]
    after.apply_action(action)
    out = [Event("tholos.column_full", {"loc": LOCATIONS[loc], "height": after.max_heights[loc]})
           for loc in range(7)
           if len(state.columns[loc]) < state.max_heights[loc] == len(after.columns[loc])]
    if after.is_terminal():
        results = scoring.column_results(after.columns, after.ornaments)
        for loc, (winner, points) in enumerate(results):
            if winner >= 0:
                out.append(Event("tholos.column_won", {"loc": LOCATIONS[loc], "player": winner, "points": points}))
            else:
                out.append(Event("tholos.column_tied", {"loc": LOCATIONS[loc]}))
        scores, won = after.scores(), scoring.columns_won(results)
        out += [Event("tholos.final_score", {"player": p, "points": scores[p], "columns": won[p]}) for p in (0, 1)]
    return out
