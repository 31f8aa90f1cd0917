"""The game contract every museion game implements (OpenSpiel naming, Python style).

A :class:`Game` is an immutable configuration (name + validated options); a :class:`State` is one position.
Bots, the server, the RL adapters and the tools use only the methods defined here, so a new game is a new
folder under ``museion/games`` and nothing else.

A game is loaded by name with its options; its initial state lists the legal actions as ids, each with its notation:

>>> import random
>>> import museion
>>> game = museion.load("tholos")
>>> state = game.new_initial_state()
>>> state.current_player(), [state.action_to_string(action) for action in state.legal_actions()][:4]
(0, ['T1W', 'T1B', 'T1G', 'PA:W'])

A move is applied by id (here found from its notation); an illegal one raises and changes nothing:

>>> state.apply_action(state.string_to_action("T1W"))
>>> state.current_player(), state.is_terminal()
(1, False)
>>> state.apply_action(1000)
Traceback (most recent call last):
...
museion.core.errors.IllegalActionError: no action of this game has id 1000 (ids are 0-120); ...

Played to the end (a chance node draws its outcome; here every player picks at random), the state is terminal: no
one is to move, and the scores, the winners and the returns (+1 to each winner, -1 to the others) are final:

>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(state.sample_chance(rng))
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> state.current_player() == TERMINAL, state.scores(), state.winners(), state.returns()
(True, [1.0, 14.0], [1], [-1.0, 1.0])

Conventions that keep search fast and honest:

* chance is explicit: shuffles and draws are chance nodes (``current_player() == CHANCE``) whose outcomes are
  listed with probabilities by :meth:`State.chance_outcomes`; a state never stores a pre-shuffled future;
* action ids are fixed per game configuration: player actions lie in ``range(num_distinct_actions())`` and
  chance outcomes in ``range(max_chance_outcomes())``;
* a state is fully determined by its game and its history, which makes JSON round-trips and records exact.

What each player may learn is declared by the game, never guessed by the surfaces that show it. The ``State`` says
what a player learns from each action (``observed_action(action, observer)``: the public notation,
``action_to_string``, unless the game hides part of it — Pergamon: ``card bag`` for a face-down funds card;
concatenated over the history, a player's strings are a perfect-recall record of everything that player has
learned, so whatever an action reveals is part of that step's string). Everything else is a part of its own, in its
own file, named by the game's descriptor and reached through ``museion.core.registry.entry(game)``
(:mod:`museion.core.parts`): the **observer** (``view(state, player)``: everything ``player`` sees now, ``None``: a
spectator; ``observation_tensor``; ``resample(state, player, rng)``: a full state that ``player`` cannot tell from
this one; ``determined_for``), the **events** (``events(state, action)``: the automatic happenings an action causes,
as :class:`Event` data with an audience, computed outside ``apply_action`` by whoever shows a history), the
**evaluator** (``evaluate``, ``features``, ``seat_features``, ``remaining_decisions``: what the bots know), the
**explainer** (:mod:`museion.core.explain`: moves and positions in words) and ``render_text`` (the table as text).

What a ``State`` offers (its public contract) is the rules only: the position (``current_player``,
``is_chance_node``, ``is_terminal``, ``legal_actions``, ``chance_outcomes``, ``scores``, ``winners``, ``returns``,
``history``, ``move_number``, ``key``), moves (``apply_action``, ``apply_chance``, ``apply_unchecked``,
``sample_chance``), the notation (``action_to_string``, ``any_action_to_string``, ``string_to_action``,
``observed_action``), checks (``invariant_violations``) and copies (``clone``, ``to_json``). The errors of
``apply_action`` and ``string_to_action`` borrow the explainer's words for why a move is illegal, and ``str(state)``
the game's ``render_text``.

The terminal, the server's log and messages, records of unfinished games, the RL adapters and the bots are built
only from these declarations; ``museion check`` verifies for hidden-information games that every byte they
would send to a seat is the same for the true state and for a resampled one.
"""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from museion.core import i18n
from museion.core.descriptor import models_folder, part
from museion.core.errors import IllegalActionError, InvalidValue, OptionError, RefusedValue, option_reason, shown
from museion.core.events import Event as Event
from museion.core.events import ScorePart as ScorePart
from museion.core.explain import explainer

CHANCE: Final = -1
"""``current_player()`` at a chance node (same value as OpenSpiel's ``kChancePlayerId``)."""
TERMINAL: Final = -4
"""``current_player()`` once the game is over (same value as OpenSpiel's ``kTerminalPlayerId``)."""


@dataclass(frozen=True)
class Option:
    """One keyword option of a game: its default, a validator and a line of documentation.

    ``parse`` receives the raw value and returns the normalised one, or raises ``ValueError`` whose text
    says what is allowed; :meth:`Game.__init__` turns that into an :class:`OptionError` naming the option.
    ``path`` marks an option that may name a file to read: a server lets its clients name only files its
    operator allows.

    ``kind`` tells clients which control to build (``bool``, ``int``, ``float``, ``choice``, ``seat``, ``text``,
    ``file``); ``choices`` lists the values of a ``choice`` or ``seat`` option. Both default to what the validators
    of this module declare (``int_option(2, 4)`` is an ``int`` from 2 to 4), so most options need neither.
    """

    default: Any
    doc: str
    parse: Callable[[Any], Any] = field(default=lambda v: v)
    path: bool = False
    kind: str = ""
    choices: tuple[Any, ...] = ()

    def meta(self) -> dict[str, Any]:
        """``kind``, ``choices`` (or None), ``min`` and ``max`` (or None): the language-independent metadata."""
        declared = self.parse if isinstance(self.parse, Validator) else Validator(self.parse)
        kind = self.kind or ("file" if self.path else "") or declared.kind or (
            "bool" if isinstance(self.default, bool) else "int" if isinstance(self.default, int) else "text")
        choices = self.choices or declared.choices
        lo, hi = declared.bounds
        return {"kind": kind, "choices": list(choices) or None, "min": lo, "max": hi}


class Validator:
    """An option's parse function with what a client needs to build its control: ``kind``, ``choices`` and
    ``bounds`` (an object rather than attributes set on a function, which a compiled function cannot carry)."""

    __slots__ = ("parse", "kind", "choices", "bounds")

    def __init__(self, parse: Callable[[Any], Any], kind: str = "", choices: tuple[Any, ...] = (),
                 bounds: tuple[Any, Any] = (None, None)) -> None:
        self.parse = parse
        self.kind = kind
        self.choices = choices
        self.bounds = bounds

    def __call__(self, value: Any) -> Any:
        return self.parse(value)


def choice_option(*allowed: Any) -> Callable[[Any], Any]:
    """Validator for an option that takes one of a few fixed values."""

    def parse(value: Any) -> Any:
        if value not in allowed:
            values = ", ".join(shown(a) for a in allowed)
            raise InvalidValue(f"got {shown(value)}; allowed: {values}", shown(value), "error.allowed.choice",
                               values=values)
        return value

    return Validator(parse, "choice", choices=allowed)


def _parse_bool(value: Any) -> bool:
    """Validator for a boolean option: a real boolean only (a command line converts its own flag strings)."""
    if isinstance(value, bool):
        return value
    raise InvalidValue(f"got {shown(value)}; allowed: true or false", shown(value), "error.allowed.bool")


bool_option = Validator(_parse_bool, "bool")




def float_option(lo: float, hi: float) -> Callable[[Any], float]:
    """Validator for a number in ``[lo, hi]`` (accepts numeric strings from the command line)."""

    def parse(value: Any) -> float:
        def refuse(got: str) -> InvalidValue:
            return InvalidValue(f"got {got}; allowed: a number from {lo} to {hi}", got, "error.allowed.number",
                                min=lo, max=hi)

        if isinstance(value, bool):
            raise refuse(shown(value))
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise refuse(shown(value)) from None
        if not lo <= number <= hi:
            raise refuse(f"{number:g}")
        return number

    return Validator(parse, "float", bounds=(lo, hi))


def parse_options(owner: str, declared: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate keyword options against their declarations (a game's or a bot's ``OPTIONS``).

    Unknown keys and invalid values raise :class:`OptionError` naming ``owner``, the option and what is allowed;
    missing keys take their defaults.
    """
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise OptionError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} for {owner}; "
            f"allowed: {', '.join(declared) or 'none'}",
            {"key": "error.option_unknown", "args": {"options": ", ".join(map(str, unknown)),
                                                     "allowed": ", ".join(declared)}})
    parsed: dict[str, Any] = {}
    for key, opt in declared.items():
        try:
            parsed[key] = opt.parse(given.get(key, opt.default))
        except (ValueError, TypeError) as exc:
            reason = (option_reason(key, exc.got, exc.allowed) if isinstance(exc, InvalidValue) else
                      {"key": "error.option_said",
                       "args": {"option": key, "message": exc.reason if isinstance(exc, RefusedValue) else str(exc)}})
            raise OptionError(f"option {key!r} of {owner}: {exc}", reason) from None
    return parsed


def int_option(lo: int, hi: int) -> Callable[[Any], int]:
    """Validator for an integer option in ``[lo, hi]`` (accepts digit strings from the command line)."""

    def parse(value: Any) -> int:
        def refuse(value: Any) -> InvalidValue:
            got = shown(value)
            return InvalidValue(f"got {got}; allowed: an integer from {lo} to {hi}", got, "error.allowed.integer",
                                min=lo, max=hi)

        if isinstance(value, bool):
            raise refuse(value)
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise refuse(value) from None
        if number != value and not isinstance(value, str):
            raise refuse(value)
        if not lo <= number <= hi:
            raise refuse(number)
        return number

    return Validator(parse, "int", bounds=(lo, hi))


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """An immutable game configuration. Subclasses set ``name``, ``OPTIONS`` and ``state_class``.

    A game may be written in plain Python on the compiled core too: ``Game`` and ``State`` allow subclasses that
    are not compiled (the example game of docs/adding-a-game.md; ``tests/test_native.py`` plays it on both builds)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    hidden_information: ClassVar[bool] = False
    """True when ``view()`` hides something from some player (then ``resample`` draws it anew)."""
    shared_observations: ClassVar[bool] = False
    """True when every observer, spectators included, learns the same from every action (whatever is hidden is
    hidden from everyone, like a face-down card): ``observed_action(a, p)`` does not depend on ``p``, so one record
    of observations serves every seat (the OpenSpiel adapter keeps one and resamples without replaying). The
    default, False, is the safe one: a game where a player sees their own draw must leave it so."""
    state_class: ClassVar[type[State[Any]]]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = parse_options(self.name, self.OPTIONS, options)
        self._configure()

    def _configure(self) -> None:
        """Derive per-configuration constants from ``self.options`` (and check combinations)."""

    # -- sizes -------------------------------------------------------------------------------------------
    def num_players(self) -> int:
        raise NotImplementedError

    def num_distinct_actions(self) -> int:
        raise NotImplementedError

    def max_chance_outcomes(self) -> int:
        raise NotImplementedError

    def max_game_length(self) -> int:
        """Upper bound on the number of actions (chance outcomes included) of any game."""
        raise NotImplementedError

    def observation_tensor_size(self) -> int:
        """Length of the observer's ``observation_tensor`` (fixed per configuration, for RL)."""
        raise NotImplementedError

    # -- optional hooks for bots and learning (defaults work for any game) ---------------------------------
    def evaluation_scale(self) -> float:
        """The points margin that counts as "clearly ahead" in the evaluator's ``evaluate`` units: searching bots
        turn a margin ``m`` into a win chance ``1 / (1 + exp(-m / scale))``."""
        return 5.0

    def feature_names(self) -> list[str]:
        """Names of the evaluator's ``features`` entries, in order (documentation, model cards, checks on weights)."""
        return [f"observation[{i}]" for i in range(self.observation_tensor_size())]

    def model_file(self, kind: str = "value") -> pathlib.Path | None:
        """A trained model the game ships for this player count: ``<kind>-<players>p.json`` in the models folder
        its descriptor names (``museion train`` writes it), or ``None`` when there is none."""
        folder = models_folder(self.name)
        found = folder / f"{kind}-{self.num_players()}p.json" if folder is not None else None
        return found if found is not None and found.is_file() else None

    # -- words for players (texts in museion.core.i18n, keys in the game's text.py) -------------------------
    @classmethod
    def description(cls, lang: str = "en") -> str:
        """A short description of the game for the lobby and ``museion games`` (text ``<game>.description``)."""
        return i18n.text(f"{cls.name}.description", lang) if i18n.has(f"{cls.name}.description") else cls.title

    @classmethod
    def option_info(cls, lang: str = "en") -> list[dict[str, Any]]:
        """Every option as clients need it to build a control: ``name``, ``default``, ``doc`` (English, for
        developers), ``kind``, ``choices`` (``[{value, label}]`` or None), ``min``, ``max``, and ``label`` and
        ``help`` in ``lang``. Texts: ``<game>.option.<name>`` (else ``option.<name>``, shared by the games), its
        ``.help``, and ``.<value>`` per choice (``option.seat`` for a seat number, ``option.random``)."""
        out = []
        for name, opt in cls.OPTIONS.items():
            meta = opt.meta()
            key = next((k for k in (f"{cls.name}.option.{name}", f"option.{name}") if i18n.has(k)), None)
            choices = None
            if meta["choices"] is not None:
                choices = [{"value": v, "label": _choice_label(cls, name, v, lang)} for v in meta["choices"]]
            out.append({"name": name, "default": opt.default, "doc": opt.doc,
                        "type": {"bool": "bool", "int": "int"}.get(meta["kind"], "text"),
                        **meta, "choices": choices,
                        "label": i18n.text(key, lang) if key else name,
                        "help": i18n.text(key + ".help", lang) if key and i18n.has(key + ".help") else opt.doc})
        return out

    SEAT_COLOURS: ClassVar[tuple[str, ...]] = ()
    """Seat ``k``'s colour as a term (``white``, ``black``, ``red``...; text ``colour.<term>``), empty when the
    game's seats have none. A class attribute, so option choices can name seats before a game exists."""

    def seat_colours(self) -> list[str]:
        """The colours of this table's seats (:attr:`SEAT_COLOURS` cut to the number of players). The terminal
        says "you play White" with it; the web draws it."""
        return list(self.SEAT_COLOURS[: self.num_players()])

    def seat_label(self, seat: int, lang: str = "en") -> str:
        """"White", "Red"... (or "seat 2" in a game without colours)."""
        colours = self.seat_colours()
        if seat < len(colours):
            return i18n.text(f"colour.{colours[seat]}", lang)
        return i18n.text("ui.seat", lang, n=seat)

    # -- states ------------------------------------------------------------------------------------------
    def new_initial_state(self) -> State:
        state = self.state_class(self)
        state._start()
        return state

    def state_from_history(self, history: Sequence[int]) -> State:
        """Replay ``history`` from the start; every action is checked."""
        state = self.new_initial_state()
        for action in history:
            state.apply_action(int(action))
        return state

    def state_from_json(self, text: str | Mapping[str, Any]) -> State:
        """Inverse of :meth:`State.to_json`. The game name and options must match this game."""
        data = json.loads(text) if isinstance(text, str) else text
        if data.get("game") != self.name:
            raise ValueError(f"state is for game {data.get('game')!r}, not {self.name!r}")
        if self.options_json() != data.get("options", self.options_json()):
            raise ValueError(f"state options {data.get('options')} differ from this game's {self.options_json()}")
        return self.state_from_history(data["history"])

    def options_json(self) -> dict[str, Any]:
        """The options as plain JSON data (what records and states store)."""
        options: dict[str, Any] = json.loads(json.dumps(self.options))
        return options

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"museion.load({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.options_json(), sort_keys=True)))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and options (a compiled class cannot be re-created without ``__init__``)."""
        return _make_game, (type(self), self.options_json())


GameT = TypeVar("GameT", bound=Game, default=Game)
"""The game class a state belongs to: a game's state class is ``State[ItsGame]``, so ``self.game`` has the game's
own type (mypyc does not allow a subclass to narrow an attribute's declared type, a generic base does it)."""
StateT = TypeVar("StateT", bound="State[Any]")


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Generic[GameT]):
    """One position of a game. Subclasses implement the underscore methods; the public ones check input.

    ``legal_actions()`` is cached until the next :meth:`apply_action`, so ``apply_action`` can validate an
    action for the price of a membership test.
    """

    __slots__ = ("game", "_history", "_legal")

    def __init__(self, game: GameT) -> None:
        self.game = game
        self._history: list[int] = []
        self._legal: list[int] | None = None

    # -- to implement ------------------------------------------------------------------------------------
    def _start(self) -> None:
        """Set up the initial position (called by :meth:`Game.new_initial_state`). A game's state class has no
        ``__init__`` of its own: a compiled (mypyc) class cannot be created without running ``__init__``, so
        :meth:`_clone_as` makes an empty state with it and :meth:`_copy_into` fills it in."""
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list[int]:
        """Sorted legal action ids (at a chance node: the outcome ids with non-zero probability)."""
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    def action_to_string(self, action: int) -> str:
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Points of each player now (the final scores once terminal)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The players who won (several on a shared victory); ``[]`` while the game runs."""
        raise NotImplementedError

    def key(self) -> tuple[Any, ...]:
        """The complete state as comparable plain data (equality, tests, the conformance checker)."""
        raise NotImplementedError

    def invariant_violations(self) -> list[str]:
        """The game's own invariants that do not hold (empty when all is well)."""
        return []

    def _copy_into(self, other: State[Any]) -> None:
        """Copy the game-specific fields into ``other`` (a blank instance); mutable containers must be copied."""
        raise NotImplementedError

    # -- chance ------------------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn with its probability from ``rng`` (call only at chance nodes).

        Default: inverse CDF over :meth:`chance_outcomes` in their order. Games override it to draw directly
        (without building the outcome list) and should keep the same order, so that one random number gives the
        same outcome either way.
        """
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    # -- provided ----------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal action ids; for ``player`` other than the one to act: ``[]``."""
        if player is not None and player != self.current_player():
            return []
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        """Apply a legal action (or chance outcome); anything else raises and leaves the state unchanged."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if action not in legal:
            raise IllegalActionError(self._illegal_message(action))
        self._apply(action)
        self._history.append(action)
        self._legal = None

    def apply_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome with :meth:`sample_chance`, apply it and return it (no legality check is needed:
        the game drew it). For search loops."""
        action = self.sample_chance(rng)
        self.apply_unchecked(action)
        return action

    def apply_unchecked(self, action: int) -> None:
        """Apply an action *known* to be legal here, without computing the legal actions to check it: for search
        loops replaying an action that was legal at this very position before (a tree edge in a game without
        hidden information). Anything else must use :meth:`apply_action`."""
        self._apply(action)
        self._history.append(action)
        self._legal = None

    def _illegal_message(self, action: object) -> str:
        if self.is_terminal():
            return f"the game is over; no action is legal (got {action!r})"
        who = "chance" if self.is_chance_node() else f"player {self.current_player()}"
        legal = self.legal_actions()
        try:
            shown = ", ".join(f"{a}={self.action_to_string(a)}" for a in legal[:40])
        except Exception:  # noqa: BLE001 - the message must never fail
            shown = ", ".join(map(str, legal[:40]))
        more = f" (+{len(legal) - 40} more)" if len(legal) > 40 else ""
        why = ""
        if isinstance(action, int) and not self.is_chance_node():
            why = f"{explainer(self.game).explain_illegal(self, action)}; "
        what = action
        if isinstance(action, int) and 0 <= action < self.game.num_distinct_actions():
            try:
                what = f"{action} ({self.any_action_to_string(action)})"
            except Exception:  # noqa: BLE001
                what = action
        return f"{why}illegal action {what} for {who}; legal: {shown}{more}"

    def any_action_to_string(self, action: int) -> str:
        """Notation of an action id even when it is not legal here (for error messages)."""
        return self.action_to_string(action)

    # -- what each observer learns -------------------------------------------------------------------------
    def observed_action(self, action: int, observer: int | None) -> str:
        """What ``observer`` (a seat, or ``None`` for a spectator) learns from ``action`` applied here.

        The default is the public notation. A game that hides part of an action returns what can be seen of it
        (Pergamon: ``card bag`` for a face-down funds card) and adds to the step that reveals something what it
        reveals (Pergamon's last figure placement: ``P5 (cards 3 7)``), so that a player's strings, concatenated
        over the history, are a perfect-recall record of everything that player has learned: two histories give
        a player the same strings exactly when the player cannot tell them apart (the OpenSpiel information
        state is built from them). ``museion check`` verifies both directions on random games."""
        return self.action_to_string(action)

    def _clone_as(self, cls: type[StateT]) -> StateT:
        """A copy of this state as an instance of ``cls`` (this class or a subclass adding no fields of its own
        beyond slots it sets itself): lets a game's event code trace a step on an instrumented copy."""
        other = cls(self.game)
        other._history = self._history[:]
        other._legal = self._legal
        self._copy_into(other)
        return other

    def string_to_action(self, text: str) -> int:
        """Parse a move in notation among the legal actions (case-insensitive, spaces ignored)."""
        wanted = _norm(text)
        for action in self.legal_actions():
            if _norm(self.action_to_string(action)) == wanted:
                return action
        legal = ", ".join(self.action_to_string(a) for a in self.legal_actions()[:60])
        why = explainer(self.game).explain_illegal(self, text)
        raise IllegalActionError(f"{why}; legal: {legal or 'none (game over)'}")

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for each other player once over; all 0 on a draw or while running."""
        n = self.game.num_players()
        if not self.is_terminal():
            return [0.0] * n
        won = set(self.winners())
        if len(won) == n:
            return [0.0] * n
        return [1.0 if p in won else -1.0 for p in range(n)]

    def history(self) -> list[int]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def clone(self) -> State[GameT]:
        return self._clone_as(type(self))

    def to_json(self) -> str:
        return json.dumps({"game": self.game.name, "options": self.game.options_json(), "history": self._history})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game == self.game and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and history, like a record (a compiled class cannot be re-created without
        ``__init__``); :meth:`__deepcopy__` is :meth:`clone` (the game is immutable and shared)."""
        return _replay, (self.game, list(self._history))

    def __deepcopy__(self, memo: dict[int, Any]) -> State[GameT]:
        return self.clone()

    def __str__(self) -> str:
        """The table as a spectator sees it, in English: the game's ``render_text`` (its descriptor's); a game that
        is not installed prints its record."""
        render = part(self.game.name, "render_text")
        return self.to_json() if render is None else str(render(self))


def _make_game(cls: type[Game], options: dict[str, Any]) -> Game:
    return cls(**options)


def _replay(game: Game, history: list[int]) -> State[Any]:
    return game.state_from_history(history)


def _choice_label(game: type[Game], name: str, value: Any, lang: str) -> str:
    """The words for one value of an option: its own text, a seat named as the table names it (its colour, else
    "seat N"), "at random", or the value itself."""
    for key in (f"{game.name}.option.{name}.{value}", f"option.{name}.{value}"):
        if i18n.has(key):
            return i18n.text(key, lang)
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(game.SEAT_COLOURS):
            return i18n.text(f"colour.{game.SEAT_COLOURS[value]}", lang)
        return i18n.text("option.seat", lang, n=value)
    if i18n.has(f"option.{value}"):
        return i18n.text(f"option.{value}", lang)
    return str(value)


def _norm(text: str) -> str:
    return "".join(text.split()).upper()
