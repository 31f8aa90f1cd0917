"""The OpenAPI document says exactly what this server allows, from the same sources the server checks against.

Pydantic derives the request schemas from ``models.py``; what depends on the registry and the configuration is
filled in here, once per server: a table to create is one of the games with one of its player counts (its
options with their kinds, choices and bounds, as many seats as players, a seat to join among them), a clock is
one of its modes with that mode's bounds, a bot is one of the server's levels (or, with ``--bot-specs``, a spec;
a table's seats name the levels its game and player count offer: ``master`` only where it is stronger),
and a seat number is below the largest table any game makes. A client (or a fuzzer) that keeps to the document
gets its table; what it leaves out of the document gets a 4xx saying why.

Options whose value is a file or a free text (Pergamon's ``tables``, Tholos's ornament placement) are left out
of the generated variants: they are checked by the game itself, and a client that sends them gets the game's
own error when it is wrong.
"""

from __future__ import annotations

from typing import Any

import museion
from museion.core.registry import entry
from museion.server.config import BotPolicy
from museion.server.edge import models, typed
from museion.server.lobby.options import CLOCK_LIMITS

SIMPLE = ("bool", "int", "choice", "seat")
"""Option kinds the document describes exactly (the others are the game's own checks)."""


def player_counts(game: str) -> tuple[int, list[int]]:
    """The game's default player count and every count it takes."""
    cls = entry(game).game_class
    default = cls().num_players()
    players = next((o for o in cls.option_info() if o["name"] == "players"), None)
    if players is None or players["min"] is None:
        return default, [default]
    return default, list(range(int(players["min"]), int(players["max"]) + 1))


def accepted(game: str, name: str, values: range) -> list[int]:
    """Which of ``values`` (seat numbers) the game's own validator takes for option ``name`` (a choice may also
    take a seat's number: Tholos's ``start_player`` takes 0 for white)."""
    parse = entry(game).game_class.OPTIONS[name].parse
    taken = []
    for value in values:
        try:
            parse(value)
        except (ValueError, TypeError):
            continue
        taken.append(value)
    return taken


def option_schema(game: str, option: dict[str, Any], n: int) -> dict[str, Any] | None:
    """One option's schema at a table of ``n`` players, or ``None`` when the game alone can check it."""
    kind = option["kind"]
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "int":
        if option["name"] == "players":
            return {"type": "integer", "enum": [n]}
        return {"type": "integer", "minimum": option["min"], "maximum": option["max"]}
    if kind == "choice":
        return {"enum": [c["value"] for c in option["choices"]] + accepted(game, option["name"], range(n))}
    if kind == "seat":
        return {"enum": [c["value"] for c in option["choices"] if not isinstance(c["value"], int) or c["value"] < n]}
    return None


def options_schema(game: str, n: int, default: int) -> dict[str, Any]:
    """The options of ``game`` at ``n`` players (``players`` required unless ``n`` is the default)."""
    properties = {}
    for option in entry(game).game_class.option_info():
        described = option_schema(game, option, n)
        if described is not None:
            properties[option["name"]] = described
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if n != default and "players" in properties:
        out["required"] = ["players"]
    return out


def seat_object(levels: list[str], specs: bool) -> dict[str, Any]:
    """A seat as an object (``models.SeatSpec``): a human, or a bot naming one of ``levels``."""
    return {"anyOf": [
        {"type": "object", "additionalProperties": False, "required": ["kind"], "properties": {
            "kind": {"enum": ["human"]}, "bot": {"type": "null"}}},
        {"type": "object", "additionalProperties": False, "required": ["kind", "bot"], "properties": {
            "kind": {"enum": ["bot"]}, "bot": models.bot_schema(levels, specs, prefixed=False)}}]}


def seat_schema(levels: list[str], specs: bool) -> dict[str, Any]:
    """A seat of a creation request, as a string or an object, naming one of ``levels`` when a bot."""
    string = models.with_bots({"x-seat-spec": True}, models.bot_schema(levels, specs))
    return {"anyOf": [string, seat_object(levels, specs)]}


def table_variants(bots: BotPolicy) -> list[dict[str, Any]]:
    """``CreateTable`` as one variant per game and player count, its seats naming the levels offered there."""
    variants = []
    for game in museion.available_games():
        default, counts = player_counts(game)
        for n in counts:
            options = options_schema(game, n, default)
            seat = seat_schema(bots.levels((game, n)), bots.specs)
            variants.append({
                "type": "object", "additionalProperties": False, "required": ["game", "seats"] + (
                    ["options"] if options.get("required") else []),
                "properties": {
                    "game": {"enum": [game]},
                    "options": options if options.get("required") else {"anyOf": [options, {"type": "null"}]},
                    "seats": {"type": "array", "items": seat, "minItems": n, "maxItems": n},
                    "join": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": n - 1}, {"type": "null"}]},
                    "name": {"anyOf": [{"$ref": "#/components/schemas/PlayerName"}, {"type": "null"}]},
                    "clock": {"anyOf": [{"$ref": "#/components/schemas/ClockRequest"}, {"type": "null"}]},
                    "hints": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}}})
    return variants


def seek_variants() -> list[dict[str, Any]]:
    """``SeekRequest`` (quick pairing) as one variant per game and player count."""
    variants = []
    for game in museion.available_games():
        default, counts = player_counts(game)
        for n in counts:
            options = {key: value for key, value in options_schema(game, n, default).items() if key != "required"}
            variants.append({
                "type": "object", "additionalProperties": False, "required": ["game", "players"],
                "properties": {
                    "game": {"enum": [game]}, "players": {"type": "integer", "enum": [n]},
                    "options": {"anyOf": [options, {"type": "null"}]},
                    "clock": {"anyOf": [{"$ref": "#/components/schemas/ClockRequest"}, {"type": "null"}]},
                    "rated": {"type": "boolean"}}})
    return variants


def clock_schema(bot: dict[str, Any]) -> dict[str, Any]:
    """``ClockRequest`` as one variant per mode with that mode's bounds (``lobby.CLOCK_LIMITS``)."""
    common = {"on_timeout": {"enum": ["bot", "forfeit"]}, "bot": {"anyOf": [bot, {"type": "null"}]}}
    variants: list[dict[str, Any]] = [{"type": "object", "additionalProperties": False, "required": ["mode"],
                                       "properties": {"mode": {"enum": ["none"]}}}]
    for mode, limits in CLOCK_LIMITS.items():
        bounds = {key: {"anyOf": [{"type": "integer", "minimum": low, "maximum": high}, {"type": "null"}]}
                  for key, (low, high) in limits.items()}
        variants.append({"type": "object", "additionalProperties": False, "required": ["mode"],
                         "properties": {"mode": {"enum": [mode]}, **bounds, **common}})
    return {"description": models.ClockRequest.__doc__, "anyOf": variants}


def _check_per_game(document: dict[str, Any]) -> None:
    """``/api/games/{name}/check`` as one path per game, each with that game's options (the route is one)."""
    paths = document["paths"]
    template = paths.pop("/api/games/{name}/check")
    for game in museion.available_games():
        default, counts = player_counts(game)
        variants = [options_schema(game, n, default) for n in counts]
        body = {"type": "object", "additionalProperties": False, "properties": {
            "options": {"anyOf": [*variants, {"type": "null"}]}}}
        operation = {**template["post"], "operationId": f"check_{game}", "parameters": [],
                     "requestBody": {"required": True, "content": {"application/json": {"schema": body}}}}
        paths[f"/api/games/{game}/check"] = {"post": operation}


def max_players() -> int:
    return max(max(player_counts(game)[1]) for game in museion.available_games())


def describe(document: dict[str, Any], bots: BotPolicy) -> dict[str, Any]:
    """The generated document with what the registry and this configuration allow filled in."""
    levels, specs = bots.levels(), bots.specs
    bot = models.bot_schema(levels, specs)
    document = models.with_bots(document, bot)
    schemas = document["components"]["schemas"]
    name = schemas["CreateTable"]["properties"]["name"]["anyOf"][0]
    schemas["PlayerName"] = name
    schemas["CreateTable"] = {"description": "a table of one game and one of its player counts",
                              "anyOf": table_variants(bots)}
    schemas["ClockRequest"] = clock_schema(bot)
    schemas["SeekRequest"] = {"description": "a seek for one game and one of its player counts",
                              "anyOf": seek_variants()}
    schemas["SeatSpec"] = seat_object(levels, specs)
    _check_per_game(document)
    last = max_players() - 1
    for component in schemas.values():  # a seat number in any request (a join, a friend's invitation ...)
        if component.get("properties", {}).get("seat", {}).get("type") == "integer":
            component["properties"]["seat"] = {"type": "integer", "minimum": 0, "maximum": last}
    for path in document["paths"].values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "seat":
                    parameter["schema"] = {"type": "integer", "minimum": 0, "maximum": last}
    typed.declare(document)  # no NUL in any string (typed.check_request refuses it: 400 bad_text)
    return document
