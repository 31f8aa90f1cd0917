"""Texts a player reads, in every supported language: one catalogue of dotted keys.

Each part of the project registers its own texts with :func:`register` (a game keeps them in
``games/<game>/text.py`` and registers them from its package ``__init__``; the interface texts are below)::

    register({"pergamon.cards_revealed": {"en": "Funds cards revealed: {first} and {second}.",
                                          "es": "Se revelan las cartas de fondos: {first} y {second}."}})

:func:`text` fills the ``{name}`` placeholders (``str.format`` syntax) from keyword arguments, with two
conversions for values that are themselves words:

* ``{back!t}`` translates the value as a *term*: it shows the text of ``<namespace>.<value>``, the namespace
  being the first dotted part of the key (``pergamon.cards_revealed`` + ``back="bag"`` -> ``pergamon.bag``);
  a value without such a key is shown as it is;
* ``{player!p}`` names a seat: ``names[value]`` when the caller passes ``names`` (the table's player names),
  otherwise the text of ``ui.seat`` ("seat 0" / "asiento 0").

and one format for counted words: ``{coins:coin|coins}`` shows the number and the singular word for 1 (or -1),
the plural otherwise ("1 coin", "3 coins"; "1 moneda", "3 monedas").

A key may have a second form addressed to the reader, ``<key>.you``, used by :meth:`museion.core.game.Event.text`
when the event's ``player`` argument is the reader (Spanish speaks to the player as "tú": "Ganas 2 entradas").

Every key must exist in every language of :data:`LANGUAGES` (``tests/core/test_i18n.py`` fails otherwise). The
language of a terminal session is ``--lang``, else the ``MUSEION_LANG`` environment variable, else English; the
web table's is chosen by the browser and sent in its ``hello`` message. Spanish texts use the words of the
rulebooks (the project's glossary) and address the player as "tú".
"""

from __future__ import annotations

import os
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from museion.core.errors import OptionError

LANGUAGES: Final = ("en", "es")
"""Supported languages; English is the fallback."""
DEFAULT: Final = "en"
ENV: Final = "MUSEION_LANG"

_CATALOGUE: Final[dict[str, dict[str, str]]] = {}
_LOADERS: Final[list[Callable[[], None]]] = []


def load_later(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which registers texts) before the catalogue is first read: the registry adds the installed
    games' tables this way, so importing museion reads no game's descriptor (a game package may import museion
    first thing)."""
    _LOADERS.append(loader)


def _catalogue() -> dict[str, dict[str, str]]:
    while _LOADERS:
        _LOADERS.pop(0)()
    return _CATALOGUE


def register(texts: Mapping[str, Mapping[str, str]]) -> None:
    """Add (or replace) texts: ``{key: {"en": ..., "es": ...}}``."""
    for key, by_language in texts.items():
        _CATALOGUE[key] = dict(by_language)


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


def bot_name(spec: str, lang: str = DEFAULT) -> str:
    """A bot as players call it: "easy bot" / "bot fácil" for a level (``easy`` or ``bot:easy``), else its spec."""
    level = spec.removeprefix("bot:")
    return text("ui.bot_name", lang, level=text(f"ui.level.{level}", lang) if has(f"ui.level.{level}") else level)


def count(n: int, one: str, many: str) -> str:
    """``1 stone``, ``2 stones``: the number and its word (the ``{n:one|many}`` format, for code)."""
    return f"{n} {one if abs(n) == 1 else many}"


def has(key: str) -> bool:
    return key in _catalogue()


def keys() -> list[str]:
    return sorted(_catalogue())


def template(key: str, lang: str = DEFAULT) -> str | None:
    """The text of ``key`` in ``lang`` (English where that language lacks it) with its placeholders unfilled, as
    the web client receives it; ``None`` for an unknown key."""
    return _template(key, lang)


def missing() -> list[str]:
    """``key: language`` for every registered key that lacks a supported language (should be empty)."""
    return [f"{key}: {lang}" for key, texts in sorted(_catalogue().items()) for lang in LANGUAGES
            if not texts.get(lang)]


def text(key: str, lang: str = DEFAULT, names: Sequence[str] | None = None, **args: Any) -> str:
    """The text of ``key`` in ``lang`` with ``args`` filled in (see the module docstring); an unknown key is
    shown as itself, so a missing text is visible rather than fatal."""
    template = _template(key, lang)
    if template is None:
        return key
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


def _contracted(literal: str, term: str) -> tuple[str, str]:
    """Spanish contracts a preposition with the article of the term after it: "a el mercado" is "al mercado",
    "de el templo" "del templo" (a term only: a player's name is said as written)."""
    for preposition in ("a ", "de "):
        if term.startswith("el ") and (literal == preposition or literal.endswith(" " + preposition)):
            return literal[:-1] + "l ", term[3:]
    return literal, term


def _template(key: str, lang: str) -> str | None:
    texts = _catalogue().get(key)
    if texts is None:
        return None
    return texts.get(lang) or texts.get(DEFAULT)


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


UI_TEXTS: Final = {
    "ui.seat": {"en": "seat {n}", "es": "asiento {n}"},
    "ui.error": {"en": "error", "es": "error"},
    "ui.seat_player": {"en": "{who} (seat {n})", "es": "{who} (asiento {n})"},
    "ui.human": {"en": "human", "es": "humano"},
    # a bot's level, as every surface names it (with ui.bot_name: the terminal's seats, the web's web.level.*)
    "ui.level.random": {"en": "random", "es": "aleatorio"},
    "ui.level.greedy": {"en": "greedy", "es": "codicioso"},
    "ui.level.easy": {"en": "easy", "es": "fácil"},
    "ui.level.medium": {"en": "medium", "es": "medio"},
    "ui.level.hard": {"en": "hard", "es": "difícil"},
    "ui.level.expert": {"en": "expert", "es": "experto"},
    "ui.prompt": {"en": "seat {n}> ", "es": "asiento {n}> "},
    "ui.chance": {"en": "chance: {move}", "es": "azar: {move}"},
    "ui.plays": {"en": "{player!p} plays {move}", "es": "{player!p} juega {move}"},
    "ui.plays.you": {"en": "You play {move}", "es": "Juegas {move}"},
    "ui.hand_over": {
        "en": "Hand over to {player!p}. Press Enter when only {player!p} can see the screen.",
        "es": "Pasa el turno a {player!p}. Pulsa Intro cuando solo {player!p} vea la pantalla.",
    },
    "ui.since_last_turn": {"en": "Since your last turn:", "es": "Desde tu último turno:"},
    "ui.your_move": {"en": "Your move ({player!p})", "es": "Te toca ({player!p})"},
    "ui.move": {"en": "{move}", "es": "{move}"},
    "ui.game_over": {"en": "the game is over: no move is possible", "es": "la partida ha terminado: no hay jugadas"},
    "ui.unknown_move": {"en": "{move!r} is not a legal move here: no move of this game is written so",
                       "es": "{move!r} no es una jugada legal aquí: ninguna jugada de este juego se escribe así"},
    "ui.unknown_action": {"en": "no action of this game has id {action} (ids are 0-{last})",
                          "es": "ninguna acción de este juego tiene el número {action} (van de 0 a {last})"},
    "ui.legal_move": {"en": "{move} is a legal move", "es": "{move} es una jugada legal"},
    "ui.not_legal": {"en": "{move} is not a legal move here", "es": "{move} no es una jugada legal aquí"},
    "ui.total": {"en": "Total", "es": "Total"},
    "ui.you_play": {"en": "You play {colour}.", "es": "Juegas con {colour}."},
    "ui.you_are": {"en": "You are {player!p}.", "es": "Eres {player!p}."},
    "ui.refused": {"en": "Refused: {reason}.", "es": "No se puede: {reason}."},
    "ui.score_breakdown": {"en": "Score breakdown", "es": "Desglose de la puntuación"},
    "ui.winner": {"en": "Winner: {who}", "es": "Gana: {who}"},
    "ui.draw": {"en": "Draw", "es": "Empate"},
    "ui.bot_name": {"en": "{level} bot", "es": "bot {level}"},
    "ui.bot_name_n": {"en": "{level} bot {n}", "es": "bot {level} {n}"},
    "ui.legend": {"en": "Legend", "es": "Leyenda"},
    "ui.chance_name": {"en": "chance", "es": "azar"},
    "ui.play_intro": {
        "en": "Type a move (its notation or its number), 'moves', 'board', 'legend', 'help' or 'quit'.",
        "es": "Escribe una jugada (su notación o su número), 'moves' (jugadas), 'board' (tablero), 'legend' "
              "(leyenda), 'help' (ayuda) o 'quit' (salir)."},
    "ui.play_help": {
        "en": "Enter a move in notation (see 'museion rules GAME') or its number from the list; 'moves' lists "
              "them again, 'board' shows the table, 'legend' explains its symbols, 'hint' asks the coach for the "
              "3 best moves, 'quit' leaves.",
        "es": "Escribe una jugada en notación (mira 'museion rules JUEGO') o su número en la lista; 'moves' la "
              "vuelve a mostrar, 'board' muestra la mesa, 'legend' explica sus símbolos, 'hint' pide al "
              "entrenador las 3 mejores jugadas, 'quit' sale."},
    "ui.hint_title": {"en": "The coach suggests (estimated chance to win after the move):",
                      "es": "El entrenador sugiere (probabilidad estimada de ganar tras la jugada):"},
    "ui.hint_line": {"en": "{rank}. {move} ({notation}) — {chance} %",
                     "es": "{rank}. {move} ({notation}) — {chance} %"},
    "ui.you_play_seat": {"en": "You play {colour} (seat {n}).", "es": "Juegas con {colour} (asiento {n})."},
    "ui.no_number": {"en": "No move number {n}: choose 1-{last}.", "es": "No hay jugada número {n}: elige 1-{last}."},
    "ui.forced": {"en": "Only one move is possible: {move}.", "es": "Solo hay una jugada posible: {move}."},
    "ui.abandoned": {"en": "Game abandoned.", "es": "Partida abandonada."},
    "ui.final_position": {"en": "Final position", "es": "Posición final"},
    "ui.final_scores": {"en": "Final scores", "es": "Puntuación final"},
    "ui.player": {"en": "player", "es": "jugador"},
    "ui.score": {"en": "score", "es": "puntos"},
    "ui.shared_victory": {"en": "Shared victory: {who}", "es": "Victoria compartida: {who}"},
    "ui.record_saved": {"en": "Record saved to {path} (replay: museion replay {path})",
                        "es": "Partida guardada en {path} (para verla: museion replay {path})"},
    "ui.after_move": {"en": "after move {n}", "es": "tras la jugada {n}"},
    "ui.final_of": {"en": "{game}: final position", "es": "{game}: posición final"},
    "ui.options": {"en": "options", "es": "opciones"},
    "ui.needs_extra": {
        "en": "'museion {command}' needs the {extra} extra: pip install 'museion[{extra}]'",
        "es": "'museion {command}' necesita el extra {extra}: pip install 'museion[{extra}]'"},
    # museion simulate, check and bench (developer tools; --lang es / MUSEION_LANG=es)
    "tool.simulate_title": {"en": "{title}: {games:game|games}, seed {seed}",
                            "es": "{title}: {games:partida|partidas}, semilla {seed}"},
    "tool.col_seat": {"en": "seat", "es": "asiento"},
    "tool.col_bot": {"en": "bot", "es": "bot"},
    "tool.col_wins": {"en": "wins", "es": "victorias"},
    "tool.col_win_pct": {"en": "win %", "es": "% victorias"},
    "tool.col_mean": {"en": "mean score", "es": "puntos (media)"},
    "tool.col_stdev": {"en": "stdev", "es": "desv. típica"},
    "tool.col_min": {"en": "min", "es": "mín."},
    "tool.col_max": {"en": "max", "es": "máx."},
    "tool.simulate_summary": {
        "en": "draws/shared: {draws}   game length (actions): mean {mean}, min {min}, max {max}   {rate} games/s",
        "es": "empates/victorias compartidas: {draws}   duración (acciones): media {mean}, mín. {min}, máx. {max}   "
              "{rate} partidas/s"},
    "tool.bots_mismatch": {"en": "--bots names {count:bot|bots}; {game} with these options has {n:seat|seats}",
                           "es": "--bots nombra {count:bot|bots}; {game} con estas opciones tiene "
                                 "{n:asiento|asientos}"},
    "tool.check_task": {"en": "check {game}", "es": "comprobar {game}"},
    "tool.secrecy_task": {"en": "secrecy {game}", "es": "secreto {game}"},
    "tool.violation": {"en": "VIOLATION", "es": "INFRACCIÓN"},
    "tool.check_ok": {
        "en": "{game}: {games:game|games}, {steps:action|actions} ({chance} chance), longest {longest}, every "
              "contract check passed at every step in {seconds} s",
        "es": "{game}: {games:partida|partidas}, {steps:acción|acciones} ({chance} de azar), la más larga {longest}; "
              "todas las comprobaciones del contrato pasaron en cada paso en {seconds} s"},
    "tool.secrecy_ok": {"en": "OK", "es": "OK"},
    "tool.secrecy_leak": {"en": "LEAK", "es": "FUGA"},
    "tool.secrecy": {
        "en": "indistinguishability: {games:game|games}, {positions:position|positions}, every seat; true state vs "
              "resample(seat) compared on: {compared}; {differences:difference|differences} in {seconds} s",
        "es": "indistinguibilidad: {games:partida|partidas}, {positions:posición|posiciones}, cada asiento; estado "
              "real frente a remuestreo (asiento) comparados en: {compared}; {differences:diferencia|diferencias} "
              "en {seconds} s"},
    "tool.secrecy_compared": {"en": "{name} {count} ({hidden} with hidden differences)",
                              "es": "{name} {count} ({hidden} con diferencias ocultas)"},
    "tool.not_checked": {"en": "not checked: {name} ({why})", "es": "sin comprobar: {name} ({why})"},
    "tool.bench_title": {"en": "Random playouts and MCTS through the contract (medians of interleaved rounds)",
                         "es": "Partidas al azar y MCTS a través del contrato (medianas de rondas intercaladas)"},
    "tool.col_game": {"en": "game", "es": "juego"},
    "tool.col_options": {"en": "options", "es": "opciones"},
    "tool.col_pure": {"en": "pure steps/s", "es": "pasos/s puro"},
    "tool.col_compiled": {"en": "compiled steps/s", "es": "pasos/s compilado"},
    "tool.col_x": {"en": "×", "es": "×"},
    "tool.col_pure_mcts": {"en": "pure MCTS sims/s", "es": "simulaciones MCTS/s puro"},
    "tool.col_compiled_mcts": {"en": "compiled MCTS sims/s", "es": "simulaciones MCTS/s compilado"},
    "tool.col_cpp_ttt": {"en": "compiled / C++ ttt", "es": "compilado / ttt en C++"},
    "tool.col_ttt": {"en": "compiled / Python ttt", "es": "compilado / ttt en Python"},
    "tool.build_pure": {"en": "pure", "es": "puro"},
    "tool.build_compiled": {"en": "compiled", "es": "compilado"},
    "tool.bench_builds": {"en": "builds: {builds}; load average {before} before, {after} after",
                          "es": "versiones: {builds}; carga media {before} antes, {after} después"},
    "tool.engines": {"en": "museion {version}, engines: {build}", "es": "museion {version}, motores: {build}"},
    "tool.engines_compiled": {"en": "compiled (mypyc)", "es": "compilados (mypyc)"},
    "tool.engines_pure": {"en": "pure Python", "es": "Python puro"},
    "tool.engines_pure_asked": {"en": "pure Python (MUSEION_PURE is set)",
                                "es": "Python puro (MUSEION_PURE está activada)"},
    "tool.no_compiled_install": {
        "en": "This installation has no compiled engines (a pure wheel, or one built without a C compiler): the same "
              "games run several times slower. Compiled wheels exist for CPython 3.11-3.13 on Linux (x86_64, "
              "aarch64), macOS and Windows; elsewhere, with a C compiler and Python's headers: pip install "
              "--force-reinstall --no-deps --no-binary museion museion",
        "es": "Esta instalación no tiene los motores compilados (un wheel puro, o uno construido sin compilador de "
              "C): las mismas partidas van varias veces más lentas. Hay wheels compilados para CPython 3.11-3.13 en "
              "Linux (x86_64, aarch64), macOS y Windows; en otras plataformas, con un compilador de C y las "
              "cabeceras de Python: pip install --force-reinstall --no-deps --no-binary museion museion"},
    "tool.no_compiled_checkout": {
        "en": "This checkout has no current compiled build (never built, or a source changed since): the same games "
              "run several times slower. Build it with make compiled (python tools/compile.py; it needs a C "
              "compiler and Python's headers).",
        "es": "Esta copia del código no tiene los motores compilados al día (nunca se compilaron, o una fuente ha "
              "cambiado desde entonces): las mismas partidas van varias veces más lentas. Compílalos con make "
              "compiled (python tools/compile.py; hace falta un compilador de C y las cabeceras de Python)."},
    "tool.not_available": {"en": "n/a", "es": "n/d"},
    "tool.no_openspiel": {
        "en": "open_spiel is not installed (pip install 'museion[bench]'): no reference ratio.",
        "es": "open_spiel no está instalado (pip install 'museion[bench]'): no hay proporción de referencia."},
    # museion check: contract violations (core.check; ConformanceError.reason keeps the check.* key)
    "check.violation": {"en": "{game}: {violation} (after {actions:action|actions})",
                        "es": "{game}: {violation} (tras {actions:acción|acciones})"},
    "check.too_long": {"en": "game longer than max_game_length() = {limit}",
                       "es": "partida más larga que max_game_length() = {limit}"},
    "check.invariant": {"en": "invariant violated: {problems}", "es": "invariante incumplido: {problems}"},
    "check.bad_results": {"en": "bad terminal results: scores={scores} winners={winners} returns={returns}",
                          "es": "resultados finales erróneos: scores={scores} winners={winners} returns={returns}"},
    "check.state_changed": {"en": "checking the state changed it", "es": "comprobar el estado lo ha cambiado"},
    "check.terminal_legal": {"en": "terminal state has legal actions {legal}",
                             "es": "el estado final tiene acciones legales {legal}"},
    "check.no_legal": {"en": "no legal action in a running game", "es": "ninguna acción legal en una partida en curso"},
    "check.legal_unsorted": {"en": "legal actions not sorted and unique: {legal}",
                             "es": "las acciones legales no están ordenadas o se repiten: {legal}"},
    "check.legal_range": {"en": "legal action ids {legal} outside range({bound})",
                          "es": "números de acciones legales {legal} fuera de range({bound})"},
    "check.chance_sum": {"en": "chance probabilities {outcomes} do not sum to 1 (sum {total})",
                         "es": "las probabilidades del azar {outcomes} no suman 1 (suman {total})"},
    "check.chance_outcomes": {"en": "chance outcomes differ from legal_actions()",
                              "es": "los resultados del azar no coinciden con legal_actions()"},
    "check.not_a_player": {"en": "current_player() = {player} is not a player",
                           "es": "current_player() = {player} no es un jugador"},
    "check.shared_notation": {"en": "actions {first} and {second} share the notation {text!r}",
                              "es": "las acciones {first} y {second} comparten la notación {text!r}"},
    "check.notation_unparsed": {"en": "notation {text!r} of action {action} does not parse: {error}",
                                "es": "la notación {text!r} de la acción {action} no se puede leer: {error}"},
    "check.notation_parses_to": {"en": "notation {text!r} of action {action} parses to {back}",
                                 "es": "la notación {text!r} de la acción {action} se lee como {back}"},
    "check.clone_differs": {"en": "clone() differs from the original", "es": "clone() no coincide con el original"},
    "check.clone_changed_original": {"en": "applying an action to a clone changed the original",
                                     "es": "aplicar una acción a una copia ha cambiado el original"},
    "check.json_round_trip": {"en": "JSON round-trip changed the state",
                              "es": "pasar a JSON y volver ha cambiado el estado"},
    "check.illegal_accepted": {"en": "illegal action {action} was accepted",
                               "es": "se ha aceptado la acción ilegal {action}"},
    "check.illegal_changed": {"en": "rejecting illegal action {action} changed the state",
                              "es": "rechazar la acción ilegal {action} ha cambiado el estado"},
    "check.view_not_json": {"en": "view({viewer}) is not JSON-able: {error}",
                            "es": "view({viewer}) no se puede pasar a JSON: {error}"},
    "check.resample_view": {"en": "resample({viewer}) gives a state whose view({viewer}) differs",
                            "es": "resample({viewer}) da un estado cuyo view({viewer}) es distinto"},
    "check.resample_legal": {"en": "resample({viewer}) changes the legal actions of the player to act",
                             "es": "resample({viewer}) cambia las acciones legales del jugador al que le toca"},
    "check.resample_history": {"en": "resample({viewer}) gives a state that its own history does not reproduce",
                               "es": "resample({viewer}) da un estado que su propio historial no reproduce"},
    "check.observed_not_string": {
        "en": "observed_action({action}, {observer}) is {seen!r}, not a notation string",
        "es": "observed_action({action}, {observer}) es {seen!r}, no un texto de notación"},
    "check.observed_not_shared": {
        "en": "shared_observations, but observer {observer} sees {seen!r} for action {action} and a spectator "
              "{spectator!r}",
        "es": "shared_observations, pero el observador {observer} ve {seen!r} en la acción {action} y un espectador "
              "{spectator!r}"},
    "check.observed_hides": {
        "en": "actions {actions} all look like {seen!r} to observer {observer}, but leave different views: the "
              "observation does not say what it reveals",
        "es": "las acciones {actions} se ven todas como {seen!r} para el observador {observer}, pero dejan vistas "
              "distintas: la observación no dice lo que revela"},
    "check.event_not_json": {"en": "event {event} is not JSON-able: {error}",
                             "es": "el suceso {event} no se puede pasar a JSON: {error}"},
    "check.event_no_text": {"en": "event key {event_key!r} has no text in museion.core.i18n",
                            "es": "la clave de suceso {event_key!r} no tiene texto en museion.core.i18n"},
    "check.event_seats": {"en": "event {event} speaks to seats that do not exist",
                          "es": "el suceso {event} se dirige a asientos que no existen"},
    "check.reveal_hidden": {
        "en": "action {action} is observed as {seen!r} by seat {seat} in states it cannot tell apart, but leaves it "
              "different views: the observation hides what it reveals",
        "es": "el asiento {seat} observa la acción {action} como {seen!r} en estados que no puede distinguir, pero "
              "le deja vistas distintas: la observación oculta lo que revela"},
    "check.reveal_in_notation": {
        "en": "action {action} reveals something to seat {seat} (it is observed differently in states the seat cannot "
              "tell apart), but {seen!r} is its bare notation: a take-back would not know that it showed anything",
        "es": "la acción {action} revela algo al asiento {seat} (la observa distinta en estados que no puede "
              "distinguir), pero {seen!r} es su notación sin más: deshacer no sabría que mostró algo"},
    # option errors (core.errors: OptionError.reason), said by clients in the player's language
    "error.option": {"en": "option \"{option}\": got {got}; allowed: {allowed}",
                     "es": "opción «{option}»: no se admite {got}; se admite: {allowed}"},
    "error.option_said": {"en": "option \"{option}\": {message}", "es": "opción «{option}»: {message}"},
    "error.option_unknown": {"en": "unknown option {options}; allowed: {allowed}",
                             "es": "opción desconocida {options}; se admiten: {allowed}"},
    "error.allowed.choice": {"en": "one of {values}", "es": "uno de estos valores: {values}"},
    "error.allowed.bool": {"en": "true or false", "es": "true o false (sí o no)"},
    "error.allowed.number": {"en": "a number from {min} to {max}", "es": "un número de {min} a {max}"},
    "error.allowed.integer": {"en": "an integer from {min} to {max}", "es": "un número entero de {min} a {max}"},
    "error.allowed.seat": {"en": "a seat from 0 to {last} or 'random'",
                           "es": "un asiento de 0 a {last} o 'random' (al azar)"},
    # colours of seats and stones (Game.seat_colours)
    "colour.white": {"en": "White", "es": "Blanco"},
    "colour.black": {"en": "Black", "es": "Negro"},
    "colour.grey": {"en": "Grey", "es": "Gris"},
    "colour.brown": {"en": "Brown", "es": "Marrón"},
    "colour.beige": {"en": "Beige", "es": "Beis"},
    "colour.red": {"en": "Red", "es": "Rojo"},
    "colour.blue": {"en": "Blue", "es": "Azul"},
    "colour.green": {"en": "Green", "es": "Verde"},
    "colour.yellow": {"en": "Yellow", "es": "Amarillo"},
    # options shared by the games (Game.option_info); a game's own "<game>.option.<name>" wins
    "option.players": {"en": "Players", "es": "Jugadores"},
    "option.players.help": {"en": "How many sit at the table.", "es": "Cuántos se sientan a la mesa."},
    "option.start_player": {"en": "Start player", "es": "Jugador inicial"},
    "option.start_player.help": {"en": "Who makes the first move.", "es": "Quién hace la primera jugada."},
    "option.seat": {"en": "seat {n}", "es": "asiento {n}"},
    "option.random": {"en": "at random", "es": "al azar"},
}
"""Interface texts shared by the terminal and the web table (more will join them as the interface is localised)."""

register(UI_TEXTS)
