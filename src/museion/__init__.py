"""museion: Tholos, Imhotep and Pergamon as fast, tested rules engines with one game contract.

>>> import museion
>>> game = museion.load("tholos")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'T1W'
"""

from museion.core.errors import ConformanceError, IllegalActionError, MuseionError, OptionError
from museion.core.game import CHANCE, TERMINAL, Game, State
from museion.core.record import Record
from museion.core.registry import available_games, load

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "ConformanceError", "Game", "IllegalActionError", "MuseionError", "OptionError",
    "Record", "State", "__version__", "available_games", "load",
]
