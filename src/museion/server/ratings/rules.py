"""What a rated table allows: every refusal is checked before anything is stored, with a precise error.

* Created with ``rated: true``: at least one human seat; bots only of a level with a published rating for the
  game and player count (``bots/ratings.json``); no take-backs (``undo``) and no coach's hints (a hint is a
  stronger player's move); whoever joins at creation must be signed in.
* A human seat is taken by a signed-in account only (403 ``sign_in_needed``), one seat per account.
* Once every seat is taken, nobody leaves and no seat is re-invited: the game is rated between those who started
  it. A player whose clock runs out and who does not come back, or whose seat the creator hands to a bot, loses
  (``store.seat_of``)."""

from __future__ import annotations

from museion.server.edge.errors import TableError
from museion.server.ratings import model
from museion.server.storage.rows import SeatRow, TableRow

SIGN_IN = TableError("sign_in_needed", "this table is rated: sign in (or sign up) to take a seat; guests may watch "
                                       "or play unrated tables", 403,
                     {"key": "web.code.sign_in_needed", "args": {}})


def check_creation(game: str, rows: list[SeatRow], hints: bool | None, undo: bool, join: object,
                   account_id: int | None) -> None:
    """Refuse a rated table that could not be rated fairly, saying what is allowed."""
    n = len(rows)
    if not any(r.kind == "human" for r in rows):
        raise TableError("rated_no_humans", "a rated table needs at least one human seat (bots' ratings are fixed)")
    allowed = model.rated_bots(game, n)
    for r in rows:
        if r.kind == "bot" and r.bot not in allowed:
            levels = ", ".join(f"{b} ({v})" for b, v in allowed.items()) or "none"
            raise TableError("bot_not_rated", f"seat {r.seat}: the {r.bot} bot has no published rating for {game} "
                                              f"with {n} players; a rated table may seat: {levels}",
                             reason={"key": "web.code.bot_not_rated", "args": {"bot": r.bot or "", "levels": levels}})
    if undo:
        raise TableError("rated_undo", "a rated table allows no take-backs: send 'undo': false (or leave it out)")
    if hints:
        raise TableError("rated_hints", "a rated table offers no coach's hints: send 'hints': false (or leave it "
                                        "out)")
    if join is not None and account_id is None:
        raise SIGN_IN


def check_join(row: TableRow, account_id: int | None) -> None:
    """A seat of a rated table: a signed-in account's, one per account."""
    if not row.rated:
        return
    if account_id is None:
        raise SIGN_IN
    if any(s.account_id == account_id for s in row.seats):
        raise TableError("already_seated", "your account holds a seat at this rated table already; a player "
                                           "takes one seat of a rated game", 409)


def check_seat_change(row: TableRow, what: str) -> None:
    """Leaving or a re-invitation at a rated table that started: refused (the game is rated between those who
    started it)."""
    if row.rated and row.started is not None:
        raise TableError("rated_started", f"this rated game has started: {what} is not possible (a player who "
                                          "stops playing loses when their clock runs out, or when the creator "
                                          "hands the seat to a bot)", 409)
