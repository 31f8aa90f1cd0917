"""Any policy in the arena (``py:module:function`` from the command line and Python) and ``win_rate``."""

from __future__ import annotations

import json
import pathlib

import pytest

np = pytest.importorskip("numpy")

import museion  # noqa: E402
from museion.arena import ArenaConfig, run_arena  # noqa: E402
from museion.arena.evaluate import win_rate  # noqa: E402
from museion.arena.policy import PolicyBot, arena_bot, load_policy  # noqa: E402
from museion.cli import main  # noqa: E402
from museion.core.errors import OptionError  # noqa: E402
from tests.arena import policies  # noqa: E402


def test_a_policy_enters_the_arena_from_the_command_line(tmp_path: pathlib.Path, capsys) -> None:
    out = tmp_path / "run"
    spec = "py:tests.arena.policies:first_legal"
    assert main(["arena", "tholos", "--bots", f"{spec},random", "--games", "2", "--calibration", "0",
                 "--out", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["by_bot"]) == {spec, "random"} and summary["games"] == 2
    records = [museion.Record.from_json(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted(r.meta["bots"].index(spec) for r in records) == [0, 1]  # the policy played both seats


def test_the_policy_gets_the_seat_observation_and_mask() -> None:
    game = museion.load("imhotep", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    policies.SEEN.clear()
    action = arena_bot("py:tests.arena.policies:first_legal", 0).choose(state)
    observation, mask = policies.SEEN[-1]
    assert action == min(state.legal_actions())
    assert observation.dtype == np.float32 and observation.shape == (game.observation_tensor_size(),)
    assert list(np.flatnonzero(mask)) == sorted(state.legal_actions())


def test_a_policy_enters_the_arena_from_python(tmp_path: pathlib.Path) -> None:
    config = ArenaConfig("tholos", {}, ["py:tests.arena.policies:first_legal", "greedy"], 2)
    records = run_arena(config, tmp_path)
    assert len(records) == 2 and all(r.winners is not None for r in records)


@pytest.mark.parametrize(("spec", "message"), [
    ("py:tests.arena.policies", "py:package.module:function"),
    ("py:tests.arena.no_such_module:f", "cannot import"),
    ("py:tests.arena.policies:missing", "no function 'missing'"),
])
def test_bad_policy_specs_are_refused_precisely(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load_policy(spec)
    with pytest.raises(OptionError, match=message):
        ArenaConfig("tholos", {}, [spec, "random"], 2)


def test_an_illegal_choice_is_refused() -> None:
    state = museion.load("tholos").new_initial_state()
    with pytest.raises(OptionError, match="not legal"):
        PolicyBot(policies.illegal).choose(state)


def test_win_rate_rotates_seats_and_counts_the_policy_wins() -> None:
    records: list[museion.Record] = []
    strong = win_rate("greedy", "tholos", opponent="random", games=8, seed=1, records=records)
    assert [r.meta["seat"] for r in records] == [0, 1] * 4
    wins = sum(1 / len(r.winners) for r in records if r.winners and r.meta["seat"] in r.winners)
    assert strong["wins"] == pytest.approx(wins) and strong["games"] == 8
    assert strong["win_rate"] >= 0.75  # greedy beats random nearly always: a seat mix-up would show here
    assert strong["low"] <= strong["win_rate"] <= strong["high"] and len(strong["by_seat"]) == 2
    weak = win_rate(policies.first_legal, "tholos", opponent="greedy", games=4, seed=1)
    assert weak["win_rate"] <= 0.5 and weak == win_rate(policies.first_legal, "tholos", "greedy", 4, 1)
