"""Pergamon in words: each action described for the player about to make it (what it touches on the board is
``targets.py``), why a move is not legal (PER-FUNDS-*, PER-DIG-*, PER-EXH-*, PER-STORE-*), and the victory
points broken down per exhibit, evaluation, prize and final bonus. Texts are in ``text.py``.

Only what every player sees is used (the track, galleries, supplies, coins, the museum): a funds card drawn face
down is told by its back, as ``observed_action`` tells it, and the breakdown hides other seats' victory points
from an observer while they are hidden (PER-EVAL-4). The state is read through a few fields (``stage``,
``actor``, ``figure_spaces``, ``funds_track``, ``galleries``, ``supply``, ``coins``, ``building_ring``,
``exhibited_rings``, ``max_polish``) so renames in ``state.py`` stay cheap.
"""

from __future__ import annotations

from typing import Final, cast

from museion.core.events import Event, ScorePart
from museion.core.explain import Explainer
from museion.core.i18n import text
from museion.games.pergamon import data
from museion.games.pergamon.actions import (
    A_BREAK,
    A_CANCEL,
    A_CLOSE,
    A_DIG,
    A_DROP,
    A_END,
    A_PAY,
    A_POLISH,
    A_TILE,
    NUM_ACTIONS,
    ROMAN,
    alias,
    player_action_to_string,
)
from museion.games.pergamon.data import (
    ST_BREAK,
    ST_BUILD,
    ST_CARD,
    ST_LAYOUT,
    ST_MAIN,
    ST_PLACE,
    ST_POLISH,
    ST_START,
    ST_STORE,
    STAGE_NAMES,
)
from museion.games.pergamon.events import events
from museion.games.pergamon.state import PergamonState

RAIDER_SYMBOL: Final = ("raider_bags", "raider_mixed", "raider_chests")


def find_words(state: PergamonState, tile: int) -> dict[str, str]:
    """A find as a player names it: its number as printed (``find``: 4.63) and the two half-objects on it
    (``left``, ``right``: terms ``pergamon.half.V`` ..., "half a vase" / "medio jarrón"), not the notation's
    letters."""
    g = state.game
    lt, _num, _cen, rt = g.tiles[tile]
    return {"find": g.tile_codes[tile], "left": f"half.{lt}", "right": f"half.{rt}"}


def _kind(action: int) -> str:
    if action < A_DIG:
        return "space"
    if action < A_TILE:
        return "dig"
    if action < A_CLOSE:
        return "find"
    if action == A_CLOSE:
        return "close"
    if action < A_POLISH:
        return "break"
    if action < A_CANCEL:
        return "polish"
    return {A_CANCEL: "cancel", A_END: "end", A_PAY: "pay"}.get(action, "drop")


class PergamonExplainer(Explainer[PergamonState]):
    """Pergamon in words for players (``museion.core.explain``): the methods the core calls."""

    def move_event(self, state: PergamonState, action: int, observer: int | None = None) -> Event:
        g = state.game
        st = state.stage
        if st == ST_START:
            return Event("pergamon.m.start", {"player": action})
        if st == ST_LAYOUT:
            return Event("pergamon.m.draw", find_words(state, action))
        if st == ST_CARD:
            return Event("pergamon.m.card", {"back": "chest" if action >= data.BAG_MAX else "bag"})
        a = state.actor
        if action < A_DIG:
            req, deep, raider = g.track[action]
            return Event("pergamon.m.space", {"space": f"P{action + 1}", "coins": req, "gallery": ROMAN[deep - 1],
                                              "player": a})
        if action < A_TILE:
            k = action - A_DIG
            return Event("pergamon.m.dig", {"gallery": ROMAN[k], "coins": k + 1, "finds": len(state.galleries[k])})
        if action < A_CLOSE:
            t = action - A_TILE
            key = "pergamon.m.add" if state.building_ring else "pergamon.m.begin"
            return Event(key, find_words(state, t))
        if action == A_CLOSE:
            return Event("pergamon.m.close", {"finds": len(state.building_ring)})
        if action < A_POLISH:
            return Event("pergamon.m.break", {"marker": ROMAN[action - A_BREAK]})
        if action < A_CANCEL:
            k = action - A_POLISH
            value = sum(g.tile_centuries[t] for t in state.building_ring) + k
            return Event("pergamon.m.polish", {"coins": k, "value": value, "space": min(value, data.MUSEUM_SPACES)})
        if action == A_CANCEL:
            return Event("pergamon.m.cancel", {"player": a})
        if action == A_END:
            return Event("pergamon.m.end")
        if action == A_PAY:
            return Event("pergamon.m.pay", {"coins": state.storage_fee_due(a)})
        t = action - A_DROP
        return Event("pergamon.m.drop", find_words(state, t))

    def illegal_reason(self, state: PergamonState, action: int) -> Event | None:
        """The rule a player action breaks here, or None."""
        st = state.stage
        kind = _kind(action)
        allowed = {ST_PLACE: {"space"}, ST_MAIN: {"dig", "find", "end"}, ST_BUILD: {"find", "close", "cancel"},
                   ST_BREAK: {"break", "cancel"}, ST_POLISH: {"polish", "cancel"}, ST_STORE: {"pay", "drop"}}[st]
        if kind not in allowed:
            return Event("pergamon.r.stage", {"stage": f"stage_{STAGE_NAMES[st]}"})
        a = state.actor
        g = state.game
        if kind == "space":
            who = state.funds_track[action]
            return Event("pergamon.r.space_taken", {"space": f"P{action + 1}", "player": who}) if who >= 0 else None
        if kind == "dig":
            k = action - A_DIG
            deepest = g.max_gallery[state.figure_spaces[a]]
            if not state.may_excavate:
                return Event("pergamon.r.dug")
            if k + 1 > deepest:
                space = f"P{state.figure_spaces[a] + 1}"
                return Event("pergamon.r.too_deep", {"space": space, "gallery": ROMAN[deepest - 1]})
            if k + 1 > state.coins[a]:
                return Event("pergamon.r.dig_cost", {"gallery": ROMAN[k], "cost": k + 1, "coins": state.coins[a]})
            return Event("pergamon.r.gallery_empty", {"gallery": ROMAN[k]})
        if kind in ("find", "drop"):
            t = (action - A_TILE) if kind == "find" else action - A_DROP
            if t not in state.supply[a]:
                return Event("pergamon.r.not_yours", {"find": g.tile_codes[t]})
            if kind == "drop":
                return None
            if st == ST_MAIN:
                return Event("pergamon.r.no_ring", {"find": g.tile_codes[t]})
            if t in state.building_ring:
                return Event("pergamon.r.in_ring", {"find": g.tile_codes[t]})
            last = state.building_ring[-1]
            return Event("pergamon.r.no_match", {"find": g.tile_codes[t],
                                                 "type": data.TYPE_NAMES[g.tile_right_types[last]],
                                                 "last": g.tile_codes[last]})
        if kind == "close":
            first, last = state.building_ring[0], state.building_ring[-1]
            return Event("pergamon.r.not_closed", {"first": g.tile_codes[first], "last": g.tile_codes[last],
                                                   "left": data.TYPE_NAMES[g.tile_left_types[first]],
                                                   "right": data.TYPE_NAMES[g.tile_right_types[last]]})
        if kind == "cancel":
            return Event("pergamon.r.cancels", {"n": 3})
        if kind == "polish":
            return Event("pergamon.r.polish", {"cap": state.max_polish, "coins": state.coins[a]})
        if kind == "pay":
            return Event("pergamon.r.fee", {"fee": state.storage_fee_due(a), "coins": state.coins[a]})
        return None

    def parse_action(self, state: PergamonState, text: str) -> int | None:
        """Any player action written in notation (``dig 4`` included), legal or not."""
        wanted = "".join(alias(text).split()).upper()
        for action in range(NUM_ACTIONS):
            if "".join(player_action_to_string(action, state.game.tile_codes).split()).upper() == wanted:
                return action
        return None

    def score_breakdown(self, state: PergamonState, observer: int | None = None) -> list[ScorePart]:
        """VP for exhibiting, each evaluation and its prize, the final bonus (PER-EXH-4, PER-EVAL-1..3, PER-END-1),
        told by the events of the history; they add up to scores(). Other seats' values are None for an observer
        while VP are hidden (PER-EVAL-4)."""
        n = state.game.n
        exhibit = [0.0] * n
        final = [0.0] * n
        rows: list[tuple[str, dict[str, object], list[float]]] = []
        replay = cast("PergamonState", state.game.new_initial_state())
        for action in state.history():
            turn = replay.turn
            prize: list[float] | None = None
            evaluation: list[float] | None = None
            for event in events(replay, action):
                key, args = event.key, event.args
                if key == "pergamon.prize":
                    prize = [0.0] * n
                    prize[args["player"]] += data.PRIZE_VP
                    prize_args = {"kind": args["kind"]}
                elif key == "pergamon.evaluation":
                    turn = args["turn"]
                elif key == "pergamon.vp_exhibit":
                    exhibit[args["player"]] += args["vp"]
                elif key == "pergamon.vp_final":
                    final[args["player"]] += args["vp"]
                elif key == "pergamon.vp_evaluation":
                    evaluation = evaluation or [0.0] * n
                    evaluation[args["player"]] += args["vp"]
            if evaluation is not None or prize is not None:
                evaluation = evaluation or [0.0] * n
                if prize is not None:
                    evaluation = [e - p for e, p in zip(evaluation, prize, strict=True)]
                rows.append(("pergamon.bd.evaluation", {"turn": turn}, evaluation))
                if prize is not None:
                    rows.append(("pergamon.bd.prize", prize_args, prize))
            replay.apply_action(action)
        rows.insert(0, ("pergamon.bd.exhibit", {}, exhibit))
        rows.append(("pergamon.bd.final", {}, final))
        shown = [p == observer or state.is_terminal() or state.game.options["open_scores"] for p in range(n)]
        return [ScorePart(key, tuple(v if shown[p] else None for p, v in enumerate(values)), args)
                for key, args, values in rows]

    def legend(self, state: PergamonState, lang: str = "en") -> list[str]:
        """The track spaces (PER-FUNDS-3, PER-RAIDER-1), the finds' names and the notation."""
        lines = [text("pergamon.lg.track", lang)]
        if state.game.raider:
            lines += [text("pergamon.lg.raider", lang, space=f"P{s + 1}", what=RAIDER_SYMBOL[k])
                      for k, s in enumerate(state.game.raider_space)]
        return [*lines, text("pergamon.lg.find", lang), text("pergamon.lg.moves", lang)]



EXPLAINER: Final = PergamonExplainer()
