"""Where ``museion serve`` takes each setting from, first found wins: its flag, the environment variable
``MUSEION_NAME`` (``MUSEION_BOT_WORKERS=2``), the TOML file of ``--config FILE`` (or ``MUSEION_CONFIG``;
``bot_workers = 2``), the default. Every setting has all three names (docs/operations.md lists them); a file key
that names no setting, or a value of the wrong type, stops the server with the reason. (Other ``MUSEION_*``
variables exist, e.g. ``MUSEION_PURE``, so a variable that names no setting is simply not one.)
"""

from __future__ import annotations

import argparse
import os
import pathlib
import tomllib
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from museion.server.config import ServerConfig

SERVE = {"host": "127.0.0.1", "port": 8000, "db": "", "forwarded_allow_ips": "", "log_format": "text",
         "origins": (), "hosts": (), "tables_dir": "", "bot_specs": False, "workers": 1, "reuse_port": False}
"""The settings of ``museion serve`` that are not :class:`ServerConfig` fields, with their defaults ("": none)."""
PREFIX = "MUSEION_"


def defaults() -> dict[str, Any]:
    base = ServerConfig()
    config = {f.name: getattr(base, f.name) for f in fields(ServerConfig)}
    return {**config, **SERVE}


def resolve(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> argparse.Namespace:
    """``args`` with every setting not given as a flag (``None`` or an empty list) taken from the environment, the
    file, or the default, converted to the default's type."""
    environ = os.environ if environ is None else environ
    known = defaults()
    path = getattr(args, "config", None) or environ.get("MUSEION_CONFIG")
    from_file = _file(pathlib.Path(path), known) if path else {}
    for name, default in known.items():
        if getattr(args, name, None) not in (None, []):
            continue
        env = environ.get(PREFIX + name.upper())
        if env is not None:
            value = _convert(name, env, default, f"environment variable {PREFIX + name.upper()}")
        elif name in from_file:
            value = from_file[name]
        else:
            value = default
        setattr(args, name, value)
    return args


def _file(path: pathlib.Path, known: dict[str, Any]) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"--config {str(path)!r}: {exc}") from None
    out = {}
    for name, value in data.items():
        if name not in known:
            raise ValueError(f"--config {str(path)!r}: no setting {name!r}; settings: {_names(known)}")
        out[name] = _convert(name, value, known[name], f"--config {str(path)!r}: {name}")
    return out


def _convert(name: str, value: Any, default: Any, where: str) -> Any:
    """``value`` (text from the environment, or a TOML value) as the type of the setting's default."""
    kind = type(default)
    try:
        if kind is tuple:
            return tuple(value) if isinstance(value, list) else tuple(v.strip() for v in str(value).split(",") if v)
        if kind is bool:
            if isinstance(value, bool):
                return value
            if str(value).lower() not in ("1", "true", "yes", "0", "false", "no"):
                raise ValueError("not a boolean")
            return str(value).lower() in ("1", "true", "yes")
        if isinstance(value, bool) or (kind in (int, float) and isinstance(value, str) and not value.strip()):
            raise ValueError("not a number")
        return kind(value)
    except (TypeError, ValueError):
        allowed = {tuple: "a list (comma-separated in the environment)", bool: "true or false", int: "an integer",
                   float: "a number"}.get(kind, "text")
        raise ValueError(f"{where}: got {str(value)[:40]!r}; allowed: {allowed}") from None


def _names(known: dict[str, Any]) -> str:
    return ", ".join(sorted(known))
