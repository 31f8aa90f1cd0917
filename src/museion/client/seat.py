"""A seat's game as a program sees it through the server: a museion state rebuilt from the state messages.

The server sends each seat its log: every action as that seat may see it (``observed_action``: a hidden part
reads as what can be seen of it). Those strings are a perfect-recall record of what the seat has learned, so a
state whose every action reads the same to the seat is one the seat cannot tell from the true one.
:class:`SeatGame` builds such a state step by step: each log entry is matched against the legal actions (or
chance outcomes) that read the same; where several do (a hidden draw), one is taken at random, and if a later
entry then matches nothing the whole log is replayed with other draws. With perfect information (Tholos,
Imhotep) the state is the server's exactly; with hidden information it is one the seat's information allows, as
the server's own bots search (they never see more either)."""

from __future__ import annotations

import random
from typing import Any

import museion
from museion.core.game import Game, State

TRIES = 50
"""Replays of the whole log with other hidden draws before a state is given up (then moves are chosen from the
server's legal list alone)."""


class Mismatch(Exception):
    """A log entry no action of the rebuilt state reads as."""


def _step(state: State, seat: int, seen: str, rng: random.Random) -> int:
    actions = ([a for a, _p in state.chance_outcomes()] if state.is_chance_node()
               else state.legal_actions())
    matching = [a for a in actions if state.observed_action(a, seat) == seen]
    if not matching:
        raise Mismatch(seen)
    return matching[0] if len(matching) == 1 else rng.choice(matching)


class SeatGame:
    """The game of one seat at one table, kept up to date from the table's state messages."""

    def __init__(self, game: str, options: dict[str, Any], seat: int, seed: int | None = None) -> None:
        self.game: Game = museion.load(game, **options)
        self.seat = seat
        self.rng = random.Random(seed)
        self.seen: list[str] = []
        self.state: State | None = self.game.new_initial_state()

    def update(self, log: list[dict[str, Any]], full: bool, log_from: int) -> None:
        """Take a state message's log (``full``: the whole log; else the entries from ``log_from``)."""
        if full:
            self.seen, self.state = [], self.game.new_initial_state()
        elif log_from != len(self.seen):
            raise Mismatch(f"log continues at {log_from}, {len(self.seen)} entries held")
        new = [str(entry["t"]) for entry in log]
        self.seen.extend(new)
        if self.state is not None:
            try:
                for seen in new:
                    self.state.apply_action(_step(self.state, self.seat, seen, self.rng))
                return
            except Mismatch:
                pass
        self.state = self._replay()

    def _replay(self) -> State | None:
        for _ in range(TRIES):
            state = self.game.new_initial_state()
            try:
                for seen in self.seen:
                    state.apply_action(_step(state, self.seat, seen, self.rng))
            except Mismatch:
                continue
            return state
        return None
