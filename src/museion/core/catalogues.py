"""The translators' gettext catalogues, read at run time (the texts' English and their keys are in the code: see
:mod:`museion.core.i18n`; docs/translating.md is the translator's page).

Each domain is a folder with ``locale/<lang>/LC_MESSAGES/<domain>.po``: ``museion`` (the core and the server) in
the museion package, and one per game in the game's package (its descriptor's name and folder), so a game brings
its own words. A message's context (``msgctxt``) is its dotted key and its ``msgid`` the English text.

The compiled ``.mo`` beside a ``.po`` is read when it is at least as new as the ``.po`` (the wheel ships them, and
``make catalogues`` or the Makefile's environment targets make them in a checkout); otherwise the ``.po`` is compiled
in memory with Babel (a clean clone, or a translator who just edited a ``.po``), so a checkout never reads stale or
missing words and needs no build step to run.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT: Final = Path(__file__).resolve().parent.parent
"""The museion package: its ``locale/`` holds the core's and the server's catalogues."""
CORE: Final = "museion"
SOURCE: Final = "en"
"""The language of the code's texts (the catalogues' msgids)."""
SAMPLES: Final = 200
"""Counts the web client's plural table covers (``n`` beyond: ``100 + n % 100``, as gettext's rules repeat)."""


def _english(n: int) -> int:
    return int(n != 1)


def po_file(folder: Path, domain: str, lang: str) -> Path:
    return folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """English, then every language the core's catalogue has a ``.po`` for, sorted: a translator adds a language
    by adding files, no code."""
    locale = ROOT / "locale"
    found = sorted(lang for lang in os.listdir(locale) if po_file(ROOT, CORE, lang).is_file()) \
        if locale.is_dir() else []
    return (SOURCE, *[lang for lang in found if lang != SOURCE])


@functools.cache
def translations(folder: Path, domain: str, lang: str) -> gettext.NullTranslations:
    """The words of ``domain`` in ``lang`` (nothing to translate for English or a language the domain lacks: its
    untranslated messages fall back to English, as gettext's do)."""
    po = po_file(folder, domain, lang)
    if lang == SOURCE or not po.is_file():
        return gettext.NullTranslations()
    mo = po.with_suffix(".mo")
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    return gettext.GNUTranslations(io.BytesIO(compiled(po)))


def compiled(po: Path) -> bytes:
    """A ``.po`` compiled to ``.mo`` bytes (Babel's compiler: untranslated and fuzzy messages are left out)."""
    with po.open("rb") as stream:
        catalogue = read_po(stream)
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def plural_table(folder: Path, domain: str, lang: str) -> list[int]:
    """The plural form index of each count below :data:`SAMPLES` in ``lang`` (the web client's rule, so it needs
    no evaluator of gettext's ``Plural-Forms`` expressions)."""
    rule = plural_rule(folder, domain, lang)
    return [rule(n) for n in range(SAMPLES)]


def plural_rule(folder: Path, domain: str, lang: str) -> Callable[[int], int]:
    """The plural form of a count in ``lang`` (its catalogue's ``Plural-Forms``; English's without one)."""
    rule: Callable[[int], int] | None = getattr(translations(folder, domain, lang), "plural", None)
    return rule or _english


def translated(folder: Path, domain: str, lang: str) -> set[str]:
    """The contexts (keys) ``domain``'s ``lang`` catalogue translates: every form said, not fuzzy (empty: no such
    catalogue)."""
    po = po_file(folder, domain, lang)
    if not po.is_file():
        return set()
    with po.open("rb") as stream:
        catalogue = read_po(stream)
    return {str(message.context) for message in catalogue
            if message.id and message.context and not message.fuzzy and _all_said(message.string)}


def _all_said(string: str | tuple[str, ...] | list[str] | None) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


@functools.cache
def language_name(code: str) -> str:
    """A language named in itself (Babel's CLDR data: "English", "Español", "Deutsch"), capitalised for a menu."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]
