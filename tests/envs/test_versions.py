"""Versioned ids (``museion/Tholos-v0``, ``museion.envs.tholos_v0``), the versioning policy's fingerprints, and
episodes as museion records.

The policy (docs/rl.md, :mod:`museion.envs.registration`): a change that alters a game's trajectories,
observations or action ids raises the game's ``env_version``. ``env_versions.json`` holds the fingerprint of each
game's current version; a change to the game that alters it fails here until the version is raised (and the new
version's fingerprint recorded: the failure prints it).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pathlib
import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import museion  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs import registration  # noqa: E402
from museion.envs.gymnasium import MuseionEnv  # noqa: E402
from museion.envs.pettingzoo import versioned  # noqa: E402

FINGERPRINTS = pathlib.Path(__file__).with_name("env_versions.json")
ROOT = pathlib.Path(__file__).parents[2]


def fingerprint(name: str) -> dict:
    """Observation size per player count, the action count and a hash of seeded random games: every action
    (chance included) and the observation tensor of the player to act before each decision."""
    option = entry(name).game_class.OPTIONS.get("players")
    counts = [None] if option is None else [n for n in range(1, 9) if _accepts(option, n)]
    digest, sizes = hashlib.sha256(), {}
    for n in counts:
        game = museion.load(name, **({} if n is None else {"players": n}))
        sizes[str(game.num_players())] = [game.observation_tensor_size(), game.num_distinct_actions()]
        state, rng, observer = game.new_initial_state(), random.Random(0), entry(game).observer
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                tensor = observer.observation_tensor(state, state.current_player())
                digest.update(np.asarray(tensor, np.float32).tobytes())
                action = rng.choice(state.legal_actions())
            digest.update(action.to_bytes(4, "little"))
            state.apply_action(action)
    return {"version": registration.env_version(name), "sizes": sizes, "trajectories": digest.hexdigest()}


def _accepts(option, n: int) -> bool:
    try:
        option.parse(n)
    except (ValueError, TypeError):
        return False
    return True


@pytest.mark.parametrize("name", museion.available_games())
def test_a_change_to_trajectories_or_observations_needs_a_new_version(name: str) -> None:
    recorded = json.loads(FINGERPRINTS.read_text())
    now = fingerprint(name)
    key = f"{name}-v{now['version']}"
    assert key in recorded, f"no fingerprint for {key}; add to {FINGERPRINTS.name}: {json.dumps({key: now})}"
    following = {f"{name}-v{now['version'] + 1}": {**now, "version": now["version"] + 1}}
    assert recorded[key] == now, (
        f"{name}'s trajectories, observations or action ids changed but its env_version is still "
        f"{now['version']}: raise the game's env_version, add a museion.envs.{name}_v<N> module and record "
        f"{json.dumps(following)}")


def test_gymnasium_make_resolves_the_ids_in_a_fresh_interpreter() -> None:
    code = ("import gymnasium\n"
            "e = gymnasium.make('museion:museion/Tholos-v0')\n"
            "print(e.spec.id, e.unwrapped.game.name)\n"
            "import museion\n")
    later = ("import museion, sys\n"
             "assert 'gymnasium' not in sys.modules\n"
             "import gymnasium\n"
             "e = gymnasium.make('museion/Pergamon-v0', players=3)\n"
             "print(e.spec.id, e.unwrapped.game.num_players())\n")
    outputs = [subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=120,
                              cwd=ROOT, check=True).stdout.split() for source in (code, later)]
    assert outputs == [["museion/Tholos-v0", "tholos"], ["museion/Pergamon-v0", "3"]]


@pytest.mark.parametrize("name", museion.available_games())
def test_every_game_has_its_versioned_id(name: str) -> None:
    ident = registration.env_id(name)
    assert ident == f"museion/{entry(name).game_class.title}-v{registration.env_version(name)}"
    environment = gymnasium.make(ident)
    assert environment.unwrapped.game.name == name


@pytest.mark.parametrize("name", ["tholos", "imhotep", "pergamon"])
def test_pettingzoo_style_modules(name: str) -> None:
    module = importlib.import_module(f"museion.envs.{name}_v0")
    aec = module.env(players=2) if name != "tholos" else module.env()
    aec.reset(seed=0)
    assert aec.unwrapped.game.name == name and module.raw_env().game.name == name
    parallel = module.parallel_env()
    observations, _ = parallel.reset(seed=0)
    assert set(observations) == set(parallel.possible_agents)


def test_a_retired_version_refuses_to_load() -> None:
    with pytest.raises(ImportError, match="museion.envs.tholos_v0"):
        versioned("tholos", registration.env_version("tholos") + 1)


def test_episodes_are_museion_records() -> None:
    aec = museion.envs.pettingzoo.raw_env("imhotep", players=3)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    record = aec.record()
    replayed = museion.Record.from_json(record.to_json()).final_state()
    assert replayed.history() == aec.game_state.history() and record.winners == aec.game_state.winners()
    assert record.players == ["player_0", "player_1", "player_2"]
    env = MuseionEnv("tholos", seat=None, opponents="greedy")
    env.reset(seed=2)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    partial = env.record()
    assert partial.actions == env.state.history() and partial.scores is None
    assert partial.meta["seat"] == env.seat and partial.players[env.seat] == "learner"
    assert partial.players[1 - env.seat] == "greedy"
