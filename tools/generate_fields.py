"""Write each game's ``state_base.py`` from the field table its descriptor names (``games/<game>/fields.py``); see
``core.fields``.

Usage: ``python tools/generate_fields.py`` (``--check``: exit 1, writing nothing, when a file is out of date).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from museion.core.descriptor import GameDescriptor, descriptors
from museion.core.fields import render_state_base


def expected(game: GameDescriptor, table_file: Path) -> str:
    """The text the game's ``state_base.py`` must have."""
    # Loaded by path, not as ``<package>.fields``: importing the game's modules needs this very file.
    spec = importlib.util.spec_from_file_location(f"_fields_{game.name}", table_file)
    assert spec and spec.loader
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    game_class = game.game.partition(":")[2]
    title = game_class.removesuffix("Game")
    shown = table_file.relative_to(game.folder.parent.parent).as_posix()  # games/<game>/fields.py
    return render_state_base(f"{title}StateBase", title, shown, table.FIELDS)


def main(argv: list[str]) -> int:
    stale = []
    for game in descriptors().values():
        table_file = game.path(game.fields)
        if table_file is None or not table_file.exists():
            continue
        path, text = table_file.parent / "state_base.py", expected(game, table_file)
        if not path.exists() or path.read_text() != text:
            stale.append(str(path))
            if "--check" not in argv:
                path.write_text(text)
    for path in stale:
        print(("out of date: " if "--check" in argv else "wrote ") + path)
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
