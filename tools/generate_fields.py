"""Write each game's ``state_base.py`` from its field table (``games/<game>/fields.py``); see ``core.fields``.

Usage: ``python tools/generate_fields.py`` (``--check``: exit 1, writing nothing, when a file is out of date).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from museion.core.fields import render_state_base

GAMES = {"tholos": "Tholos", "imhotep": "Imhotep", "pergamon": "Pergamon"}
ROOT = Path(__file__).resolve().parent.parent / "src" / "museion" / "games"


def expected(game: str) -> str:
    """The text ``games/<game>/state_base.py`` must have."""
    # Loaded by path, not as ``museion.games.<game>.fields``: importing the game package needs this very file.
    spec = importlib.util.spec_from_file_location(f"_fields_{game}", ROOT / game / "fields.py")
    assert spec and spec.loader
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    title = GAMES[game]
    return render_state_base(f"{title}StateBase", title, f"games/{game}/fields.py", table.FIELDS)


def main(argv: list[str]) -> int:
    stale = []
    for game in GAMES:
        if not (ROOT / game / "fields.py").exists():
            continue
        path, text = ROOT / game / "state_base.py", expected(game)
        if not path.exists() or path.read_text() != text:
            stale.append(str(path))
            if "--check" not in argv:
                path.write_text(text)
    for path in stale:
        print(("out of date: " if "--check" in argv else "wrote ") + path)
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
