"""What an idle WebSocket costs the server (issue 24): RSS before and after N spectators of one table.

A real ``museion serve`` (SQLite in a temporary folder, no bot workers) and one 4-player Pergamon table of
humans; N clients connect from as many networks as the per-network cap needs, say hello, read their first
state and then stay idle. Printed: the server's RSS before, with the N sockets open, and after they closed.

    .venv/bin/python benchmarks/web_sockets.py [--sockets 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

import psutil
from websockets.asyncio.client import connect

from museion.server.testing import GENEROUS, ServerProcess, http


def raise_open_files() -> None:
    """The client needs a file per socket (as does the server, which raises its own limit)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def measure(server: ServerProcess, sockets: int) -> dict:
    _, table = http("POST", f"{server.url}/api/tables",
                    {"game": "pergamon", "options": {"players": 4}, "seats": ["human"] * 4})
    proc = psutil.Process(server.proc.pid)
    await asyncio.sleep(1)
    before = proc.memory_info().rss
    clients = []
    for i in range(sockets):
        ws = await connect(f"{server.ws_url}/ws/tables/{table['id']}", open_timeout=60, max_size=None,
                           local_addr=(f"127.0.{100 + i // 25}.{1 + i % 25}", 0))  # 25 per network
        await ws.send(json.dumps({"type": "hello", "token": None}))
        await ws.recv()
        clients.append(ws)
    await asyncio.sleep(2)
    during = proc.memory_info().rss
    for ws in clients:
        await ws.close()
    await asyncio.sleep(3)
    after = proc.memory_info().rss
    return {"sockets": sockets, "rss_before_mb": round(before / 2**20, 1), "rss_open_mb": round(during / 2**20, 1),
            "rss_after_mb": round(after / 2**20, 1), "kib_per_socket": round((during - before) / sockets / 1024, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=1000)
    args = parser.parse_args()
    raise_open_files()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "sockets.db", bot_workers=0, args=GENEROUS).start()
        try:
            started = time.monotonic()
            result = asyncio.run(measure(server, args.sockets))
        finally:
            server.stop()
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
