"""Load test of the web table: N concurrent tables, two WebSocket clients each, playing random legal moves.

Starts a real ``museion serve`` subprocess on loopback with a fresh SQLite file (WAL), creates the tables through
the REST API (two human seats each, no bots), then every client plays a random legal move as soon as it is its
turn. A move's latency is the time from sending it to receiving the state message that contains it (the server
has validated it, committed it to the database and broadcast it by then). Finished games are replaced by new
tables. Prints moves/s and p50/p99 latency per table count, and a JSON line per run.

    .venv/bin/python benchmarks/web_load.py --tables 50 200 --rates 0 600 --seconds 15 [--db URL]

Rate 0 measures saturation (every client moves the instant it may: latency is then queueing time, about
tables / throughput); a rate gives each player a random thinking time of mean tables/rate seconds, i.e. that
many moves per second offered over all tables, and shows the latency a player feels at that load.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from museion.server.testing import ServerProcess, http


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.games = 0
        self.measuring = False
        self.acked: list[tuple[str, int, int]] = []
        """(table, seq, action) of every move the server confirmed (its state came back with the move in it)."""


def quiet_collector() -> None:
    """Keep this process's own garbage collector out of the latencies it measures.

    The clients record every acknowledged move (some 90,000 tuples in a hostile run), so a full pass of the
    collector here took 50-130 ms, about once in 30 s (seen with ``gc.callbacks``), and every move in flight
    meanwhile was counted as the server's latency. What exists is frozen (never scanned again) and full passes
    are left out for the run; the young generations are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 1_000_000)


def source_address(slot: int) -> str:
    """A loopback address in a network of its own per table slot: the server's limits count per client network
    (IPv4 /24), and 200 tables are 200 players, not one."""
    return f"127.{1 + slot // 250}.{1 + slot % 250}.1"


async def seat_client(url: str, table_id: str, token: str, rng: random.Random, stats: Stats,
                      stop: asyncio.Event, think: float, source: str | None = None) -> None:
    """Play random legal moves for one seat until the game ends or the run stops."""
    local = {"local_addr": (source, 0)} if source else {}
    async with connect(f"{url}/ws/tables/{table_id}", max_size=1 << 22, **local) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_seq = action = -1
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 5.0))
            except TimeoutError:
                continue
            if message["type"] == "error":
                stats.errors += 1
                sent_at = None
                await ws.send(json.dumps({"type": "resync"}))
                continue
            if message["type"] != "state":
                continue
            if sent_at is not None and message["seq"] > sent_seq:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_at)
                stats.acked.append((table_id, sent_seq, action))
                sent_at = None
            if message["status"] == "finished":
                stats.games += 1
                return
            if message["legal"] and sent_at is None:
                if think:  # a player's thinking time, uniform in [0, 2 * think]
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(message["legal"])["id"]
                sent_seq = message["seq"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "seq": sent_seq, "action": action}))


async def table_slot(server: ServerProcess, game: str, rng: random.Random, stats: Stats, stop: asyncio.Event,
                     think: float, source: str | None = None) -> None:
    """One table after another: create it, play it with two clients, repeat."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        status, table = await loop.run_in_executor(None, http, "POST", f"{server.url}/api/tables",
                                                   {"game": game, "seats": ["human", "human"], "join": 0}, source)
        assert status == 201, table
        _, other = await loop.run_in_executor(None, http, "POST", f"{server.url}/api/tables/{table['id']}/join",
                                              {"seat": 1}, source)
        await asyncio.gather(
            seat_client(server.ws_url, table["id"], table["token"], rng, stats, stop, think, source),
            seat_client(server.ws_url, table["id"], other["token"], rng, stats, stop, think, source))


async def run(server: ServerProcess, game: str, tables: int, seconds: float, warmup: float,
              rate: float = 0.0) -> dict:
    """``rate`` = 0: every client moves at once (saturation); else a thinking time of mean tables/rate s."""
    think = tables / rate if rate else 0.0
    quiet_collector()
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(tables)
    tasks = [asyncio.create_task(table_slot(server, game, random.Random(rng.random()), stats, stop, think,
                                            source_address(i))) for i in range(tables)]
    await asyncio.sleep(warmup)
    stats.measuring = True
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - start
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)
    pct = (lambda q: round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 2)) if lat else (lambda q: None)
    return {"game": game, "tables": tables, "clients": 2 * tables, "offered_rate": rate or "max",
            "seconds": round(elapsed, 1),
            "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1), "p50_ms": pct(0.50), "p99_ms": pct(0.99),
            "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else None, "errors": stats.errors,
            "games_finished": stats.games // 2, "db": server.db_url.split("@")[-1].split("/")[0]}


def fresh_db(url: str | None) -> str | None:
    """``url`` with every table in it dropped (each run starts empty and migrates from the first revision);
    ``None`` stays ``None`` (SQLite file)."""
    if url is None:
        return None
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(url)
    found = MetaData()
    found.reflect(engine)  # what the database holds: chat, friends and rating tables refer to ``tables``
    found.drop_all(engine)
    engine.dispose()
    return url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--game", default="tholos")
    parser.add_argument("--rates", type=float, nargs="+", default=[0, 600],
                        help="offered moves/s over all tables (0: no thinking time, i.e. saturation)")
    parser.add_argument("--db", default=None, metavar="URL",
                        help="SQLAlchemy URL of the storage (its museion tables are emptied before each run); "
                             "default: a fresh SQLite file per run")
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            for rate in args.rates:
                server = ServerProcess(Path(tmp) / f"load{n}-{rate}.db", bot_workers=0,
                                       db_url=fresh_db(args.db)).start()
                try:
                    results.append(asyncio.run(run(server, args.game, n, args.seconds, args.warmup, rate)))
                finally:
                    server.stop()
    print(f"{'tables':>6} {'clients':>7} {'offered':>8} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'moves':>7} "
          f"{'errors':>6}")
    for r in results:
        print(f"{r['tables']:>6} {r['clients']:>7} {r['offered_rate']:>8} {r['moves_per_s']:>8} {r['p50_ms']:>7} "
              f"{r['p99_ms']:>7} {r['moves']:>7} {r['errors']:>6}")
    for r in results:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
