"""What happens automatically in an Imhotep step (the descriptor's ``events``), computed outside the engine.

A sail can unload a whole ship (pyramid points at once), hand out market cards in unloading order (red cards put a
stone on a site at once), end the round (temple scoring, stones on unsailed ships back to the quarries) and end
the game (final scoring). The action is applied again to an instrumented copy (``_Traced`` below: its overrides
only take a snapshot, with the arguments, before calling the rule method); each segment between snapshots is told
as events. Imhotep hides nothing, so every event is public.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from museion.core.game import Event, State
from museion.games.imhotep import data
from museion.games.imhotep.state import ImhotepState
from museion.games.imhotep.state_base import ImhotepStateBase


def events(state: State[Any], action: int) -> list[Event]:
    """The events of applying ``action`` to ``state`` (left unchanged): the step is applied again to an
    instrumented copy (``_Traced``), whose snapshots :func:`step_events` tells."""
    traced = state._clone_as(_Traced)
    traced.marks = []
    traced.apply_action(action)
    return step_events(traced.marks, traced._clone_as(ImhotepState))


def step_events(marks: Sequence[tuple[str, dict[str, Any], ImhotepStateBase[Any]]],
                after: ImhotepStateBase[Any]) -> list[Event]:
    """The events of one step from its snapshots (:func:`events` replays the step on an instrumented copy,
    ``_Traced``, which takes them) and the state after it, in the order they happen."""
    out: list[Event] = []
    for i, (label, args, before) in enumerate(marks):
        end = marks[i + 1][2] if i + 1 < len(marks) else after
        out.extend(_segment(label, args, before, end))
    return out


def _segment(label: str, args: dict[str, Any], a: ImhotepStateBase[Any], b: ImhotepStateBase[Any]) -> Iterator[Event]:
    if label == "round":
        ships = "-".join(map(str, b.ship_sizes))
        yield Event("imhotep.round_begins", {"round": len(b.round_cards_revealed), "ships": ships})
    elif label == "take":
        owner, card = args["owner"], args["card"]
        code = data.CARD_CODES[card]
        if card in data.RED_CARD_SITE:
            site = data.SITES[data.RED_CARD_SITE[card]]
            yield Event("imhotep.red_card", {"player": owner, "card": code, "site": site})
        else:
            yield Event("imhotep.card_taken", {"player": owner, "card": code})
    elif label == "deliver":
        owner = args["owner"]
        points = b.score_track[owner] - a.score_track[owner]
        if args["site"] == data.PYRAMID and points:
            yield Event("imhotep.pyramid_points", {"player": owner, "points": points})
    elif label == "end_round":
        yield Event("imhotep.round_over", {"round": a.rounds_played + 1})
        for p in range(a.player_count):
            if b.score_track[p] > a.score_track[p]:
                yield Event("imhotep.temple_points", {"player": p, "points": b.score_track[p] - a.score_track[p]})
        for p in range(a.player_count):
            if b.quarry[p] > a.quarry[p]:
                yield Event("imhotep.stones_returned", {"player": p, "stones": b.quarry[p] - a.quarry[p]})
    elif label == "final" and b.final_score_rows is not None:
        for p, (burial, obelisk, green, purple, blue, wrath) in enumerate(b.final_score_rows):
            yield Event("imhotep.final_score", {
                "player": p, "total": burial + obelisk + green + purple + blue + wrath, "burial": burial,
                "obelisk": obelisk, "decoration": green, "statues": purple, "blue": blue, "wrath": wrath})


class _Traced(ImhotepState):
    """An Imhotep state that records a snapshot (a plain copy) when one of the step's rule methods starts."""

    __slots__ = ("marks",)
    marks: list[tuple[str, dict[str, Any], ImhotepState]]

    def mark(self, label: str, **args: Any) -> None:
        self.marks.append((label, args, self._clone_as(ImhotepState)))

    def _reveal_round_card(self, card: int) -> None:
        self.mark("round")
        super()._reveal_round_card(card)

    def _take(self, owner: int, card: int) -> None:
        self.mark("take", owner=owner, card=card)
        super()._take(owner, card)

    def _deliver(self, owner: int, site: int) -> None:
        self.mark("deliver", owner=owner, site=site)
        super()._deliver(owner, site)

    def _end_round(self, next_start: int) -> None:
        self.mark("end_round")
        super()._end_round(next_start)

    def _final_scoring(self) -> None:
        self.mark("final")
        super()._final_scoring()
