"""The option helpers every ``museion`` subcommand shares, the core commands (``museion.cli``) and the plugins
(``museion.arena.cli``, ``museion.server.cli``) alike: the GAME argument with one flag per game option, the typed
``-o KEY=VALUE`` values, ``--lang`` and the progress bar. It imports no command module, so the command and its
plugins depend on it and never on each other.

Game options are flags built from every game's ``OPTIONS`` (``--advanced``, ``--players 3``, ``--wrath``,
``--start-player random``...) plus ``--option KEY=VALUE``; the chosen game validates them, so an option another
game knows but this one does not is refused with the list of allowed options.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

import museion
from museion.core import i18n
from museion.core.errors import MuseionError
from museion.core.game import Game
from museion.core.registry import entry

FLAG_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _all_options() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in museion.available_games():
        try:
            options = entry(name).game_class.OPTIONS
        except Exception:  # noqa: BLE001 - a broken game must not hide the others; using it reports the error
            continue
        for key, opt in options.items():
            found.setdefault(key, opt)
    return found


def add_game(parser: argparse.ArgumentParser, game_optional: bool = False) -> None:
    """The GAME argument and one flag per known game option."""
    names = ", ".join(museion.available_games())
    parser.add_argument("game", nargs="?" if game_optional else None, help=f"one of: {names}")
    group = parser.add_argument_group("game options (validated by the chosen game)")
    for key, opt in _all_options().items():
        flag = "--" + key.replace("_", "-")
        if isinstance(opt.default, bool):
            group.add_argument(flag, dest=f"opt_{key}", action="store_const", const=True, default=None, help=opt.doc)
        else:
            group.add_argument(flag, dest=f"opt_{key}", default=None, metavar="V", help=opt.doc)
    group.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                       help="any game option, e.g. -o ornaments=1@C,7@E")


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    options = {k[4:]: v for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    for item in args.option:
        if "=" not in item:
            raise MuseionError(f"--option takes KEY=VALUE, got {item!r}")
        key, value = item.split("=", 1)
        options[key.strip().replace("-", "_")] = literal(value.strip())
    return options


def literal(text: str) -> Any:
    """A typed option value: JSON (``3``, ``true``, ``{"C": 1}``), the flag words yes/no/on/off, else the text."""
    if text.lower() in FLAG_WORDS:
        return FLAG_WORDS[text.lower()]
    try:
        return json.loads(text)
    except (json.JSONDecodeError, ValueError, RecursionError):
        return text


def load_game(args: argparse.Namespace) -> Game:
    return museion.load(args.game, **game_options(args))


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default=None,
                        help=f"language of the texts (default: ${i18n.ENV}, else en)")


def progress_bar(console: Console, quiet: bool) -> Progress:
    """The progress bar of the long commands (simulate, check, arena, balance, selfplay), on ``console``."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=console, disable=quiet)
