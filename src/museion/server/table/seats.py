"""Who sits at a table and what they are called: seat requests, names as every text says them, the table log's
notices, and the final ranking (a seat that forfeited on time is ranked last).

Every room names seats through :func:`display_names` (texts in a language) or :func:`seat_names` (the names as
given), so a log line, a hint and a result call a player the same way."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from museion.bots.base import Configuration
from museion.core import i18n
from museion.core.errors import OptionError
from museion.core.events import Event
from museion.core.game import State
from museion.core.i18n import messages, msg
from museion.server import web_texts
from museion.server.config import BotPolicy, short
from museion.server.edge.errors import TableError
from museion.server.storage.rows import SeatRow, TableRow
from museion.server.table import names

MAX_NAME = 40
DELETED = "deleted player"
"""The name a deleted account's seats keep (its games stay, anonymised); every text says it in its language."""
MAX_NOTICES = 200
NOTICES = messages(
    msg("notice.timeout_bot", "{player!p} ran out of time: the {bot} bot plays the seat until its player comes back."),
    msg("notice.timeout_forfeit",
        "{player!p} ran out of time and forfeits (ranked last); the {bot} bot plays the seat to the end."),
    msg("notice.back", "{player!p} is back and plays again."),
    msg("notice.handed", "The table's creator handed {player!p}'s seat to the {bot} bot."),
    msg("notice.takeback", "{player!p} took back a move: {move}."),
    msg("notice.takeback_agreed",
        "{player!p} asked for a move back ({move}) and everyone agreed: {count} moves taken back."),
    msg("notice.resigned", "{player!p} resigned: the game is over."),
    msg("notice.resigned_bot", "{player!p} resigned and ranks last; the {bot} bot plays the seat to the end."),
    msg("notice.claimed", "{by!p} claimed the win: {player!p} had run out of time or left the game."),
    msg("notice.claimed_bot",
        "{by!p} handed the seat of {player!p}, who had run out of time or left, to the {bot} bot; {player!p} ranks "
        "last."),
    msg("notice.abandoned",
        "The account of {player!p} was deleted: {player!p} ranks last and the {bot} bot plays the seat to the end."),
    msg("notice.reinvited",
        "The table's creator issued a new invitation for {player!p}'s seat; the old link no longer works."),
)
"""What the table log says besides moves (``notices`` in state messages, after move ``n``)."""
i18n.register(NOTICES)
assert web_texts.PAGES  # the seat names' words (web.bot_name, web.level.*) are registered before use


def _default_name(seat: SeatRow) -> str:
    return f"{seat.bot} bot" if seat.kind == "bot" else f"Player {seat.seat + 1}"


def display_names(seats: list[SeatRow], lang: str, colours: Sequence[str]) -> list[str]:
    """The seats' names as every text says them in ``lang``, the same way as the web page (``seatNames``): a given
    name, else "bot codicioso" / "Jugador 2", with the seat's colour where the game has colours ("random bot
    (white)"); names that are still alike get their seat number, so two bots of one level are told apart.
    Remembered by what they depend on: every state message of every seat names them, and seats rarely change."""
    return list(_names(tuple((s.seat, s.kind, s.bot, s.name) for s in seats), lang, tuple(colours)))


@functools.lru_cache(maxsize=4096)
def _names(seats: tuple[tuple[int, str, str | None, str | None], ...], lang: str, colours: tuple[str, ...]
           ) -> tuple[str, ...]:
    names = [_display_name(SeatRow(seat, kind, bot, name), lang) for seat, kind, bot, name in seats]
    names = [i18n.text("web.name_colour", lang, name=name, colour=i18n.text(f"web.colour.{colours[k]}", lang))
             if k < len(colours) else name for k, name in enumerate(names)]
    return tuple(i18n.text("web.name_number", lang, name=name, n=k + 1) if names.count(name) > 1 else name
                 for k, name in enumerate(names))


def _display_name(s: SeatRow, lang: str) -> str:
    if s.name == DELETED:
        return i18n.text("web.deleted_player", lang)
    if s.name and s.name != _default_name(s):
        return s.name
    if s.kind == "bot":
        return i18n.bot_name(s.bot or "", lang)
    return i18n.text("web.player_n", lang, n=s.seat + 1)


def seat_names(row: TableRow) -> list[str]:
    """Each seat's name: the one given, else "easy bot" / "Player 2"; names that would be alike get the seat
    number ("easy bot 1", "easy bot 2"), so every log line and result tells the players apart."""
    names = [s.name or _default_name(s) for s in row.seats]
    return [f"{name} {i + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)]


def seats_json(row: TableRow, ratings: dict[int, dict[str, Any]] | None = None,
               bots: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """Each seat as clients see it: ``account`` when an account holds it (its name is the username, linked to the
    player's page), ``bot_account`` when that account is a bot account (``bots``: its seats), and at a rated table
    the account's ``rating`` (``ratings``, by seat, if known)."""
    names = seat_names(row)
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[i],
             "taken": s.kind == "bot" or s.token_hash is not None, "standin": s.standin, "forfeit": s.forfeit,
             "account": s.account_id is not None and s.kind == "human" and s.token_hash is not None,
             "rating": (ratings or {}).get(s.seat) if s.account_id is not None else None,
             "bot_account": s.seat in bots and s.account_id is not None}
            for i, s in enumerate(row.seats)]


def notices_json(row: TableRow, lang: str, names: Sequence[str]) -> list[dict[str, Any]]:
    """The table log's notices with their texts in ``lang``, the seats called by ``names`` (``display_names``)
    and a bot by its level's word ("el bot fácil")."""
    return [{**n, "text": i18n.text(n["key"], lang, names, **_move_words(_level_words(n["args"], lang), lang, names))}
            for n in row.notices]


def _move_words(args: dict[str, Any], lang: str, names: Sequence[str]) -> dict[str, Any]:
    """A take-back's move in words (its ``said`` event, as the log said it), not its notation."""
    said = args.get("said")
    if isinstance(said, dict) and isinstance(said.get("key"), str) and isinstance(said.get("args"), dict):
        return {**args, "move": Event(said["key"], said["args"]).text(lang, None, names)}
    return args


def _level_words(args: dict[str, Any], lang: str) -> dict[str, Any]:
    level = args.get("bot")
    if isinstance(level, str) and i18n.has(f"ui.level.{level}"):
        return {**args, "bot": i18n.text(f"ui.level.{level}", lang)}
    return args


LEFT = {"notice.resigned": "resigned", "notice.resigned_bot": "resigned", "notice.claimed": "claimed",
        "notice.claimed_bot": "claimed", "notice.abandoned": "abandoned", "notice.timeout_forfeit": "time"}
"""The notices of a seat leaving the game before its end (it ranks last), and how each says it left."""
ENDS = {"notice.resigned": "resigned", "notice.claimed": "claimed"}
"""The notices of a game ended before its rules end it."""


def ending(row: TableRow, over: bool) -> dict[str, Any] | None:
    """How a finished game ended (None while it runs): ``how`` ``played`` (to its end by the rules),
    ``resigned`` (``seat`` resigned and at most one seat played on) or ``claimed`` (``by`` claimed the win over
    ``seat``, out of time or gone), after ``n`` moves; ``left``: each seat that left before the end and so ranks
    last, with how (resigned, claimed, abandoned: its account was deleted, time: it forfeited on time)."""
    if not over:
        return None
    left = [{"seat": n["args"]["player"], "how": LEFT[n["key"]], "n": n["n"]} for n in row.notices
            if n["key"] in LEFT]
    end = next((n for n in reversed(row.notices) if n["key"] in ENDS), None)
    if end is None:
        return {"how": "played", "seat": None, "by": None, "n": None, "left": left}
    return {"how": ENDS[end["key"]], "seat": end["args"]["player"], "by": end["args"].get("by"), "n": end["n"],
            "left": left}


def results(state: State, seats: list[SeatRow]) -> tuple[list[float], list[int]] | None:
    """Scores and winners once the game is over; a seat that forfeited on time is ranked last: it wins only if
    every seat forfeited."""
    if not state.is_terminal():
        return None
    scores = list(state.scores())
    return scores, forfeit_winners(scores, list(state.winners()), [s.forfeit for s in seats])


def forfeit_winners(scores: list[float], winners: list[int], forfeit: list[bool]) -> list[int]:
    """The game's winners without the seats that forfeited; if all of them forfeited, the best scores among the
    others; if every seat forfeited, the game's winners."""
    if not any(forfeit):
        return winners
    kept = [w for w in winners if not forfeit[w]]
    if kept:
        return kept
    others = [p for p in range(len(scores)) if not forfeit[p]]
    if not others:
        return winners
    best = max(scores[p] for p in others)
    return [p for p in others if scores[p] == best]


def parse_seat_spec(spec: Any, seat: int, bots: BotPolicy, configuration: Configuration | None = None) -> SeatRow:
    """``"human"``, ``"bot:LEVEL"`` / ``"LEVEL"``, or ``{"kind": "bot", "bot": LEVEL}``, a level offered at a table
    of ``configuration`` (game name, players); other bot specs only where the server allows them."""
    if isinstance(spec, dict):
        kind = spec.get("kind")
        spec = "human" if kind == "human" else f"bot:{spec.get('bot')}" if kind == "bot" else None
    if not isinstance(spec, str) or not spec.strip():
        raise TableError("bad_seat", f"seat {seat}: got {short(spec)!r}; allowed: {bots.allowed(configuration)}")
    text = spec.strip().lower()
    if text == "human":
        return SeatRow(seat, "human")
    try:
        return SeatRow(seat, "bot", bot=bots.check(text, configuration))
    except (ValueError, OptionError) as exc:
        raise TableError("bad_seat", f"seat {seat}: {exc}") from None


def clean_name(name: Any, seat: int, others: Sequence[str | None] = ()) -> str | None:
    """The name to store for ``seat`` (``names.clean``: normalised, printable, passing for no other seat)."""
    try:
        return names.clean(name, MAX_NAME, BotPolicy.levels(), [o for o in others if o])
    except names.RefusedName as exc:
        raise TableError(exc.code, f"{exc} (seat {seat})", exc.status, exc.reason) from None


def check_join_seat(rows: list[SeatRow], seat: Any, n: int) -> int:
    """``seat`` if it is a free human seat of ``rows``, else the refusal saying which seats are free."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise TableError("bad_seat", f"seat must be an integer 0..{n - 1}, got {seat!r}",
                         reason={"key": "web.code.bad_seat", "args": {"count": n}})
    if rows[seat].kind != "human":
        raise TableError("seat_is_bot", f"seat {seat} is played by the {rows[seat].bot} bot", 409,
                         {"key": "web.code.seat_is_bot", "args": {"n": seat + 1, "bot": rows[seat].bot}})
    if rows[seat].token_hash is not None:
        free = [r.seat for r in rows if r.kind == "human" and r.token_hash is None]
        raise TableError("seat_taken", f"seat {seat} is taken; free seats: {free or 'none'}", 409,
                         {"key": "web.code.seat_taken" if free else "web.code.no_free_seat",
                          "args": {"n": seat + 1, "free": ", ".join(str(f + 1) for f in free)}})
    return seat
