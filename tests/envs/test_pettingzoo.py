"""PettingZoo adapter: the library's own api_test and seed_test on every game, plus museion-specific behaviour."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import museion  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs import pettingzoo as mpz  # noqa: E402
from museion.envs._common import final_rewards  # noqa: E402
from tests.envs.configs import CONFIGS, IDS  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_api_test_wrapped(name, options):
    api_test(mpz.env(name, **options), num_cycles=1000)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_api_test_raw_margin_ansi(name, options):
    api_test(mpz.raw_env(name, reward="margin", render_mode="ansi", **options), num_cycles=1000)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_seed_test(name, options):
    seed_test(lambda: mpz.env(name, **options), num_cycles=1000)


def play_random(environment, seed: int) -> list[int]:
    """One seeded random game through the AEC loop; returns the game's full history (chance included)."""
    rng = random.Random(seed)
    environment.reset(seed=seed)
    for agent in environment.agent_iter():
        obs, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert agent in environment.possible_agents
    return environment.unwrapped.game_state.history()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_observations_match_the_contract_and_stay_in_bounds(name, options):
    environment = mpz.raw_env(name, **options)
    space = environment.observation_space("player_0")
    for seed in range(5):
        rng = random.Random(seed)
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            obs, _, terminated, _, _ = environment.last()
            if terminated:
                environment.step(None)
                continue
            state, player = environment.game_state, int(agent.split("_")[1])
            assert player == state.current_player()
            assert space.contains(obs), f"{name} {options}: observation outside [0, 1] at move {state.move_number()}"
            tensor = entry(state.game).observer.observation_tensor(state, player)
            assert obs["observation"].tolist() == pytest.approx(tensor)
            assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
            for other in environment.agents:
                if other != agent:
                    assert not environment.observe(other)["action_mask"].any()
            environment.step(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("reward", ["win", "margin", "win+margin"])
def test_final_rewards(name, options, reward):
    environment = mpz.raw_env(name, reward=reward, **options)
    rng = random.Random(7)
    environment.reset(seed=7)
    total = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        obs, rew, terminated, _, _ = environment.last()
        total[agent] += rew
        if terminated:
            environment.step(None)
        else:
            environment.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    state = environment.game_state
    assert state.is_terminal()
    expected = final_rewards(state, reward)
    assert [total[a] for a in environment.possible_agents] == expected
    if reward == "margin":
        scores = state.scores()
        best = max(range(len(scores)), key=scores.__getitem__)
        assert expected[best] >= 0


def test_same_seed_same_game_different_seed_differs():
    def make():
        return mpz.env("tholos", start_player="random", advanced=True)

    a, b = make(), make()
    assert play_random(a, 3) == play_random(b, 3)
    histories = {tuple(play_random(a, seed)[:8]) for seed in range(6)}
    assert len(histories) > 1  # chance (ornament draws, start player) follows the seed


def test_raw_env_rejects_illegal_action_and_changes_nothing():
    environment = mpz.raw_env("tholos")
    environment.reset(seed=0)
    state = environment.game_state
    illegal = next(a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions())
    before = state.clone()
    with pytest.raises(museion.IllegalActionError, match="legal:"):
        environment.step(illegal)
    assert environment.game_state == before and environment.agent_selection == "player_0"


def test_wrapped_env_ends_the_game_on_an_illegal_action():
    environment = mpz.env("tholos")
    environment.reset(seed=0)
    obs, *_ = environment.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        environment.step(illegal)
    assert all(environment.terminations.values())
    assert environment.rewards == {"player_0": -1, "player_1": 0}


def test_render_ansi_is_the_text_renderer():
    environment = mpz.raw_env("tholos", render_mode="ansi")
    environment.reset(seed=1)
    assert environment.render() == str(environment.game_state)


def test_bad_arguments_say_what_is_allowed():
    with pytest.raises(museion.OptionError, match="allowed: 'win', 'margin'"):
        mpz.raw_env("tholos", reward="points")
    with pytest.raises(museion.OptionError, match="allowed: None, 'ansi'"):
        mpz.raw_env("tholos", render_mode="human")
    with pytest.raises(museion.OptionError, match="unknown game"):
        mpz.env("chess")
    with pytest.raises(museion.OptionError, match="unknown option"):
        mpz.env("tholos", colour="red")


def test_no_heavy_optional_import():
    code = (
        "import sys, museion.envs.pettingzoo as p, museion.envs.gymnasium as g;"
        "p.env('tholos').reset(seed=0); g.MuseionEnv('tholos').reset(seed=0);"
        "heavy = [m for m in ('pygame', 'torch', 'tensorflow', 'jax', 'matplotlib', 'pyspiel') if m in sys.modules];"
        "assert not heavy, heavy"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
