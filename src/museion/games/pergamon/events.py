"""What happens automatically in a Pergamon step, as events (the descriptor's ``events``), computed outside the engine.

One action can set off a long chain: the last figure placed reveals the funds cards and pays everyone out, the
tomb raider loots, the turn ends with an evaluation and a museum shift, the next turn begins. The engine runs that
chain in one call and keeps no trace of it (its hot path stays bare). Here the action is applied again to an
instrumented copy (``_Traced`` below, a subclass whose overrides only take a snapshot before calling the rule
method): the snapshots cut the step into segments, and each segment's difference is told as events, in order.

Everything is public except victory points (PER-EVAL-4): a VP event goes only to its owner, unless
``open_scores`` or the game is over at the end of the step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from museion.core.game import Event, State
from museion.games.pergamon import data
from museion.games.pergamon.actions import ROMAN
from museion.games.pergamon.data import RAIDER, ST_OVER
from museion.games.pergamon.scoring import exhibited_objects
from museion.games.pergamon.state import PergamonState
from museion.games.pergamon.state_base import PergamonStateBase


def events(state: State[Any], action: int) -> list[Event]:
    """The events of applying ``action`` to ``state`` (left unchanged): the step is applied again to an
    instrumented copy (``_Traced``), whose snapshots :func:`step_events` tells."""
    traced = state._clone_as(_Traced)
    traced.marks = [("action", state._clone_as(PergamonState))]
    traced.apply_action(action)
    return step_events(traced.marks, traced._clone_as(PergamonState))


def step_events(marks: Sequence[tuple[str, PergamonStateBase[Any]]], after: PergamonStateBase[Any]) -> list[Event]:
    """The events of one step from its snapshots (:func:`events` replays the step on an instrumented copy,
    ``_Traced``, which takes them) and the state after it, in the order they happen."""
    over = after.stage == ST_OVER
    out: list[Event] = []
    for i, (label, before) in enumerate(marks):
        end = marks[i + 1][1] if i + 1 < len(marks) else after
        out.extend(_segment(label, before, end, over))
    return out


def _segment(label: str, a: PergamonStateBase[Any], b: PergamonStateBase[Any], over: bool) -> Iterator[Event]:
    """The events of one segment of the chain, from snapshot ``a`` to snapshot ``b``."""
    if label == "begin_turn":
        yield Event("pergamon.turn_begins", {"turn": b.turn, "first": b.first_player})
        unseen = b.box_unseen_tiles - a.box_unseen_tiles
        if unseen:
            yield Event("pergamon.pile_to_box", {"count": unseen})
        return
    if label == "lay_out":  # each find as a player names it: its printed number and its two half-objects
        for k, gallery in enumerate(b.galleries):
            for t in gallery:
                if t not in a.galleries[k]:
                    left, _number, _century, right = b.game.tiles[t]
                    yield Event("pergamon.laid_out", {"gallery": ROMAN[k], "find": b.game.tile_codes[t],
                                                      "left": f"half.{left}", "right": f"half.{right}"})
        return
    if label == "raider":
        yield from _loot(a, b)
        return
    if label == "end_turn":
        yield from _evaluation(a)
    yield from _funds(a, b)
    yield from _museum(a, b)
    if label == "finish":
        yield from _oldest_objects(a)
    reason = {"end_turn": "evaluation", "finish": "final"}.get(label, "exhibit")
    yield from _victory_points(a, b, reason, over)


def _funds(a: PergamonStateBase[Any], b: PergamonStateBase[Any]) -> Iterator[Event]:
    """The tomb raider's placement after the second card (PER-RAIDER-1); the reveal and payout (PER-FUNDS-2)."""
    if a.figure_spaces[RAIDER] < 0 <= b.figure_spaces[RAIDER] and b.game.raider:
        yield Event("pergamon.raider_placed", {"space": f"P{b.figure_spaces[RAIDER] + 1}"})
    if not a.funds_revealed and b.funds_revealed:
        first, second = b.funds_cards
        yield Event("pergamon.cards_revealed", {"first": first, "second": second, "total": first + second})
        for x in [x for x in b.funds_track if x >= 0]:
            gain = b.coins[x] - a.coins[x]
            if x == RAIDER:
                yield Event("pergamon.raider_payout", {"coins": gain})
            else:
                yield Event("pergamon.payout", {"player": x, "coins": gain})


def _loot(a: PergamonStateBase[Any], b: PergamonStateBase[Any]) -> Iterator[Event]:
    """PER-RAIDER-3: the gallery the tomb raider emptied, or nothing."""
    for k in range(data.GALLERIES):
        if a.galleries[k] and not b.galleries[k]:
            yield Event("pergamon.raider_loots", {"gallery": ROMAN[k], "finds": len(a.galleries[k]),
                                                  "coins": a.coins[RAIDER] - b.coins[RAIDER]})
            return
    yield Event("pergamon.raider_idle")


def _museum(a: PergamonStateBase[Any], b: PergamonStateBase[Any]) -> Iterator[Event]:
    """Collections broken up, exhibited (PER-EXH-4/7) or pushed out of the museum (PER-EXH-6)."""
    for m in range(len(a.exhibited_rings)):
        old, new = a.exhibited_rings[m], b.exhibited_rings[m]
        if old == new:
            continue
        who = {"player": m // 3, "marker": ROMAN[m % 3]}
        if old is not None and new is not None:
            yield Event("pergamon.broken_up", who)
        elif old is not None:
            yield Event("pergamon.left_museum", who)
        if new is not None:
            yield Event("pergamon.exhibited", {**who, "value": b.marker_values[m], "space": b.marker_spaces[m]})


def _evaluation(a: PergamonStateBase[Any]) -> Iterator[Event]:
    """PER-EVAL-1..3, told from the state before the evaluation (the VP follow in ``_victory_points``)."""
    ev = data.EVALUATIONS.get(a.turn)
    if ev is None:
        return
    kind, shift = ev
    name = data.TYPE_NAMES[kind]
    yield Event("pergamon.evaluation", {"turn": a.turn, "kind": name})
    best = max((o for o in _objects(a) if o[1] == kind), default=None)
    if best is None:
        yield Event("pergamon.no_prize", {"kind": name})
    else:
        yield Event("pergamon.prize", {"kind": name, "date": best[0], "player": best[2] // 3})
    if shift:
        yield Event("pergamon.museum_shift", {"spaces": shift})


def _objects(a: PergamonStateBase[Any]) -> list[tuple[int, int, int]]:
    g = a.game
    return exhibited_objects(a.exhibited_rings, g.tile_right_types, g.tile_centuries, g.tile_numbers)


def _oldest_objects(a: PergamonStateBase[Any]) -> Iterator[Event]:
    """PER-END-1: the three oldest exhibited objects."""
    for place, (date, _, m) in enumerate(sorted(_objects(a), reverse=True)[:len(data.FINAL_BONUS)], start=1):
        yield Event("pergamon.oldest_object", {"place": place, "date": date, "player": m // 3})


def _victory_points(a: PergamonStateBase[Any], b: PergamonStateBase[Any], reason: str, over: bool) -> Iterator[Event]:
    """VP gained in the segment; only the owner is told unless open_scores or the game is over (PER-EVAL-4)."""
    public = over or b.game.options["open_scores"]
    for p in range(b.game.n):
        gain = b.victory_points[p] - a.victory_points[p]
        if gain:
            args: dict[str, Any] = {"player": p, "vp": gain, "total": b.victory_points[p]}
            yield Event(f"pergamon.vp_{reason}", args, None if public else (p,))


class _Traced(PergamonState):
    """A Pergamon state that records a snapshot (a plain copy) when one of the chain's rule methods starts."""

    __slots__ = ("marks",)
    marks: list[tuple[str, PergamonState]]

    def mark(self, label: str) -> None:
        self.marks.append((label, self._clone_as(PergamonState)))

    def _lay_out(self) -> None:
        self.mark("lay_out")
        super()._lay_out()

    def _raider_turn(self) -> None:
        self.mark("raider")
        super()._raider_turn()
        self.mark("chain")

    def _end_turn(self) -> None:
        self.mark("end_turn")
        super()._end_turn()

    def _begin_turn(self) -> None:
        self.mark("begin_turn")
        super()._begin_turn()

    def _finish(self) -> None:
        self.mark("finish")
        super()._finish()
