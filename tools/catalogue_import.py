"""Import translations from JSON files (``{key: text}``, e.g. from a spreadsheet) into the gettext catalogues.

    python tools/catalogue_import.py de build/de-staging/*.json

A text is written as the code wrote texts before the catalogues (docs/translating.md): ``{name}`` placeholders,
and counted words inline, ``{coins:Münze|Münzen}``; a value may also be ``{"de": text, ...}`` (a table by
language: only ``LANG`` is read). Each key goes to the ``.po`` of its domain (the core's or its game's), created
from the domain's template when the language has none yet; a counted word becomes the message's plural forms, and a
text whose counted words were split (``<key>.<field>``) fills those parts. Keys the code does not have, and texts
whose counted words do not fit the message, are listed and left out; every other message keeps what it had. The
catalogues are then brought to their templates (``pybabel update``), so the files are what ``make catalogues``
writes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
import catalogues  # noqa: E402 - the sibling tool (extract, update, compile)

INLINE = re.compile(r"\{(\w+)(![a-z])?:([^{}|]*)\|([^{}]*)\}")
"""A counted word as the old tables wrote it: ``{field:one|many}`` (a conversion ``!x`` may precede it)."""
Said = str | list[str]


class Unfit(ValueError):
    """A text whose counted words do not fit the message it translates."""


def counted(text: str, field: str, form: str) -> str:
    """``text`` with the counted word of ``field`` written out (``one``, ``many``) or as its bare field."""
    def write(match: re.Match[str]) -> str:
        if match.group(1) != field:
            return match.group(0)
        head = "{" + field + (match.group(2) or "") + "}"
        return head + {"one": " " + match.group(3), "many": " " + match.group(4), "bare": ""}[form]
    return INLINE.sub(write, text)


def plural(text: str, field: str, n: int) -> list[str]:
    """The ``n`` plural forms of ``text`` counted by ``field`` (the first form for one, the others for many)."""
    if not any(match.group(1) == field for match in INLINE.finditer(text)):
        return [text] * n
    return [counted(text, field, "one")] + [counted(text, field, "many")] * (n - 1)


def entries(key: str, text: str, n: int) -> dict[str, Said]:
    """The catalogue entries (by context) of one translated key: its message and, if split, its counted parts."""
    from museion.core import i18n

    message, parts = i18n._catalogue()[key], i18n._PARTS.get(key, [])
    found = {match.group(1) for match in INLINE.finditer(text)}
    if message.counter is not None:
        if found - {message.counter}:
            raise Unfit(f"{key}: counts {sorted(found)}, the message counts {message.counter}")
        return {key: plural(text, message.counter, n)}
    if found - set(parts):
        raise Unfit(f"{key}: counts {sorted(found - set(parts))}, which the message does not count")
    said: dict[str, Said] = {}
    for field in parts:
        inline = [m for m in INLINE.finditer(text) if m.group(1) == field]
        said[f"{key}.{field}"] = plural(inline[0].group(0), field, n) if inline else ["{" + field + "}"] * n
        text = counted(text, field, "bare")
    said[key] = text
    return said


def translations(files: Iterable[Path], lang: str) -> dict[str, str]:
    """Every ``key: text`` of ``files`` in ``lang`` (a value may be a table by language)."""
    found: dict[str, str] = {}
    for path in files:
        for key, value in json.loads(path.read_text()).items():
            text = value.get(lang) if isinstance(value, Mapping) else value
            if isinstance(text, str) and text:
                found[key] = text
    return found


def load_catalogue() -> None:
    """Every registered text: the games' (the registry), the core's, the server's and the arena's."""
    import museion.arena.analyze  # noqa: F401 - registers the arena's texts
    import museion.server.app  # noqa: F401 - registers the server's texts
    from museion.core import i18n

    i18n._catalogue()


def open_po(domain: str, folder: Path, lang: str) -> Catalog:
    """The ``lang`` catalogue of ``domain``, or a new one from its template."""
    po = folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    if po.is_file():
        with po.open("rb") as stream:
            return read_po(stream, locale=lang)
    with (folder / f"{domain}.pot").open("rb") as stream:
        template = read_po(stream)
    catalogue = Catalog(locale=Locale.parse(lang), domain=domain, project="museion", version=template.version,
                        copyright_holder="the museion contributors", fuzzy=False)
    catalogue.update(template, no_fuzzy_matching=True)
    return catalogue


def fill(catalogue: Catalog, said: Mapping[str, Said], english: Mapping[str, str]) -> int:
    """Write ``said`` (by context) into ``catalogue``'s messages whose English is the code's (``english`` by
    context: two modules may give one key two texts, and only the one registered is said); the number written."""
    written = 0
    for message in catalogue:
        ident = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if message.context in said and english.get(str(message.context)) == ident:
            value: Any = said[message.context]
            message.string = tuple(value) if isinstance(message.id, (tuple, list)) else \
                (value if isinstance(value, str) else value[-1])
            message.flags.discard("fuzzy")
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("lang", help="the language code, e.g. de")
    parser.add_argument("files", nargs="+", type=Path, help="JSON files {key: text}")
    options = parser.parse_args(argv)
    load_catalogue()
    from museion.core import i18n

    lang, texts = options.lang, translations(options.files, options.lang)
    by_domain: dict[tuple[str, Path], dict[str, Said]] = {}
    left: list[str] = []
    for key, text in sorted(texts.items()):
        source = i18n._SOURCES.get(key)
        if source is None or source.folder is None:
            left.append(f"{key}: not in the catalogues" if source is None else f"{key}: still in an old table")
            continue
        n = _forms(lang)
        try:
            by_domain.setdefault((source.domain, source.folder), {}).update(entries(key, text, n))
        except Unfit as unfit:
            left.append(str(unfit))
    for (domain, folder), said in by_domain.items():
        catalogue = open_po(domain, folder, lang)
        written = fill(catalogue, said, {key: i18n._catalogue()[key].english for key in said})
        po = folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        with po.open("wb") as stream:
            write_po(stream, catalogue, width=76, ignore_obsolete=True, include_previous=False)
        catalogues.update(domain, folder, folder / f"{domain}.pot")
        print(f"{domain} {lang}: {written} messages written")
    for line in left:
        print(f"left out: {line}", file=sys.stderr)
    return 0


def _forms(lang: str) -> int:
    """How many plural forms ``lang`` has (Babel's table of gettext's Plural-Forms)."""
    from babel.messages.plurals import get_plural

    return int(get_plural(lang)[0])


if __name__ == "__main__":
    sys.exit(main())
