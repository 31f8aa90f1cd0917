"""Time controls of a table: the clock model, in seconds, driven by whatever monotonic clock the server passes in.

Three modes, chosen when the table is created:

* ``none``: no clock (the default);
* ``live``: each seat has a bank of ``base`` seconds; the time a seat thinks is taken from its bank, and each of
  its turns adds ``increment`` seconds (Fischer);
* ``turn``: turn-based over hours or days: each turn may take ``per_move`` seconds; time beyond that is taken from
  the seat's ``reserve`` (``base``), which never refills.

A turn is a seat's actions until another seat (or chance, or the end) is to move: the pipeline charges a clock
(``moved``) only when its seat's turn is over, so a Tholos stone and its column's action earn one increment.

One rule serves both: a seat to move has ``allowance + bank - spent`` seconds left (allowance: ``per_move`` in turn
mode, 0 live), and its move leaves it ``bank - max(0, spent - allowance) + increment``. A clock runs only for a
*human* seat to move (never for a bot, a bot standing in, a chance step or a table still waiting for players), so
bot thinking and chance never cost a human time. Everything here takes ``now`` from the caller (the server's
``time.monotonic``, or a test's fake clock): nothing reads the time itself.

What is stored (``ClockState.stored``): each seat's bank and the seconds the seat to move has spent so far in
this turn. It is written with every move and at checkpoints while a clock runs; after a restart the seat to move
resumes from the last stored value. So the downtime policy is: **clocks pause while the server is down**, and a
crash (``kill -9``) gives the seat to move back at most the thinking time since the last checkpoint (never takes
any), every other seat's time is exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MODES = ("none", "live", "turn")
ON_TIMEOUT = ("bot", "forfeit")
LOW_SHARE = 0.1
LOW_SECONDS = {"live": 30.0, "turn": 3600.0}
"""A clock shows the low-time warning below this many seconds, or below a tenth of its period."""


@dataclass(frozen=True)
class ClockSpec:
    """The time control chosen at creation (seconds)."""

    mode: str = "none"
    base: float = 0.0
    """live: the starting bank; turn: the reserve."""
    increment: float = 0.0
    per_move: float = 0.0
    on_timeout: str = "bot"
    """What a timeout does: ``bot`` (a bot plays the seat until its player comes back) or ``forfeit``."""
    bot: str = "easy"
    """The level of the bot that takes over a timed-out seat."""

    @property
    def timed(self) -> bool:
        return self.mode != "none"

    @property
    def allowance(self) -> float:
        return self.per_move if self.mode == "turn" else 0.0

    def period(self) -> float:
        """What one turn may take at most when the bank is full (for the low-time warning)."""
        return self.per_move if self.mode == "turn" else self.base

    def comeback(self) -> float:
        """The bank a seat gets back when its player retakes it after a timeout: live, the larger of one minute
        and the increment; turn-based, an empty reserve (each move still has its ``per_move``)."""
        return max(60.0, self.increment) if self.mode == "live" else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "base": self.base, "increment": self.increment, "per_move": self.per_move,
                "on_timeout": self.on_timeout, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> ClockSpec:
        if not data:
            return cls()
        return cls(str(data.get("mode", "none")), float(data.get("base", 0)), float(data.get("increment", 0)),
                   float(data.get("per_move", 0)), str(data.get("on_timeout", "bot")), str(data.get("bot", "easy")))


@dataclass
class ClockState:
    """Each seat's bank and the clock of the seat to move (``running`` since the monotonic time ``since``)."""

    spec: ClockSpec
    bank: list[float]
    spent: float = 0.0
    """Seconds the running seat spent in this turn before ``since`` (restored from storage after a restart)."""
    running: int | None = None
    since: float = 0.0
    dirty: float = field(default=0.0, repr=False)
    """The monotonic time of the last checkpoint."""

    @classmethod
    def new(cls, spec: ClockSpec, seats: int) -> ClockState:
        return cls(spec, [spec.base] * seats)

    @classmethod
    def restore(cls, spec: ClockSpec, seats: int, stored: dict[str, Any] | None) -> ClockState:
        """The clock as last stored; it starts again (paused meanwhile) when the server calls :meth:`run`."""
        if not stored or len(stored.get("bank", ())) != seats:
            return cls.new(spec, seats)
        return cls(spec, [float(x) for x in stored["bank"]], float(stored.get("spent", 0.0)))

    def stored(self, now: float) -> dict[str, Any]:
        return {"bank": [round(x, 3) for x in self.bank], "spent": round(self.spent_now(now), 3)}

    # -- running -----------------------------------------------------------------------------------------
    def spent_now(self, now: float) -> float:
        return self.spent + (now - self.since if self.running is not None else 0.0)

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has now: on its turn what it may still think, otherwise what its next turn gets."""
        spent = self.spent_now(now) if seat == self.running else 0.0
        return self.spec.allowance + self.bank[seat] - spent

    def deadline(self) -> float | None:
        """The monotonic time at which the running seat runs out, or None."""
        if self.running is None:
            return None
        return self.since + self.spec.allowance + self.bank[self.running] - self.spent

    def expired(self, now: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and now >= deadline

    def run(self, seat: int | None, now: float) -> None:
        """Let ``seat``'s clock run (None: no clock runs). The same seat keeps running; the time a stopped seat
        spent in its unfinished turn is kept (``spent``) only while it stays the seat to move."""
        if seat == self.running:
            return
        if self.running is not None:
            self.spent = self.spent_now(now)
        self.running, self.since = seat, now

    def moved(self, seat: int, now: float) -> None:
        """``seat`` has moved: charge its turn, add the increment, and stop its clock."""
        spent = self.spent_now(now) if seat == self.running else self.spent
        self.bank[seat] = max(0.0, self.bank[seat] - max(0.0, spent - self.spec.allowance)) + self.spec.increment
        self.spent, self.running, self.since = 0.0, None, now

    def timed_out(self, seat: int, now: float) -> None:
        """``seat`` ran out: its bank is empty and its clock stops."""
        self.bank[seat] = 0.0
        self.spent, self.running, self.since = 0.0, None, now

    def message(self, now: float) -> dict[str, Any]:
        """The clock as clients see it: the spec, each seat's seconds left, which one runs, which are low."""
        left = [round(max(0.0, self.left(s, now)), 1) for s in range(len(self.bank))]
        period = self.spec.period()
        low_at = max(LOW_SECONDS.get(self.spec.mode, 0.0), LOW_SHARE * period) if period else 0.0
        low_at = min(low_at, period / 2) if period else low_at
        return {**self.spec.to_json(), "left": left, "running": self.running, "low_at": round(low_at, 1),
                "low": [x <= low_at for x in left]}
