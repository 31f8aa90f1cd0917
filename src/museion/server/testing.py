"""A real ``museion serve`` process on loopback, for tests and benchmarks (started and stopped by pid)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


GENEROUS = ("--limit-create", "1000/minute", "--limit-join", "1000/minute", "--limit-move", "1000/second",
            "--max-tables-per-client", "1000", "--limit-messages", "1000/second", "--request-rate", "0")
"""Limits for tests that create many tables from one address, and play a game against a quick bot as fast as the
answers come (more than the default 60 messages a second); the limits themselves have their own tests."""


class ServerProcess:
    """``museion serve`` in a subprocess with its own SQLite file; ``kill()`` sends SIGKILL, ``start()`` again
    restarts it on the same port and database.

    Without ``port``, the first start asks for ``--port 0`` and reads the port the server bound from its first
    line: a port chosen here and bound there later could be taken meanwhile (a local Ray cluster picks free
    ports at random, and so do other processes on the machine)."""

    def __init__(self, db_path: str | Path, port: int | None = None, bot_delay: float = 0.02,
                 bot_workers: int = 1, log_path: str | Path | None = None, db_url: str | None = None,
                 args: tuple[str, ...] = GENEROUS) -> None:
        self.db_path = Path(db_path)
        self.db_url = db_url or f"sqlite:///{self.db_path}"
        self.port = port or 0
        self.bot_delay = bot_delay
        self.bot_workers = bot_workers
        self.log_path = Path(log_path) if log_path else self.db_path.with_suffix(".log")
        self.args = tuple(args)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        """Start the server and wait until it answers ``/healthz``; a server that does not is ended before the
        error is raised (a caller that gets no server has nothing to stop)."""
        try:
            return self._start(timeout)
        except BaseException:
            self.kill()
            raise

    def _start(self, timeout: float) -> ServerProcess:
        if not self.port and "--workers" in self.args:  # each process would bind a port of its own
            self.port = free_port()
        cmd = [sys.executable, "-m", "museion.cli", "serve", "--port", str(self.port),
               "--db", self.db_url, "--bot-delay", str(self.bot_delay),
               "--bot-workers", str(self.bot_workers), *self.args]
        if "--drain-seconds" not in self.args:  # stopped at once, as tests stop servers often (a drain has its test)
            cmd += ["--drain-seconds", "0"]
        log = open(self.log_path, "ab")  # noqa: SIM115 - owned by the child process
        logged = log.tell()
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env={**os.environ,
                                                                                     "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}: {self.log_path.read_text()[-2000:]}")
            if not self.port:
                self.port = self._bound_port(logged)
                if not self.port:
                    time.sleep(0.1)
                    continue
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not answer within {timeout} s: {self.log_path.read_text()[-2000:]}")

    def _bound_port(self, offset: int) -> int:
        """The port of the server's first line (``museion web table on http://HOST:PORT/``), 0 before it."""
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            found = re.search(rb"museion web table on http://\S+?:(\d+)/", log.read())
        return int(found.group(1)) if found else 0

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, like a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


# -- clients ---------------------------------------------------------------------------------------------------
def http(method: str, url: str, body: dict[str, Any] | None = None, source: str | None = None
         ) -> tuple[int, Any]:
    """A JSON request with the standard library; returns (status, decoded body) for errors too. ``source``: the
    loopback address to send from (the server counts its limits per client address)."""
    import http.client
    import json
    import urllib.parse

    parts = urllib.parse.urlsplit(url)
    if parts.hostname is None:
        raise ValueError(f"no host in {url!r}")
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10,
                                      source_address=(source, 0) if source else None)
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), body=data,
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


def metrics(server: ServerProcess) -> str:
    """The server's ``/metrics`` text (Prometheus exposition format)."""
    with urllib.request.urlopen(f"{server.url}/metrics", timeout=10) as response:
        text: str = response.read().decode()
        return text


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the exposition ``text`` (0 when absent)."""
    for line in text.splitlines():
        if line.startswith(name) and all(f'{k}="{v}"' in line for k, v in labels.items()):
            head = line.split(" ")[0]
            if head == name or head.startswith(name + "{"):
                return float(line.rsplit(" ", 1)[1])
    return 0.0


class Player:
    """A synchronous WebSocket client of one table (seat token or spectator) that keeps the latest state."""

    def __init__(self, server: ServerProcess, table_id: str, token: str | None = None, lang: str = "en",
                 cookie: str | None = None) -> None:
        from websockets.sync.client import connect

        headers = {"Cookie": f"museion_session={cookie}"} if cookie else None  # a signed-in browser's session
        self.ws = connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=10, close_timeout=1,
                          additional_headers=headers).__enter__()
        self.ws.send(_dumps({"type": "hello", "token": token, "lang": lang}))
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.texts: list[str | bytes] = []
        """Every frame received, as sent (what this client's machine got)."""
        self.first = self.recv()

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        import json

        text = self.ws.recv(timeout=timeout)
        self.texts.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            if message["full"]:
                self.log = list(message["log"])
            else:
                assert message["log_from"] == len(self.log), (message["log_from"], len(self.log))
                self.log.extend(message["log"])
            self.state = message
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else _dumps(message))

    def move(self, action: int, seq: int | None = None) -> dict[str, Any]:
        """Send a move and return the answer (the new state or an error)."""
        self.send({"type": "move", "seq": self.state["seq"] if seq is None else seq, "action": action})
        return self.recv_answer()

    def recv_answer(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next error, or the next state message that changed the sequence number."""
        before = self.state.get("seq")
        while True:
            message = self.recv(timeout)
            if message["type"] == "error" or (message["type"] == "state" and message["seq"] != before):
                return message

    def wait(self, predicate: Callable[[dict[str, Any]], object], timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while not predicate(self.state):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"state never satisfied the condition; last: seq {self.state.get('seq')}")
            self.recv(left)
        return self.state

    def close(self) -> None:
        self.ws.close()


def _dumps(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data)
