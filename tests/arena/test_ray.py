"""The Ray backend gives the same results file as the local one (a real local Ray cluster is started)."""

from __future__ import annotations

import pathlib

import pytest

from museion.arena import ArenaConfig, run_arena

ray = pytest.importorskip("ray")


@pytest.mark.slow  # starting a local Ray cluster takes several seconds
def test_local_and_ray_backends_give_identical_results(tmp_path: pathlib.Path) -> None:
    def config() -> ArenaConfig:
        return ArenaConfig("tholos", {}, ["random", "greedy"], games=16, seed=11)

    run_arena(config(), tmp_path / "local", jobs=2, backend="local")
    run_arena(config(), tmp_path / "ray", jobs=2, backend="ray")
    local = (tmp_path / "local/results.jsonl").read_text(encoding="utf-8")
    assert local == (tmp_path / "ray/results.jsonl").read_text(encoding="utf-8")
    assert len(local.splitlines()) == 16
