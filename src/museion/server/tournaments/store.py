"""Tournaments in the database. Synchronous calls on the server's engine (run on the server's reader and writer
threads). Every step that must happen once whatever the number of processes (a round started, the tournament
finished) is a conditional ``UPDATE`` of the tournament's ``round`` and ``status``: the process whose update
changed the row does the step, the others see no row changed and leave it (a row lock on PostgreSQL, the single
writer on SQLite)."""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import Connection, Engine, and_, case, delete, func, insert, or_, select, update

from museion.server.accounts import store as account_store
from museion.server.accounts.schema import accounts_t
from museion.server.friends.presence import ONLINE, presence_t
from museion.server.storage.rows import seats_t, tables_t
from museion.server.tournaments import pairing
from museion.server.tournaments.schema import tournament_games_t, tournament_players_t, tournaments_t

MAX_PLAYERS = 64
"""Players one tournament takes."""
MAX_OPEN = 2
"""Tournaments not finished yet that one account may have created."""
LISTED = 50
"""Tournaments the list shows."""
ACTIVE = ("waiting", "running")
CLAIM = 60.0
"""Seconds a process that claimed a round has to write its tables before another process may take the round over."""


class Refused(Exception):
    """A join or withdrawal the tournament's state does not allow: ``code`` says which."""

    def __init__(self, code: str, args: dict[str, Any] | None = None) -> None:
        super().__init__(code)
        self.code, self.args_ = code, args or {}


def create(engine: Engine, values: dict[str, Any]) -> str | None:
    """Store a new tournament; its id, or None when its creator has ``MAX_OPEN`` unfinished ones."""
    with engine.begin() as conn:
        mine = conn.execute(select(func.count()).select_from(tournaments_t).where(
            tournaments_t.c.creator_id == values["creator_id"], tournaments_t.c.status.in_(ACTIVE))).scalar_one()
        if mine >= MAX_OPEN:
            return None
        tid = secrets.token_urlsafe(6)
        conn.execute(insert(tournaments_t).values(id=tid, status="waiting", round=0, created=time.time(), ends=None,
                                                  **values))
    return tid


def get(engine: Engine, tid: str) -> dict[str, Any] | None:
    """The tournament, its players (usernames, numbers, withdrawn) and its games: three reads."""
    with engine.connect() as conn:
        row = conn.execute(select(tournaments_t).where(tournaments_t.c.id == tid)).first()
        if row is None:
            return None
        players = conn.execute(select(tournament_players_t, accounts_t.c.username)
                               .join(accounts_t, accounts_t.c.id == tournament_players_t.c.account_id)
                               .where(tournament_players_t.c.tournament_id == tid)
                               .order_by(tournament_players_t.c.number)).all()
        games = conn.execute(select(tournament_games_t).where(tournament_games_t.c.tournament_id == tid)
                             .order_by(tournament_games_t.c.round, tournament_games_t.c.id)).all()
    return {"row": row, "players": players, "games": games}


def played(games: Any) -> list[pairing.Played]:
    """The games' rows as pairing reads them."""
    return [pairing.Played(g.round, g.kind, tuple(g.accounts), None if g.points is None else tuple(g.points),
                           tuple(g.scores or ())) for g in games]


def listing(engine: Engine) -> list[Any]:
    """The tournaments to come and being played (soonest first), then the latest finished: one read."""
    unfinished = case((tournaments_t.c.status == "finished", 1), else_=0)
    count = (select(func.count()).where(tournament_players_t.c.tournament_id == tournaments_t.c.id,
                                        tournament_players_t.c.withdrawn == 0).scalar_subquery())
    with engine.connect() as conn:
        return list(conn.execute(select(tournaments_t, count.label("entrants"))
                                 .order_by(unfinished, case((unfinished == 1, -tournaments_t.c.starts),
                                                            else_=tournaments_t.c.starts))
                                 .limit(LISTED)).all())


def entered(engine: Engine, account_id: int) -> set[str]:
    """The tournaments the account has entered and not withdrawn from (the list's Join or Withdraw): one read."""
    with engine.connect() as conn:
        return set(conn.execute(select(tournament_players_t.c.tournament_id).where(
            tournament_players_t.c.account_id == account_id, tournament_players_t.c.withdrawn == 0)).scalars())


def join(engine: Engine, tid: str, account_id: int, network: str) -> None:
    """Enter the tournament (again, after a withdrawal); :class:`Refused` says why not (a bot account only where
    bots are allowed: ``accounts.bot``, server/botapi)."""
    with engine.begin() as conn:
        row = conn.execute(select(tournaments_t).where(tournaments_t.c.id == tid)).first()
        if row is None:
            raise Refused("no_tournament")
        if row.status == "finished":
            raise Refused("tournament_over")
        is_bot = conn.execute(select(accounts_t.c.bot).where(accounts_t.c.id == account_id)).scalar()
        if is_bot and not row.bots_allowed:
            raise Refused("bots_not_allowed")
        where = and_(tournament_players_t.c.tournament_id == tid, tournament_players_t.c.account_id == account_id)
        if conn.execute(update(tournament_players_t).where(where).values(withdrawn=0, network=network)).rowcount:
            return
        entrants = conn.execute(select(func.count()).where(tournament_players_t.c.tournament_id == tid)).scalar_one()
        if entrants >= MAX_PLAYERS:
            raise Refused("tournament_full", {"cap": MAX_PLAYERS})
        conn.execute(insert(tournament_players_t).values(tournament_id=tid, account_id=account_id,
                                                         number=entrants + 1, network=network, withdrawn=0))


def withdraw(engine: Engine, tid: str, account_id: int) -> None:
    """Leave the tournament between rounds: refused while the player's game of the round is being played."""
    with engine.begin() as conn:
        row = conn.execute(select(tournaments_t.c.status).where(tournaments_t.c.id == tid)).first()
        if row is None:
            raise Refused("no_tournament")
        if row.status == "finished":
            raise Refused("tournament_over")
        if playing(conn, tid, account_id):
            raise Refused("game_in_progress")
        changed = conn.execute(update(tournament_players_t).where(
            tournament_players_t.c.tournament_id == tid, tournament_players_t.c.account_id == account_id)
            .values(withdrawn=1)).rowcount
        if not changed:
            raise Refused("not_entered")


def playing(conn: Connection, tid: str, account_id: int) -> bool:
    """Whether the account has a game of this tournament still being played."""
    rows = conn.execute(select(tournament_games_t.c.accounts).where(
        tournament_games_t.c.tournament_id == tid, tournament_games_t.c.points.is_(None))).scalars()
    return any(account_id in accounts for accounts in rows)


def due(engine: Engine, now: float) -> list[str]:
    """The tournaments the loop looks at: being played, or waiting with their start reached (one read)."""
    with engine.connect() as conn:
        return list(conn.execute(select(tournaments_t.c.id).where(or_(
            tournaments_t.c.status == "running",
            and_(tournaments_t.c.status == "waiting", tournaments_t.c.starts <= now)))).scalars())


def record(engine: Engine, tid: str) -> int:
    """Give the points of every game of the tournament whose table has ended (finished, or expired unplayed:
    nobody scores); how many were recorded. Idempotent: a game already recorded is left as it is."""
    with engine.begin() as conn:
        ended = conn.execute(select(tournament_games_t.c.id, tables_t.c.id.label("table"), tables_t.c.status,
                                    tables_t.c.scores, tables_t.c.winners)
                             .join(tables_t, tables_t.c.id == tournament_games_t.c.table_id)
                             .where(tournament_games_t.c.tournament_id == tid,
                                    tournament_games_t.c.points.is_(None),
                                    tables_t.c.status.in_(("finished", "expired")))).all()
        for game in ended:
            points, scores = _result(conn, game)
            conn.execute(update(tournament_games_t).where(tournament_games_t.c.id == game.id,
                                                          tournament_games_t.c.points.is_(None))
                         .values(points=points, scores=scores))
    return len(ended)


def _result(conn: Connection, game: Any) -> tuple[list[float], list[float]]:
    forfeits = dict(conn.execute(select(seats_t.c.seat, seats_t.c.forfeit).where(seats_t.c.table_id == game.table))
                    .tuples().all())
    n = len(forfeits)
    if game.status != "finished" or game.scores is None:
        return [0.0] * n, [0.0] * n
    scores = [float(s) for s in game.scores]
    abandoned = [bool(forfeits.get(seat)) for seat in range(n)]
    return pairing.placement_points(scores, list(game.winners or []), abandoned), scores


def claim(engine: Engine, tid: str, seen: int, status: str, ends: float | None = None) -> float | None:
    """Move the tournament from round ``seen`` to the next with ``status``: the claim's expiry for the one process
    whose update changed the row (it makes the round's tables before then, ``add_games``), else None."""
    lease = time.time() + CLAIM
    values: dict[str, Any] = {"round": seen + 1, "status": status, "claimed": lease}
    if ends is not None:
        values["ends"] = ends
    with engine.begin() as conn:
        changed = conn.execute(update(tournaments_t).where(tournaments_t.c.id == tid, tournaments_t.c.round == seen,
                                                           tournaments_t.c.status.in_(ACTIVE))
                               .values(**values)).rowcount
    return lease if changed else None


def take_over(engine: Engine, tid: str, seen: int, now: float) -> float | None:
    """Claim round ``seen`` again when the process that claimed it let its claim expire without writing its tables
    (it died between the two): the new expiry for the one process whose update changed the row, else None."""
    lease = now + CLAIM
    with engine.begin() as conn:
        changed = conn.execute(update(tournaments_t).where(
            tournaments_t.c.id == tid, tournaments_t.c.round == seen, tournaments_t.c.status == "running",
            tournaments_t.c.claimed.is_not(None), tournaments_t.c.claimed < now).values(claimed=lease)).rowcount
    return lease if changed else None


def finish(engine: Engine, tid: str, seen: int) -> bool:
    with engine.begin() as conn:
        return bool(conn.execute(update(tournaments_t).where(tournaments_t.c.id == tid, tournaments_t.c.round == seen,
                                                             tournaments_t.c.status == "running")
                                 .values(status="finished", ends=time.time(), claimed=None)).rowcount)


def add_games(engine: Engine, tid: str, round_no: int, rows: list[dict[str, Any]], lease: float) -> bool:
    """A round's tables, byes and absences, written with the end of the claim in one transaction; False (nothing
    written) when the claim ``lease`` is no longer this process's (it expired and another process took the round)."""
    with engine.begin() as conn:
        if not conn.execute(update(tournaments_t).where(tournaments_t.c.id == tid, tournaments_t.c.round == round_no,
                                                        tournaments_t.c.claimed == lease)
                            .values(claimed=None)).rowcount:
            return False
        if rows:
            conn.execute(insert(tournament_games_t), [{"tournament_id": tid, "round": round_no, "points": None,
                                                       "scores": None, "table_id": None, **r} for r in rows])
    return True


def present(engine: Engine, accounts: list[int], now: float) -> set[int]:
    """The accounts seen within ``friends.presence.ONLINE`` seconds (the lobby, a tournament's page, a seek)."""
    if not accounts:
        return set()
    with engine.connect() as conn:
        return set(conn.execute(select(presence_t.c.account_id).where(
            presence_t.c.account_id.in_(accounts), presence_t.c.seen > now - ONLINE)).scalars())


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The account's tournaments (``GET /api/me/data``): which it entered and whether it withdrew."""
    return {"tournaments": [{"tournament": r.tournament_id, "withdrawn": bool(r.withdrawn)} for r in conn.execute(
        select(tournament_players_t).where(tournament_players_t.c.account_id == account_id))]}


def forget(conn: Connection, account_id: int) -> None:
    conn.execute(delete(tournament_players_t).where(tournament_players_t.c.account_id == account_id))


account_store.PARTS.append((export, forget))  # the tournaments' share of an account's data, exported and forgotten
