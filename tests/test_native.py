"""The compiled (mypyc) and the pure build: which one a run uses, and that both play exactly the same games.

In a checkout the compiled build is ``build/compiled/`` (tools/compile.py); in an installed compiled wheel the
extensions sit beside the ``.py`` files (cibuildwheel runs this file against each release wheel; tests/test_wheel.py
plays the local wheel). ``make test`` runs the suite twice and says which build each pass must use
(``MUSEION_EXPECT_BUILD``), so a compiled pass that silently fell back to Python fails here instead of passing as a
second pure run.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

import pytest

import museion
from museion import native
from museion.core.registry import compiled_modules

PLAYOUTS = r'''
import hashlib, json, random, sys
import museion
from museion.core.play import sample_chance
from museion.core.registry import entry

CONFIGS = [("tholos", {}), ("tholos", {"advanced": True}), ("imhotep", {"players": 2}),
           ("imhotep", {"players": 4, "wrath": True}), ("pergamon", {"players": 2}), ("pergamon", {"players": 4})]
out = {"build": museion.BUILD, "games": {}}
for name, options in CONFIGS:
    game = museion.load(name, **options)
    parts = entry(game)
    digest = hashlib.sha256()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seats = range(game.num_players())
            step = [state.current_player(), state.legal_actions(),
                    [parts.observer.observation_tensor(state, p) for p in seats],
                    [parts.observer.view(state, p) for p in seats], parts.evaluator.evaluate(state, 0),
                    repr(state.key())]
            action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            step += [[state.observed_action(action, p) for p in seats],
                     [e.to_json() for e in parts.events(state, action)], state.clone().key() == state.key()]
            digest.update(json.dumps(step, sort_keys=True, default=repr).encode())
            state.apply_action(action)
        digest.update(json.dumps([state.returns(), state.scores(), state.to_json()]).encode())
    out["games"][f"{name} {json.dumps(options)}"] = digest.hexdigest()
from museion.bots import make_bot
state, rng = museion.load("pergamon", players=2).new_initial_state(), random.Random(0)
while state.is_chance_node():
    state.apply_action(sample_chance(state, rng))
out["searches"] = {spec: sorted(make_bot(spec, seed=0).action_values(state).items())
                   for spec in ("expert:sims=300", "master:sims=300", "master:sims=300,priors=1,leaf_draws=0")}
print(json.dumps(out))
'''


def _play(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "MUSEION_PURE"}
    if pure:
        env["MUSEION_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAYOUTS], env=env, capture_output=True, text=True, check=True,
                          timeout=600)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_this_run_uses_the_build_it_says_and_the_one_expected():
    """``museion.BUILD`` tells the truth: compiled means every listed module is an extension, pure none is."""
    for name in compiled_modules():
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(".py") == (museion.BUILD == "pure"), (name, module.__file__)
    expected = os.environ.get("MUSEION_EXPECT_BUILD")
    if expected:
        assert museion.BUILD == expected, f"make test asked for the {expected} build; this run is {museion.BUILD}"


def test_the_pure_switch_and_a_stale_build_fall_back_to_python(tmp_path, monkeypatch):
    """``MUSEION_PURE=1`` forces pure; a manifest whose sources differ from today's files is not used."""
    assert _play_build_only(pure=True) == "pure"
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "manifest.json")
    (tmp_path / "manifest.json").write_text(json.dumps({
        "cache_tag": sys.implementation.cache_tag, "extensions": {},
        "sources": {m: "0" * 64 for m in compiled_modules()}}))
    assert native.current_extensions() is None


def _play_build_only(pure: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != "MUSEION_PURE"}
    if pure:
        env["MUSEION_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", "import museion; print(museion.BUILD)"], env=env,
                          capture_output=True, text=True, check=True, timeout=120)
    return done.stdout.strip()


def test_both_builds_play_identical_games():
    """Same seeds, same games: legal actions, observation tensors, views, evaluations, observed actions, events,
    clones, returns, scores and records agree between the compiled and the pure build, step by step; and so do the
    searches of ``expert`` and ``master`` (their loops are compiled: ``museion.bots.tree``) from one position."""
    if not native.compiled_available():
        if os.environ.get("MUSEION_EXPECT_BUILD") == "compiled":
            pytest.fail("the compiled pass has no current compiled build")
        pytest.skip("no current compiled build (python tools/compile.py builds it where a C compiler is)")
    pure, compiled = _play(pure=True), _play(pure=False)
    assert (pure["build"], compiled["build"]) == ("pure", "compiled")
    assert compiled["games"] == pure["games"]
    assert compiled["searches"] == pure["searches"]


def test_a_game_written_in_plain_python_runs_on_either_build():
    """Core's ``Game`` and ``State`` accept subclasses written in plain Python in the compiled build too (mypyc's
    ``allow_interpreted_subclasses``): the contract checker passes the example game Nim (examples/nim, which make
    test installs), states clone and pickle, and the mcts bot (whose search loop is compiled) finds Nim's winning
    move."""
    import copy
    import pickle

    from museion_nim.game import NimGame

    from museion.bots.base import make_bot
    from museion.core import game as core_game
    from museion.core.check import check_game

    assert str(core_game.__file__).endswith(".py") == (museion.BUILD == "pure")
    game = NimGame(pile=7)
    report = check_game(game, games=20, seed=0)
    assert report.games == 20 and report.steps >= 20 * 4
    state = game.new_initial_state()
    state.apply_action(2)
    for other in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(other) is type(state) and other.key() == state.key() == (5, 1)
    assert make_bot("mcts:sims=300,cutoff=-1", seed=0).choose(game.new_initial_state()) == 1  # leaves 6


def test_a_pure_run_nobody_asked_for_says_once_how_to_get_the_compiled_build(monkeypatch):
    """``museion --version`` (and the top of ``museion bench``): the build that runs, and a second line only where a
    pure build runs without ``MUSEION_PURE`` (here a checkout: ``make compiled``; an installation is
    tests/test_wheel.py's)."""
    from museion.cli import build_said
    from museion.core import i18n

    monkeypatch.setattr(museion, "BUILD", "pure")
    monkeypatch.delenv("MUSEION_PURE", raising=False)
    assert build_said("en").splitlines() == [f"museion {museion.__version__}, engines: pure Python",
                                             i18n.text("tool.no_compiled_checkout", "en")]
    assert "make compiled" in build_said("es").splitlines()[1]
    monkeypatch.setenv("MUSEION_PURE", "1")
    assert build_said("es") == f"museion {museion.__version__}, motores: Python puro (MUSEION_PURE está activada)"
    monkeypatch.setattr(museion, "BUILD", "compiled")
    assert build_said("en") == f"museion {museion.__version__}, engines: compiled (mypyc)"
