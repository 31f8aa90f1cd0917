"""Pergamon's scoring functions (pure: used by the rules in state.py and the events)."""

from __future__ import annotations


def exhibited_objects(rings: list[tuple[int, ...] | None], right_types: tuple[int, ...], centuries: tuple[int, ...],
                      numbers: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Every complete object of the exhibited collections ``rings`` (by marker id) as (date, type, marker id):
    a find's right half and the next find's left half make an object dated by the first's century and the second's
    number (compared by PER-EVAL-2 and the final bonus)."""
    out = []
    for m, ring in enumerate(rings):
        if ring is None:
            continue
        k = len(ring)
        for i in range(k):
            x = ring[i]
            out.append((centuries[x] * 100 + numbers[ring[(i + 1) % k]], right_types[x], m))
    return out
