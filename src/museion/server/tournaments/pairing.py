"""Who plays whom, in which seat, and the standings: pure functions of the games played so far (no database), so
every process computes the same answer from the same rows.

- **Swiss** (two players): the FIDE Dutch system of ``pairing-core`` (score groups, no rematch, colours balanced:
  seat 0 moves first, as white; a pairing-allocated bye for an odd count, at most once a player).
- **Groups** (three or four players): players in order of standing, cut into tables of the game's size; seats
  rotated across rounds (the order of seats at a table that repeats the fewest seats each player had); the lowest
  placed players left over when the count does not divide sit the round out with a bye.
- **Arena** (any size): whoever is free is seated again at once, next to the free players of similar standing,
  avoiding the opponents of their last game when another choice exists.

Points: a game gives each seat one point per seat it finished above and half a point per seat it tied with (two
players: 1, ½, 0). A Swiss bye gives 1 (a won game, as the Swiss rules say), a groups bye half the points of a
table, absence 0. Tie-breaks: Buchholz (the sum of the final points of every opponent met) in Swiss, the total of
the game scores in groups and arena."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from pairing_core import DUTCH_TILL2026_COMPAT, CanonicalPlayer, CanonicalRequest, pair_canonical
from pairing_core.errors import ImpossiblePairingError

from museion.server.ratings.model import ranks

BYE = "bye"
ABSENT = "absent"
GAME = "game"


@dataclass(frozen=True)
class Played:
    """One row of a tournament's games: a table (accounts in seat order), a bye or an absence."""

    round: int
    kind: str
    accounts: tuple[int, ...]
    points: tuple[float, ...] | None  # None: still being played
    scores: tuple[float, ...] = ()


@dataclass
class Standing:
    """One player's place: points, tie-break, and what pairing needs to know of their past."""

    account_id: int
    number: int
    points: float = 0.0
    tiebreak: float = 0.0
    opponents: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)  # the seat of each round in order; -1: a bye or absent
    byes: int = 0
    last: frozenset[int] = frozenset()  # the opponents of the latest game
    playing: bool = False


def placement_points(scores: Sequence[float], winners: Sequence[int], abandoned: Sequence[bool]) -> list[float]:
    """Each seat's tournament points: one per seat it finished above, half per seat it tied with."""
    order = ranks(scores, winners, abandoned)
    return [sum(1.0 if mine < other else 0.5 if mine == other else 0.0 for j, other in enumerate(order) if j != i)
            for i, mine in enumerate(order)]


def bye_points(fmt: str, players: int) -> float:
    """A bye's points: a won game in Swiss, half a table's points in groups."""
    return 1.0 if fmt == "swiss" else (players - 1) / 2


def standings(fmt: str, players: int, numbers: dict[int, int], games: Sequence[Played]) -> list[Standing]:
    """Every player's standing, the best first (points, then the tie-break, then who joined first)."""
    table = {a: Standing(a, n) for a, n in numbers.items()}
    for game in sorted(games, key=lambda g: g.round):
        _count(table, fmt, players, game)
    for s in table.values():
        if fmt == "swiss":
            s.tiebreak = sum(table[o].points for o in s.opponents if o in table)
    return sorted(table.values(), key=lambda s: (-s.points, -s.tiebreak, s.number))


def _count(table: dict[int, Standing], fmt: str, players: int, game: Played) -> None:
    for seat, account in enumerate(game.accounts):
        s = table.get(account)
        if s is None:
            continue
        if game.kind != GAME:
            s.seats.append(-1)
            s.byes += game.kind == BYE
            s.points += bye_points(fmt, players) if game.kind == BYE else 0.0
            continue
        others = [a for a in game.accounts if a != account]
        s.seats.append(seat)
        s.opponents += others
        s.last = frozenset(others)
        if game.points is None:
            s.playing = True
            continue
        s.points += game.points[seat]
        s.tiebreak += game.scores[seat] if fmt != "swiss" and len(game.scores) > seat else 0.0


@dataclass(frozen=True)
class Round:
    """A round's pairings: tables (accounts in seat order) and the byes."""

    tables: list[tuple[int, ...]]
    byes: list[int]


def swiss(present: Sequence[Standing], round_no: int) -> Round | None:
    """The Dutch system's pairing of the present players for round ``round_no``; None when no pairing without a
    rematch exists (the tournament is over)."""
    if len(present) < 2:
        return Round([], [s.account_id for s in present])
    ordered = sorted(present, key=lambda s: s.number)
    players = tuple(CanonicalPlayer(id=s.account_id, pairing_no=i, rating=1500, points=s.points,
                                    color_hist="".join("-" if seat < 0 else "wb"[seat] for seat in s.seats),
                                    opponents=tuple(s.opponents), received_bye=s.byes > 0)
                    for i, s in enumerate(ordered, start=1))
    try:
        found = pair_canonical(CanonicalRequest(players=players, ruleset=DUTCH_TILL2026_COMPAT,
                                                round_number=round_no))
    except ImpossiblePairingError:
        return None
    tables: list[tuple[int, ...]] = [(int(p.white_id), int(p.black_id)) for p in found.pairings
                                     if not p.is_bye and p.black_id is not None]
    return Round(tables, [found.bye_player_id] if found.bye_player_id is not None else [])


def seat_order(group: Sequence[Standing]) -> tuple[int, ...]:
    """The order of seats that gives each player the seats they had least (ties: the standing's order)."""
    def repeats(order: tuple[Standing, ...]) -> int:
        return sum(s.seats.count(seat) for seat, s in enumerate(order))
    best = min(itertools.permutations(group), key=repeats)
    return tuple(s.account_id for s in best)


def groups(present: Sequence[Standing], size: int) -> Round:
    """Tables of ``size`` players of similar standing (``present`` is in order of standing); the last
    ``len % size`` players have the bye, or the lowest placed who had none yet."""
    left = len(present) % size
    byes: list[Standing] = []
    if left:
        byes = sorted(reversed(present), key=lambda s: s.byes)[:left]
    out = {s.account_id for s in byes}
    playing = [s for s in present if s.account_id not in out]
    tables = [seat_order(playing[i:i + size]) for i in range(0, len(playing), size)]
    return Round(tables, [s.account_id for s in byes])


def arena(free: Sequence[Standing], size: int) -> list[tuple[int, ...]]:
    """Tables for the free players (in order of standing): each takes the next players of similar standing,
    preferring those it did not just play."""
    waiting = list(free)
    tables = []
    while len(waiting) >= size:
        group = [waiting.pop(0)]
        while len(group) < size:
            met = set().union(*(g.last for g in group))
            fresh = [s for s in waiting if s.account_id not in met]
            pick = fresh[0] if fresh else waiting[0]
            waiting.remove(pick)
            group.append(pick)
        tables.append(seat_order(group))
    return tables
