"""Tholos scoring functions (pure: used by the rules in state.py, the evaluation, the views and the tests)."""

from __future__ import annotations

from museion.games.tholos import data


def column_heights(orn: tuple[int, ...]) -> tuple[int, ...]:
    """The highest each column may grow, by its ornament (THO-ORN-7)."""
    return tuple(data.COLUMN_HEIGHT_ORNAMENT_7 if k == 7 else data.COLUMN_HEIGHT for k in orn)


def column_result(col: tuple[int, ...], ornament: int = 0) -> tuple[int, int]:
    """Who wins one column and their points: ``(-1, 0)`` when nobody does.

    >>> column_result((0, 0, 2, 1, 2))  # W,W,G,B,G: White, 1+1-2+3-2
    (0, 1)
    """
    w, b = col.count(0), col.count(1)
    if w == b:
        return -1, 0
    if ornament == 2:  # THO-ORN-2: fewer stones of one's colour wins
        winner = 0 if w < b else 1
    else:
        winner = 0 if w > b else 1
    own, rival = (w, b) if winner == 0 else (b, w)
    grey_value = (
        data.GREY_POINTS_ORNAMENT_3 if ornament == 3 else data.GREY_POINTS_ORNAMENT_4 if ornament == 4
        else data.POINTS_GREY
    )
    points = own * data.POINTS_OWN + rival * data.POINTS_RIVAL + (len(col) - w - b) * grey_value
    if ornament == 1:
        points += data.ORNAMENT_1_BONUS
    return winner, points


def ranking_winners(scores: list[float], columns_won: list[int]) -> list[int]:
    """THO-SCORE-3: highest total, then more columns won, else a draw (both win)."""
    best = max(zip(scores, columns_won, strict=True))
    return [p for p in (0, 1) if (scores[p], columns_won[p]) == best]


def column_results(columns: list[tuple[int, ...]], ornaments: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(winner or -1, points)`` for each column, as if the game ended now (THO-SCORE-1/2, THO-ORN-1..4)."""
    return [column_result(col, k) for col, k in zip(columns, ornaments, strict=True)]


def columns_won(results: list[tuple[int, int]]) -> list[int]:
    """How many columns each player wins, from :func:`column_results`."""
    won = [0, 0]
    for winner, _ in results:
        if winner >= 0:
            won[winner] += 1
    return won
