"""Nim's rules on the game contract (:mod:`museion.core.game`): a ``Game`` (the configuration: the pile's size) and
a ``State`` (one position), the rules only: what a seat sees is ``view.py``, what happens by itself ``events.py``.
Plain Python: it runs on museion's pure and compiled builds alike (the compiled core accepts subclasses written in
Python), and a pile divisible by 3 is lost for the player to move, which makes it the coach's test game."""

from __future__ import annotations

from museion.core.game import TERMINAL, Game, Option, State, int_option


class NimState(State):
    """Take 1 or 2 stones; whoever takes the last stone wins."""

    def _start(self) -> None:
        self.pile: int = self.game.options["pile"]
        self.mover: int = self.game.options["start_player"]

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
        """The notation: the number of stones taken (``museion play`` accepts it, the web table sends it)."""
        return str(action)

    def scores(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        return [1.0 if p != self.mover else 0.0 for p in range(2)]  # the last mover took the last stone

    def winners(self) -> list[int]:
        return [1 - self.mover] if self.pile == 0 else []

    def key(self) -> tuple[int, int]:
        return (self.pile, self.mover)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, NimState)
        other.pile, other.mover = self.pile, self.mover


class NimGame(Game):
    name = "nim"
    title = "Nim"
    OPTIONS = {
        "pile": Option(10, "stones in the pile at the start (1-20)", int_option(1, 20)),
        "start_player": Option(0, "the seat that moves first: 0 or 1", int_option(0, 1), kind="seat",
                               choices=(0, 1)),
        "players": Option(2, "number of players: Nim is for 2 (accepted so that --players works for every game)",
                          int_option(2, 2)),
    }
    state_class = NimState

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 3  # actions 1 and 2 (0 is never legal)

    def max_chance_outcomes(self) -> int:
        return 0

    def max_game_length(self) -> int:
        return 20

    def observation_tensor_size(self) -> int:
        return 2
