"""Imhotep's scoring functions (pure: used by the rules in state.py, the evaluation and the tests)."""

from __future__ import annotations

from museion.games.imhotep import data
from museion.games.imhotep.data import PYRAMID_VALUES


def pyramid_value(k: int) -> int:
    """Points of the k-th stone (from 0) delivered to the pyramid (IMH-PYR-1/2)."""
    return PYRAMID_VALUES[k] if k < len(PYRAMID_VALUES) else data.PYRAMID_BESIDE_POINTS


def burial_points(burial: list[int], n: int) -> list[int]:
    """IMH-BURIAL-2: every orthogonally connected one-colour group of the 3-row chamber scores by its size."""
    rows = data.BURIAL_ROWS
    size = len(burial)
    seen = [False] * size
    points = [0] * n
    for k in range(size):
        if seen[k]:
            continue
        owner = burial[k]
        seen[k] = True
        stack, group = [k], 0
        while stack:
            c = stack.pop()
            group += 1
            row = c % rows
            for d in (c - rows, c + rows, c - 1 if row > 0 else -1, c + 1 if row < rows - 1 else -1):
                if 0 <= d < size and not seen[d] and burial[d] == owner:
                    seen[d] = True
                    stack.append(d)
        points[owner] += group_points(group)
    return points


def group_points(size: int) -> int:
    table = data.BURIAL_GROUP_POINTS
    if size < len(table):
        return table[size]
    return table[-1] + data.BURIAL_GROUP_EXTRA * (size - len(table) + 1)


def statue_points(count: int) -> int:
    """IMH-CARD-PURPLE-1."""
    table = data.STATUE_POINTS
    if count < len(table):
        return table[count]
    return table[-1] + data.STATUE_EXTRA * (count - len(table) + 1)


def obelisk_points(heights: list[int], table: tuple[int, ...]) -> list[int]:
    """IMH-OBEL-1/2: rank by height among players with a stone; tied players share their places' points."""
    points = [0] * len(heights)
    place = 0
    for h in sorted({h for h in heights if h > 0}, reverse=True):
        tied = [p for p, x in enumerate(heights) if x == h]
        share = sum(table[place:place + len(tied)]) // len(tied)
        for p in tied:
            points[p] = share
        place += len(tied)
    return points


def site_stones(pyramid: list[int], temple: list[int], burial: list[int], obelisks: list[int],
                p: int) -> tuple[int, int, int, int]:
    """Stones of player ``p`` at the pyramid, temple, burial chamber and obelisks."""
    return pyramid.count(p), temple.count(p), burial.count(p), obelisks[p]
