"""``museion serve --workers N``: N server processes on one host behind one port.

Each process is an ordinary ``museion serve`` that binds the port with ``SO_REUSEPORT`` (``--reuse-port``), so
the kernel spreads new connections over the processes; they are one site through PostgreSQL (cluster.py). This
supervisor only starts them, starts again one that dies (after ``RESTART_PAUSE``; its clients reconnect to the
others meanwhile), and on SIGTERM or Ctrl-C passes SIGTERM on, so that each drains (service.py), and waits for
them. A process whose supervisor dies gets SIGTERM from the kernel (``PR_SET_PDEATHSIG``), so none is left over.

SQLite is one process: with it ``--workers`` above 1 is refused (two processes would each believe they hold
every table, and SQLite has one writer).
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from typing import Any

from museion.version import __version__

SHARED = "PROMETHEUS_MULTIPROC_DIR"
"""metrics.SHARED (not imported: the supervisor needs no metrics of its own)."""

log = logging.getLogger("museion.server")
RESTART_PAUSE = 1.0
"""Seconds before a process that died is started again (a process that cannot start is not restarted in a loop)."""
PR_SET_PDEATHSIG = 1


def refuse_sqlite(url: str, workers: int) -> str | None:
    """Why ``workers`` processes cannot share ``url``, or None."""
    if workers > 1 and url.startswith("sqlite"):
        return (f"--workers {workers}: SQLite is one process (one writer, tables held by one server); several "
                "processes share a PostgreSQL database: --db postgresql+psycopg://USER@HOST/DB (docs/operations.md)")
    return None


APPLICATION = f"museion/{__version__}"
"""The ``application_name`` of every PostgreSQL connection of a server process (storage.py, cluster.py): how a
starting process sees which versions already serve its database (:func:`refuse_other_versions`)."""
OTHER_VERSIONS = """SELECT application_name, host(client_addr), backend_start FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> :mine
AND (application_name LIKE 'museion/%' OR query = 'LISTEN museion_tables') ORDER BY backend_start"""
"""Connections of other versions: named ones, and the listening connection of a release that named none."""


def refuse_other_versions(url: str) -> str | None:
    """Why this process must not serve the PostgreSQL database at ``url`` (None: it may). Processes of different
    versions do not share a site: an older one may not read what a newer one writes (issue 39: a move made on
    one never reached the other's clients). A live process is one whose connections are open (a process killed
    with ``kill -9`` has none), so nothing needs cleaning up after a crash."""
    if not url.startswith("postgresql"):
        return None
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool, connect_args={"application_name": APPLICATION})
    try:
        with engine.connect() as conn:
            others = conn.execute(text(OTHER_VERSIONS), {"mine": APPLICATION}).all()
    finally:
        engine.dispose()
    if not others:
        return None
    seen = sorted({_version(name) for name, _, _ in others})
    where = sorted({address or "this host (socket)" for _, address, _ in others})
    return (f"museion {__version__} cannot start beside {', '.join(seen)} serving the same database (connected "
            f"from {', '.join(where)}): processes of different versions do not share a site. Stop every process "
            "of the old version, run `museion admin migrate`, then start the new one (docs/operations.md, "
            "\"Upgrading a site of several processes\")")


def _version(application_name: str) -> str:
    if application_name.startswith("museion/"):
        return f"museion {application_name.removeprefix('museion/')}"
    return "museion of an earlier release (it names no version)"


def listening_socket(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """The server's port, bound by the server itself before its application starts (uvicorn would bind it only
    after, when a local Ray cluster has already picked its own free ports, possibly this one). ``reuse_port``:
    with ``SO_REUSEPORT``, so that the other processes of ``--workers`` bind it too."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror} (another server there? --port 0 lets the "
                         "system choose a free port)") from None
    return sock


def _die_with_supervisor() -> None:
    """In the child before exec: SIGTERM (a drain) when the supervisor dies."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def supervise(argv: Sequence[str], workers: int, grace: float) -> int:
    """Run ``museion serve`` ``workers`` times with ``argv`` (the supervisor's own arguments) and ``--workers 1
    --reuse-port``, until SIGTERM or Ctrl-C; then stop them, each given ``grace`` seconds to drain. Their metrics
    are shared through ``PROMETHEUS_MULTIPROC_DIR`` (metrics.py): the operator's directory, emptied first, or a
    temporary one removed at the end."""
    command = [sys.executable, "-m", "museion.cli", *argv, "--workers", "1", "--reuse-port"]
    with _metrics_directory() as directory:
        return _supervise(command, workers, grace, {**os.environ, SHARED: directory})


@contextlib.contextmanager
def _metrics_directory() -> Iterator[str]:
    given = os.environ.get(SHARED)
    if not given:
        with tempfile.TemporaryDirectory(prefix="museion-metrics-") as directory:
            yield directory
        return
    for old in pathlib.Path(given).glob("*.db"):  # a previous run's figures (the client library's advice)
        old.unlink()
    yield given


def _supervise(command: list[str], workers: int, grace: float, env: dict[str, str]) -> int:
    stopping = False

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    procs = [_start(command, env) for _ in range(workers)]
    print(f"museion: {workers} server processes: {', '.join(str(p.pid) for p in procs)}", flush=True)
    while not stopping:
        time.sleep(0.2)
        for k, proc in enumerate(procs):
            if proc.poll() is not None and not stopping:
                log.warning("server process %d ended with %s; starting another", proc.pid, proc.returncode)
                _forget(proc.pid, env[SHARED])
                time.sleep(RESTART_PAUSE)
                procs[k] = _start(command, env)
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace + 10.0
    for proc in procs:
        try:
            proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return 0


def _forget(pid: int, directory: str) -> None:
    from museion.server.ops.metrics import process_ended

    process_ended(pid, directory)


def _start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, env=env, preexec_fn=_die_with_supervisor)  # noqa: PLW1509 - prctl only
