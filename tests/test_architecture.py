"""The import structure stays as declared: the import-linter contracts in pyproject.toml ([tool.importlinter]: core
knows no game, games are independent of each other, layers within a game, no cycles in core or a game) are kept,
and no module of museion.core or museion.games imports inside a function (an import hidden in a function is how a
cycle creeps back in: the contracts would still see it, but only the module level shows the structure)."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = [ROOT / "src" / "museion" / "core", ROOT / "src" / "museion" / "games"]


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


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


@pytest.mark.parametrize("path", sorted((ROOT / "src" / "museion" / "server").glob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT / "src")))
def test_no_type_only_import_in_the_server(path):
    """The contracts skip imports under ``if TYPE_CHECKING:``; the server has none, so its acyclic contract sees
    every arrow (a type-only cycle cannot hide there)."""
    found = [node.lineno for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.If)
             and "TYPE_CHECKING" in ast.unparse(node.test)]
    assert not found, f"{path.relative_to(ROOT)}: imports under TYPE_CHECKING at lines {found}"
