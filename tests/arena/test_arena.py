"""Arena: seat-balanced schedules, seeds independent of the backend, resume, reports and the CLI."""

from __future__ import annotations

import collections
import json
import pathlib

import pytest

from museion.arena import ArenaConfig, lineups, run_arena, wilson
from museion.arena.match import game_seed
from museion.arena.stats import summarize
from museion.cli import main
from museion.core.errors import MuseionError
from museion.core.record import Record


@pytest.mark.parametrize(("bots", "seats"), [
    (["a", "b"], 2), (["a", "b", "c"], 2), (["a", "b", "b", "b"], 4), (["a", "b"], 4), (["a"], 3),
    (["a", "b", "c", "d", "e"], 3), (["a", "b", "c"], 3),
])
@pytest.mark.parametrize("schedule", ["rotations", "permutations"])
def test_schedules_are_seat_balanced(bots: list[str], seats: int, schedule: str) -> None:
    """Over a cycle every bot sits in every seat equally often (in proportion to how often it is listed)."""
    cycle = lineups(bots, seats, schedule)
    assert all(len(lineup) == seats for lineup in cycle)
    counts = collections.Counter((bot, seat) for lineup in cycle for seat, bot in enumerate(lineup))
    for bot in set(bots):
        per_seat = {counts[bot, seat] for seat in range(seats)}
        assert len(per_seat) == 1 and per_seat != {0}, (bot, counts)


def test_uneven_bot_counts_are_refused() -> None:
    with pytest.raises(MuseionError, match="2 bots cannot share 3 seats evenly"):
        lineups(["a", "b"], 3)


def test_game_seed_depends_on_arena_seed_and_index_only() -> None:
    assert game_seed(3, 10) == game_seed(3, 10)
    assert len({game_seed(s, i) for s in range(3) for i in range(50)}) == 150


def _lines(path: pathlib.Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_results_identical_for_any_jobs_and_resume(tmp_path: pathlib.Path) -> None:
    config = ArenaConfig("tholos", {}, ["random", "greedy"], games=12, seed=4)
    serial = run_arena(config, tmp_path / "serial", jobs=1)
    assert [r.meta["index"] for r in serial] == list(range(12))
    run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=12, seed=4), tmp_path / "pool", jobs=2)
    assert _lines(tmp_path / "serial/results.jsonl") == _lines(tmp_path / "pool/results.jsonl")
    # an interrupted run: 6 games recorded, the 7th cut short mid-line
    partial = tmp_path / "partial"
    run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=6, seed=4), partial, jobs=1)
    with open(partial / "results.jsonl", "a", encoding="utf-8") as f:
        f.write(_lines(tmp_path / "serial/results.jsonl")[6][:100])
    seen = []
    run_arena(config, partial, jobs=1, on_progress=lambda done, total: seen.append(done))
    assert seen[0] == 6  # the six recorded games were skipped
    assert _lines(partial / "results.jsonl") == _lines(tmp_path / "serial/results.jsonl")


def test_a_shorter_rerun_reports_fewer_games_and_keeps_the_rest(tmp_path: pathlib.Path) -> None:
    longer = run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=6, seed=4), tmp_path)
    shorter = run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=2, seed=4), tmp_path)
    assert [r.to_json() for r in shorter] == [r.to_json() for r in longer[:2]]
    assert len(_lines(tmp_path / "results.jsonl")) == 6


def test_resume_refuses_a_different_arena(tmp_path: pathlib.Path) -> None:
    run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=2, seed=4), tmp_path, jobs=1)
    with pytest.raises(MuseionError, match="holds results of a different arena"):
        run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=2, seed=5), tmp_path, jobs=1)


def test_records_are_replayable_and_carry_bots_and_seed(tmp_path: pathlib.Path) -> None:
    records = run_arena(ArenaConfig("tholos", {}, ["greedy", "random"], games=2, seed=1), tmp_path)
    for i, record in enumerate(records):
        assert record.meta["bots"] == (["greedy", "random"] if i % 2 == 0 else ["random", "greedy"])
        assert record.meta["seed"] == game_seed(1, i)
        final = Record.from_json(record.to_json()).final_state()
        assert final.is_terminal() and final.scores() == record.scores
    assert main(["replay", str(tmp_path / "results.jsonl"), "--index", "1"]) == 0


def test_bad_arena_input_is_refused_precisely() -> None:
    with pytest.raises(Exception, match="unknown bot 'nobot'"):
        ArenaConfig("tholos", {}, ["random", "nobot"], games=2)
    with pytest.raises(Exception, match="unknown option 'wrath' for tholos"):
        ArenaConfig("tholos", {"wrath": True}, ["random"], games=2)


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert low == pytest.approx(0.8256, abs=1e-3) and high == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_cli_writes_results_report_and_plots(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "run"
    code = main(["arena", "tholos", "--bots", "random,greedy", "--games", "6", "--out", str(out), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and set(summary["by_bot"]) == {"random", "greedy"}
    assert summary["ratings"]["greedy"]["low"] < summary["ratings"]["greedy"]["mu"]
    html = (out / "report.html").read_text(encoding="utf-8")
    for png in ("win_rates.png", "seats.png", "scores.png", "ratings.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="{png}"' in html
    assert len(_lines(out / "results.jsonl")) == 6


def test_arena_cli_rounds_games_to_whole_cycles(tmp_path: pathlib.Path) -> None:
    assert main(["arena", "imhotep", "--players", "3", "--bots", "greedy,random,random", "--games", "4",
                 "--out", str(tmp_path), "--json"]) == 0
    records = [Record.from_json(line) for line in _lines(tmp_path / "results.jsonl")]
    assert len(records) == 6
    summary = summarize(records)
    assert summary["by_bot"]["greedy"]["seats_played"] == 6


def test_balance_cli_compares_a_variant(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture) -> None:
    code = main(["balance", "tholos", "--bot", "random", "--games", "10", "--variant", "advanced=true",
                 "--out", str(tmp_path), "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"base", "advanced=True"}
    assert result["advanced=True"]["options"]["advanced"] is True
    d, lo, hi = result["advanced=True"]["vs_base"]["seat0_win_rate"]
    assert lo <= d <= hi
    assert result["base"]["seats"][0]["low"] <= result["base"]["seats"][0]["win_rate"]
