"""Ratings in the database: a rated game settled in the transaction of its last move; the reads of the
leaderboard, a profile and an account's export; an account's rows removed with it. Synchronous calls on the
server's engine (the routes run them on a reader thread: one read each)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, String, and_, case, cast, delete, func, insert, literal, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from museion.server.accounts import store as account_store
from museion.server.accounts.schema import accounts_t
from museion.server.ratings import model
from museion.server.ratings.schema import profiles_t, rating_history_t, ratings_t
from museion.server.storage.rows import SeatRow, TableRow, seats_t, tables_t


@dataclass(frozen=True)
class Seat:
    """Who a seat of a finished rated game was for the ratings."""

    account_id: int | None
    """The account whose rating changes; None: a bot's fixed rating, or a deleted player's (nothing stored)."""
    fixed: tuple[float, float] | None
    """A bot's published (mu, sigma), which the game does not change."""
    abandoned: bool
    """The player's clock ran out and a bot played the seat to the end (or it was handed to one): a loss."""


def seat_of(game: str, players: int, row: SeatRow) -> Seat:
    abandoned = row.account_id is not None and (row.forfeit or row.standin is not None or row.kind == "bot")
    fixed = model.bot_rating(game, players, row.bot) if row.kind == "bot" and row.account_id is None else None
    return Seat(row.account_id, fixed, abandoned)


def settler(row: TableRow, final: tuple[list[float], list[int]]) -> Callable[[Connection], dict[int, Any]]:
    """What the final move's transaction runs for a rated table: the seats as they end the game, rated."""
    seats = [seat_of(row.game, len(row.seats), s) for s in row.seats]
    return lambda conn: settle(conn, row.id, row.game, seats, final)


def settle(conn: Connection, table_id: str, game: str, seats: list[Seat], final: tuple[list[float], list[int]]
           ) -> dict[int, dict[str, Any]]:
    """Update the ratings of the accounts at a finished rated table and store a history row for each, on
    ``conn`` (the transaction of the game's last move); each rated seat's change, as its player is told. An
    account that played ``model.PAIR_GAMES`` counted games against another account at the table within
    ``model.PAIR_WINDOW`` keeps its rating (its row says ``counted`` 0): ratings are not farmed between two
    accounts."""
    players, now = len(seats), time.time()
    accounts = [s.account_id for s in seats if s.account_id is not None]
    current = _current(conn, accounts, game, players, now)
    limited = _pair_limited(conn, accounts, now)
    before = [current[s.account_id][:2] if s.account_id is not None else s.fixed or (model.MU, model.SIGMA)
              for s in seats]
    order = model.ranks(final[0], final[1], [s.abandoned for s in seats])
    after = model.rate(before, order)
    out: dict[int, dict[str, Any]] = {}
    for p, seat in enumerate(seats):
        if seat.account_id is None:
            continue
        counted = seat.account_id not in limited
        games = current[seat.account_id][2] + counted
        (mu0, sigma0), (mu, sigma) = before[p], after[p] if counted else before[p]
        conn.execute(insert(rating_history_t).values(
            table_id=table_id, seat=p, account_id=seat.account_id, game=game, players=players, rank=order[p],
            abandoned=int(seat.abandoned), mu_before=mu0, sigma_before=sigma0, mu=mu, sigma=sigma, at=now,
            counted=int(counted)))
        if counted:
            opponents = current[seat.account_id][3]
            if opponents < model.LEADERBOARD_OPPONENTS:
                opponents = _opponents(conn, seat.account_id, game, players)
            conn.execute(update(ratings_t).where(_key(seat.account_id, game, players))
                         .values(mu=mu, sigma=sigma, games=games, updated=now, opponents=opponents))
        out[p] = change(mu0, mu, games, order[p], seat.abandoned, counted)
    return out


def _pair_limited(conn: Connection, accounts: list[int], now: float) -> set[int]:
    """The accounts of ``accounts`` that played ``model.PAIR_GAMES`` counted rated games against another of them
    within ``model.PAIR_WINDOW`` seconds before ``now`` (one indexed read per pair)."""
    mine, theirs = rating_history_t.alias("mine"), rating_history_t.alias("theirs")
    limited: set[int] = set()
    for i, a in enumerate(accounts):
        for b in accounts[i + 1:]:
            together = conn.execute(
                select(func.count()).select_from(mine.join(theirs, theirs.c.table_id == mine.c.table_id))
                .where(mine.c.account_id == a, theirs.c.account_id == b, mine.c.counted == 1, theirs.c.counted == 1,
                       mine.c.at > now - model.PAIR_WINDOW)).scalar_one()
            if together >= model.PAIR_GAMES:
                limited.update((a, b))
    return limited


def _opponents(conn: Connection, account_id: int, game: str, players: int) -> int:
    """The distinct opponents (other accounts, bot levels) of the account's counted rated games of ``game`` with
    ``players`` players, counted up to ``model.LEADERBOARD_OPPONENTS`` (the current game's row is stored)."""
    who = case((seats_t.c.account_id.is_not(None), literal("a") + cast(seats_t.c.account_id, String)),
               else_=literal("b") + seats_t.c.bot)
    query = (select(who).distinct()
             .select_from(rating_history_t.join(seats_t, and_(seats_t.c.table_id == rating_history_t.c.table_id,
                                                               seats_t.c.seat != rating_history_t.c.seat)))
             .where(rating_history_t.c.account_id == account_id, rating_history_t.c.game == game,
                    rating_history_t.c.players == players, rating_history_t.c.counted == 1,
                    or_(seats_t.c.account_id.is_not(None), seats_t.c.kind == "bot"))
             .limit(model.LEADERBOARD_OPPONENTS))
    return len(conn.execute(query).all())


def change(mu_before: float, mu: float, games: int, rank: int, abandoned: bool = False, counted: bool = True
           ) -> dict[str, Any]:
    """A rating change as the player is told it (``messages.RatingChange``)."""
    before, after = model.display(mu_before), model.display(mu)
    return {"before": before, "after": after, "change": after - before, "games": games, "rank": rank,
            "provisional": model.provisional(games), "abandoned": abandoned, "counted": counted}


def _key(account_id: int, game: str, players: int) -> Any:
    return and_(ratings_t.c.account_id == account_id, ratings_t.c.game == game, ratings_t.c.players == players)


def _current(conn: Connection, accounts: list[int], game: str, players: int, now: float
             ) -> dict[int, tuple[float, float, int, int]]:
    """(mu, sigma, games, opponents) of each account, its row made at the defaults if it had none, and locked until the
    transaction ends (PostgreSQL): two games ending at once for one player update it one after the other."""
    if not accounts:
        return {}
    make = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    conn.execute(make(ratings_t).values([
        {"account_id": a, "game": game, "players": players, "mu": model.MU, "sigma": model.SIGMA, "games": 0,
         "updated": now, "opponents": 0} for a in accounts]).on_conflict_do_nothing())
    rows = conn.execute(select(ratings_t).where(ratings_t.c.account_id.in_(accounts), ratings_t.c.game == game,
                                                ratings_t.c.players == players).with_for_update())
    return {r.account_id: (r.mu, r.sigma, r.games, r.opponents) for r in rows}


def changes_of(engine: Engine, table_id: str) -> dict[int, dict[str, Any]]:
    """The rating changes of a finished rated table, by seat (a table loaded again from storage): one read."""
    earlier = rating_history_t.alias("earlier")
    games = (select(func.count()).select_from(earlier)
             .where(earlier.c.account_id == rating_history_t.c.account_id, earlier.c.game == rating_history_t.c.game,
                    earlier.c.players == rating_history_t.c.players, earlier.c.id <= rating_history_t.c.id,
                    earlier.c.counted == 1)
             .scalar_subquery())
    with engine.connect() as conn:
        rows = conn.execute(select(rating_history_t, games.label("games_then"))
                            .where(rating_history_t.c.table_id == table_id)).all()
    return {r.seat: change(r.mu_before, r.mu, r.games_then, r.rank, bool(r.abandoned), bool(r.counted))
            for r in rows}


def seat_ratings(engine: Engine, game: str, players: int, accounts: dict[int, int]) -> dict[int, dict[str, Any]]:
    """The ratings the seats' accounts (seat -> account) have in ``game`` with ``players`` players, as a rated
    table shows them beside the names (an account without one: the start, provisional): one indexed read."""
    if not accounts:
        return {}
    with engine.connect() as conn:
        rows = {r.account_id: r for r in conn.execute(
            select(ratings_t.c.account_id, ratings_t.c.mu, ratings_t.c.games)
            .where(ratings_t.c.account_id.in_(list(accounts.values())), ratings_t.c.game == game,
                   ratings_t.c.players == players))}
    out = {}
    for seat, account in accounts.items():
        mu, games = (rows[account].mu, rows[account].games) if account in rows else (model.MU, 0)
        out[seat] = {"rating": model.display(mu), "provisional": model.provisional(games)}
    return out


# -- reads: the leaderboard, a profile, an account's own data ---------------------------------------------------
def leaderboard(engine: Engine, game: str, players: int, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
    """One page of the players who played counted rated games against ``model.LEADERBOARD_OPPONENTS`` different
    opponents and did not hide from the leaderboards (``profiles.show_ratings`` 0; no row: listed), settled
    ratings first (best first), then provisional ones (best first); and how many there are."""
    settled = case((ratings_t.c.games >= model.PROVISIONAL_GAMES, 0), else_=1)
    shown = (select(ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games, accounts_t.c.username)
             .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
             .outerjoin(profiles_t, profiles_t.c.account_id == ratings_t.c.account_id)
             .where(ratings_t.c.game == game, ratings_t.c.players == players, ratings_t.c.games > 0,
                    or_(profiles_t.c.show_ratings.is_(None), profiles_t.c.show_ratings == 1),
                    accounts_t.c.status == "active",
                    ratings_t.c.opponents >= model.LEADERBOARD_OPPONENTS))
    with engine.connect() as conn:
        total = int(conn.execute(select(func.count()).select_from(shown.subquery())).scalar_one())
        rows = conn.execute(shown.order_by(settled, ratings_t.c.mu.desc(), accounts_t.c.username_key)
                            .limit(limit).offset(offset)).all()
    return [{"rank": offset + i + 1, "username": r.username, "rating": model.display(r.mu), "games": r.games,
             "provisional": model.provisional(r.games), "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
            for i, r in enumerate(rows)], total


DEFAULT_PROFILE = {"ratings": True, "games": False, "languages": False, "spoken": []}
"""What an account shows before it chooses: its name and ratings (public, as on every rating site), and a place on
the leaderboards once it has one (``ratings``: false hides it from them); its games and languages only if it
chooses."""
RECENT = 20
"""Recent games a profile lists (each links to its replay and analysis)."""
COUNTED = 1000
"""Finished games a profile's counts cover at most (the newest): a profile costs one bounded read."""
HISTORY = 200
"""Rating history points a profile charts per game and player count (the newest)."""


def settings(engine: Engine, account_id: int) -> dict[str, Any]:
    with engine.connect() as conn:
        return _settings(conn, account_id)


def _settings(conn: Connection, account_id: int) -> dict[str, Any]:
    row = conn.execute(select(profiles_t).where(profiles_t.c.account_id == account_id)).first()
    if row is None:
        return dict(DEFAULT_PROFILE)
    return {"ratings": bool(row.show_ratings), "games": bool(row.show_games), "languages": bool(row.show_languages),
            "spoken": list(row.languages)}


def save_settings(engine: Engine, account_id: int, chosen: dict[str, Any]) -> None:
    values = {"show_ratings": int(chosen["ratings"]), "show_games": int(chosen["games"]),
              "show_languages": int(chosen["languages"]), "languages": list(chosen["spoken"])}
    with engine.begin() as conn:
        if conn.execute(update(profiles_t).where(profiles_t.c.account_id == account_id).values(**values)).rowcount:
            return
        conn.execute(insert(profiles_t).values(account_id=account_id, **values))


def profile(engine: Engine, username_key: str) -> dict[str, Any] | None:
    """A player's page as the public may see it (the name, the ratings, and what the player chose to show), or
    None: no such account."""
    with engine.connect() as conn:
        account = conn.execute(select(accounts_t.c.id, accounts_t.c.username, accounts_t.c.created, accounts_t.c.bot)
                               .where(accounts_t.c.username_key == username_key,
                                      accounts_t.c.status == "active")).first()
        if account is None:
            return None
        chosen = _settings(conn, account.id)
        ratings = _ratings(conn, account.id)
        out: dict[str, Any] = {"username": account.username, "ratings": ratings, "bot": bool(account.bot),
                               "public": bool(ratings) or chosen["games"] or chosen["languages"]}
        if chosen["languages"]:
            out["languages"] = chosen["spoken"]
        if chosen["games"]:
            out["games"] = _games(conn, account.id)
    return out


def _ratings(conn: Connection, account_id: int) -> list[dict[str, Any]]:
    """Each rating of the account with its history (the newest ``HISTORY`` points), oldest point first."""
    out = []
    for r in conn.execute(select(ratings_t).where(ratings_t.c.account_id == account_id, ratings_t.c.games > 0)
                          .order_by(ratings_t.c.game, ratings_t.c.players)):
        points = conn.execute(select(rating_history_t.c.mu, rating_history_t.c.mu_before, rating_history_t.c.at,
                                     rating_history_t.c.table_id)
                              .where(rating_history_t.c.account_id == account_id, rating_history_t.c.counted == 1,
                                     rating_history_t.c.game == r.game, rating_history_t.c.players == r.players)
                              .order_by(rating_history_t.c.at.desc(), rating_history_t.c.id.desc())
                              .limit(HISTORY)).all()
        out.append({"game": r.game, "players": r.players, "rating": model.display(r.mu), "games": r.games,
                    "provisional": model.provisional(r.games),
                    "history": [{"rating": model.display(p.mu), "before": model.display(p.mu_before), "at": p.at,
                                 "table": p.table_id} for p in reversed(points)]})
    return out


def _games(conn: Connection, account_id: int) -> dict[str, Any]:
    """Finished games per game (played, won: of the newest ``COUNTED``) and the most recent ones, with their
    results (winners are JSON: counted from the rows read, the same on both databases)."""
    mine = (select(tables_t.c.id, tables_t.c.game, tables_t.c.finished, tables_t.c.winners, tables_t.c.scores,
                   tables_t.c.rated, seats_t.c.seat)
            .join(seats_t, seats_t.c.table_id == tables_t.c.id)
            .where(seats_t.c.account_id == account_id, tables_t.c.status == "finished"))
    per_game: dict[str, dict[str, int]] = {}
    rows = conn.execute(mine.order_by(tables_t.c.finished.desc()).limit(COUNTED)).all()
    for r in rows:
        counts = per_game.setdefault(r.game, {"played": 0, "won": 0})
        counts["played"] += 1
        counts["won"] += int(r.seat in (r.winners or []))
    recent = [{"table": r.id, "game": r.game, "finished": r.finished, "seat": r.seat,
               "won": r.seat in (r.winners or []), "players": len(r.scores or []), "rated": bool(r.rated),
               "score": r.scores[r.seat] if r.scores and r.seat < len(r.scores) else None} for r in rows[:RECENT]]
    return {"per_game": [{"game": g, **c} for g, c in sorted(per_game.items())], "recent": recent}


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The account's ratings, rating history and profile choices (``GET /api/me/data``)."""
    ratings = [{"game": r.game, "players": r.players, "mu": r.mu, "sigma": r.sigma, "games": r.games,
                "rating": model.display(r.mu), "updated": r.updated}
               for r in conn.execute(select(ratings_t).where(ratings_t.c.account_id == account_id))]
    history = [{"table": r.table_id, "seat": r.seat, "game": r.game, "players": r.players, "rank": r.rank,
                "counted": bool(r.counted),
                "abandoned": bool(r.abandoned), "mu_before": r.mu_before, "sigma_before": r.sigma_before, "mu": r.mu,
                "sigma": r.sigma, "at": r.at}
               for r in conn.execute(select(rating_history_t).where(rating_history_t.c.account_id == account_id)
                                     .order_by(rating_history_t.c.at))]
    return {"ratings": ratings, "rating_history": history, "profile": _settings(conn, account_id)}


def forget(conn: Connection, account_id: int) -> None:
    """Remove the account's ratings, their history and its profile (the account is being deleted; its games
    stay, their seats anonymised by the account store)."""
    for table in (rating_history_t, ratings_t, profiles_t):
        conn.execute(delete(table).where(table.c.account_id == account_id))


account_store.PARTS.append((export, forget))  # the ratings' share of an account's data, exported and forgotten
