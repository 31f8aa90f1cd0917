"""The three RECONSTRUCTED tables of Pergamon as replaceable data: read, validated, described.

The research-funds track (PER-FUNDS-3), the museum's victory-point bands (PER-EVAL-1) and the 60 find tiles
(PER-TILE-4) are printed only on the board and the tiles. museion ships a reconstruction of each in
``reconstructed.json`` (the one place they are written down); a player who owns the game can transcribe the printed
ones into a file of the same format and play with it: ``museion.load("pergamon", tables="my.json")``, ``-o
tables=my.json`` on the command line. Format (JSON; any of the three tables may be left out, it then stays the
reconstructed one)::

    {
      "name": "printed tables, 1st edition",          optional: shown by `museion rules pergamon`
      "comment": "transcribed by ...",                 optional: ignored
      "research_track": [                              13 spaces, P1 (rightmost) ... P13 (leftmost)
        {"space": "P1", "coins": 0, "deepest_gallery": "V", "tomb_raider": null},
        {"space": "P5", "coins": 2, "deepest_gallery": "III", "tomb_raider": "2 bags"}, ...
      ],
      "museum_bands": [{"first": 1, "last": 4, "vp": 1}, ...],     covering spaces 1-24 once
      "tiles": ["V63|4J", ...]                         60 tiles written as they lie (see below)
    }

A tile is written as it lies on the table, ``V63|4J``: at its left edge the right half of a vase (V, J, B, M) with
the two-digit number printed under it, then ``|``, then the century 1-5 printed under the left half at its right
edge and that half's type. Validation names the entry at fault: the tile counts of PER-TILE-4, dates unique within
an object type (PER-DATA-1), distinct find names (PER-TILE-2), requests rising from right to left (PER-FUNDS-3), one
space per tomb raider symbol (PER-RAIDER-1), bands covering spaces 1-24 once with positive VP (PER-EVAL-1).

A game's option ``tables`` holds the validated data itself (not a path), so records, stored tables and bot workers
replay a game without the file.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from museion.core import i18n
from museion.core.errors import Reason, RefusedValue
from museion.games.pergamon import data

TABLE_KEYS: Final = ("research_track", "museum_bands", "tiles")
"""The three replaceable tables, by their key in a tables file."""
TABLE_NAMES: Final = i18n.messages(i18n.msg("pergamon.rules.table.research_track", "research track"),
                                   i18n.msg("pergamon.rules.table.museum_bands", "museum bands"),
                                   i18n.msg("pergamon.rules.table.tiles", "tiles"))
"""The tables' names in ``museion rules pergamon`` (the key ``pergamon.rules.table.<table key>``)."""
KEYS: Final = ("name", "comment", *TABLE_KEYS)
MAX_FILE_BYTES: Final = 256 * 1024
MAX_NAME: Final = 100
RECONSTRUCTED_FILE: Final = Path(str(resources.files("museion.games.pergamon") / "reconstructed.json"))
"""Found through the package (this module's own ``__file__`` is in build/compiled/ when it runs compiled)."""
RECONSTRUCTED_SHOWN: Final = i18n.msg("pergamon.rules.reconstructed",
                                     "RECONSTRUCTED (museion's reconstruction, not the printed values)")
RECONSTRUCTED_NAME: Final = RECONSTRUCTED_SHOWN.english
"""The origin of museion's own tables (their name in ``Tables.origin``; shown in the reader's language)."""
TEXTS: Final = {**TABLE_NAMES, RECONSTRUCTED_SHOWN.key: RECONSTRUCTED_SHOWN}
"""This module's texts (the descriptor's ``texts``)."""

SPACES: Final = 13
GALLERY_NAMES: Final = ("I", "II", "III", "IV", "V")
RAIDER_SYMBOLS: Final = ("2 bags", "bag + chest", "2 chests")
"""Tomb raider symbols by the number of chests among the two funds cards (PER-RAIDER-1)."""
TILE_TEXT: Final = re.compile(r"([VJBM])(\d\d)\|([1-5])([VJBM])")


@dataclass(frozen=True)
class Tables:
    """The three tables as rows the engine reads, and where each comes from (for ``museion rules``)."""

    tiles: tuple[tuple[str, int, int, str], ...]
    """(left-edge type = right half, its number, century of the left half, right-edge type = left half)"""
    track: tuple[tuple[int, int, int | None], ...]
    """P1..P13: (coins requested, deepest gallery 1-5, chests that send the tomb raider here or None)"""
    bands: tuple[tuple[int, int, int], ...]
    """(first space, last space, VP at an evaluation)"""
    origin: tuple[tuple[str, str], ...]
    """(table key, name of its source) for each of the three tables"""


# -- reading ----------------------------------------------------------------------------------------------------
def parse_option(value: Any) -> dict[str, Any] | None:
    """Validator of the game option ``tables``: ``None`` (the reconstruction), a path to a tables file, or the
    file's data; returns the validated data in normal form (what records and stored games keep)."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return normalise(read_file(value), default_name=Path(value).name)
    if isinstance(value, dict):
        return normalise(value)
    raise _refuse("type", got=type(value).__name__)


def read_file(path: str | os.PathLike[str]) -> Any:
    """The JSON data of a tables file (refusing a missing, oversized or malformed one with the reason)."""
    file = Path(path)
    if not file.is_file():  # not a directory, device or pipe (which could be read for ever)
        raise _refuse("no_file", path=repr(str(path)))
    try:
        with file.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _refuse("unreadable", path=repr(str(path)), error=str(exc.strerror or exc)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise _refuse("too_large", file=repr(file.name), limit=MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse("not_utf8", file=repr(file.name)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _refuse("not_json", file=repr(file.name), error=exc.msg, line=exc.lineno) from None


def normalise(raw: Any, default_name: str = "custom tables") -> dict[str, Any]:
    """Validate tables data and return it in normal form; :class:`RefusedValue` names the entry at fault."""
    if not isinstance(raw, dict):
        raise _refuse("not_object", keys=", ".join(KEYS))
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise _refuse("unknown_keys" if len(unknown) > 1 else "unknown_key", keys=", ".join(map(repr, unknown)),
                      allowed=", ".join(KEYS))
    if not any(key in raw for key in TABLE_KEYS):
        raise _refuse("replaces_none", tables=", ".join(TABLE_KEYS))
    name = raw.get("name", default_name)
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise _refuse("name", got=repr(name), limit=MAX_NAME)
    out: dict[str, Any] = {"name": name.strip()}
    if "research_track" in raw:
        out["research_track"] = track_data(parse_track(raw["research_track"]))
    if "museum_bands" in raw:
        out["museum_bands"] = bands_data(parse_bands(raw["museum_bands"]))
    if "tiles" in raw:
        out["tiles"] = [tile_text(t) for t in parse_tiles(raw["tiles"])]
    return out


def resolve(option: dict[str, Any] | None) -> Tables:
    """The tables a game plays with: those of the option, the reconstruction for any table it leaves out."""
    base = reconstructed()
    if option is None:
        return base
    tiles = parse_tiles(option["tiles"]) if "tiles" in option else base.tiles
    track = parse_track(option["research_track"]) if "research_track" in option else base.track
    bands = parse_bands(option["museum_bands"]) if "museum_bands" in option else base.bands
    origin = tuple((key, option["name"] if key in option else RECONSTRUCTED_NAME) for key in TABLE_KEYS)
    return Tables(tiles, track, bands, origin)


@cache
def reconstructed() -> Tables:
    """museion's reconstruction, read (and validated like any file) from ``reconstructed.json``."""
    raw = read_file(RECONSTRUCTED_FILE)
    tables = Tables(parse_tiles(raw["tiles"]), parse_track(raw["research_track"]), parse_bands(raw["museum_bands"]),
                    tuple((key, RECONSTRUCTED_NAME) for key in TABLE_KEYS))
    return tables


def describe(tables: Tables, lang: str = "en") -> str:
    """One line per table saying where it comes from (printed by ``museion rules pergamon``), in ``lang``; a
    file's own name is shown as written."""
    def shown(name: str) -> str:
        return i18n.template(RECONSTRUCTED_SHOWN.key, lang) or name if name == RECONSTRUCTED_NAME else name

    names = {key.rpartition(".")[2]: (i18n.template(key, lang) or found.english) + ":"
             for key, found in TABLE_NAMES.items()}
    width = max(map(len, names.values())) + 1
    return "\n".join(f"  {names[key]:{width}} {shown(name)}" for key, name in tables.origin)


# -- the three tables: parse (with errors naming the entry) and write back ----------------------------------------
def parse_tiles(raw: Any) -> tuple[tuple[str, int, int, str], ...]:
    """60 tiles written ``V63|4J``, checked against PER-TILE-4, PER-TILE-2 and PER-DATA-1."""
    count = data.TURNS * data.PILE_SIZE
    if not isinstance(raw, list) or len(raw) != count:
        got = _entries(raw) if isinstance(raw, list) else type(raw).__name__
        raise _refuse("tiles", got=got, count=count)
    tiles = []
    for i, text in enumerate(raw):
        match = TILE_TEXT.fullmatch(text.replace(" ", "").upper()) if isinstance(text, str) else None
        if match is None:
            raise _refuse("tile", i=i, got=repr(text))
        left, number, century, right = match.groups()
        if left == right:
            raise _refuse("tile_halves", i=i, tile=repr(text))
        tiles.append((left, int(number), int(century), right))
    check_tiles(tiles)
    return tuple(tiles)


def check_tiles(tiles: list[tuple[str, int, int, str]]) -> None:
    """PER-TILE-4 counts, distinct find names (PER-TILE-2) and unique dates within a type (PER-DATA-1)."""
    per_century = len(tiles) // 5
    for century in range(1, 6):
        found = [i for i, t in enumerate(tiles) if t[2] == century]
        if len(found) != per_century:
            raise _refuse("century_count", century=century, found=len(found), needed=per_century)
    per_half = len(tiles) // 4
    for kind, name in zip(data.TYPES, data.TYPE_NAMES, strict=True):
        for edge, half in ((0, "right_half"), (3, "left_half")):
            count = sum(1 for t in tiles if t[edge] == kind)
            if count != per_half:
                raise _refuse("half_count", half={"key": f"pergamon.tables.{half}"}, name=name, found=count,
                              needed=per_half)
    seen: dict[tuple[int, int], int] = {}
    dates: dict[tuple[str, int], int] = {}
    for i, (left, number, century, _right) in enumerate(tiles):
        other = seen.setdefault((century, number), i)
        if other != i:
            raise _refuse("same_find", other=other, first=repr(tile_text(tiles[other])), i=i,
                          second=repr(tile_text(tiles[i])), find=f"{century}.{number:02d}")
        other = dates.setdefault((left, number), i)
        if other != i:
            name = data.TYPE_NAMES[data.TYPES.index(left)]
            raise _refuse("same_date", other=other, first=repr(tile_text(tiles[other])), i=i,
                          second=repr(tile_text(tiles[i])), name=name, number=f"{number:02d}")


def parse_track(raw: Any) -> tuple[tuple[int, int, int | None], ...]:
    """13 spaces P1..P13 with rising requests and one space per tomb raider symbol (PER-FUNDS-3, PER-RAIDER-1)."""
    if not isinstance(raw, list) or len(raw) != SPACES:
        got = _entries(raw) if isinstance(raw, list) else type(raw).__name__
        raise _refuse("track", got=got, count=SPACES)
    rows: list[tuple[int, int, int | None]] = []
    for i, entry in enumerate(raw):
        where = f"research_track[{i}] (P{i + 1})"
        if not isinstance(entry, dict) or set(entry) - {"space", "coins", "deepest_gallery", "tomb_raider"}:
            raise _refuse("space_entry", where=where, got=repr(entry))
        if entry.get("space") != f"P{i + 1}":
            raise _refuse("space_name", where=where, got=repr(entry.get("space")), expected=f"P{i + 1}")
        coins: Any = entry.get("coins")
        if not _whole(coins) or coins < 0:
            raise _refuse("coins", where=where, got=repr(coins))
        gallery = entry.get("deepest_gallery")
        if gallery not in GALLERY_NAMES:
            raise _refuse("gallery", where=where, got=repr(gallery), allowed=", ".join(GALLERY_NAMES))
        symbol = entry.get("tomb_raider")
        key = None if symbol is None else " ".join(str(symbol).replace("+", " + ").split()).lower()
        if key is not None and key not in RAIDER_SYMBOLS:
            raise _refuse("raider", where=where, got=repr(symbol), allowed=", ".join(map(repr, RAIDER_SYMBOLS)))
        if rows and coins < rows[-1][0]:
            raise _refuse("requests", where=where, coins=coins, previous=f"P{i}", fewer=rows[-1][0])
        rows.append((coins, GALLERY_NAMES.index(gallery) + 1, None if key is None else RAIDER_SYMBOLS.index(key)))
    for chests, symbol in enumerate(RAIDER_SYMBOLS):
        where_found = [f"P{i + 1}" for i, row in enumerate(rows) if row[2] == chests]
        if len(where_found) != 1:
            raise _refuse("raider_count" if where_found else "raider_missing", symbol=repr(symbol),
                          spaces=", ".join(where_found))
    return tuple(rows)


def parse_bands(raw: Any) -> tuple[tuple[int, int, int], ...]:
    """Bands ``{"first", "last", "vp"}`` covering each museum space 1-24 exactly once (PER-EVAL-1)."""
    top = data.MUSEUM_SPACES
    if not isinstance(raw, list) or not raw:
        raise _refuse("bands", got=repr(raw), top=top)
    owner: dict[int, int] = {}
    rows = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"first", "last", "vp"}:
            raise _refuse("band_entry", i=i, got=repr(entry))
        first, last, vp = entry["first"], entry["last"], entry["vp"]
        if not (_whole(first) and _whole(last) and 1 <= first <= last <= top):
            raise _refuse("band_spaces", i=i, first=repr(first), last=repr(last), top=top)
        if not _whole(vp) or vp < 1:
            raise _refuse("band_vp", i=i, first=first, last=last, got=repr(vp))
        for space in range(first, last + 1):
            other = owner.setdefault(space, i)
            if other != i:
                raise _refuse("band_overlap", other=other, i=i, space=space, top=top)
        rows.append((first, last, vp))
    missing = [s for s in range(1, top + 1) if s not in owner]
    if missing:
        raise _refuse("band_missing", space=missing[0], top=top)
    return tuple(rows)


def _refuse(what: str, **args: Any) -> RefusedValue:
    """The refusal ``pergamon.tables.<what>`` (its texts are in text.py): the English message, and the reason that
    lets a client say it in its language."""
    key = f"pergamon.tables.{what}"
    return RefusedValue(i18n.say({"key": key, "args": args}), key, **args)


def _entries(raw: list[Any]) -> Reason:
    return {"key": "pergamon.tables.entries", "args": {"n": len(raw)}}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def tile_text(tile: tuple[str, int, int, str]) -> str:
    """A tile as it lies: ``V63|4J``."""
    left, number, century, right = tile
    return f"{left}{number:02d}|{century}{right}"


def track_data(track: Any) -> list[dict[str, Any]]:
    return [{"space": f"P{i + 1}", "coins": coins, "deepest_gallery": GALLERY_NAMES[deepest - 1],
             "tomb_raider": None if chests is None else RAIDER_SYMBOLS[chests]}
            for i, (coins, deepest, chests) in enumerate(track)]


def bands_data(bands: Any) -> list[dict[str, int]]:
    return [{"first": first, "last": last, "vp": vp} for first, last, vp in bands]


def option_data(tiles: Any = None, track: Any = None, bands: Any = None, name: str = "custom tables"
                ) -> dict[str, Any]:
    """Tables data (for the option ``tables``, which validates it) from engine rows; ``None`` leaves a table out."""
    out: dict[str, Any] = {"name": name}
    if track is not None:
        out["research_track"] = track_data(track)
    if bands is not None:
        out["museum_bands"] = bands_data(bands)
    if tiles is not None:
        out["tiles"] = [tile_text(tuple(t)) for t in tiles]
    return out
