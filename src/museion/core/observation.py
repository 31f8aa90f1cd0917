"""Observation tensor layouts as named pieces (as OpenSpiel's observers declare them): each piece has a name, a
size and a docstring; offsets and the total size follow from the order, so nothing advances offsets by hand and
the documentation table comes from the same declaration (``Layout.table()``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Piece(NamedTuple):
    """One named run of floats in an observation tensor."""

    name: str
    size: int
    doc: str


class Layout:
    """Pieces in tensor order; ``offset[name]`` is where a piece starts, ``size`` the tensor's length."""

    def __init__(self, pieces: tuple[Piece, ...] | list[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.offset: dict[str, int] = {}
        at = 0
        for piece in self.pieces:
            if piece.name in self.offset or piece.size < 0:
                raise ValueError(f"piece {piece.name!r}: names must be unique and sizes >= 0")
            self.offset[piece.name] = at
            at += piece.size
        self.size = at

    def table(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning), for the docs."""
        rows = ["| offset | size | piece | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {self.offset[p.name]} | {p.size} | `{p.name}` | {p.doc} |" for p in self.pieces]
        return "\n".join(rows)


def table_by(layouts: Mapping[str, Layout]) -> str:
    """Layouts of the same pieces for several configurations (``{"2 players": layout, ...}``) as one Markdown
    table, each cell ``size @ offset``, for the docs of a game whose pieces grow with the player count."""
    first = next(iter(layouts.values()))
    names = [p.name for p in first.pieces]
    if any([p.name for p in layout.pieces] != names for layout in layouts.values()):
        raise ValueError("the layouts of one table must have the same pieces in the same order")
    rows = ["| piece | " + " | ".join(f"{label}: size @ offset" for label in layouts) + " | meaning |",
            "|---|" + "---:|" * len(layouts) + "---|"]
    for piece in first.pieces:
        cells = " | ".join(f"{layout.pieces[names.index(piece.name)].size} @ {layout.offset[piece.name]}"
                           for layout in layouts.values())
        rows.append(f"| `{piece.name}` | {cells} | {piece.doc} |")
    rows.append("| total | " + " | ".join(str(layout.size) for layout in layouts.values()) + " | |")
    return "\n".join(rows)
