"""What a game is made of, in one place: its :class:`GameDescriptor`, found through the ``museion.games`` entry points.

A game package (inside museion, or installed on its own like the example of ``docs/adding-a-game.md``) declares in
its ``pyproject.toml``::

    [project.entry-points."museion.games"]
    tholos = "museion.games.tholos:DESCRIPTOR"

and that is the only place a game is named: the registry, the compiler build (:mod:`museion.native`), the field
generator, the web table's boards and texts all read the descriptors (the way Gymnasium and PettingZoo find their
plugins). A descriptor names code by ``"module:attribute"`` strings, so reading it imports nothing of the game but
its ``__init__`` (the compiler build lists a game's modules without importing them), and museion reads them only
when first asked (a game package may import museion first thing).
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import json
import pathlib
from dataclasses import dataclass
from typing import Any

GROUP = "museion.games"
"""The entry point group games register in."""


@dataclass(frozen=True)
class GameDescriptor:
    """One game's parts. Code is named ``"package.module:attribute"`` (or ``"package.module"`` for a module);
    files are paths relative to the game's folder (the folder of ``package``)."""

    name: str
    """The game's name (``museion play <name>``), the same as its ``Game.name``."""
    package: str
    """The game's package: its folder holds everything below."""
    game: str
    """The :class:`~museion.core.game.Game` subclass."""
    render_text: str
    """``render_text(state, player=None, lang="en")``: the table drawn as text as ``player`` sees it, in ``lang``:
    the terminal's, the RL adapters' ``ansi`` render and ``str(state)`` (a spectator's, in English)."""
    rules: str
    """The rules summary: its parts (``i18n.messages(msg(key, english), ...)``, also named in ``texts``: their
    translations are in the game's catalogues), or a function ``(game, lang) -> str`` for configurations."""
    texts: tuple[str, ...]
    """Tables of texts (``i18n.messages(msg(key, english), ...)``) for :mod:`museion.core.i18n`, translated in the
    game's catalogues: the engine's (``text``), the web board's (``web.<name>.*`` keys) and those of the tutorial,
    the guide and the rules summary."""
    observer: str
    """The module that says what each seat sees: ``view``, ``observation_tensor`` and, for hidden information,
    ``resample`` and ``determined_for`` (:class:`museion.core.parts.Observer`)."""
    explainer: str | None = None
    """What explains moves and positions to players (``describe``, ``legend``, ``score_breakdown``, ...)."""
    targets: str | None = None
    """The module that says what each move touches on the web board (``targets.py``): ``targets(state, action)``,
    the board keys a player clicks, in order, to make a legal move (the board draws regions under those keys), and
    ``CHOICES``, the keys where several legal moves end alike (the table's chooser lists them); none: every move is
    played from the move list."""
    evaluator: str | None = None
    """The module of the position evaluation the bots use: ``evaluate``, ``features``, ``seat_features``,
    ``remaining_decisions`` (:class:`museion.core.parts.Evaluator`); none: the scores."""
    events: str | None = None
    """``events(state, action)``: the automatic happenings ``action`` causes, each with its audience
    (:class:`museion.core.events.Event`); none: nothing happens by itself."""
    board: str | None = None
    """The web table's board module (JavaScript), served at ``/games/<name>/board.js``; none: the generic board."""
    models: str | None = None
    """The folder of trained models (``<kind>-<players>p.json``) the bots read."""
    compiled: tuple[str, ...] = ()
    """Modules of ``package`` compiled with mypyc (short names); the others stay Python."""
    fields: str | None = None
    """The field table ``tools/generate_fields.py`` turns into ``state_base.py`` (a file in the folder)."""
    tutorial: str | None = None
    """The interactive tutorial ("Learn to play"): a script of steps on the real engine (:mod:`museion.core.lesson`);
    none: the lobby offers no tutorial."""
    guide: str | None = None
    """The rules for players (``museion rules``, the rules page and panel): sections of text in each language, some
    with a picture drawn by the board from a prepared position (:mod:`museion.core.lesson`); none: the summary."""
    bots: str | None = None
    """What the bots know of the game beyond its evaluator, a JSON file in the folder (``bots.json``): ``levels``,
    the parameters a difficulty level takes in one player count, where they were measured best
    (``{"expert": {"4": "cutoff=-1"}}``), and ``ratings``, the levels' published ratings per player count (made by
    ``benchmarks/bot_ratings.py``), which rated tables read; none: every level plays its spec everywhere and no bot
    sits at a rated table of the game."""

    @property
    def folder(self) -> pathlib.Path:
        """The game's folder (found without importing the package)."""
        spec = importlib.util.find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            raise ModuleNotFoundError(f"game package {self.package!r} of {self.name!r} is not installed")
        return pathlib.Path(next(iter(spec.submodule_search_locations)))

    def path(self, relative: str | None) -> pathlib.Path | None:
        """A file or folder the descriptor names, inside the game's folder; ``None`` when it names none."""
        return None if relative is None else self.folder / relative

    def modules_to_compile(self) -> list[str]:
        return [f"{self.package}.{module}" for module in self.compiled]


@functools.cache
def resolve(reference: str) -> Any:
    """The object ``"package.module:attribute"`` names (the module itself without ``:attribute``); remembered, as
    the importer's own lookup was a tenth of a state message's cost (a game's parts are asked for at every move)."""
    module, _, attribute = reference.partition(":")
    found: Any = importlib.import_module(module)
    for part in filter(None, attribute.split(".")):
        found = getattr(found, part)
    return found


def descriptors() -> dict[str, GameDescriptor]:
    """Every installed game's descriptor by name, from the ``museion.games`` entry points, sorted by name."""
    return dict(_discover())


@functools.cache
def _discover() -> dict[str, GameDescriptor]:
    """Read once per process: the installed distributions do not change while it runs."""
    found: dict[str, GameDescriptor] = {}
    for point in importlib.metadata.entry_points(group=GROUP):
        descriptor = point.load()
        if not isinstance(descriptor, GameDescriptor) or descriptor.name != point.name:
            raise TypeError(f"entry point {point.name} = {point.value!r} of group {GROUP!r} must be the "
                            f"GameDescriptor of the game named {point.name!r}")
        found[descriptor.name] = descriptor
    return dict(sorted(found.items()))


def models_folder(name: str) -> pathlib.Path | None:
    """The folder of trained models the descriptor of game ``name`` names (``None``: none, or not installed)."""
    found = _discover().get(str(name).lower())
    return found.path(found.models) if found is not None else None


@functools.cache
def bots_file(name: str) -> dict[str, Any]:
    """The bots' file (the descriptor's ``bots``) of game ``name``, read; ``{}`` when it names none or the game is
    not installed."""
    found = _discover().get(str(name).lower())
    path = found.path(found.bots) if found is not None else None
    data: dict[str, Any] = json.loads(path.read_text()) if path is not None else {}
    return data


def part(name: str, field: str) -> Any:
    """The object the installed descriptor of game ``name`` names in ``field``, loaded (``None``: the game is not
    installed or names none)."""
    found = _discover().get(str(name).lower())
    reference = getattr(found, field, None) if found is not None else None
    return resolve(reference) if reference else None
