"""Registry of games: ``museion.load(name, **options)``, ``museion.available_games()`` and ``entry(game)``, the one
way every caller reaches a game's parts (its observer, evaluator, events, explainer, text renderer and targets).

The games are the installed :class:`~museion.core.descriptor.GameDescriptor` s (entry points of the group
``museion.games``); the registry imports a game's modules by the names its descriptor gives, so the core never
names a game. Every game's words are in :mod:`museion.core.i18n` from its first lookup (its English tables, and its
gettext domain named after it in its folder's ``locale/``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from museion.core import i18n
from museion.core.descriptor import GameDescriptor, descriptors, resolve
from museion.core.errors import OptionError
from museion.core.explain import Explainer, explainer
from museion.core.game import Event, Game, State
from museion.core.parts import Evaluator, Observer, no_events, no_targets
from museion.native import core_modules


@dataclass(frozen=True)
class GameEntry:
    """A game's descriptor with its code loaded: its class and its parts (:mod:`museion.core.parts`), the one way
    every caller reaches them: ``entry(state.game).observer.view(state, seat)``.

    ``render_text(state, player=None, lang="en")`` draws the table as ``player`` sees it (``None``: a
    spectator), from what ``player`` may see only, labelled in ``lang`` (the game's ``<game>.b.*`` texts)."""

    descriptor: GameDescriptor
    game_class: type[Game]
    render_text: Callable[..., str]
    describe: Callable[[Game, str], str]
    """The rules summary of one configuration in one language (e.g. naming the data tables it plays with)."""
    observer: Observer
    evaluator: Evaluator
    events: Callable[[State[Any], int], list[Event]]
    explainer: Explainer[Any]
    targets: Callable[[State[Any], int], list[str]] = no_targets
    """``targets(state, action)``: the board keys a player clicks, in order, to make legal move ``action`` at
    ``state`` (the game's ``targets.py``; none: every move is played from the move list)."""
    choices: frozenset[str] = frozenset()
    """The board keys where several legal moves may end alike (the table's chooser lists them in words)."""

    @property
    def rules(self) -> str:
        """The rules summary of the default configuration, in English."""
        return self.summary()

    def summary(self, lang: str = "en", game: Game | None = None) -> str:
        """The rules summary of ``game`` (default: the default configuration) in ``lang``."""
        return self.describe(game if game is not None else self.game_class(), lang)


_GAMES: Final[dict[str, GameEntry]] = {}


def _register_texts() -> None:
    for found in descriptors().values():
        for table in found.texts:
            i18n.register(resolve(table), found.name, found.folder)


i18n.load_later(_register_texts)


def _summary(rules: Mapping[str, i18n.Message] | Callable[[Game, str], str]) -> Callable[[Game, str], str]:
    """The rules summary as a function of a configuration and a language (``rules`` may be its parts, messages of
    the game's catalogues, said one after the other)."""
    if callable(rules):
        return rules

    def describe(_game: Game, lang: str, parts: Mapping[str, i18n.Message] = rules) -> str:
        return i18n.paragraphs(parts, lang) + "\n"
    return describe


def available_games() -> list[str]:
    """Names of the installed games, sorted.

    Not ``museion.games()``: importing a game binds the attribute ``museion.games`` to the package of that name
    (Python's import system does so for every sub-package), which would shadow such a function."""
    return list(descriptors())


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of the game ``name``."""
    try:
        return descriptors()[str(name).lower()]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; available: {', '.join(available_games())}") from None


def entry(game: Game | str) -> GameEntry:
    """The game ``game`` (a configuration or a name) with its code loaded (on first use)."""
    key = (game if isinstance(game, str) else game.name).lower()
    found = _GAMES.get(key)
    if found is None:
        found = _GAMES[key] = _load(descriptor(key))
    return found


def _load(found: GameDescriptor) -> GameEntry:
    observer = Observer.of(resolve(found.observer))
    evaluator = Evaluator.of(resolve(found.evaluator) if found.evaluator else None, observer)
    board = resolve(found.targets) if found.targets else None
    return GameEntry(found, resolve(found.game), resolve(found.render_text), _summary(resolve(found.rules)),
                     observer, evaluator, resolve(found.events) if found.events else no_events,
                     explainer(found.name), getattr(board, "targets", no_targets),
                     frozenset(getattr(board, "CHOICES", ())))


def load(name: str, **options: Any) -> Game:
    """Create a game configuration, e.g. ``museion.load("tholos", advanced=True)``."""
    return entry(name).game_class(**options)


def compiled_modules() -> list[str]:
    """Every module the compiled build compiles (``tools/compile.py``), sorted: the core's
    (:func:`museion.native.core_modules`) and those each installed game's descriptor names."""
    games = [module for found in descriptors().values() for module in found.modules_to_compile()]
    return sorted(set(core_modules()) | set(games))
