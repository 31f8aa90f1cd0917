"""museion: Tholos, Imhotep and Pergamon as fast, tested rules engines with one game contract.

>>> import museion
>>> game = museion.load("tholos")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'T1W'
"""

from museion import native

BUILD = native.install()
"""``"compiled"`` when the engines run from the mypyc build, ``"pure"`` otherwise (see :mod:`museion.native`)."""

from museion.core.errors import ConformanceError, IllegalActionError, MuseionError, OptionError  # noqa: E402
from museion.core.game import CHANCE, TERMINAL, Game, State  # noqa: E402
from museion.core.record import Record  # noqa: E402
from museion.core.registry import available_games, load  # noqa: E402
from museion.envs import registration as _envs  # noqa: E402
from museion.version import __version__  # noqa: E402

_envs.install()  # gymnasium.make("museion:museion/Tholos-v0") imports museion: its ids exist (docs/rl.md)

__all__ = [
    "CHANCE", "TERMINAL", "ConformanceError", "Game", "IllegalActionError", "MuseionError", "OptionError",
    "BUILD", "Record", "State", "__version__", "available_games", "load",
]
