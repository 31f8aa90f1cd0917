"""When a table's creator may take a seat away from its player: only by a rule the player could see coming.

The creator may re-invite a seat (``/seats/N/invite``: its token stops working) or hand it to a bot for good
(``/seats/N/bot``). Before issue 24 it sufficed that nobody was connected for the seat, and in turn-based play the
opponent is offline most of the time: a creator took an opponent's seat the moment the tab closed. Now a seat
holding a token is abandoned only when

* its clock ran out (a clocked table: a bot stands in for it, or it forfeited), or
* the table has no clock, it is that seat's turn, and no move has been made for ``--seat-absence`` seconds (a day
  by default): the player knew the game waited for them.

A free seat (never taken, or left) may always be given away. Whatever happens is said in the table log.
"""

from __future__ import annotations

from typing import Any

from museion.server.storage.rows import SeatRow


def refusal(seat: SeatRow, clocked: bool, to_move: int | None, turn_since: float, now: float,
            absence: float) -> str | None:
    """Why ``seat`` may not be taken from its player now (English, with what would allow it), or ``None``."""
    if seat.token_hash is None or seat.standin or seat.forfeit:
        return None
    n = seat.seat
    if clocked:
        return (f"seat {n} still has time on its clock; it can be handed over once its clock runs out (a bot then "
                "stands in for it)")
    if to_move != n:
        return (f"seat {n} is not to move; a seat can be handed over once it has been its turn for {absence:g} s "
                "without a move")
    waited = now - turn_since
    if waited < absence:
        return (f"seat {n} has been to move for {waited:.0f} s; it can be handed over after {absence:g} s without a "
                f"move ({absence - waited:.0f} s from now)")
    return None


def claim_refusal(target: SeatRow, clocked: bool, to_move: int | None, turn_since: float, now: float,
                  absence: float) -> str | None:
    """Why another player may not claim ``target`` now (``endings.py``; English, saying when it could), or None:
    the same rule as a creator's hand-over, for a human seat a player held."""
    if target.kind != "human":
        return f"seat {target.seat} is a bot's seat; only a seat whose player left can be claimed"
    if target.token_hash is None and not (target.standin or target.forfeit):
        return f"seat {target.seat} has no player to claim it from"
    return refusal(target, clocked, to_move, turn_since, now, absence)


def claims(rows: list[SeatRow], seat: int | None, clocked: bool, to_move: int | None, turn_since: float,
           now: float, absence: float) -> list[dict[str, Any]]:
    """What ``seat`` (still in a running game) may claim now: each seat whose player left, with the choices open
    (``win``: nobody else plays on; ``bot``: it is not a bot's for good already)."""
    if seat is None or rows[seat].forfeit:
        return []
    out = []
    for target in rows:
        if target.seat == seat or claim_refusal(target, clocked, to_move, turn_since, now, absence) is not None:
            continue
        alone = not [s for s in rows if not s.forfeit and s.seat not in (seat, target.seat)]
        if alone or not target.forfeit:
            out.append({"seat": target.seat, "win": alone, "bot": not target.forfeit})
    return out
