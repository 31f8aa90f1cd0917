"""Every museion game as an OpenSpiel Python game: ``pyspiel.load_game("python_museion_imhotep(players=3)")``.

Importing this module registers ``python_museion_<name>`` for each game in :func:`museion.games` (a game that
fails to import is skipped with a warning, so one broken game never hides the others). Parameters are the
game's options (same names; options whose default is not a bool/int/float/str are passed as strings, ``""``
meaning the default), plus ``imperfect_information`` for perfect-information games (see below).

* chance is explicit (``EXPLICIT_STOCHASTIC``): ``chance_outcomes()`` are the game's own, with probabilities;
* returns are ``State.returns()`` (+1 winners, -1 others, 0 for all on a full draw); terminal rewards only;
* observation string = the player's ``view`` as compact JSON; observation tensor = ``observation_tensor``
  (layout in the game's ``view.py``);
* information state (string only) = ``p<player>`` and then, one per line, what the player learned from each
  action, as the game declares it (``State.observed_action``: ``card bag`` for a face-down Pergamon card, the
  cards' values with the placement that reveals them). The lines are written when an information state is
  asked for (one short string per new step, replayed on a shadow state, nothing re-encoded; a step that no
  one asks about costs nothing), and two states get the same string exactly when the player cannot tell them
  apart. For perfect-information games it is the action history. No fixed-size
  perfect-recall tensor is offered;
* ``resample_from_infostate(player, sampler)`` uses the game's observer's ``resample`` on the current state; when
  every observer learns the same from every action (``Game.shared_observations``, true of the three games) the
  sampled state takes the same observation lines and its OpenSpiel history is set directly, without a replay;
* serialization is OpenSpiel's default (the action history), checked by ``random_sim_test(serialize=True)``.

Tholos and Imhotep have perfect information and register as such. OpenSpiel's ``ISMCTSBot`` asserts an
imperfect-information game type, so ``imperfect_information=True`` loads them with that (weaker, still true)
type; nothing else changes, and ``resample_from_infostate`` then returns a copy.
"""

from __future__ import annotations

import base64
import functools
import json
import pickle
import random
import warnings
from typing import Any

import numpy as np
import pyspiel

from museion.core.descriptor import resolve
from museion.core.game import Game, State
from museion.core.registry import available_games, entry, load
from museion.envs._common import Observations, render_ansi

__all__ = ["has_perfect_information", "MuseionGame", "MuseionState", "game_type", "register", "short_name"]

def has_perfect_information(name: str) -> bool:
    """Games whose ``view`` hides nothing (the contract's ``Game.hidden_information``)."""
    return not entry(name).game_class.hidden_information

_RECALL = ("information_state_tensor", "information_state_tensor_size", "recall_step")


def information_state_encoder(name: str) -> tuple[Any, Any, Any] | None:
    """The game's perfect-recall tensor, if its observer module (``view.py``) defines one (Pergamon does; the
    core's ``Observer`` does not ask every game for one): ``information_state_tensor(state, player, memory)``,
    ``information_state_tensor_size(game)`` and ``recall_step(state, action, memory)``, which the state's shadow
    replay calls before each action so the memory of the history is kept, not replayed at every call."""
    module = resolve(entry(name).descriptor.observer)
    found = tuple(getattr(module, attribute, None) for attribute in _RECALL)
    return None if None in found else found  # type: ignore[return-value]


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
        provides_information_state_tensor=imperfect and information_state_encoder(name) is not None,
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
        self.recall = information_state_encoder(self.museion_name)
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
    """An OpenSpiel state wrapping a museion state (``.inner``) plus what each player learned so far."""

    def __init__(self, game: MuseionGame) -> None:
        super().__init__(game)
        self.__dict__.update(_UNBOUND)  # first in __dict__: clone and deserialisation set them before _holder
        museion = game.museion
        self.imperfect = game.imperfect
        observers = 0 if not self.imperfect else 1 if museion.shared_observations else museion.num_players()
        recall = game.recall if observers else None
        self._holder = _Holder(museion.new_initial_state(), [[] for _ in range(observers)], None,
                               None if recall is None else ([], recall[2]))

    def __setattr__(self, name: str, value: Any) -> None:
        """Setting ``_holder`` (here, in OpenSpiel's ``clone``, which deep-copies our ``__dict__`` key by key, and
        in deserialisation) binds the per-step methods to its museion state (:meth:`_bind`)."""
        object.__setattr__(self, name, value)
        if name == "_holder":
            self._bind()

    def _bind(self) -> None:
        """Put the museion state's own (compiled) methods on this instance, where they shadow the class's: a step
        through pyspiel then calls the engine without a Python frame of ours in between (what OpenSpiel's C++
        calls back, ``current_player`` and ``_apply_action``, included). pybind11 takes a bare built-in method
        for "not overridden in Python" (and remembers that for the class), so the names OpenSpiel's C++ looks
        up get a :class:`_Bound` partial; ``legal_actions`` and ``is_chance_node``, which it never looks up, get
        the built-in method itself. Each has OpenSpiel's meaning (``State.legal_actions([player])`` is already
        OpenSpiel's: at a chance node the outcomes' ids, sorted as the contract lists them; nothing for another
        player or at the end). The class's methods below say the same in Python. Six names, no more: OpenSpiel's
        ``clone`` deep-copies and sets every key of ``__dict__``, so each one bound costs every clone (a clone of
        a mid-game Pergamon state: 11 us before binding, 18.5 us with these six)."""
        inner = self._holder.state
        self.__dict__.update(current_player=_Bound(inner.current_player), is_terminal=_Bound(inner.is_terminal),
                             chance_outcomes=_Bound(inner.chance_outcomes), _apply_action=_Bound(inner.apply_action),
                             is_chance_node=inner.is_chance_node, legal_actions=inner.legal_actions)

    @property
    def inner(self) -> State:
        """The wrapped museion state (read it freely; change it only through ``apply_action``)."""
        return self._holder.state

    # -- the pyspiel.State protocol ----------------------------------------------------------------------------
    # The methods _bind puts on each instance shadow these (the same meaning, without our Python frame); these
    # are what a state says before it is bound, and what pybind11 finds on the class. They are Python methods,
    # not pyspiel's: through pyspiel's C++ State each call would cost a C++-to-Python call or two (legal_actions
    # three, and two list conversions), more than the compiled engine's whole step.
    def current_player(self) -> int:
        return self._holder.state.current_player()  # CHANCE (-1) and TERMINAL (-4) are OpenSpiel's ids

    def is_chance_node(self) -> bool:
        return self._holder.state.is_chance_node()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions([player])``: the chance outcomes' actions at a chance node, nothing for a
        player not to act or at the end."""
        state = self._holder.state
        current = state.current_player()
        if player is not None and player != current:
            return []
        if current >= 0:
            return state.legal_actions()
        if state.is_chance_node():
            return [action for action, _ in state.chance_outcomes()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self._holder.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._holder.state.apply_action(action)  # the observation lines follow lazily (_Holder.lines)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.inner.action_to_string(action)
        except Exception:  # noqa: BLE001 - OpenSpiel may ask about actions not legal here
            return f"{'chance' if player < 0 else 'action'} {action}"

    def is_terminal(self) -> bool:
        return self._holder.state.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return render_ansi(self.inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MuseionState:
        """A state the player cannot tell from this one, drawn by the game's ``resample`` on the current state.

        The game's ``resample`` rewrites the hidden chance outcomes in the history (the contract: a state is its
        game + history). With shared observations the player's lines are everyone's, so the sample keeps them and
        gets its OpenSpiel history directly (:meth:`_with_inner`); otherwise the history is replayed."""
        if not self.imperfect or has_perfect_information(self.game_name()):
            return self.clone()
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        sampled = entry(self.inner.game).observer.resample(self.inner, player_id, random.Random(seed))
        if sampled.history() == self.inner.history():
            state = self.clone()
            state._holder.state = sampled
            state._bind()
            return state
        if len(self._holder.lines()) == 1:
            return self._with_inner(sampled)
        state = self.get_game().new_initial_state()
        for action in sampled.history():
            state.apply_action(action)
        return state

    def _with_inner(self, inner: State) -> MuseionState:
        """A state holding ``inner`` (whose history has the same length and movers as ours) and our observation
        lines, its OpenSpiel history set through pyspiel's own deserialisation of Python states (history, move
        number, attributes), which applies no action; a replay if that format is ever refused."""
        players = [item.player for item in self.full_history()]
        history = ",".join(f"{p}:{a}" for p, a in zip(players, inner.history(), strict=True))
        try:
            state = self.get_game().deserialize_state(
                f"history={history}\nmove_number={self.move_number()}\n__dict__={_EMPTY_DICT}")
        except pyspiel.SpielError:
            state = self.get_game().new_initial_state()
            for action in inner.history():
                state.apply_action(action)
            return state
        holder = self._holder
        state._holder = _Holder(inner, [lines[:] for lines in holder.lines()], inner.clone(), holder.recall_copy())
        return state

    # -- helpers -----------------------------------------------------------------------------------------------
    def game_name(self) -> str:
        return self.inner.game.name

    def information_state(self, player: int) -> str:
        """What ``player`` learned so far: ``p<player>`` and one line per action (see the module docstring)."""
        holder = self._holder
        if not holder.seen:
            return f"p{player} history {' '.join(map(str, self.history()))}"
        seen = holder.lines()
        return holder.joined(player, seen[0 if len(seen) == 1 else player])


_EMPTY_DICT = base64.b64encode(pickle.dumps({})).decode()

_UNBOUND = dict.fromkeys(("current_player", "is_terminal", "chance_outcomes", "_apply_action", "is_chance_node",
                          "legal_actions"))
"""The names :meth:`MuseionState._bind` sets on each state, before it does."""


def _unbound() -> None:
    """What a :class:`_Bound` becomes in a pickled ``__dict__`` (deserialisation sets ``_holder`` next)."""


class _Bound(functools.partial[Any]):
    """A museion state's method as an instance attribute of a :class:`MuseionState`: a ``functools.partial``,
    which pybind11 takes for a Python override (a bare built-in method it would take for none) and calls
    without a Python frame. Copied and pickled as a placeholder: setting ``_holder`` binds it again."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> _Bound:
        return self

    def __reduce__(self) -> tuple:
        return _unbound, ()


class _Holder:
    """Holds the museion state and the observation lines, so that OpenSpiel's deepcopy-based ``clone`` uses the
    fast ``State.clone`` and shallow list copies (strings are immutable) instead of deep-copying every object.

    The lines are written lazily: applying an action records nothing (a step through pyspiel costs what the
    engine's does, plus OpenSpiel's own calls); :meth:`lines` brings them up to date when an information state
    is asked for, replaying the new actions on a *shadow* state kept at the position the lines reach. Clones
    share the shadow until one of them advances it (then it clones it first): their histories agree up to it.

    ``joined`` keeps each player's information-state string and extends it with the lines added since it was
    last asked for, so the string is built once, incrementally, over a whole game.

    ``recall`` (games with an information-state tensor): the memory the game's ``recall_step`` keeps of the
    history, at the lines' position, and that function, called on the shadow before each action replayed."""

    __slots__ = ("state", "seen", "_shadow", "_shared", "_text", "recall")

    def __init__(self, state: State, seen: list[list[str]], shadow: State | None = None,
                 recall: tuple[list[int], Any] | None = None) -> None:
        self.state = state
        self.seen = seen
        self._shadow = shadow  # at the position len(seen[0]); None: the initial state, or rebuilt by replaying
        self._shared = False
        self._text: dict[int, tuple[int, str]] = {}
        self.recall = recall

    def recall_copy(self) -> tuple[list[int], Any] | None:
        return None if self.recall is None else (self.recall[0][:], self.recall[1])

    def memory(self) -> list[int] | None:
        """The recall of the whole history (brought up to date with the lines), or None without one."""
        self.lines()
        return None if self.recall is None else self.recall[0]

    def lines(self) -> list[list[str]]:
        """The observation lines of every observer (one list when all share them), up to the current state."""
        seen = self.seen
        history = self.state.history()
        done = len(seen[0]) if seen else len(history)
        if done == len(history):
            return seen
        shadow = self._shadow
        if shadow is None:
            shadow = self.state.game.new_initial_state()
            for action in history[:done]:
                shadow.apply_action(action)
        elif self._shared:
            shadow = shadow.clone()
        recall = self.recall
        for action in history[done:]:
            if recall is not None:
                recall[1](shadow, action, recall[0])
            if len(seen) == 1:
                seen[0].append(shadow.observed_action(action, None))
            else:
                for p, lines in enumerate(seen):
                    lines.append(shadow.observed_action(action, p))
            shadow.apply_action(action)
        self._shadow, self._shared = shadow, False
        return seen

    def joined(self, player: int, lines: list[str]) -> str:
        done, text = self._text.get(player, (0, f"p{player}"))
        if done < len(lines):
            text = "\n".join([text, *lines[done:]])
            self._text[player] = (len(lines), text)
        return text

    def __deepcopy__(self, memo: dict) -> _Holder:
        copy = _Holder(self.state.clone(), [lines[:] for lines in self.seen], self._shadow, self.recall_copy())
        copy._shared = self._shared = self._shadow is not None
        copy._text = dict(self._text)
        return copy

    def __getstate__(self) -> tuple:
        return self.state, self.lines(), self.recall

    def __setstate__(self, data: tuple) -> None:
        self.state, self.seen, self.recall = data
        self._shadow, self._shared, self._text = None, False, {}


def _view_text(state: State, player: int) -> str:
    return json.dumps(entry(state.game).observer.view(state, player), sort_keys=True, separators=(",", ":"))


class MuseionObserver:
    """OpenSpiel's PyObserver: observation (string/tensor) or, with perfect recall, the information state."""

    def __init__(self, game: MuseionGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.observations = Observations(game.museion)
        self.recall = game.recall if perfect_recall and game.imperfect else None
        if perfect_recall:
            size = 0 if self.recall is None else self.recall[1](game.museion)
        else:
            size = game.museion.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor} if size else {}

    def set_from(self, state: MuseionState, player: int) -> None:
        if self.recall is not None:
            self.tensor[:] = self.recall[0](state.inner, player, state._holder.memory())
        elif self.tensor.size:
            self.observations.write(self.tensor, state.inner, player)

    def string_from(self, state: MuseionState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        return _view_text(state.inner, player)


def seat_bytes(state: State, seat: int) -> bytes | None:
    """What this adapter gives ``seat`` at ``state`` (for ``museion check``): the game's history replayed through
    ``pyspiel.load_game``, then the seat's information-state string, observation string and tensor, and those of
    a ``resample_from_infostate`` sample (with a fixed sampler), which must not depend on the true state either.
    ``None`` when OpenSpiel parameters cannot express the configuration (see ``_spiel_params``)."""
    params = _spiel_params(state.game)
    if params is None:
        return None
    game = pyspiel.load_game(register(state.game.name), params)
    spiel = game.new_initial_state()
    for action in state.history():
        spiel.apply_action(action)
    parts = [_seat_view(spiel, seat, game)]
    if not spiel.is_terminal():
        sampled = spiel.resample_from_infostate(seat, lambda: 0.5)
        parts += [_seat_view(sampled, seat, game), repr(sampled.history()).encode()]
    return b"\n".join(parts)


def _seat_view(spiel: Any, seat: int, game: Any) -> bytes:
    """The seat's information-state string and tensor (when the game provides one), observation string and tensor."""
    parts = [spiel.information_state_string(seat).encode(), spiel.observation_string(seat).encode(),
             np.asarray(spiel.observation_tensor(seat), np.float32).tobytes()]
    if game.get_type().provides_information_state_tensor:
        parts.append(np.asarray(spiel.information_state_tensor(seat), np.float32).tobytes())
    return b"\n".join(parts)


def _spiel_params(game: Game) -> dict[str, Any] | None:
    """OpenSpiel parameters that load ``game``, typed as the registration declares them (a string parameter gets
    the option as text, ``""`` for None), or ``None`` when a value does not fit its parameter's type (Pergamon's
    ``start_player="random"``: the parameter is an int)."""
    params: dict[str, Any] = {}
    declared = _parameters(game.name)
    for key, value in game.options_json().items():
        kind = type(declared[key])
        if kind is str:
            params[key] = "" if value is None else value if isinstance(value, str) else json.dumps(value)
        elif isinstance(value, kind) and isinstance(value, bool) == (kind is bool):
            params[key] = value
        else:
            return None
    return params


def _game_class(name: str) -> type[MuseionGame]:
    return type(f"Museion{name.title()}Game", (MuseionGame,), {"museion_name": name, "__module__": __name__})


def register(name: str) -> str:
    """Register one game with OpenSpiel (idempotent) and return its short name."""
    if short_name(name) not in pyspiel.registered_names():
        pyspiel.register_game(game_type(name), _game_class(name))
    return short_name(name)


def _register_all() -> list[str]:
    done = []
    for name in available_games():
        try:
            done.append(register(name))
        except Exception as exc:  # noqa: BLE001 - a game under construction must not hide the others
            warnings.warn(f"museion game {name!r} not registered with OpenSpiel: {exc}", stacklevel=2)
    return done


REGISTERED = _register_all()
"""Short names registered at import, e.g. ``["python_museion_imhotep", ..., "python_museion_tholos"]``."""
