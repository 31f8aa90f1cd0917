"""What a request to create a table may name, checked before anything is stored: the game and its options (a
file only by the name of one the operator offers) and the time control within ``CLOCK_LIMITS``. The lobby, the
seeks and the OpenAPI document read the same checks; a game between people (a seek, a challenge, a tournament)
is checked once by :func:`people_game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import museion
from museion.bots.base import Configuration
from museion.core.errors import OptionError
from museion.core.registry import entry
from museion.server.config import BotPolicy, ServerConfig, short
from museion.server.edge.errors import TableError
from museion.server.ratings import rules as rated_rules
from museion.server.storage.rows import SeatRow
from museion.server.table.clocks import ClockSpec

CLOCK_LIMITS = {"live": {"base": (10, 3 * 3600), "increment": (0, 600)},
                "turn": {"per_move": (60, 14 * 86400), "base": (0, 30 * 86400)}}
"""Seconds each time control may be set to (live: bank and increment; turn: time per move and reserve)."""


def load_game(name: str, options: Any, files_dir: Path | None = None) -> museion.Game:
    """The game configuration from a request's options, or a TableError saying what is allowed. An option that
    may name a file (``Option.path``, e.g. Pergamon's ``tables``) takes only the name of a JSON file in the
    operator's ``files_dir`` (``museion serve --tables-dir DIR``): a client never makes the server read another
    file, nor sends table data of its own."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise TableError("bad_options", "'options' must be an object of option names to values")
    try:
        declared = entry(name).game_class.OPTIONS
        files = {key: allowed_file(key, value, files_dir) for key, value in options.items()
                 if key in declared and declared[key].path and value is not None}
        return museion.load(name, **{**options, **files})
    except OptionError as exc:
        raise TableError("bad_options", short(str(exc), 400), reason=exc.reason) from None


def people_game(config: ServerConfig, name: str, options: dict[str, Any] | None, players: int, clock: Any,
                rated: bool, account: int | None, joins: bool = True) -> tuple[museion.Game, dict[str, Any] | None]:
    """The game and the clock (``None``: untimed) of a request for a game between ``players`` people — a seek, a
    challenge, a tournament's tables —, refused as a table's creation would be; ``joins``: the asker takes a seat
    at once (a rated one needs a signed-in ``account``), which a tournament's creator does not."""
    game = load_game(name, {**(options or {}), "players": players}, config.tables_dir)
    if game.num_players() != players:
        raise TableError("bad_players", f"{game.name} has {game.num_players()} players with these options")
    spec = parse_clock(clock.model_dump(exclude_none=True) if clock is not None else None, config.bots,
                       (game.name, players))
    if rated:
        rated_rules.check_creation(game.name, [SeatRow(i, "human") for i in range(players)], None, False,
                                   0 if joins else None, account)
    return game, spec.to_json() if spec.timed else None


def allowed_file(key: str, value: Any, files_dir: Path | None) -> str:
    """The path of the file ``value`` names among the ``*.json`` files the operator put in ``files_dir``."""
    if files_dir is None:
        raise TableError("bad_options", f"option {key!r}: this server reads no files for its clients (its "
                                        "operator can offer some with museion serve --tables-dir DIR)")
    names = sorted(p.name for p in files_dir.glob("*.json") if p.is_file())
    if not isinstance(value, str) or value not in names:
        raise TableError("bad_options", f"option {key!r}: got {value!r}; allowed: the name of a file the server "
                                        f"offers: {', '.join(names) or 'none'}")
    return str(files_dir / value)


def parse_clock(spec: Any, bots: BotPolicy, configuration: Configuration | None = None) -> ClockSpec:
    """The time control of a creation request: None or ``{"mode": "none"}``, ``{"mode": "live", "base": S,
    "increment": S}`` or ``{"mode": "turn", "per_move": S, "base": S}`` (seconds; ``base`` is the reserve), with
    ``on_timeout`` ``bot`` or ``forfeit`` and the ``bot`` level that takes over (one offered at a table of
    ``configuration``: game name, players)."""
    if spec is None:
        return ClockSpec()
    if not isinstance(spec, dict) or spec.get("mode", "none") not in ("none", "live", "turn"):
        raise TableError("bad_clock", "'clock' is an object whose 'mode' is none, live or turn")
    mode = spec.get("mode", "none")
    if mode == "none":
        return ClockSpec()
    values = _clock_values(spec, mode)
    on_timeout = spec.get("on_timeout", "bot")
    if on_timeout not in ("bot", "forfeit"):
        raise TableError("bad_clock", "'on_timeout' is bot (a bot plays until the player returns) or forfeit")
    try:
        bot = bots.check(str(spec.get("bot") or "easy"), configuration)
    except (ValueError, OptionError) as exc:
        raise TableError("bad_clock", f"the bot that takes over: {exc}") from None
    return ClockSpec(mode, values.get("base", 0.0), values.get("increment", 0.0), values.get("per_move", 0.0),
                     on_timeout, bot)


def _clock_values(spec: dict[str, Any], mode: str) -> dict[str, float]:
    values: dict[str, float] = {}
    for key, (low, high) in CLOCK_LIMITS[mode].items():
        value = spec.get(key, low)
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise TableError("bad_clock", f"a {mode} clock's '{key}' is a number of seconds from {low} to {high}",
                             reason={"key": "web.code.clock_range", "args": {"field": key, "low": low, "high": high}})
        values[key] = float(value)
    return values
