"""Bot moves in worker processes: fair across tables, each with a deadline, and gone when the server dies.

A worker is ``python -m museion.server.services.worker``: it reads one JSON job per line on stdin (game, options,
history, bot spec, seed), rebuilds the state by replay, asks the bot and writes ``{"action": N}`` (or
``{"error": TEXT}``). A job with ``"kind": "hint"`` asks the coach instead (``museion.bots.coach.hint`` for
``seat``) and gets ``{"hint": [SUGGESTION, ...]}``, each the coach's ``Suggestion`` as JSON: hints are searching
jobs like any other, queued and bounded by the same deadline. It runs at a lower CPU priority than the server and
ends when the server does, however the server ends: stdin reaches end of file when the server's side of the pipe
closes, the kernel sends SIGKILL when the parent dies (Linux ``PR_SET_PDEATHSIG``), and a watchdog thread exits
when the parent process changes. The workers are plain subprocesses with pipes, so no multiprocessing helper
(resource tracker) is started at all.

:class:`BotPool` schedules the jobs. Each table has at most one job (its bot is to move), jobs are served in
arrival order within two classes, quick bots (no search: random, greedy, easy) before searching ones, and
searching jobs may occupy at most ``workers - 1`` workers when there are two or more: one table's thinking
delays another table's quick bot by at most one deadline (one worker) or not at all (two or more), and a
searching bot waits at most for the searching jobs that arrived before it. A job still running at its deadline
has its worker killed and replaced; the caller plays a random move instead.

Bots read only what ``view(player)`` shows and what they draw with ``resample(player)`` (see
``museion.bots.base``); to make that hold whatever a bot does, :func:`choose` hands the bot ``resample(player)``
of the true state, a state its player cannot tell from it: hidden outcomes there are fresh guesses
(``museion check`` verifies that every bot's choice is the same for both).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import random
import signal
import sys
import threading
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from typing import Any

import museion
from museion.bots import coach, make_bot
from museion.bots.master import MASTER_GAMES
from museion.bots.network import load_policy
from museion.core.registry import entry
from museion.server.ops.metrics import WORK_SECONDS, helper_environ

PR_SET_PDEATHSIG = 1
CLOSE_SECONDS = 5.0
"""How long :meth:`BotPool.close` waits for its tasks once their workers are killed (they end at once)."""


def choose(game: str, options: dict[str, Any], history: list[int], bot: str, seed: int) -> int:
    state = museion.load(game, **options).state_from_history(history)
    rng = random.Random(seed)
    det = entry(state.game).observer.resample(state, state.current_player(), rng)
    return make_bot(bot, rng.randrange(2**31)).choose(det)


def hint(game: str, options: dict[str, Any], history: list[int], seat: int, bot: str, seed: int
         ) -> list[coach.Suggestion]:
    """The coach's best moves for ``seat`` (best first), from ``seat``'s information only."""
    state = museion.load(game, **options).state_from_history(history)
    return coach.hint(state, seat, random.Random(seed), bot)


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """One job line's reply: a bot move or (``kind`` hint) the coach's hint."""
    if job.get("kind") == "hint":
        found = hint(job["game"], job["options"], job["history"], job["seat"], job["bot"], job["seed"])
        return {"hint": [asdict(s) for s in found]}
    return {"action": choose(job["game"], job["options"], job["history"], job["bot"], job["seed"])}


def warm_up() -> None:
    """Import the games once, and read the networks of the ``master`` level where it is offered, so that the first
    real bot move is not slowed down by imports nor by reading a network (each is read once per process: every
    later move's bot finds it in ``network.load_policy``'s cache)."""
    for name in museion.available_games():
        with contextlib.suppress(Exception):  # an unfinished game must not keep the worker from starting
            museion.load(name)
    for name, players in MASTER_GAMES:
        with contextlib.suppress(Exception):  # a missing network is the move's error, not the start's
            load_policy(museion.load(name, players=players))


# -- the worker process --------------------------------------------------------------------------------------
def _die_with_parent() -> None:
    parent = os.getppid()
    with contextlib.suppress(Exception):  # Linux only; the watchdog below covers the rest
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def lower_priority(nice: int) -> None:
    """Below the server: the normal scheduling policy even if the server runs with a real-time one, then
    ``nice`` steps down."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)


def main(nice: int = 0) -> None:
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C at the terminal is the server's to handle
    lower_priority(nice)
    out = os.fdopen(os.dup(1), "w")  # the replies; anything else printed goes to stderr
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    warm_up()
    out.write('{"ready": true}\n')
    out.flush()
    for line in sys.stdin:
        try:
            job = json.loads(line)
            reply = run_job(job)
        except Exception as exc:  # noqa: BLE001 - the server logs it and plays a random move instead
            reply = {"error": f"{type(exc).__name__}: {exc}"[:500]}
        out.write(json.dumps(reply) + "\n")
        out.flush()


# -- the pool in the server ----------------------------------------------------------------------------------
class BotTimeout(Exception):
    """The bot did not answer within the deadline; its worker was replaced."""


class BotFailed(Exception):
    """The bot raised an error (its text is the message)."""


@dataclass
class Job:
    args: dict[str, Any]
    costly: bool
    future: asyncio.Future[dict[str, Any]] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Worker:
    """One worker subprocess and its pipes."""

    def __init__(self, nice: int) -> None:
        self.nice = nice
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", f"from museion.server.services.worker import main; main({self.nice})",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 20, env=helper_environ())
        await self._line(60.0)  # the ready line

    async def _line(self, timeout: float) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdout is not None
        async with asyncio.timeout(timeout):  # not wait_for: see BotPool.close
            line = await self.proc.stdout.readline()
        if not line:
            raise BotFailed("the worker exited")
        reply: dict[str, Any] = json.loads(line)
        return reply

    async def run(self, args: dict[str, Any], deadline: float) -> dict[str, Any]:
        if self.proc is None or self.proc.returncode is not None:
            await self.start()
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(args) + "\n").encode())
        await self.proc.stdin.drain()
        try:
            reply = await self._line(deadline)
        except (TimeoutError, BotFailed, ValueError):
            await self.stop()
            raise
        if "error" in reply:
            raise BotFailed(reply["error"])
        return reply

    def kill(self) -> None:
        """SIGKILL at once: a bot's search holds nothing worth waiting for."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()

    async def stop(self) -> None:
        self.kill()
        if self.proc is not None:
            await self.proc.wait()
        self.proc = None


class BotPool:
    """``workers`` worker processes serving bot moves fairly (see the module docstring)."""

    def __init__(self, workers: int, deadline: float, nice: int = 10, make_worker: Any = None) -> None:
        """``make_worker``: a slot elsewhere instead of a local worker process (``compute.RaySlot``)."""
        self.deadline = deadline
        self.workers = [make_worker() if make_worker else Worker(nice) for _ in range(workers)]
        self.quick: deque[Job] = deque()
        self.costly: deque[Job] = deque()
        self.costly_running = 0
        self.costly_limit = max(1, workers - 1)
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.timeouts = 0
        self.closed = False

    async def start(self) -> None:
        await asyncio.gather(*(w.start() for w in self.workers))
        self.tasks = [asyncio.get_running_loop().create_task(self._serve(w)) for w in self.workers]

    async def close(self) -> None:
        """End at once, whatever the workers are doing: they are killed first, then their tasks are cancelled.
        The tasks also stop at ``closed``: under Python 3.11 a cancellation that arrives in the same loop
        iteration as a worker's reply is lost inside ``asyncio.wait_for`` (it returns the reply instead;
        CPython gh-86296), which left a task waiting for the next job forever and the server alive after SIGTERM
        (seen at load ~12). The reads use ``asyncio.timeout``, which does not lose it."""
        self.closed = True
        for w in self.workers:
            w.kill()
        for task in self.tasks:
            task.cancel()
        for job in (*self.quick, *self.costly):
            job.future.cancel()
        self.wake.set()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=CLOSE_SECONDS)
        await asyncio.gather(*(w.stop() for w in self.workers), return_exceptions=True)

    async def choose(self, args: dict[str, Any], costly: bool) -> int:
        """The bot's action; :class:`BotTimeout` or :class:`BotFailed` when it has none."""
        return int((await self.submit(args, costly))["action"])

    async def hint(self, args: dict[str, Any]) -> list[coach.Suggestion]:
        """The coach's hint (a searching job, queued with the searching bots: fair to other tables)."""
        return [coach.Suggestion(**s) for s in (await self.submit({**args, "kind": "hint"}, True))["hint"]]

    async def submit(self, args: dict[str, Any], costly: bool) -> dict[str, Any]:
        job = Job(args, costly)
        (self.costly if costly else self.quick).append(job)
        self.wake.set()
        started, outcome = time.perf_counter(), "failed"
        try:
            result = await job.future
            outcome = "ok"
            return result
        except BotTimeout:
            outcome = "timeout"
            raise
        finally:
            WORK_SECONDS.labels(args.get("kind", "move"), outcome).observe(time.perf_counter() - started)

    def _next(self) -> Job | None:
        while self.quick:
            job = self.quick.popleft()
            if not job.future.done():
                return job
        while self.costly and self.costly_running < self.costly_limit:
            job = self.costly.popleft()
            if not job.future.done():
                return job
        return None

    async def _serve(self, worker: Worker) -> None:
        while not self.closed:
            job = self._next()
            if job is None:
                self.wake.clear()
                await self.wake.wait()
                continue
            self.costly_running += job.costly
            try:
                result = await worker.run(job.args, self.deadline)
            except TimeoutError:
                self.timeouts += 1
                _settle(job, exc=BotTimeout(f"no move within {self.deadline:g} s"))
            except BotFailed as exc:
                _settle(job, exc=exc)
            except (OSError, ValueError) as exc:  # a worker that cannot start: fail the job, try again later
                _settle(job, exc=BotFailed(f"worker failure: {type(exc).__name__}"))
                await asyncio.sleep(1.0)
            else:
                _settle(job, result=result)
            finally:
                self.costly_running -= job.costly
                self.wake.set()  # a costly slot may have freed up for another worker


def _settle(job: Job, result: dict[str, Any] | None = None, exc: Exception | None = None) -> None:
    if job.future.done():
        return
    if exc is not None:
        job.future.set_exception(exc)
    else:
        assert result is not None  # a job ends with a result or an exception
        job.future.set_result(result)
