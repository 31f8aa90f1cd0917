"""Text rendering of a Tholos position for the terminal (plain text; the CLI frames it with Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from museion.core.game import CHANCE, TERMINAL
from museion.core.i18n import count
from museion.games.tholos.data import COLOURS, EXTRA_ACTIONS, LOCATIONS

if TYPE_CHECKING:
    from museion.games.tholos.state import TholosState

NAMES = ("White", "Black")


def render_text(state: TholosState, player: int | None = None) -> str:
    """The temple as everyone sees it (Tholos hides nothing, so ``player`` changes nothing)."""
    lines = [_headline(state), ""]
    top = max(state.maxh)
    lines.append("        " + "  ".join(f" {loc} " for loc in LOCATIONS))
    for level in range(top, 0, -1):
        cells = []
        for col, h in zip(state.cols, state.maxh, strict=True):
            if level <= len(col):
                cells.append(f" {COLOURS[col[level - 1]]} ")
            elif level <= h:
                cells.append(" . ")
            else:
                cells.append("   ")
        lines.append(f"  {level:>2}    " + "  ".join(cells))
    if any(state.orn):
        lines.append("  orn.  " + "  ".join(f" {k} " if k else "   " for k in state.orn))
    results = state.column_results()
    won = "  won   " + "  ".join(f" {COLOURS[w]} " if w >= 0 else " - " for w, _ in results)
    pts = "  pts   " + "  ".join(f"{p:>3}" if w >= 0 else "   " for w, p in results)
    lines += [won, pts, ""]
    q = state.quarry
    lines.append(f"Quarry      W {q[0]:>2}   B {q[1]:>2}   G {q[2]:>2}")
    for p in (0, 1):
        stones = "".join(COLOURS[c] * state.ws[3 * p + c] for c in (0, 1, 2)).ljust(3, ".")
        lines.append(f"Workshop {COLOURS[p]}  [{' '.join(stones)}]")
    s, cw = state.scores(), state.columns_won()
    lines.append(f"Score       White {s[0]} ({count(cw[0], 'column', 'columns')})   "
                 f"Black {s[1]} ({count(cw[1], 'column', 'columns')})")
    return "\n".join(lines)


def _headline(state: TholosState) -> str:
    who = state.current_player()
    if who == TERMINAL:
        winners = state.winners()
        if len(winners) == 2:
            return f"Tholos - game over after {state.turns} turns: a draw"
        s = state.scores()
        w = winners[0]
        how = " (tie-break: more columns won)" if s[0] == s[1] else ""
        return f"Tholos - game over after {state.turns} turns: {NAMES[w]} wins {s[w]} to {s[1 - w]}{how}"
    if who == CHANCE:
        return "Tholos - setting up"
    extra = ""
    if state.extra_loc >= 0:
        loc = LOCATIONS[state.extra_loc]
        extra = f" - extra action at {loc}: {EXTRA_ACTIONS[loc]} (or x- to decline)"
    return f"Tholos - turn {state.turns + 1}, {NAMES[who]} to move{extra}"
