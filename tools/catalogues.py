"""``make catalogues``: extract, update and compile every gettext domain with Babel's ``pybabel`` (docs/translating.md).

    python tools/catalogues.py            # extract + update + compile (what make catalogues runs)
    python tools/catalogues.py compile    # only the .mo files (the Makefile's environment targets)

The domains: ``museion`` (``src/museion`` without ``games/``: the core and the server) and one per installed game
(its descriptor's name, in its package folder, found through the ``museion.games`` entry points, so a new game needs
no line here). Each has its template ``<folder>/<domain>.pot`` and ``<folder>/locale/<lang>/LC_MESSAGES/<domain>.po``.

``pybabel extract`` stamps the template with the time (``POT-Creation-Date``): a template whose messages did not
change is kept as it was, so running this twice changes nothing (``tests/core/test_catalogues.py`` checks that the
committed files are what this makes).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE_FOLDER = ROOT / "src" / "museion"
KEYWORDS = ("msg:1c,2", "msgn:1c,2,3")
"""The markers of museion.core.i18n: ``msg(key, english)``, ``msgn(key, one, many, counter)``."""
STAMP = re.compile(r'^"POT-Creation-Date: .*\\n"\n', re.M)


def domains() -> Iterator[tuple[str, Path, list[str]]]:
    """(domain, folder, extra pybabel extract options) of the core and of every installed game."""
    yield "museion", CORE_FOLDER, ["--ignore-dirs", ".* _* games locale"]
    from museion.core.descriptor import descriptors

    for name, found in descriptors().items():
        yield name, found.folder, ["--ignore-dirs", ".* _* locale web models"]


def pybabel(*args: str, cwd: Path | None = None) -> None:
    """``pybabel ARGS`` (Babel's own command line, in this interpreter)."""
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "--quiet", *args], cwd=cwd, check=True)


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def extract(domain: str, folder: Path, options: list[str], into: Path) -> None:
    """The template of ``domain`` from its code, written to ``into`` unless only its time stamp would change."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp, f"{domain}.pot")
        keywords = [part for keyword in KEYWORDS for part in ("-k", keyword)]
        pybabel("extract", "--no-default-keywords", *keywords, *options, "--add-location=file",
                "--project", "museion", "--version", version(), "--copyright-holder", "the museion contributors",
                "-o", str(fresh), ".", cwd=folder)
        text = fresh.read_text()
        if not into.is_file() or STAMP.sub("", into.read_text()) != STAMP.sub("", text):
            into.write_text(text)


def update(domain: str, folder: Path, template: Path) -> None:
    """Every language's ``.po`` of ``domain`` brought to its template (new messages empty, none guessed)."""
    if (folder / "locale").is_dir():
        pybabel("update", "-i", str(template), "-d", str(folder / "locale"), "-D", domain, "--no-fuzzy-matching",
                "--ignore-obsolete")


def compile_mo(domain: str, folder: Path) -> None:
    if (folder / "locale").is_dir():
        pybabel("compile", "-d", str(folder / "locale"), "-D", domain)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("step", nargs="?", choices=("all", "compile"), default="all")
    step = parser.parse_args(argv).step
    for domain, folder, options in domains():
        template = folder / f"{domain}.pot"
        if step == "all":
            extract(domain, folder, options, template)
            update(domain, folder, template)
        compile_mo(domain, folder)
    return 0


def copy_tree(folder: Path, domain: str, to: Path) -> Path:
    """A copy of ``domain``'s template and catalogues under ``to`` (the round-trip test works on copies)."""
    shutil.copytree(folder / "locale", to / "locale", ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(folder / f"{domain}.pot", to / f"{domain}.pot")
    return to


if __name__ == "__main__":
    sys.exit(main())
