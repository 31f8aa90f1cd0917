"""docs/cli.md lists every subcommand of ``museion`` and every one of its flags, as the parser has them
(``tools/generate_cli_docs.py`` writes its reference section from ``museion.cli.build_parser``)."""

import importlib.util
import re
from pathlib import Path

import pytest

from museion.cli import build_parser

ROOT = Path(__file__).parents[1]
spec = importlib.util.spec_from_file_location("generate_cli_docs", ROOT / "tools" / "generate_cli_docs.py")
generator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generator)

DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
COMMANDS = generator.subcommands(build_parser())


def test_the_generator_finds_every_subcommand():
    assert {"play", "simulate", "check", "bench", "replay", "rules", "games", "arena", "selfplay", "analyze",
            "balance", "train", "serve"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_subcommand_and_flag_is_listed(name):
    _, parser = COMMANDS[name]
    if parser.get_default("needs_extra"):
        pytest.skip(f"museion {name}: its extra is not installed")
    headed = DOC.split(f"### museion {name}\n", 1)
    assert len(headed) == 2, f"docs/cli.md has no section for museion {name}"
    section = re.split(r"\n### ", headed[1], maxsplit=1)[0]
    _, rows, _ = generator._flag_rows(parser)
    for row in rows:
        assert row in section, f"museion {name}: docs/cli.md lacks {row.split('|')[1].strip()}"


def test_the_reference_is_current():
    if any(parser.get_default("needs_extra") for _, parser in COMMANDS.values()):
        pytest.skip("an extra is missing, so some subcommands are only placeholders")
    assert generator.render(DOC) == DOC, "docs/cli.md is out of date: run python tools/generate_cli_docs.py"
