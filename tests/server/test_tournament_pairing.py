"""Tournament pairing and standings without a server (server/tournaments/pairing.py): a Swiss never pairs a rematch,
balances seats (colours), gives the bye to the lowest player without one and counts it as a win; Buchholz sums
the opponents' points; groups rotate seats and sit players of similar standing together; the arena seats the free
players again, avoiding their last opponents."""

from __future__ import annotations

import pytest

pytest.importorskip("pairing_core")

from museion.server.tournaments import pairing  # noqa: E402
from museion.server.tournaments.pairing import BYE, GAME, Played  # noqa: E402


def _play(fmt: str, size: int, numbers: dict[int, int], rounds: int, winner=min) -> list[Played]:
    """Play ``rounds`` rounds where the lower (``min``) account id wins every table."""
    games: list[Played] = []
    for number in range(1, rounds + 1):
        ranked = pairing.standings(fmt, size, numbers, games)
        made = pairing.swiss(ranked, number) if fmt == "swiss" else pairing.groups(ranked, size)
        assert made is not None
        for table in made.tables:
            order = sorted(table, key=lambda a: a != winner(table))
            points = [float(size - 1 - order.index(a)) for a in table]
            games.append(Played(number, GAME, table, tuple(points), tuple(points)))
        games += [Played(number, BYE, (a,), (pairing.bye_points(fmt, size),)) for a in made.byes]
    return games


def test_a_swiss_of_six_has_no_rematch_and_balanced_seats_over_five_rounds():
    numbers = {a: a for a in range(1, 7)}
    games = _play("swiss", 2, numbers, 5)
    met = [frozenset(g.accounts) for g in games if g.kind == GAME]
    assert len(met) == 15 and len(set(met)) == 15  # a round robin: everyone met everyone once
    for a in numbers:
        seats = [g.accounts.index(a) for g in games if a in g.accounts]
        assert abs(seats.count(0) - seats.count(1)) <= 1, (a, seats)
        assert all(len(set(seats[i:i + 3])) == 2 for i in range(len(seats) - 2)), (a, seats)  # no seat 3 times
    assert pairing.swiss(pairing.standings("swiss", 2, numbers, games), 6) is None  # no pairing left: over


def test_a_swiss_of_five_gives_each_bye_once_to_a_low_player_as_a_win():
    numbers = {a: a for a in range(1, 6)}
    games = _play("swiss", 2, numbers, 3)
    byes = [g.accounts[0] for g in games if g.kind == BYE]
    assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never the same player twice
    assert byes[0] == 5  # round 1: the last pairing number
    for number, bye in enumerate(byes[1:], start=2):
        before = pairing.standings("swiss", 2, numbers, [g for g in games if g.round < number])
        eligible = [s.points for s in before if s.byes == 0]
        assert next(s.points for s in before if s.account_id == bye) == min(eligible)  # the lowest score without one
    table = {s.account_id: s for s in pairing.standings("swiss", 2, numbers, games)}
    assert table[byes[0]].byes == 1 and table[byes[0]].seats.count(-1) == 1


def test_buchholz_is_the_sum_of_the_opponents_points():
    numbers = {1: 1, 2: 2, 3: 3, 4: 4}
    games = [Played(1, GAME, (1, 2), (1.0, 0.0)), Played(1, GAME, (3, 4), (0.5, 0.5)),
             Played(2, GAME, (1, 3), (1.0, 0.0)), Played(2, GAME, (4, 2), (0.0, 1.0))]
    table = {s.account_id: s for s in pairing.standings("swiss", 2, numbers, games)}
    assert [table[a].points for a in (1, 2, 3, 4)] == [2.0, 1.0, 0.5, 0.5]
    assert table[1].tiebreak == 1.0 + 0.5  # met 2 (1 point) and 3 (half a point)
    assert table[4].tiebreak == 0.5 + 1.0  # met 3 and 2
    assert table[3].tiebreak == 0.5 + 2.0
    ranked = pairing.standings("swiss", 2, numbers, games)
    assert [s.account_id for s in ranked] == [1, 2, 3, 4]  # 3 and 4 level on points: Buchholz puts 3 first


def test_groups_of_three_rotate_seats_and_sit_the_leaders_together():
    numbers = {a: a for a in range(1, 7)}
    games = _play("groups", 3, numbers, 3)
    for a in numbers:
        seats = [g.accounts.index(a) for g in games if a in g.accounts]
        assert seats[0] != seats[1] and len(set(seats)) >= 2, (a, seats)  # a new seat in round 2, never 3 alike
    ranked = pairing.standings("groups", 3, numbers, [g for g in games if g.round < 3])
    third = [set(g.accounts) for g in games if g.round == 3]
    assert {s.account_id for s in ranked[:3]} in third  # the top three of the standings play each other


def test_groups_give_the_leftover_bye_to_the_lowest_without_one():
    numbers = {a: a for a in range(1, 8)}
    games = _play("groups", 3, numbers, 2)
    byes = [g.accounts[0] for g in games if g.kind == BYE]
    assert len(byes) == 2 and byes[0] != byes[1]
    assert [g.points for g in games if g.kind == BYE] == [(1.0,), (1.0,)]  # half of a table's 2 points


def test_placement_points_count_seats_beaten_and_ties_and_a_forfeit_loses():
    assert pairing.placement_points([10, 4], [0], [False, False]) == [1.0, 0.0]
    assert pairing.placement_points([3, 3], [0, 1], [False, False]) == [0.5, 0.5]
    assert pairing.placement_points([9, 5, 5, 1], [0], [False, False, False, False]) == [3.0, 1.5, 1.5, 0.0]
    assert pairing.placement_points([9, 1], [0], [True, False]) == [0.0, 1.0]  # lost on time whatever the score


def test_the_arena_seats_free_players_again_avoiding_their_last_opponent():
    numbers = {a: a for a in range(1, 5)}
    games = [Played(1, GAME, (1, 2), (1.0, 0.0)), Played(1, GAME, (3, 4), (1.0, 0.0))]
    free = pairing.standings("arena", 2, numbers, games)
    assert [s.account_id for s in free] == [1, 3, 2, 4]
    tables = pairing.arena(free, 2)
    assert {frozenset(t) for t in tables} == {frozenset((1, 3)), frozenset((2, 4))}
    only = [s for s in free if s.account_id in (1, 2)]
    assert [frozenset(t) for t in pairing.arena(only, 2)] == [frozenset((1, 2))]  # nobody else free: again
    assert pairing.arena(only[:1], 2) == []
