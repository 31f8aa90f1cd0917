"""The game-agnostic core: the contract, the registry, records, drivers and the conformance checker."""

from museion.core.errors import ConformanceError, IllegalActionError, MuseionError, OptionError
from museion.core.game import CHANCE, TERMINAL, Game, Option, State
from museion.core.registry import available_games, load

__all__ = [
    "CHANCE", "TERMINAL", "ConformanceError", "Game", "IllegalActionError", "MuseionError", "Option",
    "OptionError", "State", "available_games", "load",
]
