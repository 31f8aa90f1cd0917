"""Text rendering of a Tholos position for the terminal (plain text; the CLI frames it with Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from museion.core.game import CHANCE, TERMINAL
from museion.core.i18n import text
from museion.games.tholos.data import COLOURS, LOCATIONS

if TYPE_CHECKING:
    from museion.games.tholos.state import TholosState


def render_text(state: TholosState, player: int | None = None, lang: str = "en") -> str:
    """The temple as everyone sees it (Tholos hides nothing, so ``player`` changes nothing), labelled in ``lang``
    (texts ``tholos.b.*``); stone letters and location letters are notation and stay as they are."""
    def t(key: str, **args: Any) -> str:
        return text(f"tholos.b.{key}", lang, **args)

    lines = [_headline(state, lang), ""]
    top = max(state.max_heights)
    lines.append("        " + "  ".join(f" {loc} " for loc in LOCATIONS))
    for level in range(top, 0, -1):
        cells = []
        for col, h in zip(state.columns, state.max_heights, strict=True):
            if level <= len(col):
                cells.append(f" {COLOURS[col[level - 1]]} ")
            elif level <= h:
                cells.append(" . ")
            else:
                cells.append("   ")
        lines.append(f"  {level:>2}    " + "  ".join(cells))
    if any(state.ornaments):
        lines.append(f"  {t('ornaments'):<6}" + "  ".join(f" {k} " if k else "   " for k in state.ornaments))
    results = state.column_results()
    won = f"  {t('won'):<6}" + "  ".join(f" {COLOURS[w]} " if w >= 0 else " - " for w, _ in results)
    pts = f"  {t('pts'):<6}" + "  ".join(f"{p:>3}" if w >= 0 else "   " for w, p in results)
    lines += [won, pts, ""]
    q = state.quarry
    width = max(len(t("quarry")), len(t("workshop", c="W")), len(t("score"))) + 2
    lines.append(f"{t('quarry'):<{width}}W {q[0]:>2}   B {q[1]:>2}   G {q[2]:>2}")
    for p in (0, 1):
        stones = "".join(COLOURS[c] * state.workshops[3 * p + c] for c in (0, 1, 2)).ljust(3, ".")
        lines.append(f"{t('workshop', c=COLOURS[p]):<{width}}[{' '.join(stones)}]")
    s, cw = state.scores(), state.columns_won()
    players = "   ".join(t("player_score", who=state.game.seat_label(p, lang), points=s[p], columns=cw[p])
                         for p in (0, 1))
    lines.append(f"{t('score'):<{width}}{players}")
    return "\n".join(lines)


def _headline(state: TholosState, lang: str) -> str:
    who = state.current_player()
    name = state.game.seat_label
    if who == TERMINAL:
        winners = state.winners()
        if len(winners) == 2:
            return text("tholos.b.over_draw", lang, turns=state.turns)
        s = state.scores()
        w = winners[0]
        key = "tholos.b.over_tiebreak" if s[0] == s[1] else "tholos.b.over"
        return text(key, lang, turns=state.turns, who=name(w, lang), points=s[w], other=s[1 - w])
    if who == CHANCE:
        return text("tholos.b.setting_up", lang)
    head = text("tholos.b.turn", lang, n=state.turns + 1, who=name(who, lang))
    if state.extra_location >= 0:
        loc = LOCATIONS[state.extra_location]
        head += text("tholos.b.extra", lang, loc=loc, what=f"extra_{loc}")
    return head
