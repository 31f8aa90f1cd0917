"""Many server processes, one PostgreSQL site (issue 27): honest moves/s and latency with 1, 2 and 4 processes,
the failover counts, and hint throughput with the local worker pool against a local Ray cluster.

    .venv/bin/python benchmarks/web_cluster.py --db postgresql+psycopg://USER@HOST/DB [--processes 1 2 4]
        [--tables 40] [--bot-tables 10] [--seconds 15] [--failover] [--hints 12]

Processes: N ``museion serve`` processes share the database; every human table's two seats connect to two
different processes (seat 0 to process k, seat 1 to process k+1), so every move crosses processes through
LISTEN/NOTIFY (the worst case: with one process nothing crosses). ``--bot-tables`` tables of two random bots play
meanwhile (bot moves in the worker pools, under the leases). A move's latency is from sending it to its state
coming back to the mover. Every figure of a run comes from the same run, on the same machine: compare ratios.

Failover (``--failover``): two processes; human tables and bot tables play; process 0 is killed with SIGKILL
mid-play, once the human tables have made ``KILL_AFTER`` moves each on average (a run whose games all ended before
the kill measures nothing and fails); the clients of the killed one reconnect to the other and play on. Counts:
moves acknowledged, before and after the kill, the seats still playing at the kill, of those moves the ones
missing from the database (must be 0), stored twice (impossible by the primary key; checked by replaying), and
the bot tables that finished afterwards.

Hints (``--hints N``): N hints (``expert:sims=2000``) asked at once from N tables, answered by 2 local worker
processes, then by a local Ray cluster of 2 CPUs: hints/s of each.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, select
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import Stats, fresh_db, seat_client, source_address  # noqa: E402

import museion  # noqa: E402
from museion.server.storage.rows import actions_t  # noqa: E402
from museion.server.testing import GENEROUS, ServerProcess, http  # noqa: E402


def start_site(tmp: str, url: str, processes: int, bot_workers: int = 1, extra: tuple[str, ...] = ()
               ) -> list[ServerProcess]:
    return [ServerProcess(Path(tmp) / f"p{k}.db", db_url=url, bot_workers=bot_workers, bot_delay=0.0,
                          args=(*GENEROUS, "--max-tables", "100000", *extra)).start(timeout=120)
            for k in range(processes)]


async def human_table(servers: list[ServerProcess], k: int, rng: random.Random, stats: Stats,
                      stop: asyncio.Event) -> None:
    """One table after another, seat 0 on process k, seat 1 on process k + 1."""
    loop = asyncio.get_running_loop()
    home, away = servers[k % len(servers)], servers[(k + 1) % len(servers)]
    source = source_address(k)
    while not stop.is_set():
        _, table = await loop.run_in_executor(None, http, "POST", f"{home.url}/api/tables",
                                              {"game": "tholos", "seats": ["human", "human"], "join": 0}, source)
        _, other = await loop.run_in_executor(None, http, "POST", f"{away.url}/api/tables/{table['id']}/join",
                                              {"seat": 1}, source)
        await asyncio.gather(seat_client(home.ws_url, table["id"], table["token"], rng, stats, stop, 0.0, source),
                             seat_client(away.ws_url, table["id"], other["token"], rng, stats, stop, 0.0, source))


async def bot_tables(servers: list[ServerProcess], count: int, stop: asyncio.Event) -> list[str]:
    """``count`` tables of two random bots, created round-robin over the processes (their creator runs them);
    new ones replace finished ones until ``stop``."""
    loop = asyncio.get_running_loop()
    made: list[str] = []
    while not stop.is_set():
        running = 0
        for table_id in made[-count:]:
            _, info = await loop.run_in_executor(None, http, "GET", f"{servers[0].url}/api/tables/{table_id}")
            running += info.get("status") != "finished"
        for k in range(count - running):
            server = servers[(len(made) + k) % len(servers)]
            _, table = await loop.run_in_executor(None, http, "POST", f"{server.url}/api/tables",
                                                  {"game": "tholos", "seats": ["bot:random", "bot:random"]},
                                                  source_address(1000 + len(made) % 200))
            made.append(table["id"])
        await asyncio.sleep(1.0)
    return made


async def measure(servers: list[ServerProcess], tables: int, bots: int, seconds: float, warmup: float) -> dict:
    stats, stop = Stats(), asyncio.Event()
    rng = random.Random(tables)
    tasks = [asyncio.create_task(human_table(servers, k, random.Random(rng.random()), stats, stop))
             for k in range(tables)]
    bot_task = asyncio.create_task(bot_tables(servers, bots, stop))
    await asyncio.sleep(warmup)
    before, cpu = bot_moves(servers), cpu_seconds(servers)
    stats.measuring, start = True, time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring, elapsed = False, time.perf_counter() - start
    bots_played, cpu = bot_moves(servers) - before, cpu_seconds(servers) - cpu
    followed = {path: scrape(servers, "museion_followed_total", f'path="{path}"') for path in ("carried", "read")}
    stop.set()
    await asyncio.gather(*tasks, bot_task, return_exceptions=True)
    lat = sorted(stats.latencies)
    pct = (lambda q: round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1)) if lat else (lambda q: None)
    return {"processes": len(servers), "tables": tables, "bot_tables": bots, "seconds": round(elapsed, 1),
            "moves_per_s": round(len(lat) / elapsed, 1), "p50_ms": pct(0.5), "p99_ms": pct(0.99),
            "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
            "bot_moves_per_s": round(bots_played / elapsed, 1), "errors": stats.errors,
            "server_cpu_ms_per_move": round(1000 * cpu / max(1, len(lat) + bots_played), 2),
            "followed_carried": followed["carried"], "followed_read": followed["read"],
            "load": os.getloadavg()[0]}


PORT = 5432
"""The PostgreSQL server's port (from --db): its backends' CPU time counts with the servers'."""


def cpu_seconds(servers: list[ServerProcess]) -> float:
    """CPU time (user + system) of the server processes and of the PostgreSQL backends so far: the cost of the
    work whatever the machine's load (the bot workers, children of the servers, are left out)."""
    import psutil

    total = 0.0
    procs = [psutil.Process(s.proc.pid) for s in servers if s.proc is not None and s.proc.poll() is None]
    postmaster = next((p for p in psutil.process_iter(["cmdline"])
                       if f"-p {PORT}" in " ".join(p.info["cmdline"] or []) or
                       any(a.endswith(f"port={PORT}") for a in p.info["cmdline"] or [])), None)
    procs += postmaster.children() if postmaster is not None else []
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            times = proc.cpu_times()
            total += times.user + times.system
    return total


def bot_moves(servers: list[ServerProcess]) -> float:
    """Bot moves computed so far over every live process (their /metrics)."""
    return scrape(servers, "museion_work_seconds_count", 'kind="move"')


def scrape(servers: list[ServerProcess], name: str, label: str) -> float:
    """The sum of the samples ``name`` with ``label`` over every live process's /metrics."""
    import urllib.request

    total = 0.0
    for server in servers:
        if server.proc is None or server.proc.poll() is not None:
            continue
        with urllib.request.urlopen(f"{server.url}/metrics", timeout=10) as answer:
            total += sum(float(line.rsplit(" ", 1)[1]) for line in answer.read().decode().splitlines()
                         if line.startswith(name) and label in line)
    return total


# -- failover ---------------------------------------------------------------------------------------------------
KILL_AFTER = 6
"""Moves per human table, on average, acknowledged before the kill: a Tholos game lasts several times more, so the
kill comes mid-play (issue 39: a fixed 3 s let every game end first, and the run reported 0 lost of nothing)."""


async def failover_seat(servers: list[ServerProcess], home: int, table_id: str, token: str, rng: random.Random,
                        acked: list[tuple[str, int, int]], reconnects: list[int]) -> None:
    """Random legal moves for one seat; when its process goes away, again on the next one (as the browser
    does), until the game ends."""
    k = home
    while True:
        server = servers[k % len(servers)]
        with contextlib.suppress(ConnectionClosed, OSError):
            async with connect(f"{server.ws_url}/ws/tables/{table_id}", max_size=1 << 22,
                               local_addr=(source_address(home), 0)) as ws:  # per-address socket caps
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent = None
                async for text in ws:
                    message = json.loads(text)
                    if message["type"] == "error":
                        sent = None
                    if message["type"] != "state":
                        continue
                    if sent is not None and message["seq"] > sent[0]:
                        acked.append((table_id, *sent))
                        sent = None
                    if message["status"] == "finished":
                        return
                    if message["legal"] and sent is None:
                        sent = (message["seq"], rng.choice(message["legal"])["id"])
                        await ws.send(json.dumps({"type": "move", "seq": sent[0], "action": sent[1]}))
        reconnects.append(1)
        k += 1
        await asyncio.sleep(0.2)
        if servers[k % len(servers)].proc.poll() is not None:  # type: ignore[union-attr]
            k += 1


async def failover(servers: list[ServerProcess], tables: int, bots: int, url: str) -> dict:
    acked: list[tuple[str, int, int]] = []
    reconnects: list[int] = []
    rng = random.Random(5)
    made = []
    for k in range(tables):
        home = servers[k % 2]
        _, table = http("POST", f"{home.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0},
                        source_address(k))
        _, other = http("POST", f"{servers[(k + 1) % 2].url}/api/tables/{table['id']}/join", {"seat": 1},
                        source_address(k))
        made.append((k, table["id"], table["token"], other["token"]))
    bot_ids = [http("POST", f"{servers[k % 2].url}/api/tables", {"game": "tholos",
                                                                 "seats": ["bot:random", "bot:random"]},
                    source_address(500 + k))[1]["id"] for k in range(bots)]
    seats = [asyncio.create_task(failover_seat(servers, k + s, tid, tok, random.Random(rng.random()), acked,
                                               reconnects))
             for k, tid, t0, t1 in made for s, tok in ((0, t0), (1, t1))]
    deadline = time.monotonic() + 120
    while len(acked) < KILL_AFTER * tables and time.monotonic() < deadline and not all(s.done() for s in seats):
        await asyncio.sleep(0.01)
    before_kill, playing = len(acked), sum(not s.done() for s in seats)
    assert servers[0].proc is not None
    os.kill(servers[0].proc.pid, signal.SIGKILL)
    servers[0].proc.wait()
    killed_at = time.perf_counter()
    if not playing:
        raise SystemExit(f"every game ended before the kill ({before_kill} moves): nothing was measured")
    await asyncio.wait_for(asyncio.gather(*seats), timeout=300)
    finish = time.perf_counter() - killed_at
    loop = asyncio.get_running_loop()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        statuses = [http("GET", f"{servers[1].url}/api/tables/{t}")[1]["status"] for t in bot_ids]
        if all(s == "finished" for s in statuses):
            break
        await loop.run_in_executor(None, time.sleep, 1.0)
    engine = create_engine(url)
    ids = [m[1] for m in made] + bot_ids
    with engine.connect() as conn:
        rows = conn.execute(select(actions_t).where(actions_t.c.table_id.in_(ids))
                            .order_by(actions_t.c.table_id, actions_t.c.seq)).all()
    engine.dispose()
    stored = {(r.table_id, r.seq): r.action for r in rows}
    histories: dict[str, list[int]] = {}
    for r in rows:
        histories.setdefault(r.table_id, []).append(r.action)
    legal = sum(museion.load("tholos").state_from_history(h).move_number() == len(h) for h in histories.values())
    return {"tables": tables, "bot_tables": bots, "acknowledged": len(acked), "acknowledged_before_kill": before_kill,
            "acknowledged_after_kill": len(acked) - before_kill, "seats_playing_at_kill": f"{playing}/{len(seats)}",
            "lost": sum(stored.get((t, s)) != a for t, s, a in acked), "reconnects": len(reconnects),
            "histories_replayed_legal": f"{legal}/{len(histories)}",
            "bot_tables_finished": sum(s == "finished" for s in statuses), "seconds_to_finish_after_kill":
            round(finish, 1), "load": os.getloadavg()[0]}


# -- hints: local pool against Ray ------------------------------------------------------------------------------
async def hints(server: ServerProcess, count: int) -> dict:
    """``count`` hints asked at once (one per table); hints/s until the last answer."""
    loop = asyncio.get_running_loop()
    made = []
    for k in range(count):
        _, table = await loop.run_in_executor(None, http, "POST", f"{server.url}/api/tables",
                                              {"game": "tholos", "seats": ["human", "bot:random"], "join": 0},
                                              source_address(k))
        made.append(table)

    async def one(table: dict, k: int) -> float:
        async with connect(f"{server.ws_url}/ws/tables/{table['id']}", local_addr=(source_address(k), 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table["token"]}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "state" and message["legal"]:
                    break
            await ready.wait()
            asked = time.perf_counter()
            await ws.send(json.dumps({"type": "hint", "seq": message["seq"]}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "hint":
                    return time.perf_counter() - asked
                if message["type"] == "error":
                    raise RuntimeError(message)

    ready = asyncio.Event()
    tasks = [asyncio.create_task(one(t, k)) for k, t in enumerate(made)]
    await asyncio.sleep(2.0)
    start = time.perf_counter()
    ready.set()
    times = await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    return {"hints": count, "seconds": round(elapsed, 1), "hints_per_s": round(count / elapsed, 2),
            "mean_s": round(statistics.fmean(times), 2), "load": os.getloadavg()[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", required=True, metavar="URL", help="PostgreSQL URL (its museion tables are emptied)")
    parser.add_argument("--processes", type=int, nargs="*", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--bot-tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--failover", action="store_true")
    parser.add_argument("--hints", type=int, default=0, metavar="N")
    args = parser.parse_args()
    global PORT  # noqa: PLW0603 - set once, from the command line
    PORT = make_url(args.db).port or 5432
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.processes:
            servers = start_site(tmp, fresh_db(args.db), n)
            try:
                out.append({"run": "processes", **asyncio.run(measure(servers, args.tables, args.bot_tables,
                                                                      args.seconds, args.warmup))})
            finally:
                for server in servers:
                    server.stop()
            print(json.dumps(out[-1]), flush=True)
        if args.failover:
            servers = start_site(tmp, fresh_db(args.db), 2)
            try:
                out.append({"run": "failover", **asyncio.run(failover(servers, args.tables // 2, args.bot_tables,
                                                                      args.db))})
            finally:
                for server in servers:
                    server.stop()
            print(json.dumps(out[-1]), flush=True)
        for compute in (("local",), ("ray:local",)) if args.hints else ():
            servers = start_site(tmp, fresh_db(args.db), 1, bot_workers=2,
                                 extra=("--compute", compute[0], "--hint-bot", "expert:sims=2000",
                                        "--limit-hint", "1000/minute", "--bot-nice", "0"))
            try:
                out.append({"run": "hints", "compute": compute[0], **asyncio.run(hints(servers[0], args.hints))})
            finally:
                for server in servers:
                    server.stop()
            print(json.dumps(out[-1]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
