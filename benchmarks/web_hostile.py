"""Hostile-load benchmark of the web table (loopback only, bounded in time; issue 12).

A real ``museion serve`` (default limits, ``--bot-specs`` with its default caps, one bot worker per core) serves
honest players on 200 tables offered 600 moves/s (``web_load.py``'s clients, one loopback address per table).
After a warm-up, a separate attacker process runs for ``--seconds`` (60) at the same time:

* 20 resync flooders: spectators that send ``resync`` as fast as TCP lets them and never read (they reconnect
  when the server closes them);
* a table-creation flood: 4 loops posting tables as fast as they are answered, each from its own address;
* 5 tables of the most expensive bots allowed (``mcts:time=5`` with the default caps), bots only;
* 1,000 idle sockets: spectators of quiet tables that say hello and then nothing, 25 from each of 40 networks
  (under the per-network cap: what they cost is the memory per idle socket);
* a replay flood (issue 24): 4 keep-alive connections asking for the replay of one finished 4-player Pergamon
  table as fast as they are answered;
* slowloris (issue 24): 1,000 connections from 10 networks that send a request's headers a line every 5 s and
  never finish them (reconnecting when the server closes them).

Then the attacker leaves and the honest load goes on for ``--after`` seconds. Measured: honest moves served per
second and their latency during the attack, the server process's memory (RSS: baseline before the attack, peak
during it, level after it), and every move a client saw acknowledged checked against the database afterwards.

    .venv/bin/python benchmarks/web_hostile.py [--db postgresql+psycopg://...] [--seconds 60]

Goals: >= 550 honest moves/s with p99 < 100 ms during the attack, memory growth < 100 MB during it and back
within 20 % of the baseline after it, 0 acknowledged moves lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from sqlalchemy import create_engine, select
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import Stats, fresh_db, quiet_collector, source_address, table_slot  # noqa: E402

from museion.server.config import raise_open_files  # noqa: E402
from museion.server.services.worker import lower_priority  # noqa: E402
from museion.server.storage.rows import actions_t  # noqa: E402
from museion.server.testing import ServerProcess, http  # noqa: E402

EXPENSIVE = "bot:mcts:time=5"
ATTACKER_NICE = 10
"""The attacker runs on the same 2 cores as the server; at normal priority its own CPU use (20 flooders writing
as fast as TCP accepts) would be measured as the server's weakness. A remote attacker costs the server only
what it sends, which is what this measures."""


# -- the attacker (its own process) ---------------------------------------------------------------------------
async def flooder(ws_url: str, table_id: str, source: str, stop: asyncio.Event, counts: dict) -> None:
    while not stop.is_set():
        try:
            async with connect(f"{ws_url}/ws/tables/{table_id}", local_addr=(source, 0), max_queue=1,
                               ping_interval=None, close_timeout=1) as ws:
                await ws.send('{"type":"hello","token":null}')
                while not stop.is_set():
                    await asyncio.wait_for(ws.send('{"type":"resync"}'), 5)
                    counts["resyncs"] += 1
        except (ConnectionClosed, OSError, TimeoutError, InvalidStatus):
            counts["flooder_closed"] += 1
            await asyncio.sleep(0.5)


async def creation_flood(url: str, source: str, stop: asyncio.Event, counts: dict) -> None:
    body = {"game": "tholos", "seats": ["human", "human"]}
    while not stop.is_set():
        status, _ = await asyncio.to_thread(http, "POST", f"{url}/api/tables", body, source)
        counts[f"create_{status}"] = counts.get(f"create_{status}", 0) + 1


async def idle_socket(ws_url: str, table_id: str, source: str, stop: asyncio.Event, counts: dict) -> None:
    try:
        async with connect(f"{ws_url}/ws/tables/{table_id}", local_addr=(source, 0)) as ws:
            await ws.send('{"type":"hello","token":null}')
            counts["idle_open"] += 1
            stop_task = asyncio.ensure_future(stop.wait())
            closed_task = asyncio.ensure_future(ws.wait_closed())
            await asyncio.wait([stop_task, closed_task], return_when=asyncio.FIRST_COMPLETED)
            if closed_task.done():
                counts["idle_closed_by_server"] += 1
            stop_task.cancel()
            closed_task.cancel()
    except (ConnectionClosed, OSError, InvalidStatus):
        counts["idle_failed"] += 1


async def replay_flood(url: str, table_id: str, source: str, stop: asyncio.Event, counts: dict) -> None:
    """GET the replay on one keep-alive connection as fast as it is answered (reconnecting when closed)."""
    host, port = url.split("//")[1].split(":")
    request = f"GET /api/tables/{table_id}/replay HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(host, int(port), local_addr=(source, 0))
            while not stop.is_set():
                writer.write(request)
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
                status = int(head.split(b" ", 2)[1])
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")))
                await reader.readexactly(length)
                counts[f"replay_{status}"] = counts.get(f"replay_{status}", 0) + 1
            writer.close()
        except (OSError, asyncio.IncompleteReadError, TimeoutError, StopIteration):
            counts["replay_reconnects"] = counts.get("replay_reconnects", 0) + 1
            await asyncio.sleep(0.1)


async def slowloris(url: str, source: str, stop: asyncio.Event, counts: dict) -> None:
    """Headers a line every 5 s, never finished; a new connection when the server closes this one."""
    host, port = url.split("//")[1].split(":")
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(host, int(port), local_addr=(source, 0))
            writer.write(f"GET / HTTP/1.1\r\nHost: {host}\r\n".encode())
            counts["slowloris_opened"] = counts.get("slowloris_opened", 0) + 1
            while not stop.is_set():
                try:
                    answer = await asyncio.wait_for(reader.read(200), 5)
                except TimeoutError:
                    writer.write(b"X-a: b\r\n")
                    continue
                kind = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "dropped"
                counts[f"slowloris_{kind}"] = counts.get(f"slowloris_{kind}", 0) + 1
                break
            writer.close()
        except OSError:
            counts["slowloris_failed"] = counts.get("slowloris_failed", 0) + 1
            await asyncio.sleep(1)


REPLAYED = {"game": "pergamon", "options": {"players": 4}, "seats": ["bot:random"] * 4}
"""The table whose replay is flooded: 4-player Pergamon has the largest replay a game makes. It is created when
the honest load starts (its bots play during the warm-up) and is finished before the attack begins."""


async def finished(url: str, table_id: str) -> str:
    while (await asyncio.to_thread(http, "GET", f"{url}/api/tables/{table_id}"))[1]["status"] != "finished":
        await asyncio.sleep(1)
    return table_id


async def attack(url: str, ws_url: str, seconds: float, replayed: str) -> dict:
    counts = {"resyncs": 0, "flooder_closed": 0, "idle_open": 0, "idle_closed_by_server": 0, "idle_failed": 0}
    stop = asyncio.Event()
    only = set(os.environ.get("MUSEION_ATTACK", "flood,create,bots,idle,replay,slowloris").split(","))
    bots = []
    for _ in range(5 if "bots" in only else 0):
        status, table = await asyncio.to_thread(http, "POST", f"{url}/api/tables",
                                                {"game": "tholos", "seats": [EXPENSIVE, EXPENSIVE]}, "127.0.5.1")
        assert status == 201, table
        bots.append(table["id"])
    quiet = []
    for i in range(10):
        status, table = await asyncio.to_thread(http, "POST", f"{url}/api/tables",
                                                {"game": "imhotep", "seats": ["human", "human"]}, f"127.0.6.{i + 1}")
        assert status == 201, table
        quiet.append(table["id"])
    watched = bots or quiet  # the flooders watch the expensive bots' tables
    tasks = [flooder(ws_url, watched[i % len(watched)], f"127.0.3.{i + 1}", stop, counts)
             for i in range(20) if "flood" in only]
    tasks += [creation_flood(url, f"127.0.4.{i + 1}", stop, counts) for i in range(4) if "create" in only]
    tasks += [idle_socket(ws_url, quiet[i % 10], f"127.0.{100 + i % 40}.{1 + i // 40}", stop, counts)
              for i in range(1000) if "idle" in only]
    tasks += [slowloris(url, f"127.0.{30 + i % 10}.{1 + i // 10}", stop, counts)
              for i in range(1000) if "slowloris" in only]
    running = [asyncio.ensure_future(t) for t in tasks]
    if "replay" in only:  # as soon as its game is over (within the attack's time)
        started = time.monotonic()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await finished(url, replayed)
                running += [asyncio.ensure_future(replay_flood(url, replayed, f"127.0.20.{i + 1}", stop, counts))
                            for i in range(4)]
        seconds -= time.monotonic() - started
    await asyncio.sleep(max(0.0, seconds))
    counts["idle_still_open"] = counts["idle_open"] - counts["idle_closed_by_server"]
    stop.set()
    if running:
        await asyncio.wait(running, timeout=15)
    for task in running:
        task.cancel()
    moves = [http("GET", f"{url}/api/tables/{t}")[1].get("moves", 0) for t in bots]
    counts["expensive_bot_moves"] = sum(moves)
    return counts


# -- the measurement (main process) ---------------------------------------------------------------------------
async def loop_lag(lags: list[float], stats: Stats, stop: asyncio.Event, tick: float = 0.01) -> None:
    """How late this process's own event loop wakes (every ``tick``) while the attack is measured: the honest
    clients share the two cores too, and a move's latency as they measure it includes their own delays."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + tick
        await asyncio.sleep(tick)
        if stats.measuring:
            lags.append(loop.time() - due)


def serving(pid: int) -> list[psutil.Process]:
    """The processes that serve: ``museion serve`` itself, or with ``--workers`` its workers (not the bots')."""
    main = psutil.Process(pid)
    workers = [p for p in main.children() if "--reuse-port" in p.cmdline()]
    return workers or [main]


async def sample_memory(pid: int, samples: list[tuple[float, float, float]], stop: asyncio.Event) -> None:
    """(time, RSS in MB, CPU seconds used so far) of the serving processes together, twice a second."""
    procs = serving(pid)
    while not stop.is_set():
        rss = cpu = 0.0
        for proc in procs:
            times = proc.cpu_times()
            rss, cpu = rss + proc.memory_info().rss / 2**20, cpu + times.user + times.system
        samples.append((time.monotonic(), rss, cpu))
        await asyncio.sleep(0.5)


def cpu_share(samples: list[tuple[float, float, float]], start: float, end: float) -> float:
    """The server's CPU use between two times, in cores (1.0 = one core busy all the time)."""
    inside = [(t, c) for t, _, c in samples if start <= t <= end]
    return round((inside[-1][1] - inside[0][1]) / (inside[-1][0] - inside[0][0]), 2) if len(inside) > 1 else 0.0


def between(samples: list[tuple[float, float, float]], start: float, end: float) -> list[float]:
    return [mb for t, mb, _ in samples if start <= t <= end]


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1)


async def measure(server: ServerProcess, args: argparse.Namespace) -> dict:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(1)
    think = args.tables / args.rate
    quiet_collector()
    honest = [asyncio.ensure_future(table_slot(server, "tholos", random.Random(rng.random()), stats, stop, think,
                                               source_address(i))) for i in range(args.tables)]
    samples: list[tuple[float, float, float]] = []
    sampler = asyncio.ensure_future(sample_memory(server.proc.pid, samples, stop))
    lags: list[float] = []
    lagger = asyncio.ensure_future(loop_lag(lags, stats, stop))
    _, replayed = await asyncio.to_thread(http, "POST", f"{server.url}/api/tables", REPLAYED, "127.0.21.1")
    await asyncio.sleep(args.warmup)
    t_base = time.monotonic()
    base_moves = len(stats.acked)
    await asyncio.sleep(5)
    baseline_rate = (len(stats.acked) - base_moves) / (time.monotonic() - t_base)
    baseline = statistics.median(between(samples, t_base, time.monotonic()))
    baseline_cpu = cpu_share(samples, t_base, time.monotonic())
    me = psutil.Process()
    client_cpu = sum(me.cpu_times()[:2])

    stats.latencies.clear()
    stats.measuring = True
    t_attack = time.monotonic()
    acked_before = len(stats.acked)
    attacker = await asyncio.create_subprocess_exec(  # niced: on loopback its CPU is not the server's to lose
        sys.executable, __file__, "--attack", server.url, "--seconds", str(args.seconds),
        f"--replayed={replayed['id']}",  # "=": an id may begin with "-"
        stdout=asyncio.subprocess.PIPE, preexec_fn=lambda: lower_priority(ATTACKER_NICE))
    out, _ = await attacker.communicate()
    t_left = time.monotonic()
    client_cpu = (sum(me.cpu_times()[:2]) - client_cpu) / (t_left - t_attack)
    stats.measuring = False
    attack_latencies = list(stats.latencies)
    attack_moves = len(stats.acked) - acked_before
    during = between(samples, t_attack, t_left)
    await asyncio.sleep(args.after)
    after = statistics.median(between(samples, time.monotonic() - 5, time.monotonic()))
    stop.set()
    await asyncio.gather(*honest, sampler, lagger, return_exceptions=True)
    return {
        "db": args.db_shown, "tables": args.tables, "offered": args.rate, "attack_s": round(t_left - t_attack, 1),
        "baseline_moves_per_s": round(baseline_rate, 1),
        "moves_per_s": round(attack_moves / (t_left - t_attack), 1),
        "p50_ms": percentile(attack_latencies, 0.5), "p99_ms": percentile(attack_latencies, 0.99),
        "client_loop_lag_p50_ms": percentile(lags, 0.5), "client_loop_lag_p99_ms": percentile(lags, 0.99),
        "rss_baseline_mb": round(baseline, 1), "rss_peak_mb": round(max(during), 1),
        "rss_growth_mb": round(max(during) - baseline, 1), "rss_after_mb": round(after, 1),
        "after_vs_baseline": round(after / baseline, 3), "honest_errors": stats.errors,
        "server_cpu_baseline": baseline_cpu, "server_cpu_attack": cpu_share(samples, t_attack, t_left),
        "honest_clients_cpu_attack": round(client_cpu, 2),
        "acked": stats.acked, "attack": json.loads(out.decode().strip().splitlines()[-1]),
    }


def lost_moves(db_url: str, acked: list[tuple[str, int, int]]) -> int:
    """Acknowledged moves whose action is not stored at their sequence number."""
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = {(r.table_id, r.seq): r.action for r in conn.execute(select(actions_t))}
    engine.dispose()
    return sum(stored.get((table, seq)) != action for table, seq, action in acked)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", default=None, metavar="URL", help="SQLAlchemy URL (emptied first); default: "
                                                                   "a fresh SQLite file")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rate", type=float, default=600.0)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the attack")
    parser.add_argument("--warmup", type=float, default=60.0,
                        help="honest load alone before the baseline is taken (the server's memory settles)")
    parser.add_argument("--after", type=float, default=30.0, help="honest load after the attackers left")
    parser.add_argument("--realtime", action="store_true",
                        help="run the honest clients and the server with the real-time policy SCHED_RR (root), "
                             "ahead of other work on a shared machine, as if it had the cores to itself; the bot "
                             "workers and the attacker keep the normal policy (niceness 10)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (PostgreSQL only: `museion serve --workers N`); memory and CPU are "
                             "their sums")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--replayed", metavar="ID", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.realtime:
        os.sched_setscheduler(0, os.SCHED_RR, os.sched_param(1))
    if args.attack:
        ws_url = args.attack.replace("http://", "ws://")
        raise_open_files()  # 2,000 sockets of its own
        print(json.dumps(asyncio.run(attack(args.attack, ws_url, args.seconds, args.replayed))))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        cores = len(os.sched_getaffinity(0))
        server = ServerProcess(Path(tmp) / "hostile.db", bot_delay=0.3, bot_workers=max(1, cores // args.workers),
                               db_url=fresh_db(args.db),
                               args=("--bot-specs", *(("--workers", str(args.workers)) if args.workers > 1 else ())))
        args.db_shown = "sqlite" if args.db is None else server.db_url.split("://")[0]
        load = os.getloadavg()
        server.start()
        try:
            result = asyncio.run(measure(server, args))
        finally:
            server.stop()
        acked = result.pop("acked")
        result["acked_moves"] = len(acked)
        result["lost_moves"] = lost_moves(server.db_url, acked)
        result["loadavg_before"] = [round(x, 2) for x in load]
        result["realtime"] = args.realtime
        result["workers"] = args.workers
        result["server_log_tracebacks"] = server.log_text().count("Traceback")
    print(json.dumps(result))
    print(f"attack {result['attack_s']} s: {result['moves_per_s']} honest moves/s (offered {args.rate:g}), p50 "
          f"{result['p50_ms']} ms, p99 {result['p99_ms']} ms; server RSS {result['rss_baseline_mb']} MB -> peak "
          f"{result['rss_peak_mb']} MB -> {result['rss_after_mb']} MB after; server CPU "
          f"{result['server_cpu_baseline']} -> {result['server_cpu_attack']} cores; lost "
          f"{result['lost_moves']} of {result['acked_moves']} acknowledged moves; load average {load[0]:.1f}")
    goals = (result["moves_per_s"] >= 550 and (result["p99_ms"] or 1e9) < 100 and result["rss_growth_mb"] < 100
             and result["after_vs_baseline"] <= 1.2 and result["lost_moves"] == 0)
    print("goals met" if goals else "goals NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
