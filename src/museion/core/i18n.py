"""Texts a player reads, in every language the catalogues have: each text is a dotted key with its English.

The code declares each text once, in English, with its key (the context, ``msgctxt``, of the gettext message)::

    TEXTS = messages(
        msg("pergamon.cards_revealed", "Funds cards revealed: {first} and {second}."),
        msgn("pergamon.payout", "{player!p} takes {coins} coin.", "{player!p} takes {coins} coins.", "coins"),
    )

and registers the table with :func:`register` (a game's tables are its descriptor's ``texts``, registered by the
registry with the game's domain). ``msg`` and ``msgn`` are the markers ``pybabel extract`` reads (keywords
``msg:1c,2`` and ``msgn:1c,2,3``; ``make catalogues``); every other language lives in the translators' ``.po``
files (:mod:`museion.core.catalogues`, docs/translating.md), so adding a language needs no code.

:func:`text` fills the ``{name}`` placeholders (``str.format`` syntax) from keyword arguments, with two
conversions for values that are themselves words:

* ``{back!t}`` translates the value as a *term*: it shows the text of ``<namespace>.<value>``, the namespace
  being the first dotted part of the key (``pergamon.cards_revealed`` + ``back="bag"`` -> ``pergamon.bag``);
  a value without such a key is shown as it is;
* ``{player!p}`` names a seat: ``names[value]`` when the caller passes ``names`` (the table's player names),
  otherwise the text of ``ui.seat`` ("seat 0" / "asiento 0").

A counted message (``msgn``) is a gettext plural: the form follows the language's ``Plural-Forms`` for the value
of its counter argument ("1 coin", "3 coins"). A text with several counted words is split: ``<key>.<field>`` is
the counted message of the argument ``field``, said first and filled into the text in its place.

A key may have a second form addressed to the reader, ``<key>.you``, used by :meth:`museion.core.game.Event.text`
when the event's ``player`` argument is the reader (Spanish speaks to the player as "tú": "Ganas 2 entradas").

Every message must be translated in every language of :data:`LANGUAGES` (``tests/core/test_catalogues.py``
lists what is not; an untranslated message shows in English). The language of a terminal session is ``--lang``,
else the ``MUSEION_LANG`` environment variable, else English; the web table's is chosen by the browser and sent in
its ``hello`` message. Spanish texts use the words of the rulebooks (the project's glossary) and address the
player as "tú".
"""

from __future__ import annotations

import os
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from museion.core import catalogues
from museion.core.errors import OptionError

LANGUAGES: Final = catalogues.languages()
"""Supported languages (the core catalogue's, English first); English is the fallback."""
DEFAULT: Final = "en"
ENV: Final = "MUSEION_LANG"


@dataclass(frozen=True)
class Message:
    """One text of the code: its key (the gettext context) and its English (a plural has two forms and the name
    of the argument that counts)."""

    key: str
    english: str
    plural: str | None = None
    counter: str | None = None


@dataclass(frozen=True)
class _Source:
    """Where a message's translations are: a gettext domain in a package folder."""

    domain: str
    folder: Path


def msg(key: str, english: str) -> Message:
    """A text (the marker ``pybabel extract`` reads as ``pgettext``)."""
    return Message(key, english)


def msgn(key: str, one: str, many: str, counter: str) -> Message:
    """A counted text: its singular and plural English and the argument that counts (read as ``npgettext``)."""
    return Message(key, one, many, counter)


def messages(*found: Message) -> dict[str, Message]:
    """A module's table of texts, by key."""
    return {message.key: message for message in found}


CORE: Final = _Source(catalogues.CORE, catalogues.ROOT)
_CATALOGUE: Final[dict[str, Message]] = {}
_SOURCES: Final[dict[str, _Source]] = {}
_PARTS: Final[dict[str, list[str]]] = {}
_FOLDERS: Final[dict[str, Path | None]] = {}
_TRANSLATIONS: Final[dict[tuple[str, str], Any]] = {}
_LOADERS: Final[list[Callable[[], None]]] = []


def load_later(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which registers texts) before the catalogue is first read: the registry adds the installed
    games' tables this way, so importing museion reads no game's descriptor (a game package may import museion
    first thing)."""
    _LOADERS.append(loader)


def _catalogue() -> dict[str, Message]:
    while _LOADERS:
        _LOADERS.pop(0)()
    return _CATALOGUE


def register(texts: Mapping[str, Message], domain: str = catalogues.CORE,
             folder: Path | None = None) -> None:
    """Add (or replace) a table of texts whose translations are in ``domain``'s catalogues in ``folder`` (the
    core's by default)."""
    source = _Source(domain, folder or catalogues.ROOT)
    if _FOLDERS.setdefault(domain, source.folder) != source.folder:  # a domain moved (tests): read it again
        _FOLDERS[domain] = source.folder
        for lang in LANGUAGES:
            _TRANSLATIONS.pop((domain, lang), None)
    for key, found in texts.items():
        _CATALOGUE[key], _SOURCES[key] = found, source
        _part_of(found)


def _part_of(message: Message) -> None:
    """Remember ``<key>.<field>``, the counted word ``field`` of the text ``key`` (a text with several)."""
    whole, _, field = message.key.rpartition(".")
    if message.counter is not None and field == message.counter and field not in _PARTS.get(whole, []):
        _PARTS.setdefault(whole, []).append(field)


def say(reason: Mapping[str, Any], lang: str = DEFAULT) -> str:
    """A reason ``{"key", "args"}`` (see :data:`museion.core.errors.Reason`) in ``lang``; an argument that is
    itself a reason is said first."""
    args = {name: say(value, lang) if isinstance(value, Mapping) and "key" in value else value
            for name, value in reason.get("args", {}).items()}
    return text(reason["key"], lang, **args)


def language(choice: str | None = None) -> str:
    """The language to use: ``choice`` (e.g. ``--lang``), else ``$MUSEION_LANG``, else English.

    ``choice`` must be supported (an :class:`OptionError` lists the languages); the environment variable is
    forgiving (``es_ES.UTF-8`` means Spanish, anything unknown means English)."""
    if choice:
        code = choice.strip().lower()
        if code not in LANGUAGES:
            raise OptionError(f"language {choice!r} is not supported; allowed: {', '.join(LANGUAGES)}")
        return code
    env = os.environ.get(ENV, "").strip().lower()[:2]
    return env if env in LANGUAGES else DEFAULT


def language_name(code: str) -> str:
    """``code`` named in itself, for a language menu ("Deutsch")."""
    return catalogues.language_name(code)


def bot_name(spec: str, lang: str = DEFAULT) -> str:
    """A bot as players call it: "easy bot" / "bot fácil" for a level (``easy`` or ``bot:easy``), else its spec."""
    level = spec.removeprefix("bot:")
    return text("ui.bot_name", lang, level=text(f"ui.level.{level}", lang) if has(f"ui.level.{level}") else level)


def has(key: str) -> bool:
    return key in _catalogue()


def keys() -> list[str]:
    return sorted(_catalogue())


def counter(key: str) -> str | None:
    """The argument a counted text counts with (``None``: not counted, or no such key)."""
    found = _catalogue().get(key)
    return found.counter if found is not None else None


def template(key: str, lang: str = DEFAULT) -> str | None:
    """The text of ``key`` in ``lang`` (English where that language lacks it) with its placeholders unfilled (a
    counted text: its form for many); ``None`` for an unknown key."""
    found = forms(key, lang)
    return found[-1] if found else None


def paragraphs(parts: Mapping[str, Message], lang: str = DEFAULT) -> str:
    """A long text written as one message per part (a rules summary's sections), in ``lang``, the parts separated
    by blank lines; each part as written (nothing is filled in: a rules text shows braces, ``ornaments={...}``)."""
    return "\n\n".join(template(key, lang) or part.english for key, part in parts.items())


def forms(key: str, lang: str = DEFAULT) -> tuple[str, ...]:
    """Every form of ``key`` in ``lang`` (one; a counted text: one per plural form of the language, in the
    catalogue's order, as the web client receives them); empty for an unknown key."""
    found = _catalogue().get(key)
    if found is None:
        return ()
    if found.counter is None:
        return (_template(found, lang, 1),)
    source = _SOURCES[key]
    counts = _counts(source.folder, source.domain, lang)
    return tuple(_template(found, lang, n) for n in counts)


def _counts(folder: Path, domain: str, lang: str) -> list[int]:
    """A count of each plural form of ``lang`` in ``domain``, in the forms' order (Spanish's form for millions
    is found among large round numbers)."""
    rule = catalogues.plural_rule(folder, domain, lang)
    first: dict[int, int] = {}
    for n in [*range(catalogues.SAMPLES), *(10 ** k for k in range(3, 10))]:
        first.setdefault(rule(n), n)
    return [first.get(form, 2) for form in range(max(first) + 1)]


LONG: Final = ("lesson", "guide", "rules")
"""A game's long texts (``<game>.lesson.*``, ``<game>.guide.*``, ``<game>.rules.*``: its tutorial, its rules for
players, its rules summary), which their own routes serve said (``/api/games/<game>/tutorial``, ``/guide``,
``/rules``): the web client's catalogue leaves them out (they would double it)."""


def _for_client(key: str) -> bool:
    parts = key.split(".")
    return _SOURCES[key].domain == catalogues.CORE or len(parts) < 3 or parts[1] not in LONG


def for_client(lang: str) -> dict[str, Any]:
    """Every text in ``lang`` as the web client reads them (``GET /api/texts``) but a game's :data:`LONG` texts:
    ``texts`` by key (a counted text: its form for many), ``plurals`` (each counted text's forms and counter),
    ``parts`` (the counted words of a text that has several) and ``plural`` (the form of each count,
    :func:`plural_table`)."""
    catalogue = {key: found for key, found in _catalogue().items() if _for_client(key)}
    plurals = {key: {"counter": found.counter, "forms": list(forms(key, lang))}
               for key, found in catalogue.items() if found.counter is not None}
    return {"texts": {key: template(key, lang) for key in sorted(catalogue)}, "plurals": plurals,
            "parts": {key: list(fields) for key, fields in _PARTS.items() if key in catalogue},
            "plural": plural_table(lang)}


def plural_table(lang: str) -> list[int]:
    """The plural form of each count below :data:`catalogues.SAMPLES` in ``lang`` (the core's Plural-Forms)."""
    return catalogues.plural_table(CORE.folder, CORE.domain, lang)


def missing() -> list[str]:
    """``key: language`` for every registered key that some language's catalogue lacks, leaves untranslated or
    marks fuzzy (should be empty; an untranslated text shows in English)."""
    catalogue = _catalogue()
    said: dict[tuple[str, str], set[str]] = {}
    found = []
    for key in sorted(catalogue):
        source = _SOURCES[key]
        for lang in LANGUAGES[1:]:
            place = (source.domain, lang)
            if place not in said:
                said[place] = catalogues.translated(source.folder, source.domain, lang)
            done = key in said[place]
            if not done:
                found.append(f"{key}: {lang}")
    return found


def text(key: str, lang: str = DEFAULT, names: Sequence[str] | None = None, **args: Any) -> str:
    """The text of ``key`` in ``lang`` with ``args`` filled in (see the module docstring); an unknown key is
    shown as itself, so a missing text is visible rather than fatal."""
    found = _catalogue().get(key)
    if found is None:
        return key
    if key in _PARTS:
        args = {**args, **{field: text(f"{key}.{field}", lang, names, **args) for field in _PARTS[key]
                           if field in args}}
    template = _template(found, lang, _quantity(args.get(found.counter)) if found.counter else 1)
    parts = _parsed(template)
    if parts is None:  # a field with an index, an attribute or a nested spec: Python's own formatter
        return _Formatter(lang, key.split(".", 1)[0], names).vformat(template, (), args)
    filled = []
    for literal, name, spec, conversion in parts:
        value = None if name is None else _fill(args[name], conversion, spec or "", lang, key, names)
        if conversion == "t" and lang == "es" and value is not None:
            literal, value = _contracted(literal, value)
        filled.append(literal)
        if value is not None:
            filled.append(value)
    return "".join(filled)


def _quantity(value: Any) -> int:
    """The count a plural form is chosen by: a whole number as itself (``1.0`` is one), a fraction or a value
    that is no number as two (English and Spanish say "2.5 coins")."""
    try:
        number = abs(float(value))
    except (TypeError, ValueError):
        return 2
    return int(number) if number.is_integer() else 2


def _template(message: Message, lang: str, n: int) -> str:
    """The text of ``message`` in ``lang`` for the count ``n`` (English where the catalogue lacks it)."""
    source = _SOURCES[message.key]
    chosen = _TRANSLATIONS.get((source.domain, lang))
    if chosen is None:
        chosen = _TRANSLATIONS[source.domain, lang] = catalogues.translations(source.folder, source.domain, lang)
    if message.plural is None:
        return str(chosen.pgettext(message.key, message.english))
    return str(chosen.npgettext(message.key, message.english, message.plural, n))


def _contracted(literal: str, term: str) -> tuple[str, str]:
    """Spanish contracts a preposition with the article of the term after it: "a el mercado" is "al mercado",
    "de el templo" "del templo" (a term only: a player's name is said as written)."""
    for preposition in ("a ", "de "):
        if term.startswith("el ") and (literal == preposition or literal.endswith(" " + preposition)):
            return literal[:-1] + "l ", term[3:]
    return literal, term


_Parts = tuple[tuple[str, "str | None", "str | None", "str | None"], ...]
_PARSED: dict[str, _Parts | None] = {}


def _parsed(template: str) -> _Parts | None:
    """``template`` split into (literal, field, spec, conversion) once (texts are filled for every seat after
    every move, and ``string.Formatter`` parsing them again each time was the largest cost of a state message);
    ``None`` when a field is more than a name (left to :class:`_Formatter`)."""
    if template not in _PARSED:
        parts = tuple(string.Formatter().parse(template))
        simple = all(name is None or (name.isidentifier() and "{" not in (spec or "")) for _, name, spec, _ in parts)
        _PARSED[template] = parts if simple else None
    return _PARSED[template]


def _fill(value: Any, conversion: str | None, spec: str, lang: str, key: str, names: Sequence[str] | None
          ) -> str:
    """One field as :class:`_Formatter` fills it (the same conversions, the same rule for floats)."""
    if conversion is not None:
        value = _convert(value, conversion, lang, key.split(".", 1)[0], names)
    return _format(value, spec)


class _Formatter(string.Formatter):
    """``str.format`` plus the ``!t`` (term) and ``!p`` (player name) conversions."""

    def __init__(self, lang: str, namespace: str, names: Sequence[str] | None) -> None:
        super().__init__()
        self.lang, self.namespace, self.names = lang, namespace, names

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value if conversion is None else _convert(value, conversion, self.lang, self.namespace, self.names)

    def format_field(self, value: Any, format_spec: str) -> str:
        return _format(value, format_spec)


def _convert(value: Any, conversion: str, lang: str, namespace: str, names: Sequence[str] | None) -> Any:
    """``!t`` a term of the text's namespace, ``!p`` a seat's name, else Python's ``!r``, ``!s``, ``!a``."""
    if conversion == "t":
        term = f"{namespace}.{value}"
        return text(term, lang) if term in _catalogue() else str(value)
    if conversion == "p":
        if names is not None and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        return text("ui.seat", lang, n=value)
    return string.Formatter().convert_field(value, conversion)


def _format(value: Any, spec: str) -> str:
    if isinstance(value, float) and value.is_integer() and (not spec or "|" in spec):
        value = int(value)  # points are floats in the engines; a player reads "10 PV", not "10.0 PV"
    if "|" in spec:
        one, many = spec.split("|", 1)
        return f"{value} {one if abs(value) == 1 else many}"
    return format(value, spec)


UI_TEXTS: Final = messages(
    msg("ui.seat", "seat {n}"),
    msg("ui.error", "error"),
    msg("ui.seat_player", "{who} (seat {n})"),
    msg("ui.human", "human"),
    # a bot's level, as every surface names it (with ui.bot_name: the terminal's seats, the web's web.level.*)
    msg("ui.level.random", "random"),
    msg("ui.level.greedy", "greedy"),
    msg("ui.level.easy", "easy"),
    msg("ui.level.medium", "medium"),
    msg("ui.level.hard", "hard"),
    msg("ui.level.expert", "expert"),
    msg("ui.level.master", "master"),
    msg("ui.prompt", "seat {n}> "),
    msg("ui.chance", "chance: {move}"),
    msg("ui.plays", "{player!p} plays {move}"),
    msg("ui.plays.you", "You play {move}"),
    msg("ui.hand_over", "Hand over to {player!p}. Press Enter when only {player!p} can see the screen."),
    msg("ui.since_last_turn", "Since your last turn:"),
    msg("ui.your_move", "Your move ({player!p})"),
    msg("ui.move", "{move}"),
    msg("ui.game_over", "the game is over: no move is possible"),
    msg("ui.unknown_move", "{move!r} is not a legal move here: no move of this game is written so"),
    msg("ui.unknown_action", "no action of this game has id {action} (ids are 0-{last})"),
    msg("ui.legal_move", "{move} is a legal move"),
    msg("ui.not_legal", "{move} is not a legal move here"),
    msg("ui.total", "Total"),
    msg("ui.you_play", "You play {colour}."),
    msg("ui.you_are", "You are {player!p}."),
    msg("ui.refused", "Refused: {reason}."),
    msg("ui.score_breakdown", "Score breakdown"),
    msg("ui.winner", "Winner: {who}"),
    msg("ui.draw", "Draw"),
    msg("ui.bot_name", "{level} bot"),
    msg("ui.bot_name_n", "{level} bot {n}"),
    msg("ui.legend", "Legend"),
    msg("ui.chance_name", "chance"),
    msg("ui.play_intro", "Type a move (its notation or its number), 'moves', 'board', 'legend', 'help' or 'quit'."),
    msg("ui.play_help",
        "Enter a move in notation (see 'museion rules GAME') or its number from the list; 'moves' lists them again, "
        "'board' shows the table, 'legend' explains its symbols, 'hint' asks the coach for the 3 best moves, 'quit' "
        "leaves."),
    msg("ui.hint_title", "The coach suggests (estimated chance to win after the move):"),
    msg("ui.hint_line", "{rank}. {move} ({notation}) — {chance} %"),
    msg("ui.you_play_seat", "You play {colour} (seat {n})."),
    msg("ui.no_number", "No move number {n}: choose 1-{last}."),
    msg("ui.forced", "Only one move is possible: {move}."),
    msg("ui.abandoned", "Game abandoned."),
    msg("ui.final_position", "Final position"),
    msg("ui.final_scores", "Final scores"),
    msg("ui.player", "player"),
    msg("ui.score", "score"),
    msg("ui.shared_victory", "Shared victory: {who}"),
    msg("ui.record_saved", "Record saved to {path} (replay: museion replay {path})"),
    msg("ui.after_move", "after move {n}"),
    msg("ui.final_of", "{game}: final position"),
    msg("ui.options", "options"),
    msg("ui.needs_extra", "'museion {command}' needs the {extra} extra: pip install 'museion[{extra}]'"),
    # museion simulate, check and bench (developer tools; --lang es / MUSEION_LANG=es)
    msgn("tool.simulate_title", "{title}: {games} game, seed {seed}", "{title}: {games} games, seed {seed}", "games"),
    msg("tool.col_seat", "seat"),
    msg("tool.col_bot", "bot"),
    msg("tool.col_wins", "wins"),
    msg("tool.col_win_pct", "win %"),
    msg("tool.col_mean", "mean score"),
    msg("tool.col_stdev", "stdev"),
    msg("tool.col_min", "min"),
    msg("tool.col_max", "max"),
    msg("tool.simulate_summary",
        "draws/shared: {draws}   game length (actions): mean {mean}, min {min}, max {max}   {rate} games/s"),
    msg("tool.bots_mismatch", "--bots names {count}; {game} with these options has {n}"),
    msgn("tool.bots_mismatch.count", "{count} bot", "{count} bots", "count"),
    msgn("tool.bots_mismatch.n", "{n} seat", "{n} seats", "n"),
    msg("tool.check_task", "check {game}"),
    msg("tool.secrecy_task", "secrecy {game}"),
    msg("tool.violation", "VIOLATION"),
    msg("tool.check_ok",
        "{game}: {games}, {steps} ({chance} chance), longest {longest}, every contract check passed at every step in "
        "{seconds} s"),
    msgn("tool.check_ok.games", "{games} game", "{games} games", "games"),
    msgn("tool.check_ok.steps", "{steps} action", "{steps} actions", "steps"),
    msg("tool.secrecy_ok", "OK"),
    msg("tool.secrecy_leak", "LEAK"),
    msg("tool.secrecy",
        "indistinguishability: {games}, {positions}, every seat; true state vs resample(seat) compared on: "
        "{compared}; {differences} in {seconds} s"),
    msgn("tool.secrecy.games", "{games} game", "{games} games", "games"),
    msgn("tool.secrecy.positions", "{positions} position", "{positions} positions", "positions"),
    msgn("tool.secrecy.differences", "{differences} difference", "{differences} differences", "differences"),
    msg("tool.secrecy_compared", "{name} {count} ({hidden} with hidden differences)"),
    msg("tool.not_checked", "not checked: {name} ({why})"),
    msg("tool.bench_title", "Random playouts and MCTS through the contract (medians of interleaved rounds)"),
    msg("tool.col_game", "game"),
    msg("tool.col_options", "options"),
    msg("tool.col_pure", "pure steps/s"),
    msg("tool.col_compiled", "compiled steps/s"),
    msg("tool.col_x", "×"),
    msg("tool.col_pure_mcts", "pure MCTS sims/s"),
    msg("tool.col_compiled_mcts", "compiled MCTS sims/s"),
    msg("tool.col_cpp_ttt", "compiled / C++ ttt"),
    msg("tool.col_ttt", "compiled / Python ttt"),
    msg("tool.build_pure", "pure"),
    msg("tool.build_compiled", "compiled"),
    msg("tool.bench_builds", "builds: {builds}; load average {before} before, {after} after"),
    msg("tool.engines", "museion {version}, engines: {build}"),
    msg("tool.engines_compiled", "compiled (mypyc)"),
    msg("tool.engines_pure", "pure Python"),
    msg("tool.engines_pure_asked", "pure Python (MUSEION_PURE is set)"),
    msg("tool.no_compiled_install",
        "This installation has no compiled engines (a pure wheel, or one built without a C compiler): the same games "
        "run several times slower. Compiled wheels exist for CPython 3.11-3.13 on Linux (x86_64, aarch64), macOS and "
        "Windows; elsewhere, with a C compiler and Python's headers: pip install --force-reinstall --no-deps "
        "--no-binary museion museion"),
    msg("tool.no_compiled_checkout",
        "This checkout has no current compiled build (never built, or a source changed since): the same games run "
        "several times slower. Build it with make compiled (python tools/compile.py; it needs a C compiler and "
        "Python's headers)."),
    msg("tool.not_available", "n/a"),
    msg("tool.no_openspiel", "open_spiel is not installed (pip install 'museion[bench]'): no reference ratio."),
    # museion check: contract violations (core.check; ConformanceError.reason keeps the check.* key)
    msgn("check.violation",
         "{game}: {violation} (after {actions} action)",
         "{game}: {violation} (after {actions} actions)",
         "actions"),
    msg("check.too_long", "game longer than max_game_length() = {limit}"),
    msg("check.invariant", "invariant violated: {problems}"),
    msg("check.bad_results", "bad terminal results: scores={scores} winners={winners} returns={returns}"),
    msg("check.state_changed", "checking the state changed it"),
    msg("check.terminal_legal", "terminal state has legal actions {legal}"),
    msg("check.no_legal", "no legal action in a running game"),
    msg("check.legal_unsorted", "legal actions not sorted and unique: {legal}"),
    msg("check.legal_range", "legal action ids {legal} outside range({bound})"),
    msg("check.chance_sum", "chance probabilities {outcomes} do not sum to 1 (sum {total})"),
    msg("check.chance_outcomes", "chance outcomes differ from legal_actions()"),
    msg("check.not_a_player", "current_player() = {player} is not a player"),
    msg("check.shared_notation", "actions {first} and {second} share the notation {text!r}"),
    msg("check.notation_unparsed", "notation {text!r} of action {action} does not parse: {error}"),
    msg("check.notation_parses_to", "notation {text!r} of action {action} parses to {back}"),
    msg("check.clone_differs", "clone() differs from the original"),
    msg("check.clone_changed_original", "applying an action to a clone changed the original"),
    msg("check.json_round_trip", "JSON round-trip changed the state"),
    msg("check.illegal_accepted", "illegal action {action} was accepted"),
    msg("check.illegal_changed", "rejecting illegal action {action} changed the state"),
    msg("check.view_not_json", "view({viewer}) is not JSON-able: {error}"),
    msg("check.resample_view", "resample({viewer}) gives a state whose view({viewer}) differs"),
    msg("check.resample_legal", "resample({viewer}) changes the legal actions of the player to act"),
    msg("check.resample_history", "resample({viewer}) gives a state that its own history does not reproduce"),
    msg("check.observed_not_string", "observed_action({action}, {observer}) is {seen!r}, not a notation string"),
    msg("check.observed_not_shared",
        "shared_observations, but observer {observer} sees {seen!r} for action {action} and a spectator {spectator!r}"),
    msg("check.observed_hides",
        "actions {actions} all look like {seen!r} to observer {observer}, but leave different views: the observation "
        "does not say what it reveals"),
    msg("check.event_not_json", "event {event} is not JSON-able: {error}"),
    msg("check.event_no_text", "event key {event_key!r} has no text in museion.core.i18n"),
    msg("check.event_seats", "event {event} speaks to seats that do not exist"),
    msg("check.reveal_hidden",
        "action {action} is observed as {seen!r} by seat {seat} in states it cannot tell apart, but leaves it "
        "different views: the observation hides what it reveals"),
    msg("check.reveal_in_notation",
        "action {action} reveals something to seat {seat} (it is observed differently in states the seat cannot tell "
        "apart), but {seen!r} is its bare notation: a take-back would not know that it showed anything"),
    # option errors (core.errors: OptionError.reason), said by clients in the player's language
    msg("error.option", "option \"{option}\": got {got}; allowed: {allowed}"),
    msg("error.option_said", "option \"{option}\": {message}"),
    msg("error.option_unknown", "unknown option {options}; allowed: {allowed}"),
    msg("error.allowed.choice", "one of {values}"),
    msg("error.allowed.bool", "true or false"),
    msg("error.allowed.number", "a number from {min} to {max}"),
    msg("error.allowed.integer", "an integer from {min} to {max}"),
    msg("error.allowed.seat", "a seat from 0 to {last} or 'random'"),
    # colours of seats and stones (Game.seat_colours)
    msg("colour.white", "White"),
    msg("colour.black", "Black"),
    msg("colour.grey", "Grey"),
    msg("colour.brown", "Brown"),
    msg("colour.beige", "Beige"),
    msg("colour.red", "Red"),
    msg("colour.blue", "Blue"),
    msg("colour.green", "Green"),
    msg("colour.yellow", "Yellow"),
    # options shared by the games (Game.option_info); a game's own "<game>.option.<name>" wins
    msg("option.players", "Players"),
    msg("option.players.help", "How many sit at the table."),
    msg("option.start_player", "Start player"),
    msg("option.start_player.help", "Who makes the first move."),
    msg("option.seat", "seat {n}"),
    msg("option.random", "at random"),
)
"""Interface texts shared by the terminal and the web table (more will join them as the interface is localised)."""

register(UI_TEXTS)
