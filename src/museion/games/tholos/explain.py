"""Tholos in words: each action described for the player about to make it (what it touches on the board is
``targets.py``), why a move is not legal (THO-TAKE-*, THO-PLACE-*, THO-ACT-*), and the score broken down
per column. Texts are in ``text.py``; this file only chooses them and their arguments.

The state is read through a handful of fields (``cols``, ``maxh``, ``orn``, ``quarry``, ``ws``, ``extra_loc``,
``phase``) so renames in ``state.py`` stay cheap.
"""

from __future__ import annotations

from typing import Final

from museion.core.events import Event, ScorePart
from museion.core.explain import Explainer
from museion.core.game import CHANCE
from museion.core.i18n import text
from museion.games.tholos import actions as act
from museion.games.tholos import data
from museion.games.tholos.data import COLOURS, EXTRA, GREY, LOCATIONS, MAIN, MOVED_COLOUR
from museion.games.tholos.state import TholosState


def _extra_reason(state: TholosState, kind: str, a: int, b: int) -> Event | None:
    """Why an extra action is not legal at the location whose extra action is being taken."""
    at = state.extra_location
    cols = state.columns
    wanted = {0: "move", 1: "move", 6: "move", 2: "return", 3: "quarry", 4: "steal", 5: "second"}[at]
    if kind == "grey":
        if state.ornaments[at] != 6:
            return Event("tholos.r.no_ornament_6", {"loc": LOCATIONS[at]})
        return _free_target(state, a)
    if kind != wanted:
        return Event("tholos.r.wrong_extra", {"loc": LOCATIONS[at], "what": f"extra_{LOCATIONS[at]}"})
    if kind == "move":
        colour = MOVED_COLOUR[at]
        if a == at or not cols[a] or cols[a][-1] != colour:
            return Event("tholos.r.top_stone", {"src": LOCATIONS[a], "colour": COLOURS[colour], "at": LOCATIONS[at]})
        return _free_target(state, b)
    if kind == "return":
        if a == at or not cols[a]:
            return Event("tholos.r.nothing_to_return", {"src": LOCATIONS[a], "at": LOCATIONS[at]})
        return None
    p = state.current_player()
    if kind in ("quarry", "steal") and sum(state.workshops[3 * p: 3 * p + 3]) >= data.WORKSHOP_SIZE:
        return Event("tholos.r.workshop_full")
    if kind == "quarry" and not state.quarry[a]:
        return Event(f"tholos.r.quarry_short.{COLOURS[a]}", {"left": 0})
    if kind == "steal" and not state.workshops[3 * (1 - p) + a]:
        return Event("tholos.r.rival_has_none", {"stone": f"s{COLOURS[a]}"})
    if kind == "second":
        if not state.workshops[3 * p + a]:
            return Event("tholos.r.no_stone", {"stone": f"s{COLOURS[a]}"})
        return _free_target(state, b)
    return None


def _free_target(state: TholosState, loc: int) -> Event | None:
    if loc == state.extra_location:
        return Event("tholos.r.not_here", {"loc": LOCATIONS[loc]})
    if len(state.columns[loc]) >= state.max_heights[loc]:
        return Event("tholos.r.column_full", {"loc": LOCATIONS[loc], "height": state.max_heights[loc]})
    return None


class TholosExplainer(Explainer[TholosState]):
    """Tholos in words for players (``museion.core.explain``): the methods the core calls."""

    def move_event(self, state: TholosState, action: int, observer: int | None = None) -> Event:
        """The action in words (``Explainer.move_event``): Tholos hides nothing, so the same for every observer."""
        if state.current_player() == CHANCE:
            if action < act.CHANCE_ORNAMENT:
                return Event("tholos.m.start", {"colour": COLOURS[action]})
            k, loc = divmod(action - act.CHANCE_ORNAMENT, 7)
            return Event("tholos.m.ornament", {"k": k + 1, "loc": LOCATIONS[loc], "what": f"orn{k + 1}"})
        kind, a, b = act.decode(action)
        cols = state.columns
        if kind == "take":
            return Event(f"tholos.m.take.{COLOURS[a]}", {"n": b})
        if kind in ("place", "second"):
            return Event(f"tholos.m.{kind}", {"stone": f"a{COLOURS[a]}", "loc": LOCATIONS[b]})
        if kind == "move":
            top = cols[a][-1] if cols[a] else MOVED_COLOUR.get(state.extra_location, GREY)
            return Event("tholos.m.move", {"stone": f"the{COLOURS[top]}", "src": LOCATIONS[a], "dst": LOCATIONS[b]})
        if kind == "return":
            top = cols[a][-1] if cols[a] else GREY
            return Event("tholos.m.return", {"stone": f"the{COLOURS[top]}", "src": LOCATIONS[a]})
        if kind in ("quarry", "steal"):
            return Event(f"tholos.m.{kind}", {"stone": f"a{COLOURS[a]}"})
        if kind == "grey":
            return Event("tholos.m.grey", {"loc": LOCATIONS[a]})
        at = LOCATIONS[state.extra_location] if state.extra_location >= 0 else "?"
        return Event("tholos.m.decline", {"loc": at})

    def illegal_reason(self, state: TholosState, action: int) -> Event | None:
        """The rule a player action breaks here (THO-TAKE-*, THO-PLACE-*, THO-ACT-*), or None."""
        kind, a, b = act.decode(action)
        p = state.current_player()
        ws, cols, maxh = state.workshops, state.columns, state.max_heights
        mine = ws[3 * p: 3 * p + 3]
        free = data.WORKSHOP_SIZE - sum(mine)
        if state.phase == EXTRA:
            if kind in ("take", "place"):
                return Event("tholos.r.finish_extra", {"loc": LOCATIONS[state.extra_location]})
            return _extra_reason(state, kind, a, b)
        if state.phase != MAIN:
            return None
        if kind not in ("take", "place"):
            return Event("tholos.r.no_extra")
        if kind == "take":
            limit = data.TAKE_LIMIT_OWN if a == p else data.TAKE_LIMIT_GREY if a == GREY else data.TAKE_LIMIT_RIVAL
            if free == 0:
                return Event("tholos.r.workshop_full")
            if b > free:
                return Event("tholos.r.workshop_space", {"free": free})
            if b > limit:
                return Event(f"tholos.r.take_limit.{COLOURS[a]}", {"limit": limit})
            return Event(f"tholos.r.quarry_short.{COLOURS[a]}", {"left": state.quarry[a]})
        if not mine[a]:
            return Event("tholos.r.no_stone", {"stone": f"s{COLOURS[a]}"})
        if len(cols[b]) >= maxh[b]:
            return Event("tholos.r.column_full", {"loc": LOCATIONS[b], "height": maxh[b]})
        return None

    def parse_action(self, state: TholosState, text: str) -> int | None:
        """Any Tholos player action written in notation (extra actions with any location letter), legal or not."""
        wanted = "".join(text.split()).upper()
        for action in range(act.NUM_ACTIONS):
            for at in range(7):
                if act.player_action_string(action, at).upper() == wanted:
                    return action
        return None

    def score_breakdown(self, state: TholosState, observer: int | None = None) -> list[ScorePart]:
        """One part per column: who wins it and its points (THO-SCORE-1..3, THO-ORN-1..4); they add up to scores()."""
        parts = []
        for loc, ((winner, points), col) in enumerate(zip(state.column_results(), state.columns, strict=True)):
            values = tuple(float(points) if winner == p else 0.0 for p in (0, 1))
            stones = [COLOURS[c] for c in col]  # counted in words: a player does not read W/B/G
            detail = "tholos.bd.won" if winner >= 0 else "tholos.bd.tied"
            parts.append(ScorePart("tholos.bd.column", values,
                                   {"loc": LOCATIONS[loc], "white": stones.count("W"), "black": stones.count("B"),
                                    "grey": stones.count("G"), "player": winner,
                                    "orn": state.ornaments[loc]}, detail))
        return parts

    def legend(self, state: TholosState, lang: str = "en") -> list[str]:
        """The letters, each location's extra action and the ornaments on the table (THO-ACT-*, THO-ORN-*)."""
        lines = [text("tholos.lg.letters", lang)]
        for loc, name in enumerate(LOCATIONS):
            lines.append(text("tholos.lg.location", lang, loc=name, what=f"extra_{name}"))
            if state.ornaments[loc]:
                k = state.ornaments[loc]
                lines.append(text("tholos.lg.ornament", lang, k=k, loc=name, what=f"orn{k}"))
        return lines



EXPLAINER: Final = TholosExplainer()
