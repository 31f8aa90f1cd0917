"""The Ray backend gives the same results file as the local one (a real local Ray cluster is started)."""

from __future__ import annotations

import pathlib

import pytest

from museion.arena import ArenaConfig, run_arena

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def local_cluster():
    """One local Ray cluster for the module's tests (the backends connect to a running one, else start their own:
    starting one takes 10-30 seconds on a loaded machine, so it is started once)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.slow  # starting a local Ray cluster takes several seconds
def test_local_and_ray_backends_give_identical_results(tmp_path: pathlib.Path) -> None:
    def config() -> ArenaConfig:
        return ArenaConfig("tholos", {}, ["random", "greedy"], games=16, seed=11)

    run_arena(config(), tmp_path / "local", jobs=2, backend="local")
    run_arena(config(), tmp_path / "ray", jobs=2, backend="ray")
    local = (tmp_path / "local/results.jsonl").read_text(encoding="utf-8")
    assert local == (tmp_path / "ray/results.jsonl").read_text(encoding="utf-8")
    assert len(local.splitlines()) == 16


def test_analyses_on_ray_equal_the_local_ones(tmp_path: pathlib.Path) -> None:
    """Issue 16: ``museion analyze --backend ray`` runs each record as a Ray task, with the same analysis."""
    import random

    import museion
    from museion.arena.analyze import analyze
    from museion.bots import make_bot
    from museion.core.play import play_match
    from museion.core.record import Record

    paths = []
    for seed in (1, 2):
        state = play_match(museion.load("tholos").new_initial_state(), [make_bot("random", seed)] * 2,
                           random.Random(seed))
        Record.from_state(state, ["Ana", "Bea"]).save(tmp_path / f"g{seed}.json")
        paths.append(str(tmp_path / f"g{seed}.json"))
    local = analyze(paths, tmp_path / "local", "expert:sims=40", seed=3)
    remote = analyze(paths, tmp_path / "ray", "expert:sims=40", seed=3, jobs=2, backend="ray")
    timed = ("seconds", "cpu_seconds")  # everything else is the same for the same seed
    strip = lambda pairs: [(n, {k: v for k, v in a.items() if k not in timed}) for n, a in pairs]  # noqa: E731
    assert strip(local) == strip(remote)
    assert (tmp_path / "ray" / "index.html").is_file()


def test_policy_training_on_ray_equals_the_local_one(tmp_path: pathlib.Path) -> None:
    """Issue 42: ``museion train --policy --backend ray`` plays the self-play games as Ray tasks (a local cluster
    started here, shut down after the iteration), the same games and so the same network as on this process."""
    pytest.importorskip("torch")
    from museion.arena.expert_iteration import PolicyConfig, train_policy

    def config() -> PolicyConfig:
        return PolicyConfig("tholos", {}, 1, games=2, sims=6, hidden=(8, 8), epochs=2, eval_games=0, seed=5)

    local = train_policy(config(), tmp_path / "local", tmp_path / "local.json")
    remote = train_policy(config(), tmp_path / "ray", tmp_path / "ray.json", jobs=2, backend="ray")
    assert remote["weights"] == local["weights"] and remote["training"]["samples"] == local["training"]["samples"]
