"""Every museion game as an OpenSpiel Python game: ``pyspiel.load_game("python_museion_imhotep(players=3)")``.

Importing this module registers ``python_museion_<name>`` for each game in :func:`museion.games` (a game that
fails to import is skipped with a warning, so one broken game never hides the others). Parameters are the
game's options (same names; options whose default is not a bool/int/float/str are passed as strings, ``""``
meaning the default), plus ``imperfect_information`` for perfect-information games (see below).

* chance is explicit (``EXPLICIT_STOCHASTIC``): ``chance_outcomes()`` are the game's own, with probabilities;
* returns are ``State.returns()`` (+1 winners, -1 others, 0 for all on a full draw); terminal rewards only;
* observation string = the player's ``view`` as compact JSON; observation tensor = ``observation_tensor``
  (layout in the game's ``view.py``);
* information state (string only) = the player's current view plus a digest of their action-observation
  history: every player action (all actions are public in the three games) and, after each chance outcome,
  what the player then saw (their view). Two states get the same string exactly when the player cannot tell
  them apart (up to a 128-bit hash collision). No fixed-size perfect-recall tensor is offered;
* ``resample_from_infostate(player, sampler)`` uses the game's ``State.resample`` (a full state consistent
  with the player's view; see the method for how its history is rebuilt);
* serialization is OpenSpiel's default (the action history), checked by ``random_sim_test(serialize=True)``.

Tholos and Imhotep have perfect information and register as such. OpenSpiel's ``ISMCTSBot`` asserts an
imperfect-information game type, so ``imperfect_information=True`` loads them with that (weaker, still true)
type; nothing else changes, and ``resample_from_infostate`` then returns a copy.
"""

from __future__ import annotations

import hashlib
import json
import random
import warnings
from typing import Any

import numpy as np
import pyspiel

from museion.core.game import Game, State
from museion.core.registry import entry, games, load
from museion.envs._common import render_ansi

__all__ = ["has_perfect_information", "MuseionGame", "MuseionState", "game_type", "register", "short_name"]

def has_perfect_information(name: str) -> bool:
    """Games whose ``view`` hides nothing (the contract's ``Game.hidden_information``)."""
    return not entry(name).game_class.hidden_information

_PARAM_TYPES = (bool, int, float, str)
_PLAYER_PROBE = range(1, 9)


def short_name(name: str) -> str:
    return f"python_museion_{name}"


def _parameters(name: str) -> dict[str, Any]:
    """OpenSpiel parameter defaults from the game's options (non-scalar defaults become ``""``)."""
    params: dict[str, Any] = {}
    for key, option in entry(name).game_class.OPTIONS.items():
        default = option.default
        params[key] = default if isinstance(default, _PARAM_TYPES) else ""
    if has_perfect_information(name):
        params["imperfect_information"] = False
    return params


def _player_range(name: str) -> tuple[int, int]:
    """Smallest and largest player counts the game accepts (probing its ``players`` option, if any)."""
    game_class = entry(name).game_class
    option = game_class.OPTIONS.get("players")
    if option is None:
        n = game_class().num_players()
        return n, n
    allowed = []
    for n in _PLAYER_PROBE:
        try:
            option.parse(n)
        except (ValueError, TypeError):
            continue
        allowed.append(n)
    return min(allowed), max(allowed)


def game_type(name: str, num_players: int | None = None, imperfect: bool | None = None) -> pyspiel.GameType:
    """The ``GameType`` of a game (``num_players`` fixes the utility kind: zero-sum only with 2 players)."""
    lo, hi = _player_range(name)
    if imperfect is None:
        imperfect = not has_perfect_information(name)
    info = pyspiel.GameType.Information
    players = num_players if num_players is not None else (lo if lo == hi else 0)
    zero_sum = players == 2  # +1/-1 or 0/0; with more players the sum depends on how many win
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"museion {entry(name).game_class.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if imperfect else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


def _museion_options(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """Game options from OpenSpiel parameters: ``""`` for a non-scalar option means its default; strings
    that hold JSON (e.g. a placement ``{"C": 1}``) are decoded, other strings go to the option's parser.
    Quotes around a string are dropped, so ``start_player='1'`` passes the text ``1`` (OpenSpiel would read an
    unquoted ``1`` as an int, which a string parameter refuses)."""
    options: dict[str, Any] = {}
    spec = entry(name).game_class.OPTIONS
    for key, value in params.items():
        if key == "imperfect_information":
            continue
        if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if key in spec and not isinstance(spec[key].default, _PARAM_TYPES) and isinstance(value, str):
            if value == "":
                continue
            try:
                value = json.loads(value)
            except ValueError:
                pass
        options[key] = value
    return options


class MuseionGame(pyspiel.Game):
    """A museion game configuration seen by OpenSpiel (built by ``pyspiel.load_game``)."""

    museion_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_parameters(self.museion_name), **(params or {})}
        self.museion: Game = load(self.museion_name, **_museion_options(self.museion_name, params))
        n = self.museion.num_players()
        self.imperfect = not has_perfect_information(self.museion_name) or bool(params.get("imperfect_information"))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.museion.num_distinct_actions(),
            max_chance_outcomes=self.museion.max_chance_outcomes(),
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.museion.max_game_length(),
        )
        super().__init__(game_type(self.museion_name, n, self.imperfect), info, params)

    def new_initial_state(self) -> MuseionState:
        return MuseionState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MuseionObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MuseionObserver(self, perfect_recall)


class MuseionState(pyspiel.State):
    """An OpenSpiel state wrapping a museion state (``.inner``) plus per-player observation-history digests."""

    def __init__(self, game: MuseionGame) -> None:
        super().__init__(game)
        self._holder = _Holder(game.museion.new_initial_state())
        self.imperfect = game.imperfect
        self.trails: list[bytes] = [b""] * game.museion.num_players()

    @property
    def inner(self) -> State:
        """The wrapped museion state (read it freely; change it only through ``apply_action``)."""
        return self._holder.state

    # -- the pyspiel.State protocol ----------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.inner.current_player()  # CHANCE (-1) and TERMINAL (-4) are OpenSpiel's ids

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        was_chance = self.inner.is_chance_node()
        self.inner.apply_action(action)
        if self.imperfect:
            self._extend_trails(action, was_chance)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.inner.action_to_string(action)
        except Exception:  # noqa: BLE001 - OpenSpiel may ask about actions not legal here
            return f"{'chance' if player < 0 else 'action'} {action}"

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return render_ansi(self.inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MuseionState:
        """A state the player cannot tell from this one, drawn by the game's ``resample``.

        The game's ``resample`` rewrites the hidden chance outcomes in the history (the contract: a state is its
        game + history), so the history is replayed and the new state has a true OpenSpiel history and digests;
        when the sample drew the same outcomes, a clone is that state."""
        if not self.imperfect or has_perfect_information(self.game_name()):
            return self.clone()
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        sampled = self.inner.resample(player_id, random.Random(seed))
        history = sampled.history()
        if history == self.inner.history():
            state = self.clone()
            state._holder.state = sampled
            return state
        state = self.get_game().new_initial_state()
        for action in history:
            state.apply_action(action)
        return state

    # -- helpers -----------------------------------------------------------------------------------------------
    def game_name(self) -> str:
        return self.inner.game.name

    def _extend_trails(self, action: int, was_chance: bool) -> None:
        """Fold what each player observed of this step into their history digest."""
        for p, trail in enumerate(self.trails):
            seen = _view_text(self.inner, p).encode() if was_chance else b"a%d" % action
            self.trails[p] = hashlib.blake2b(trail + seen, digest_size=16).digest()


class _Holder:
    """Holds the museion state so that OpenSpiel's deepcopy-based ``clone`` uses the fast ``State.clone``
    (and shares the immutable game) instead of deep-copying every object."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Holder:
        return _Holder(self.state.clone())


def _view_text(state: State, player: int) -> str:
    return json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))


class MuseionObserver:
    """OpenSpiel's PyObserver: observation (string/tensor) or, with perfect recall, the information state."""

    def __init__(self, game: MuseionGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.museion.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: MuseionState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state: MuseionState, player: int) -> str:
        view = _view_text(state.inner, player)
        if not self.perfect_recall:
            return view
        if not state.imperfect:
            return f"p{player} history {' '.join(map(str, state.history()))}"
        return f"p{player} {state.trails[player].hex()} {view}"


def _game_class(name: str) -> type[MuseionGame]:
    return type(f"Museion{name.title()}Game", (MuseionGame,), {"museion_name": name, "__module__": __name__})


def register(name: str) -> str:
    """Register one game with OpenSpiel (idempotent) and return its short name."""
    if short_name(name) not in pyspiel.registered_names():
        pyspiel.register_game(game_type(name), _game_class(name))
    return short_name(name)


def _register_all() -> list[str]:
    done = []
    for name in games():
        try:
            done.append(register(name))
        except Exception as exc:  # noqa: BLE001 - a game under construction must not hide the others
            warnings.warn(f"museion game {name!r} not registered with OpenSpiel: {exc}", stacklevel=2)
    return done


REGISTERED = _register_all()
"""Short names registered at import, e.g. ``["python_museion_imhotep", ..., "python_museion_tholos"]``."""
