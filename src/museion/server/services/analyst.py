"""The analysis of finished tables in the background: one job at a time in its own low-priority process, a bounded
queue, progress for the page that asked, and the result stored with the table so it is never computed twice.

The job process is ``python -c "from museion.server.services.analyst import main; main(NICE)"``: it reads one JSON line
(the record, the bot, the seed) and writes ``{"progress": [done, total]}`` lines, then ``{"analysis": {...}}`` (or
``{"error": TEXT}``). A job still running after ``seconds`` is killed; the page may ask again later.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from museion.server.ops.metrics import ANALYSIS_SECONDS, helper_environ

log = logging.getLogger("museion.server")
SERVED_KEPT = 1024
"""Networks whose last turn is remembered (beyond, the oldest are forgotten: they count as never served)."""
CLOSE_SECONDS = 5.0
"""How long :meth:`Analyst.close` waits for its task once the analysis process is killed (it ends at once)."""


def main(nice: int = 10) -> None:
    """The job process: analyse one record, reporting progress on stdout."""
    from museion.bots import coach
    from museion.core.record import Record
    from museion.server.services.worker import _die_with_parent, lower_priority

    _die_with_parent()
    lower_priority(nice)
    job = json.loads(sys.stdin.readline())
    out = sys.stdout

    def progress(done: int, total: int) -> None:
        out.write(json.dumps({"progress": [done, total]}) + "\n")
        out.flush()

    try:
        analysis = coach.analyse(Record.from_dict(job["record"]), job["bot"], job["seed"], progress)
        out.write(json.dumps({"analysis": analysis.to_json()}) + "\n")
    except Exception as exc:  # noqa: BLE001 - the server logs it and the page may ask again
        out.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:500]}) + "\n")
    out.flush()


@dataclass
class Job:
    table_id: str
    record: dict[str, Any]
    owner: str = ""
    """The network that asked for it (queues are fair across networks)."""
    progress: list[int] = field(default_factory=lambda: [0, 0])
    status: str = "queued"  # queued | running | failed
    error: str = ""


class Analyst:
    """Runs analysis jobs one at a time (``queue`` waiting at most) and stores each result with ``store``.

    Fair across networks (issue 24: one address once filled the queue for 40 s): a network may have at most
    ``per_owner`` jobs waiting, and the waiting jobs are served one network at a time in turn, so a newcomer's
    job waits for at most one job of every other network, not for all of one network's."""

    def __init__(self, store: Callable[[str, dict[str, Any]], Awaitable[None]], bot: str, seconds: float,
                 queue: int, nice: int = 10, per_owner: int = 2) -> None:
        self.store = store
        self.bot, self.seconds, self.limit, self.nice = bot, seconds, queue, nice
        self.per_owner = per_owner
        self.jobs: dict[str, Job] = {}
        self.waiting: dict[str, deque[Job]] = {}
        """Network -> its waiting jobs."""
        self.served: dict[str, int] = {}
        """Network -> when its last job started (a counter): the network served longest ago goes first."""
        self.turns = 0
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.remote: Callable[[dict[str, Any], str, int], Awaitable[dict[str, Any] | None]] | None = None
        """Elsewhere instead of a local process (``compute.attach``: a Ray task; None: here after all, the
        cluster is away)."""

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._serve())

    async def close(self) -> None:
        """End at once: the analysis process is killed first (a job in progress is asked for again later), then
        the task is cancelled and waited for a bounded time (see ``BotPool.close``)."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task], timeout=CLOSE_SECONDS)
        await self._kill()

    def job(self, table_id: str) -> Job | None:
        return self.jobs.get(table_id)

    def submit(self, table_id: str, record: dict[str, Any], owner: str = "") -> Job | None:
        """The job for this table (a new one, or the one already queued or running); ``None`` when the queue is
        full or ``owner`` (the asking network) has ``per_owner`` jobs waiting. A failed job is tried again."""
        job = self.jobs.get(table_id)
        if job is not None and job.status != "failed":
            return job
        mine = self.waiting.get(owner, deque())
        if sum(len(jobs) for jobs in self.waiting.values()) >= self.limit or len(mine) >= self.per_owner:
            return None
        job = self.jobs[table_id] = Job(table_id, record, owner=owner)
        self.waiting[owner] = mine
        mine.append(job)
        self.ready.set()
        return job

    def _next(self) -> Job | None:
        """The first waiting job of the network served longest ago (never: first of all)."""
        if not self.waiting:
            return None
        owner = min(self.waiting, key=lambda o: self.served.get(o, -1))
        jobs = self.waiting[owner]
        job = jobs.popleft()
        if not jobs:
            del self.waiting[owner]
        self.turns += 1
        self.served[owner] = self.turns
        if len(self.served) > SERVED_KEPT:  # forget the networks served longest ago
            self.served = dict(sorted(self.served.items(), key=lambda item: item[1])[-SERVED_KEPT // 2:])
        return job

    async def _serve(self) -> None:
        while True:
            job = self._next()
            if job is None:
                self.ready.clear()
                await self.ready.wait()
                continue
            job.status = "running"
            started = time.perf_counter()
            try:
                async with asyncio.timeout(self.seconds):  # not wait_for: it may lose a cancellation (3.11)
                    analysis = await self._run(job)
                await self.store(job.table_id, analysis)
            except Exception as exc:  # noqa: BLE001 - a failed job is reported and may be asked for again
                await self._kill()
                job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"[:300]
                log.warning("analysis of table %s failed: %s", job.table_id, job.error)
                ANALYSIS_SECONDS.labels("failed").observe(time.perf_counter() - started)
            else:
                self.jobs.pop(job.table_id, None)  # stored: from now on it is read from storage
                ANALYSIS_SECONDS.labels("ok").observe(time.perf_counter() - started)

    async def _run(self, job: Job) -> dict[str, Any]:
        if self.remote is not None:
            remote = await self.remote(job.record, self.bot, 0)
            if remote is not None:
                return remote
        self.proc = proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", f"from museion.server.services.analyst import main; main({self.nice})",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 24,
            env={**helper_environ(), "PYTHONUNBUFFERED": "1"})
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write((json.dumps({"record": job.record, "bot": self.bot, "seed": 0}) + "\n").encode())
        await proc.stdin.drain()
        proc.stdin.close()
        try:
            async for line in proc.stdout:
                reply = json.loads(line)
                if "progress" in reply:
                    job.progress = [int(x) for x in reply["progress"]]
                elif "analysis" in reply:
                    analysis: dict[str, Any] = reply["analysis"]
                    return analysis
                else:
                    raise RuntimeError(reply.get("error", "no analysis"))
            raise RuntimeError("the analysis process ended without an answer")
        finally:  # done, failed or cancelled at the deadline: the process goes either way
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
            await proc.wait()
            self.proc = None

    async def _kill(self) -> None:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        self.proc = None
