"""Imhotep in words: each action described for the player about to make it (what it touches on the board is
``targets.py``), why a move is not legal (IMH-ACT-*, IMH-CARD-*, IMH-SETUP-6), and the score broken down
per site, cards and wrath. Texts are in ``text.py``; this file only chooses them and their arguments.

The state is read through a few fields (``phase``, ``turn``, ``sled``, ``quarry``, ``ships``, ``caps``, ``mins``,
``load``, ``site_of``, ``hands``, ``market``, ``final``) so renames in ``state.py`` stay cheap.
"""

from __future__ import annotations

from typing import Final

from museion.core.events import Event, ScorePart
from museion.core.explain import Explainer
from museion.core.i18n import text
from museion.games.imhotep import actions as act
from museion.games.imhotep import data
from museion.games.imhotep.data import (
    CHISEL_1,
    CHISEL_2,
    DEAL,
    HAMMER_PLACE,
    LEVER_ORDER,
    LEVER_SAIL,
    MARKET_PICK,
    PHASE_NAMES,
    ROUND,
    SAIL_PLACE,
    SAIL_SAIL,
    START,
    TURN,
)
from museion.games.imhotep.events import events
from museion.games.imhotep.state import ImhotepState


def _place_reason(state: ImhotepState, ship: int, space: int, p: int, sail_card: bool) -> Event | None:
    if not state.sled[p]:
        return Event("imhotep.r.sled_empty")
    if state.ship_sites[ship] >= 0:
        return Event("imhotep.r.ship_gone", {"ship": ship + 1, "site": data.SITES[state.ship_sites[ship]]})
    cap = state.ship_sizes[ship]
    if space >= cap:
        return Event("imhotep.r.no_space", {"ship": ship + 1, "cap": cap})
    if state.ship_spaces[ship * data.MAX_SHIP_CAPACITY + space] >= 0:
        return Event("imhotep.r.space_taken", {"ship": ship + 1, "space": space + 1})
    if sail_card and state.ship_loads[ship] + 1 < state.ship_minimums[ship]:
        return Event("imhotep.r.sail_card_min",
                     {"ship": ship + 1, "min": state.ship_minimums[ship], "n": state.ship_loads[ship]})
    return None


def _sail_reason(state: ImhotepState, ship: int, site: int, only: int) -> Event | None:
    if only >= 0 and ship != only:
        return Event("imhotep.r.sail_that_ship", {"ship": only + 1})
    if state.ship_sites[ship] >= 0:
        return Event("imhotep.r.ship_gone", {"ship": ship + 1, "site": data.SITES[state.ship_sites[ship]]})
    if state.ship_loads[ship] < state.ship_minimums[ship]:
        return Event("imhotep.r.ship_minimum",
                     {"ship": ship + 1, "min": state.ship_minimums[ship], "n": state.ship_loads[ship]})
    if site in state.ship_sites:
        return Event("imhotep.r.site_taken", {"site": data.SITES[site]})
    return None


class ImhotepExplainer(Explainer[ImhotepState]):
    """Imhotep in words for players (``museion.core.explain``): the methods the core calls."""

    def move_event(self, state: ImhotepState, action: int, observer: int | None = None) -> Event:
        phase = state.phase
        if phase == START:
            return Event("imhotep.m.start", {"player": action})
        if phase == ROUND:
            caps = state.game.round_cards[action]
            return Event("imhotep.m.round", {"ships": ", ".join(map(str, caps))})
        if phase == DEAL:
            return Event("imhotep.m.deal", {"card": data.CARD_CODES[action]})
        kind, a, b = act.decode(action)
        p = state.current_player()
        if kind == "get":
            n = min(data.GET_STONES, data.SLED_CAPACITY - state.sled[p], state.quarry[p])
            return Event("imhotep.m.get", {"n": n})
        if kind == "place":
            return Event("imhotep.m.place", {"ship": a + 1, "space": b + 1})
        if kind == "sail":
            return Event("imhotep.m.sail", {"ship": a + 1, "site": data.SITES[b], "n": state.ship_loads[a]})
        if kind == "card":
            code = data.CARD_CODES[a]
            return Event("imhotep.m.card", {"card": code, "effect": f"effect_{code}"})
        if kind == "pick":
            code = data.CARD_CODES[a]
            return Event("imhotep.m.pick", {"card": code, "effect": f"effect_{code}"})
        if kind == "order":
            return Event("imhotep.m.order", {"colour": data.COLOURS[a]})
        return Event("imhotep.m.pass")

    def illegal_reason(self, state: ImhotepState, action: int) -> Event | None:
        """The rule a player action breaks here, or None."""
        kind, a, b = act.decode(action)
        phase = state.phase
        expected = {TURN: None, MARKET_PICK: "pick", LEVER_ORDER: "order", LEVER_SAIL: "sail", SAIL_SAIL: "sail",
                    HAMMER_PLACE: "place", SAIL_PLACE: "place", CHISEL_1: "place", CHISEL_2: "place"}.get(phase)
        if phase != TURN and kind != expected:
            return Event("imhotep.r.phase", {"phase": "phase_" + PHASE_NAMES[phase].replace(" ", "_").replace(":", "")})
        if phase == TURN and kind in ("pick", "order"):
            return Event(f"imhotep.r.only_{kind}")
        p = state.current_player()
        if kind == "get":
            if state.sled[p] >= data.SLED_CAPACITY:
                return Event("imhotep.r.sled_full", {"n": data.SLED_CAPACITY})
            return Event("imhotep.r.quarry_empty")
        if kind == "place":
            return _place_reason(state, a, b, p, sail_card=phase == SAIL_PLACE)
        if kind == "sail":
            return _sail_reason(state, a, b, only=state.sail_card_ship if phase == SAIL_SAIL else -1)
        if kind == "card":
            if not state.hands[p * data.NUM_CARD_TYPES + a]:
                return Event("imhotep.r.no_card", {"card": data.CARD_CODES[a]})
            return Event(f"imhotep.r.card_{data.CARD_CODES[a]}")
        if kind == "pick":
            return Event("imhotep.r.market_none", {"card": data.CARD_CODES[a]})
        if kind == "order":
            return Event("imhotep.r.order_none", {"colour": data.COLOURS[a]})
        return Event("imhotep.r.pass")

    def parse_action(self, state: ImhotepState, text: str) -> int | None:
        """Any player action written in notation, legal or not."""
        found = act.PLAYER_IDS.get(act.norm(text))
        return found

    def score_breakdown(self, state: ImhotepState, observer: int | None = None) -> list[ScorePart]:
        """The pyramid and temple points scored during play (told by the events of the history), then each part of
        the final scoring (IMH-END-1, IMH-WRATH-1). They add up to scores()."""
        n = state.player_count
        during = {"pyramid": [0.0] * n, "temple": [0.0] * n}
        replay = state.game.new_initial_state()
        for action in state.history():
            for event in events(replay, action):
                kind = event.key.removeprefix("imhotep.").removesuffix("_points")
                if kind in during:
                    during[kind][event.args["player"]] += event.args["points"]
            replay.apply_action(action)
        parts = [ScorePart(f"imhotep.bd.{kind}", tuple(values)) for kind, values in during.items()]
        final = state.final_score_rows or tuple((0,) * 6 for _ in range(n))
        for k, name in enumerate(("burial", "obelisks", "decorations", "statues", "blue", "wrath")):
            if name == "wrath" and not state.game.wrath:
                continue
            parts.append(ScorePart(f"imhotep.bd.{name}", tuple(float(row[k]) for row in final)))
        return parts

    def legend(self, state: ImhotepState, lang: str = "en") -> list[str]:
        """The colour letters, the notation and every market card's name and effect (IMH-CARD-*)."""
        lines = [text("imhotep.lg.colours", lang)]
        lines += [text("imhotep.lg.card", lang, code=code, card=code, what=f"effect_{code}")
                  for code in data.CARD_CODES]
        return lines



EXPLAINER: Final = ImhotepExplainer()
