"""The ``>>>`` examples of museion's docstrings run and show what they say (the contract is taught by
``core/game.py``'s, as python-chess teaches its board by doctest). Only the modules that hold an example are
imported, so the run costs a few of them; it runs in the pure pass of ``make test``."""
import doctest
import importlib
import types
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def modules_with_examples() -> list[str]:
    return sorted(".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
                  for path in (SRC / "museion").rglob("*.py") if ">>>" in path.read_text())


def run_examples(module: types.ModuleType) -> doctest.TestResults:
    return doctest.testmod(module, optionflags=FLAGS, verbose=False, report=False)


def test_the_game_contract_is_taught_by_example():
    assert "museion.core.game" in modules_with_examples()


@pytest.mark.parametrize("name", modules_with_examples())
def test_the_examples_run(name, capsys):
    results = run_examples(importlib.import_module(name))
    assert results.failed == 0, capsys.readouterr().out
    assert results.attempted > 0


def test_a_wrong_example_fails():
    """The check can fail: an example whose output is not what the docstring says is counted as failed."""
    module = types.ModuleType("wrong", '>>> 1 + 1\n3\n')
    module.__test__ = {}
    assert run_examples(module).failed == 1
