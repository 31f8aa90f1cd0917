"""The gettext catalogues (docs/translating.md): every message translated in every language with the English's
placeholders, and ``make catalogues`` (pybabel extract, update, compile) changes nothing in the committed files."""

from __future__ import annotations

import shutil
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import museion.arena.analyze  # noqa: F401 - registers the arena report's texts
import museion.server.app  # noqa: F401 - registers the server's texts
from museion.core import i18n

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogue_import  # noqa: E402 - tools/catalogue_import.py, a translator's JSON into the catalogues
import catalogues  # noqa: E402 - tools/catalogues.py, what make catalogues runs

DOMAINS = list(catalogues.domains())


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_every_message_is_translated(lang):
    """Every text of the code has a non-empty, non-fuzzy translation in ``lang`` (the list says which do not:
    ``tools/catalogue_import.py`` or Poedit fills them)."""
    assert i18n.keys(), "no texts registered"
    assert [m for m in i18n.missing() if m.endswith(f": {lang}")] == []


def _fields(text: str) -> set[tuple[str, str | None]]:
    return {(name, conversion) for _, name, _, conversion in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize(("domain", "folder"), [(d, f) for d, f, _ in DOMAINS])
def test_translations_keep_the_placeholders_of_the_english(domain, folder):
    """A translation names the English's placeholders, with the same conversions (``!t``, ``!p``), no more and
    no fewer: a ``{coins}`` left out or mistyped would show a wrong or missing value."""
    wrong = []
    for po in sorted((folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
        with po.open("rb") as stream:
            catalogue = read_po(stream)
        for message in catalogue:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            said = message.string if isinstance(message.string, tuple) else (message.string,)
            english = set().union(*(_fields(text) for text in ids))
            for text in filter(None, said):
                try:
                    if _fields(text) != english:
                        wrong.append(f"{po.parent.parent.name} {message.context}: {text!r}")
                except ValueError as error:
                    wrong.append(f"{po.parent.parent.name} {message.context}: {error}")
    assert wrong == []


def test_extract_update_and_compile_change_nothing(tmp_path):
    """``make catalogues`` on a copy of every domain: the templates extracted from today's code and the catalogues
    brought to them are the committed files (a text changed in the code without ``make catalogues`` fails here),
    and every catalogue compiles."""
    for domain, folder, options in DOMAINS:
        copy = catalogues.copy_tree(folder, domain, tmp_path / domain)
        template = copy / f"{domain}.pot"
        catalogues.extract(domain, folder, options, template)
        assert template.read_text() == (folder / f"{domain}.pot").read_text(), f"{domain}.pot: run make catalogues"
        catalogues.update(domain, copy, template)
        catalogues.compile_mo(domain, copy)
        for po in sorted((folder / "locale").glob(f"*/LC_MESSAGES/{domain}.po")):
            updated = copy / po.relative_to(folder)
            assert updated.read_text() == po.read_text(), f"{po}: run make catalogues"
            assert updated.with_suffix(".mo").stat().st_size > 0
    shutil.rmtree(tmp_path)


def test_languages_are_the_catalogues():
    """English (the code's), then each language the core's catalogue has; each named in itself."""
    assert i18n.LANGUAGES[0] == "en" and {"es", "de"} <= set(i18n.LANGUAGES)
    assert [i18n.language_name(code) for code in ("en", "es", "de")] == ["English", "Español", "Deutsch"]
    assert i18n.text("ui.draw", "de") == "Unentschieden" and i18n.text("ui.draw", "es") == "Empate"


def test_a_game_brings_its_catalogues_in_its_own_folder():
    """The example game, installed on its own (examples/nim): its words come from its package's locale/, found
    through its descriptor, with its plural forms."""
    pytest.importorskip("museion_nim")
    assert i18n.text("nim.b.pile", "es", n=1) == "Montón: 1 piedra" and i18n.text("nim.b.pile", "es", n=4) == \
        "Montón: 4 piedras"
    assert i18n._SOURCES["nim.b.pile"].folder == Path(__import__("museion_nim").__file__).parent


def test_the_import_tool_turns_inline_counted_words_into_plural_forms():
    """tools/catalogue_import.py: ``{coins:Münze|Münzen}`` fills a counted message's forms (the first for one), a
    text with two counted words fills its parts, and a counted word where the message counts none is refused."""
    said = catalogue_import.entries("pergamon.payout", "{player!p} nimmt {coins:Münze|Münzen}.", 2)
    assert said == {"pergamon.payout": ["{player!p} nimmt {coins} Münze.", "{player!p} nimmt {coins} Münzen."]}
    said = catalogue_import.entries("imhotep.b.temple_top", "oben; {n:Stein|Steine}, {layers:Lage|Lagen}", 2)
    assert said == {"imhotep.b.temple_top.n": ["{n} Stein", "{n} Steine"],
                    "imhotep.b.temple_top.layers": ["{layers} Lage", "{layers} Lagen"],
                    "imhotep.b.temple_top": "oben; {n}, {layers}"}
    with pytest.raises(catalogue_import.Unfit, match="ui.draw"):
        catalogue_import.entries("ui.draw", "{n:Remis|Remis}", 2)
