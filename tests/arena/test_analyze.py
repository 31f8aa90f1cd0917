"""``museion analyze`` (issue 16): the report of finished games, the same analysis on every backend."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

import museion
from museion.arena.analyze import analyze, read_records
from museion.bots import make_bot
from museion.cli import main
from museion.core.play import play_match
from museion.core.record import Record

BOT = "expert:sims=60"


def _records(tmp_path: pathlib.Path) -> list[str]:
    """A Tholos game as a JSON record and two Pergamon games in one JSON-lines file."""
    tholos = play_match(museion.load("tholos").new_initial_state(), [make_bot("greedy", 1), make_bot("random", 2)],
                        random.Random(1))
    Record.from_state(tholos, ["Ana", "Bea"]).save(tmp_path / "t.json")
    lines = []
    for seed in (3, 4):
        state = play_match(museion.load("pergamon").new_initial_state(), [make_bot("random", seed)] * 2,
                           random.Random(seed))
        lines.append(Record.from_state(state, ["Ana", "Bea"]).to_json())
    (tmp_path / "p.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [str(tmp_path / "t.json"), str(tmp_path / "p.jsonl")]


def test_analyze_writes_the_report_in_both_languages(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture) -> None:
    paths = _records(tmp_path)
    assert [name for name, _ in read_records(paths)] == ["t", "p-0", "p-1"]
    assert main(["analyze", *paths, "--out", str(tmp_path / "es"), "--bot", BOT, "--lang", "es", "--jobs", "2"]) == 0
    assert "report:" in capsys.readouterr().out
    out = tmp_path / "es"
    for name in ("t", "p-0", "p-1"):
        data = json.loads((out / f"{name}.json").read_text(encoding="utf-8"))
        assert data["bot"] == BOT and data["decisions"] and data["seconds"] > 0
        for d in data["decisions"]:
            assert 0 <= d["loss"] <= 1 and sum(d["before"]) == pytest.approx(1, abs=1e-2)
            assert d["mark"] == (None if d["tied"] else "blunder" if d["loss"] >= 0.25 else "mistake" if d["loss"]
                                 >= 0.1 else None)  # within the search's noise (tied): no mark (issue 42)
        assert [s["seat"] for s in data["summary"]] == [0, 1]
        assert (out / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
        page = (out / f"{name}.html").read_text(encoding="utf-8")
        assert '<html lang="es">' in page and "Pérdida media" in page and f'src="{name}.png" alt="Probabilidad' in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert all(f"href='{n}.html'" in index for n in ("t", "p-0", "p-1"))
    analyze(paths[:1], tmp_path / "en", BOT, lang="en")
    assert "Average loss" in (tmp_path / "en" / "t.html").read_text(encoding="utf-8")


def test_the_same_seed_gives_the_same_analysis_in_any_process(tmp_path: pathlib.Path) -> None:
    paths = _records(tmp_path)
    one = analyze(paths, tmp_path / "one", BOT, seed=5)
    two = analyze(paths, tmp_path / "two", BOT, seed=5, jobs=2)
    timed = ("seconds", "cpu_seconds")  # everything else is the same for the same seed
    strip = lambda pairs: [(n, {k: v for k, v in a.items() if k not in timed}) for n, a in pairs]  # noqa: E731
    assert strip(one) == strip(two)


def test_analyze_refuses_unfinished_games_and_bad_files(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture
                                                        ) -> None:
    state = museion.load("tholos").new_initial_state()
    Record.from_state(state).save(tmp_path / "open.json")
    assert main(["analyze", str(tmp_path / "open.json"), "--out", str(tmp_path / "x")]) == 2
    assert "not a finished game" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{nope", encoding="utf-8")
    assert main(["analyze", str(tmp_path / "bad.json"), "--out", str(tmp_path / "x")]) == 2
    assert "not a game record" in capsys.readouterr().err
    paths = _records(tmp_path)
    assert main(["analyze", paths[0], "--out", str(tmp_path / "x"), "--bot", "greedy"]) == 2
    assert "not a searching bot" in capsys.readouterr().err
