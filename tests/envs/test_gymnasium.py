"""Gymnasium single-agent wrapper: the library's check_env on every game, plus seats, bots and illegal actions."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import museion  # noqa: E402
from museion.envs._common import final_rewards  # noqa: E402
from museion.envs.gymnasium import MuseionEnv  # noqa: E402
from tests.envs.configs import CONFIGS, IDS  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("seat", [0, None])
def test_check_env(name, options, seat):
    check_env(MuseionEnv(name, seat=seat, **options))


def test_check_env_through_gymnasium_make_with_render():
    check_env(gymnasium.make("museion/Museion-v0", game="tholos", seat=1, render_mode="ansi").unwrapped)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_episode_reaches_the_end_with_the_final_reward(name, options):
    env = MuseionEnv(name, seat=None, reward="margin", **options)
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            assert env.state.current_player() == info["seat"]
            obs, reward, done, truncated, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            assert not truncated and "illegal_action" not in info
            total += reward
        assert env.state.is_terminal()
        assert total == final_rewards(env.state, "margin")[info["seat"]]


def test_seed_fixes_seat_chance_and_bots():
    def history(seed):
        env = MuseionEnv("tholos", seat=None, advanced=True, start_player="random")
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        return env.seat, env.state.history()

    assert history(5) == history(5)
    assert len({tuple(history(s)[1]) for s in range(5)}) > 1


def test_illegal_action_terminates_by_default_and_changes_nothing():
    env = MuseionEnv("tholos")
    obs, _ = env.reset(seed=0)
    before = env.state.clone()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.state == before
    assert (obs2["observation"] == obs["observation"]).all()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_illegal_action_can_raise():
    env = MuseionEnv("tholos", illegal_action="raise")
    obs, _ = env.reset(seed=0)
    with pytest.raises(museion.IllegalActionError, match="legal:"):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_bad_arguments_say_what_is_allowed():
    with pytest.raises(museion.OptionError, match=r"allowed: None or 0\.\.1"):
        MuseionEnv("tholos", seat=2)
    with pytest.raises(museion.OptionError, match="unknown bot"):
        MuseionEnv("tholos", opponents="grandmaster")
    with pytest.raises(museion.OptionError, match="2 opponents given for 1 other seats"):
        MuseionEnv("tholos", opponents=["random", "random"])
    with pytest.raises(museion.OptionError, match="allowed: 'terminate', 'raise'"):
        MuseionEnv("tholos", illegal_action="ignore")


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_other_bots_as_opponents(name, options):
    n = museion.load(name, **options).num_players()
    opponents = (["greedy", "mcts:sims=5"] * n)[: n - 1]
    env = MuseionEnv(name, seat=None, opponents=opponents, **options)
    check_env(env)
    obs, _ = env.reset(seed=4)
    done = False
    while not done:
        obs, _, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert env.state.is_terminal() and "illegal_action" not in info
