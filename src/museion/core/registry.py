"""Registry of games: ``museion.load(name, **options)`` and ``museion.available_games()``.

Games register themselves from their package ``__init__``; the core finds game folders by name and never
imports a particular game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import museion.games as games_package
from museion.core.errors import OptionError
from museion.core.game import Game


@dataclass(frozen=True)
class GameEntry:
    """What a game provides beyond the contract: its class, a text renderer and a rules summary.

    ``render_text(state, player=None, lang="en")`` draws the table as ``player`` sees it (``None``: a
    spectator), from what ``player`` may see only, labelled in ``lang`` (the game's ``<game>.b.*`` texts)."""

    game_class: type[Game]
    render_text: Callable[..., Any]
    describe: Callable[[Game, str], str]
    """The rules summary of one configuration in one language (e.g. naming the data tables it plays with)."""

    @property
    def rules(self) -> str:
        """The rules summary of the default configuration, in English."""
        return self.summary()

    def summary(self, lang: str = "en", game: Game | None = None) -> str:
        """The rules summary of ``game`` (default: the default configuration) in ``lang``."""
        return self.describe(game if game is not None else self.game_class(), lang)


_GAMES: Final[dict[str, GameEntry]] = {}


def register(game_class: type[Game], render_text: Callable[..., Any],
             rules: Mapping[str, str] | Callable[[Game, str], str]) -> None:
    """Register a game; ``rules`` is its summary by language (``{"en": ..., "es": ...}``), or a function giving
    the summary of a configuration in a language."""
    if callable(rules):
        describe = rules
    else:
        def describe(_game: Game, lang: str, texts: Mapping[str, str] = rules) -> str:
            return texts.get(lang, texts["en"])
    _GAMES[game_class.name] = GameEntry(game_class, render_text, describe)


def available_games() -> list[str]:
    """Names of the available games, sorted (the game folders under ``museion.games``).

    Not ``museion.games()``: importing a game binds the attribute ``museion.games`` to the package of that name
    (Python's import system does so for every sub-package), which would shadow such a function."""
    found = {m.name for m in pkgutil.iter_modules(games_package.__path__) if m.ispkg and not m.name.startswith("_")}
    return sorted(found | set(_GAMES))


def entry(name: str) -> GameEntry:
    """The registered game ``name``, importing its package on first use."""
    key = str(name).lower()
    if key not in _GAMES and key in available_games():
        importlib.import_module(f"museion.games.{key}")
    try:
        return _GAMES[key]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; available: {', '.join(available_games())}") from None


def load(name: str, **options: Any) -> Game:
    """Create a game configuration, e.g. ``museion.load("tholos", advanced=True)``."""
    return entry(name).game_class(**options)


def text_renderer(name: str) -> Callable[..., Any]:
    return entry(name).render_text
