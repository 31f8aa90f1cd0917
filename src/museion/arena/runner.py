"""Running an arena: the schedule, resuming from the results file, and the local and Ray backends.

Results go to ``DIR/results.jsonl`` (one :class:`museion.core.record.Record` per line, meta: ``index``, ``bots``
per seat, ``seed``, ``arena_seed``) as games finish, so an interrupted run loses at most the games in flight and
resumes by skipping the indices already recorded. At the end the file is rewritten in index order, which makes
it identical whatever the number of jobs or the backend. Timings (not reproducible) go to ``DIR/timings.jsonl``.

Games are shipped to workers in chunks sized from the measured time per game (about ``CHUNK_SECONDS`` of work
each), which hides the per-task overhead of Ray (~0.6 ms here) and of process pools even for millisecond games.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from museion.arena.match import game_seed, play_chunk
from museion.arena.policy import arena_bot
from museion.arena.schedule import games_for, lineups
from museion.core.errors import MuseionError
from museion.core.record import Record
from museion.core.registry import load

CHUNK_SECONDS = 0.5
MAX_CHUNK = 200


@dataclass
class ArenaConfig:
    """What defines an arena's games (the results file is valid only for the same config)."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    games: int
    seed: int = 0
    schedule: str = "rotations"
    players: int = field(default=0)

    def __post_init__(self) -> None:
        game = load(self.game, **self.options)  # validates the options
        self.options = game.options_json()
        self.players = game.num_players()
        for spec in self.bots:
            arena_bot(spec, 0)  # validates names and parameters before any game starts
        self.cycle = lineups(self.bots, self.players, self.schedule)
        self.games = games_for(self.games, len(self.cycle))

    def identity(self) -> dict[str, Any]:
        """The fields a resumed run must share with the results it continues."""
        data = asdict(self)
        data.pop("games")
        return data

    def task(self, index: int) -> tuple[int, list[str], int, dict[str, Any]]:
        seed = game_seed(self.seed, index)
        return index, list(self.cycle[index % len(self.cycle)]), seed, {"index": index, "arena_seed": self.seed}


def load_results(path: str | pathlib.Path) -> list[Record]:
    """Records of a results file, skipping a line cut short by an interruption."""
    records = []
    path = pathlib.Path(path)
    if not path.exists():
        return records
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            records.append(Record.from_json(line))
        except (json.JSONDecodeError, TypeError):
            continue
    return records


def _check_resume(config: ArenaConfig, out: pathlib.Path) -> dict[int, Record]:
    """Games already played by the same arena (same game, options, bots, seed, schedule)."""
    meta_path = out / "arena.json"
    if meta_path.exists():
        old = json.loads(meta_path.read_text(encoding="utf-8"))
        old.pop("games", None)
        if old != config.identity():
            raise MuseionError(
                f"{out} holds results of a different arena ({old}); use another --out or delete it "
                f"(this run: {config.identity()})"
            )
    done = {}
    for record in load_results(out / "results.jsonl"):
        index = record.meta.get("index")
        if isinstance(index, int):
            done[index] = record
    _write_sorted(done, out)  # drops a line cut short, so appended games start on a clean line
    return done  # games beyond config.games (an earlier, longer run) are kept in the file but not reported


def _write_sorted(done: dict[int, Record], out: pathlib.Path) -> list[Record]:
    """Rewrite the results file in index order (atomically)."""
    ordered = [done[i] for i in sorted(done)]
    tmp = out / "results.jsonl.tmp"
    tmp.write_text("".join(r.to_json() + "\n" for r in ordered), encoding="utf-8")
    os.replace(tmp, out / "results.jsonl")
    return ordered


def run_arena(config: ArenaConfig, out: str | pathlib.Path, jobs: int = 1, backend: str = "local",
              address: str | None = None, on_progress: Callable[[int, int], None] | None = None) -> list[Record]:
    """Play every game of ``config`` not yet in ``out/results.jsonl``; returns all records in index order.

    ``on_progress(done, total)`` is called as games finish (the CLI draws its progress bar with it).
    """
    if backend not in ("local", "ray"):
        raise MuseionError(f"unknown backend {backend!r}; allowed: local, ray")
    if jobs < 1:
        raise MuseionError(f"--jobs must be at least 1, got {jobs}")
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    done = _check_resume(config, out)
    (out / "arena.json").write_text(json.dumps({**config.identity(), "games": config.games}, indent=1) + "\n",
                                    encoding="utf-8")
    pending = [i for i in range(config.games) if i not in done]
    if on_progress:
        on_progress(config.games - len(pending), config.games)
    if pending:
        with open(out / "results.jsonl", "a", encoding="utf-8") as results, \
                open(out / "timings.jsonl", "a", encoding="utf-8") as timings:
            run = _run_ray if backend == "ray" else _run_local
            for batch in run(config, pending, jobs, address):
                for index, text, timing in batch:
                    results.write(text + "\n")
                    timings.write(json.dumps({"index": index, **timing}) + "\n")
                    done[index] = Record.from_json(text)
                results.flush()
                timings.flush()
                if on_progress:
                    on_progress(sum(1 for i in done if i < config.games), config.games)
    return [r for r in _write_sorted(done, out) if r.meta["index"] < config.games]


class _Chunker:
    """Hands out chunks of pending games sized to about ``CHUNK_SECONDS`` of measured work."""

    def __init__(self, config: ArenaConfig, pending: list[int], jobs: int) -> None:
        self.config = config
        self.pending = iter(pending)
        self.left = len(pending)
        self.jobs = jobs
        self.seconds = 0.0
        self.games = 0

    def measured(self, batch: list[tuple[int, str, dict[str, Any]]]) -> None:
        for _, _, timing in batch:
            self.seconds += sum(timing["seconds"]) + 1e-4
            self.games += 1

    def next(self) -> list[tuple[int, list[str], int, dict[str, Any]]]:
        if self.games:
            size = int(CHUNK_SECONDS / (self.seconds / self.games))
        else:
            size = 1
        size = max(1, min(size, MAX_CHUNK, -(-self.left // self.jobs)))
        chunk = []
        for index in self.pending:
            chunk.append(self.config.task(index))
            if len(chunk) == size:
                break
        self.left -= len(chunk)
        return chunk


def _run_local(config: ArenaConfig, pending: list[int], jobs: int, _address: str | None
               ) -> Iterator[list[tuple[int, str, dict[str, Any]]]]:
    chunker = _Chunker(config, pending, jobs)
    if jobs == 1:
        while chunk := chunker.next():
            batch = play_chunk(config.game, config.options, chunk)
            chunker.measured(batch)
            yield batch
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running = set()
        while True:
            while len(running) < 2 * jobs and (chunk := chunker.next()):
                running.add(pool.submit(play_chunk, config.game, config.options, chunk))
            if not running:
                return
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                batch = future.result()
                chunker.measured(batch)
                yield batch


@contextlib.contextmanager
def ray_session(jobs: int, address: str | None) -> Iterator[Any]:
    """The ``ray`` module, connected to the cluster at ``address`` or to a local one with ``jobs`` CPUs (shut down
    at the end if this call started it)."""
    try:
        import ray
    except ImportError:
        raise MuseionError("the ray backend needs Ray: pip install 'museion[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def _run_ray(config: ArenaConfig, pending: list[int], jobs: int, address: str | None
             ) -> Iterator[list[tuple[int, str, dict[str, Any]]]]:
    with ray_session(jobs, address) as ray:
        remote = ray.remote(play_chunk)
        width = jobs if not address else max(jobs, int(ray.cluster_resources().get("CPU", jobs)))
        chunker = _Chunker(config, pending, width)
        running: list[Any] = []
        while True:
            while len(running) < 2 * width and (chunk := chunker.next()):
                running.append(remote.remote(config.game, config.options, chunk))
            if not running:
                return
            finished, running = ray.wait(running, num_returns=1)
            for ref in finished:
                batch = ray.get(ref)
                chunker.measured(batch)
                yield batch
