"""The museion command on Tholos: play to the end in the terminal, simulate, check, bench, replay, rules."""

from __future__ import annotations

import json
import subprocess
import sys

import museion
from museion.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "museion.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_play_to_the_end_in_the_terminal(tmp_path):
    """A human (always choosing move 1, once a bad move) against a random bot; final scores and winner shown."""
    record = tmp_path / "game.json"
    stdin = "zz9\n999\n" + "1\n" * 400
    out = run("play", "tholos", "--seat", "0=human", "--seat", "1=bot:random", "--seed", "5",
              "--record", str(record), stdin=stdin)
    assert out.returncode == 0, out.stderr
    assert "Refused: 'zz9' is not a legal move here: no move of this game is written so." in out.stdout
    assert "No move number 999" in out.stdout
    assert "Final scores" in out.stdout and ("Winner:" in out.stdout or "Shared victory" in out.stdout)
    assert "game over" in out.stdout
    state = museion.Record.load(record).final_state()
    assert state.is_terminal()
    replay = run("replay", str(record))
    assert replay.returncode == 0 and "Final scores" in replay.stdout


def test_simulate_json(capsys):
    assert main(["simulate", "tholos", "--bots", "random,random", "--games", "20", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and sum(summary["wins"]) + summary["draws"] == 20
    assert main(["simulate", "tholos", "--bots", "random,random", "--games", "20", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] == summary["wins"]  # seeded: reproducible


def test_check_cli_small(capsys):
    assert main(["check", "tholos", "--games", "10", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 10
    assert main(["check", "tholos", "--advanced", "--games", "10", "--seed", "2"]) == 0


def test_bench_json(capsys):
    """One run measures this process, a worker in each build and OpenSpiel's Python and C++ tic-tac-toe."""
    import museion.native

    assert main(["bench", "tholos", "--json", "--seconds", "0.6"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = "compiled" if museion.native.compiled_available() else "pure"
    assert report["builds"] == {"pure": "pure", "compiled": expected}
    assert len(report["load_average_before"]) == 3 and len(report["load_average_after"]) == 3
    result = report["games"][0]
    assert result["steps_per_s"] > 0 and result["clones_per_s"] > 0
    for build in ("pure", "compiled"):
        assert result[build]["build"] == report["builds"][build]
        assert result[build]["steps_per_s"] > 0 and result[build]["mcts_sims_per_s"] > 0
    assert result["compiled_vs_pure"]["playouts"] > 0 and result["compiled_vs_pure"]["mcts"] > 0
    assert result["openspiel_tic_tac_toe_steps_per_s"] > 0 and result["openspiel_cpp_tic_tac_toe_steps_per_s"] > 0
    assert result["compiled"]["ratio_vs_cpp_tic_tac_toe"] > 0


def test_rules_lists_every_rule_id(capsys):
    assert main(["rules", "tholos", "--spec"]) == 0
    text = capsys.readouterr().out
    for rule in ("THO-SETUP-1", "THO-ACT-F", "THO-END-2", "THO-ORN-7", "THO-INV-3"):
        assert rule in text


def test_bad_options_are_explained(capsys):
    assert main(["check", "tholos", "--option", "colour=red"]) == 2
    assert "unknown option 'colour' for tholos; allowed: advanced" in capsys.readouterr().err
    assert main(["play", "tholos", "--seat", "1=bot:nobody"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["check", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
