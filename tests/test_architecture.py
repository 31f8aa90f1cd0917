"""The import structure stays as declared: the import-linter contracts in pyproject.toml ([tool.importlinter]: core
knows no game, games are independent of each other, no cycles in core or a game) and the layers within each game
installed (``GAME_LAYERS``, one contract per ``museion.games`` entry point, so a game added by entry point is held to
them and to the others too) are kept,
and no module of museion.core or museion.games imports inside a function (an import hidden in a function is how a
cycle creeps back in: the contracts would still see it, but only the module level shows the structure)."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest
from importlinter import api  # noqa: F401  (its import configures import-linter, as `lint-imports` does)
from importlinter.application import use_cases
from importlinter.application.user_options import UserOptions

from museion.core.descriptor import descriptors

ROOT = Path(__file__).parents[1]
PACKAGES = [ROOT / "src" / "museion" / "core", ROOT / "src" / "museion" / "games"]


GAME_LAYERS = [
    "explain | render | targets",
    "events",
    "state",
    "evaluate | view",
    "actions | rules | state_base | game",
    "scoring",
    "tables",
    "data | fields | text | web_text",
]
"""The layers within a game, top to bottom (the same file names in every game folder; ``a | b``: independent of
each other; ``game``: the module of a game that keeps its rules and state in one, as examples/nim): a module
imports only modules of the layers below its own. A game is held to the layers of the files it has; its other
modules (``tutorial``, ``guide``, ``__init__``) are free."""


def game_layers(package: str, folder: Path) -> dict[str, object]:
    """The layers contract of one game: ``GAME_LAYERS`` cut down to the modules the game's folder holds."""
    present = [" | ".join(name for name in layer.split(" | ")
                          if (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists())
               for layer in GAME_LAYERS]
    return {"name": f"layers within the game {package}", "id": f"layers-{package}", "type": "layers",
            "containers": [package], "layers": [layer for layer in present if layer]}


def contracts_with_the_games(games: dict[str, Path]) -> UserOptions:
    """pyproject's contracts, with every installed game (``package -> folder``, from the ``museion.games`` entry
    points) held to them: its own layers contract, independent of the other games, unknown to the core, and its
    top-level package (a game installed on its own, such as ``examples/nim``) in the graph."""
    options = use_cases.read_user_options(str(ROOT / "pyproject.toml"))
    roots = options.session_options["root_packages"]
    roots += sorted({package.split(".")[0] for package in games} - set(roots))
    outside = sorted(package for package in games if not package.startswith("museion."))
    for contract in options.contracts_options:
        if contract.get("id") == "games-independent":
            contract["modules"] = [*contract["modules"], *outside]
        if contract.get("id") == "core-knows-no-game":
            contract["forbidden_modules"] = [*contract["forbidden_modules"], *outside]
    options.contracts_options += [game_layers(package, folder) for package, folder in sorted(games.items())]
    return options


def broken_contracts(options: UserOptions) -> list[str]:
    """The names of the contracts broken, each with import-linter's account of the imports that break it."""
    use_cases._register_built_in_contract_types()  # what `lint-imports` sets up before its report (no public call)
    report = use_cases.create_report(options, cache_dir=None)
    assert not report.could_not_run and not report.invalid_contract_options, report.invalid_contract_options
    return [f"{contract.name}: {check.warnings} {check.metadata}"
            for contract, check in report.get_contracts_and_checks() if not check.kept]


def installed_games() -> dict[str, Path]:
    return {found.package: found.folder for found in descriptors().values()}


def test_every_installed_game_is_held_to_the_contracts():
    games = installed_games()
    assert {"museion.games.tholos", "museion_nim"} <= set(games), "examples/nim is installed by make test"
    layers = {contract["containers"][0] for contract in contracts_with_the_games(games).contracts_options
              if contract["type"] == "layers"}
    assert layers == set(games)


def test_the_import_contracts_are_kept():
    broken = broken_contracts(contracts_with_the_games(installed_games()))
    assert not broken, "\n".join(broken)


def test_a_game_module_importing_upward_breaks_its_layers(tmp_path, monkeypatch):
    """The check can fail: a game whose rules import its explainer (a layer above) breaks its layers contract."""
    folder = tmp_path / "upward_game"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "explain.py").write_text("from upward_game import rules\n")
    (folder / "rules.py").write_text("from upward_game import explain\n")
    (folder / "text.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    options = contracts_with_the_games({"upward_game": folder})
    options.contracts_options = [c for c in options.contracts_options if c.get("id") == "layers-upward_game"]
    assert options.contracts_options[0]["layers"] == ["explain", "rules", "text"]
    broken = broken_contracts(options)
    assert len(broken) == 1 and "upward_game.rules" in broken[0] and "upward_game.explain" in broken[0], broken


def function_level_imports(source: str) -> list[int]:
    """Line numbers of import statements that are not at module level (nor in a module-level ``if`` block, such as
    ``if TYPE_CHECKING:``)."""
    found = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and not top:
                found.append(child.lineno)
            nested = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            visit(child, top and not nested and isinstance(child, ast.If | ast.Try))

    visit(ast.parse(source), True)
    return found


def test_the_check_finds_function_level_imports():
    source = "from a import b\nif X:\n    import c\ndef f():\n    import d\nclass C:\n    def g(self):\n" \
             "        if y:\n            from e import f\n"
    assert function_level_imports(source) == [5, 9]


@pytest.mark.parametrize("path", sorted(p for package in PACKAGES for p in package.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT / "src")))
def test_no_function_level_import(path):
    lines = function_level_imports(path.read_text())
    assert not lines, f"{path.relative_to(ROOT)}: imports inside a function at lines {lines}; import at module level"


COMPLEXITY = ["server", "core"]
"""The packages held to radon's limits (no function of rank D or worse)."""
CLASS_SIZE = ["server", "core"]
"""The packages whose classes stay under MAX_CLASS_LINES."""
MAX_CLASS_LINES = 300


@pytest.mark.parametrize("package", COMPLEXITY)
def test_no_function_of_cyclomatic_rank_d_or_worse(package):
    radon = Path(sys.executable).parent / "radon"
    done = subprocess.run([str(radon), "cc", "-s", "-n", "D", str(ROOT / "src" / "museion" / package)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not done.stdout.strip(), f"split these functions (radon rank D or worse):\n{done.stdout}"


@pytest.mark.parametrize("package", CLASS_SIZE)
def test_no_class_over_300_lines(package):
    long = [f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in sorted((ROOT / "src" / "museion" / package).rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES]
    assert not long, "split these classes:\n" + "\n".join(long)


@pytest.mark.parametrize("path", sorted((ROOT / "src" / "museion" / "server").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT / "src")))
def test_no_type_only_import_in_the_server(path):
    """The contracts skip imports under ``if TYPE_CHECKING:``; the server has none, so its acyclic contract sees
    every arrow (a type-only cycle cannot hide there)."""
    found = [node.lineno for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.If)
             and "TYPE_CHECKING" in ast.unparse(node.test)]
    assert not found, f"{path.relative_to(ROOT)}: imports under TYPE_CHECKING at lines {found}"


MAX_SERVER_FILE_LINES = 400
"""A room of the server that grows past this is split by what it holds (issue 43: app.py, storage.py and models.py
had grown to 900, 750 and 680 lines). Alembic's revisions are history, not rooms: they are not counted."""


def long_files(folder: Path, limit: int) -> list[str]:
    """The ``.py`` files under ``folder`` (outside ``migrations/``) over ``limit`` lines, with their counts."""
    found = [(path, len(path.read_text().splitlines())) for path in sorted(folder.rglob("*.py"))
             if "migrations" not in path.relative_to(folder).parts]
    return [f"{path.relative_to(folder)} ({lines} lines)" for path, lines in found if lines > limit]


def test_no_server_file_over_400_lines():
    long = long_files(ROOT / "src" / "museion" / "server", MAX_SERVER_FILE_LINES)
    assert not long, "split these files by what they hold:\n" + "\n".join(long)


def test_the_file_length_check_sees_a_long_file_and_skips_the_migrations(tmp_path):
    (tmp_path / "room").mkdir()
    (tmp_path / "migrations" / "versions").mkdir(parents=True)
    (tmp_path / "room" / "big.py").write_text("x = 1\n" * 401)
    (tmp_path / "room" / "fits.py").write_text("x = 1\n" * 400)
    (tmp_path / "migrations" / "versions" / "0001_old.py").write_text("x = 1\n" * 900)
    assert long_files(tmp_path, 400) == [f"{Path('room') / 'big.py'} (401 lines)"]
