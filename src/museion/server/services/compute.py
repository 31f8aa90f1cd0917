"""Where bot moves, hints and analyses run: the local worker processes (default) or a Ray cluster.

``museion serve --compute ray://HOST:10001`` sends every job to the Ray cluster at that address (Ray Client);
``--compute ray:local`` starts a local Ray cluster with ``--bot-workers`` CPUs (one server process only). The
server's own scheduling does not change: :class:`worker.BotPool` keeps its queue, its fairness between tables
(quick bots first, searching ones on at most all slots but one) and its deadline, only each of its
``--bot-workers`` slots sends its job to Ray (:class:`RaySlot`) instead of a local process. So a site's limits
hold whatever the cluster's size: a server process has at most ``--bot-workers`` jobs out at once.

A job whose Ray worker dies is run again once by Ray (``max_retries=1``, within the same deadline); if it fails
again, or the deadline passes, the table gets a random move as with a local worker, and a hint or an analysis
fails with its usual error: never a stuck table. An analysis on Ray reports no progress until it is done.

**A cluster that is away never holds the web server** (issue 39): Ray Client's calls block while it reconnects
(30 s by default) and its ``ray.init`` installs a SIGTERM handler that exits without draining. So every call into
Ray runs in a daemon thread of its own (:func:`off_loop`: the event loop only awaits its result, with a time
limit; a call that hangs holds only its thread, never the process's exit), and ``ray://`` connects from such a
thread, in the background (:meth:`Ray.keep`): the server starts without the cluster, ``/readyz`` says
``compute: degraded``, and each slot runs its job in a local worker process meanwhile (:class:`RaySlot`), as an
analysis runs in the local analyst. A probe every ``PROBE_SECONDS`` notices a cluster that went away (a call
slower than ``CALL_SECONDS`` or failing to connect); a job then waiting on Ray is run locally at once, and the
connection is made again in the background until the cluster answers. ``ray:local`` starts its cluster on the
main thread at start-up (Ray's local node needs it), and has no outage of its own: its processes are the
server's children.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from museion.server.config import ServerConfig
from museion.server.ops.metrics import SHARED
from museion.server.services.worker import BotFailed, BotPool, Worker, run_job

LOCAL = "local"
RAY_LOCAL = "ray:local"
CALL_SECONDS = 5.0
"""A call into Ray (submitting a job, the probe) slower than this means the cluster is away."""
PROBE_SECONDS = 2.0
"""How often a connected server checks that its cluster answers."""
RETRY_SECONDS = 5.0
"""Pause between two attempts to connect to a cluster that is away."""
CONNECT_SECONDS = 120.0
"""An attempt to connect that takes longer is given up (Ray Client gives up sooner by itself: 3 tries)."""

log = logging.getLogger("museion.server")


class Away(Exception):
    """The Ray cluster does not answer: the job runs locally."""


def check(compute: str, workers: int) -> None:
    """A :class:`ValueError` saying what is allowed, for a ``--compute`` that cannot work."""
    if compute != LOCAL and compute != RAY_LOCAL and not compute.startswith("ray://"):
        raise ValueError(f"--compute {compute[:60]!r}: allowed: local, ray:local, ray://HOST:PORT")
    if compute == RAY_LOCAL and workers > 1:
        raise ValueError("--compute ray:local starts a Ray cluster per process: with --workers, run one Ray cluster "
                         "(ray start --head) and give its address, --compute ray://HOST:10001")


def _job(args: dict[str, Any]) -> dict[str, Any]:
    """A bot move or hint on a Ray worker: the local worker's own code (``worker.run_job``)."""
    try:
        return run_job(args)
    except Exception as exc:  # noqa: BLE001 - the server logs it and plays a random move instead
        return {"error": f"{type(exc).__name__}: {exc}"[:500]}


def _analyse(record: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    from museion.bots import coach
    from museion.core.record import Record

    return coach.analyse(Record.from_dict(record), bot, seed, lambda _done, _total: None).to_json()


async def off_loop(call: Callable[[], Any], seconds: float | None) -> Any:
    """``call()`` in a daemon thread of its own, awaited at most ``seconds`` (None: no limit). Not the loop's
    default executor: a call that hangs would hold one of its few threads (storage uses them) and, at exit, the
    process (an executor's threads are joined)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(result: Any, exc: BaseException | None) -> None:
        if future.done():
            return
        if exc is not None:
            future.set_exception(exc)
        else:
            future.set_result(result)

    def run() -> None:
        try:
            result, exc = call(), None
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting coroutine
            result, exc = None, error
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(settle, result, exc)

    threading.Thread(target=run, daemon=True, name="ray-call").start()
    async with asyncio.timeout(seconds):
        return await future


def _quiet_grpc_watchers() -> None:
    """Ray Client's gRPC channel watches its connection in a thread of its own; when the cluster goes away and the
    channel is closed under it, that thread dies ("Cannot monitor channel state: Channel closed!") and Python prints
    its traceback to stderr. The cluster being away is already logged (:meth:`Ray.lost`): such a death is one log
    line; any other thread's exception keeps Python's own report."""
    default = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        frames = traceback.extract_tb(args.exc_traceback) if args.exc_traceback else []
        if isinstance(args.exc_value, ValueError) and any("grpc" in frame.filename for frame in frames):
            log.warning("compute: a gRPC watcher of the Ray connection ended (%s)", args.exc_value)
            return
        default(args)

    threading.excepthook = hook


class Ray:
    """The connection to the Ray cluster and the remote functions (one per server process)."""

    def __init__(self, compute: str, cpus: int) -> None:
        import ray

        self.ray = ray
        self.compute = compute
        _quiet_grpc_watchers()
        self.up = False
        self.gone = asyncio.Event()
        """Set while the cluster is away (a job waiting on Ray then runs locally)."""
        self.gone.set()
        self.task: asyncio.Task[None] | None = None
        self.connecting = threading.Lock()
        """One attempt at a time, even when one given up on still runs in its thread."""
        self.job: Any = None
        self.analyse: Any = None
        if compute == RAY_LOCAL:
            self._start_local(cpus)

    def _start_local(self, cpus: int) -> None:
        drain = signal.getsignal(signal.SIGTERM)
        shared = os.environ.pop(SHARED, None)  # Ray's processes inherit the environment: they count nothing
        try:
            self.ray.init(num_cpus=max(1, cpus), include_dashboard=False, log_to_driver=False)
        finally:
            if shared is not None:
                os.environ[SHARED] = shared
            signal.signal(signal.SIGTERM, drain)  # Ray's own handler exits at once; the server drains first
        self._remote()
        self._mark(True)

    def _remote(self) -> None:
        self.job = self.ray.remote(max_retries=1, num_cpus=1)(_job)
        self.analyse = self.ray.remote(max_retries=1, num_cpus=1)(_analyse)

    def status(self) -> str:
        """What ``/readyz`` says: ``ray`` while the cluster answers, else ``degraded`` (local workers)."""
        return "ray" if self.up else "degraded"

    def start(self) -> None:
        """Connect to a ``ray://`` cluster in the background, and keep connecting."""
        if self.compute != RAY_LOCAL:
            self.task = asyncio.get_running_loop().create_task(self.keep())

    async def keep(self) -> None:
        """Connect while the cluster is away, probe it while it answers (see the module docstring)."""
        while True:
            if self.up:
                await self._probe()
            else:
                await self._connect()
            await asyncio.sleep(PROBE_SECONDS if self.up else RETRY_SECONDS)

    async def _connect(self) -> None:
        try:
            await off_loop(self._reconnect, CONNECT_SECONDS)
        except Exception as exc:  # noqa: BLE001 - anything Ray raises: the cluster is still away
            hint = "" if "RAY_AUTH_MODE" in os.environ else (" (a cluster with token authentication needs "
                                                             "RAY_AUTH_MODE=token and its token here)")
            log.warning("compute: the Ray cluster at %s is away (%s)%s; bot moves, hints and analyses run locally, "
                        "connecting again in %g s", self.compute, f"{type(exc).__name__}: {exc}"[:200], hint,
                        RETRY_SECONDS)
        else:
            self._mark(True)
            log.warning("compute: connected to the Ray cluster at %s", self.compute)

    def _reconnect(self) -> None:
        """In a thread: drop the old connection (gone with its cluster) and make a new one."""
        with self.connecting:
            if self.ray.is_initialized():
                with contextlib.suppress(Exception):
                    self.ray.shutdown()
            self.ray.init(address=self.compute, log_to_driver=False)
            self._remote()

    async def _probe(self) -> None:
        try:
            await off_loop(self.ray.cluster_resources, CALL_SECONDS)
        except Exception as exc:  # noqa: BLE001 - a timeout or Ray Client's ConnectionError alike
            self.lost(exc)

    def lost(self, exc: BaseException) -> None:
        """The cluster did not answer: local workers from now on, and connect again in the background."""
        if self.up:
            log.warning("compute: the Ray cluster at %s is away (%s); bot moves, hints and analyses run locally",
                        self.compute, f"{type(exc).__name__}: {exc}"[:200] or "no answer")
        self._mark(False)

    def _mark(self, up: bool) -> None:
        self.up = up
        if up:
            self.gone.clear()
        else:
            self.gone.set()

    async def run(self, call: Callable[[], Any], deadline: float | None) -> Any:
        """``call()`` (a submit and its ``ray.get``, in a thread) within ``deadline`` seconds; :class:`Away` as
        soon as the cluster is lost meanwhile (or the call says so)."""
        result = asyncio.ensure_future(off_loop(call, None))
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            async with asyncio.timeout(deadline):  # not wait_for: it may lose a cancellation (3.11)
                await asyncio.wait({result, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not result.done():
                result.cancel()
        if not result.done():
            raise Away()
        try:
            return result.result()
        except self.ray.exceptions.GetTimeoutError:
            raise TimeoutError() from None
        except self.ray.exceptions.RayError:
            raise
        except Exception as exc:  # Ray Client's ConnectionError, a closed channel: the cluster is away
            self.lost(exc)
            raise Away() from None

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task], timeout=1.0)
        if self.up or self.compute == RAY_LOCAL:
            with contextlib.suppress(Exception):  # a cluster that is away: its connection is left behind
                await off_loop(self.ray.shutdown, CALL_SECONDS)


class RaySlot:
    """One of ``BotPool``'s slots, run on Ray while the cluster answers, in a local worker process while it is
    away: a job at a time, cancelled at its deadline."""

    def __init__(self, ray: Ray, nice: int) -> None:
        self.ray = ray
        self.local = Worker(nice)
        """Started on first use (never while the cluster answers)."""
        self.ref: Any = None

    async def start(self) -> None:
        return None

    async def run(self, args: dict[str, Any], deadline: float) -> dict[str, Any]:
        started = time.monotonic()
        if self.ray.up:
            try:
                return await self._on_ray(args, deadline)
            except Away:
                pass  # the job runs here, in what is left of its deadline
        return await self.local.run(args, max(1.0, deadline - (time.monotonic() - started)))

    async def _on_ray(self, args: dict[str, Any], deadline: float) -> dict[str, Any]:
        def call() -> dict[str, Any]:
            self.ref = ref = self.ray.job.remote(args)
            try:
                answer: dict[str, Any] = self.ray.ray.get(ref, timeout=deadline)
                return answer
            finally:
                self.ref = None

        try:
            reply: dict[str, Any] = await self.ray.run(call, deadline)
        except TimeoutError:
            self.kill()
            raise
        except self.ray.ray.exceptions.RayError as exc:  # its worker died twice
            raise BotFailed(f"ray: {type(exc).__name__}") from None
        if "error" in reply:
            raise BotFailed(reply["error"])
        return reply

    def kill(self) -> None:
        ref = self.ref
        if ref is not None:
            threading.Thread(target=_cancel, args=(self.ray, ref), daemon=True, name="ray-cancel").start()
        self.local.kill()

    async def stop(self) -> None:
        self.kill()
        await self.local.stop()


async def analyse_on_ray(ray: Ray, record: dict[str, Any], bot: str, seed: int) -> dict[str, Any] | None:
    """An analysis as one Ray task; None while the cluster is away (the analyst then runs it locally). The
    analyst's deadline cancels this coroutine; the task on Ray is then cancelled too."""
    if not ray.up:
        return None
    refs: list[Any] = []

    def call() -> dict[str, Any]:
        refs.append(ray.analyse.remote(record, bot, seed))
        answer: dict[str, Any] = ray.ray.get(refs[0])
        return answer

    try:
        result: dict[str, Any] = await ray.run(call, None)
        return result
    except Away:
        return None
    except asyncio.CancelledError:
        if refs:
            threading.Thread(target=_cancel, args=(ray, refs[0]), daemon=True, name="ray-cancel").start()
        raise


def _cancel(ray: Ray, ref: Any) -> None:
    with contextlib.suppress(Exception):
        ray.ray.cancel(ref, force=True)


def pool(config: ServerConfig) -> tuple[BotPool | None, Ray | None]:
    """The bot pool of ``config`` (None: bots move in the server process) and the Ray connection it uses."""
    ray = Ray(config.compute, config.bot_workers) if config.compute != LOCAL else None
    if config.bot_workers <= 0:
        return None, ray
    slot = (lambda: RaySlot(ray, config.bot_nice)) if ray is not None else None
    return BotPool(config.bot_workers, config.bot_seconds, config.bot_nice, slot), ray


def attach(analyst: Any, ray: Ray | None) -> None:
    """Analyses go to Ray too when the bots do (locally while the cluster is away)."""
    if ray is not None:
        analyst.remote = lambda record, bot, seed: analyse_on_ray(ray, record, bot, seed)
