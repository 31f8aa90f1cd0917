"""A seat's game as a program sees it through the server: a museion state rebuilt from the state messages.

The server sends each seat its log: every action as that seat may see it (``observed_action``: a hidden part
reads as what can be seen of it). Those strings are a perfect-recall record of what the seat has learned, so a
state whose every action reads the same to the seat is one the seat cannot tell from the true one.
:class:`SeatGame` builds such a state step by step: each log entry is matched against the legal actions (or
chance outcomes) that read the same; where several do (a hidden draw), one is taken at random, and if a later
entry then matches nothing the whole log is searched again, depth first, going back to the last draw a later
entry contradicts (:func:`search`). With perfect information (Tholos, Imhotep) the state is the server's exactly;
with hidden information it is one the seat's information allows, as the server's own bots search (they never see
more either)."""

from __future__ import annotations

import random
from typing import Any

import museion
from museion.core.game import Game, State

BUDGET = 200_000
"""Actions tried at most while searching the whole log for a state it fits (then moves are chosen from the
server's legal list alone)."""


class Mismatch(Exception):
    """A log entry no action of the rebuilt state reads as."""


def _matching(state: State, seat: int, seen: str) -> list[int]:
    """The actions (or chance outcomes) of ``state`` that read as ``seen`` to ``seat``."""
    actions = ([a for a, _p in state.chance_outcomes()] if state.is_chance_node()
               else state.legal_actions())
    return [a for a in actions if state.observed_action(a, seat) == seen]


def _step(state: State, seat: int, seen: str, rng: random.Random) -> int:
    matching = _matching(state, seat, seen)
    if not matching:
        raise Mismatch(seen)
    return matching[0] if len(matching) == 1 else rng.choice(matching)


def search(game: Game, seat: int, seen: list[str], rng: random.Random, budget: int = BUDGET) -> State | None:
    """A state whose whole log reads as ``seen`` to ``seat``: depth first, the actions that read alike tried in a
    random order, back to the last such choice when a later entry fits none (a hidden draw that a later
    reveal contradicts); None when ``budget`` actions were tried in vain."""
    first = game.new_initial_state()
    stack: list[tuple[State, list[int]]] = []
    state, depth = first, 0
    while depth < len(seen):
        options = _matching(state, seat, seen[depth])
        rng.shuffle(options)
        while not options:
            if not stack or budget <= 0:
                return None
            state, options = stack.pop()
            depth -= 1
        action = options.pop()
        stack.append((state, options))
        state = state.clone()
        state.apply_action(action)
        budget -= 1
        depth += 1
    return state


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
        return search(self.game, self.seat, self.seen, self.rng)
