"""Nim, a game written in plain Python on the game contract: the coach's tests use it because its best moves are
known exactly, and tests/test_native.py plays it on the compiled core (whose Game and State allow subclasses
written in Python)."""

from __future__ import annotations

import museion
from museion.core.game import TERMINAL, Game, State


class NimState(State):
    """Take 1 or 2 stones; whoever takes the last stone wins. A pile divisible by 3 is lost for the mover."""

    def _start(self) -> None:
        self.pile = self.game.options["pile"]
        self.mover = 0

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.mover

    def _legal_actions(self) -> list[int]:
        return [] if self.pile == 0 else [a for a in (1, 2) if a <= self.pile]

    def _apply(self, action: int) -> None:
        self.pile -= action
        self.mover = 1 - self.mover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def action_to_string(self, action: int) -> str:
        return f"take {action}"

    def scores(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        return [1.0 if p != self.mover else 0.0 for p in range(2)]  # the last mover took the last stone

    def winners(self) -> list[int]:
        return [1 - self.mover] if self.pile == 0 else []

    def view(self, player: int | None) -> dict:
        return {"pile": self.pile, "mover": self.mover}

    def observation_tensor(self, player: int) -> list[float]:
        return [float(self.pile), float(self.mover == player)]

    def key(self) -> tuple:
        return (self.pile, self.mover)

    def _copy_into(self, other: State) -> None:
        other.pile, other.mover = self.pile, self.mover


class Nim(Game):
    name = "coach_nim"
    title = "Nim (test)"
    OPTIONS = {"pile": museion.core.game.Option(5, "stones", museion.core.game.int_option(1, 20))}
    state_class = NimState

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 3

    def max_chance_outcomes(self) -> int:
        return 0

    def max_game_length(self) -> int:
        return 20

    def observation_tensor_size(self) -> int:
        return 2
