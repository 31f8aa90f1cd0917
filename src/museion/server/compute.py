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
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import Any

from museion.server.config import ServerConfig
from museion.server.metrics import SHARED
from museion.server.worker import BotFailed, BotPool, run_job

LOCAL = "local"
RAY_LOCAL = "ray:local"


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


class Ray:
    """The connection to the Ray cluster and the remote functions (one per server process)."""

    def __init__(self, compute: str, cpus: int) -> None:
        import ray

        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            drain = signal.getsignal(signal.SIGTERM)
            if compute == RAY_LOCAL:
                shared = os.environ.pop(SHARED, None)  # Ray's processes inherit the environment: they count nothing
                try:
                    ray.init(num_cpus=max(1, cpus), include_dashboard=False, log_to_driver=False)
                finally:
                    if shared is not None:
                        os.environ[SHARED] = shared
            else:
                ray.init(address=compute, log_to_driver=False)
            signal.signal(signal.SIGTERM, drain)  # Ray's own handler exits at once; the server drains first
        self.job = ray.remote(max_retries=1, num_cpus=1)(_job)
        self.analyse = ray.remote(max_retries=1, num_cpus=1)(_analyse)

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()


class RaySlot:
    """One of ``BotPool``'s slots, run on Ray: a job at a time, cancelled at its deadline."""

    def __init__(self, ray: Ray) -> None:
        self.ray = ray
        self.ref: Any = None

    async def start(self) -> None:
        return None

    async def run(self, args: dict[str, Any], deadline: float) -> dict[str, Any]:
        self.ref = self.ray.job.remote(args)
        try:
            async with asyncio.timeout(deadline):  # not wait_for: it may lose a cancellation (3.11)
                reply: dict[str, Any] = await self.ref
        except TimeoutError:
            self.kill()
            raise
        except self.ray.ray.exceptions.RayError as exc:  # its worker died twice, or the cluster is gone
            raise BotFailed(f"ray: {type(exc).__name__}") from None
        finally:
            self.ref = None
        if "error" in reply:
            raise BotFailed(reply["error"])
        return reply

    def kill(self) -> None:
        if self.ref is not None:
            with contextlib.suppress(Exception):
                self.ray.ray.cancel(self.ref, force=True)

    async def stop(self) -> None:
        self.kill()


async def analyse_on_ray(ray: Ray, record: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    """An analysis as one Ray task (cancelled if the caller's deadline cancels this coroutine)."""
    ref = ray.analyse.remote(record, bot, seed)
    try:
        result: dict[str, Any] = await ref
        return result
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            ray.ray.cancel(ref, force=True)
        raise


def pool(config: ServerConfig) -> tuple[BotPool | None, Ray | None]:
    """The bot pool of ``config`` (None: bots move in the server process) and the Ray connection it uses."""
    ray = Ray(config.compute, config.bot_workers) if config.compute != LOCAL else None
    if config.bot_workers <= 0:
        return None, ray
    slot = (lambda: RaySlot(ray)) if ray is not None else None
    return BotPool(config.bot_workers, config.bot_seconds, config.bot_nice, slot), ray


def attach(analyst: Any, ray: Ray | None) -> None:
    """Analyses go to Ray too when the bots do."""
    if ray is not None:
        analyst.remote = lambda record, bot, seed: analyse_on_ray(ray, record, bot, seed)
