"""What training needs from the Gymnasium env: masks the sb3-contrib way, a flat observation, policies as
opponents, vector envs without all-zero masks, MaskablePPO running, and the PettingZoo parallel route."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from museion.envs.gymnasium import MuseionEnv  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("name", "options"), [("tholos", {}), ("imhotep", {"players": 3}), ("pergamon", {})])
def test_flat_observation_passes_check_env(name, options):
    env = MuseionEnv(name, flat=True, seat=None, **options)
    check_env(env)
    obs, info = env.reset(seed=0)
    assert obs.shape == (env.game.observation_tensor_size(),) and obs.dtype == np.float32
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


def test_action_masks_are_the_legal_actions_and_never_all_false():
    env = MuseionEnv("imhotep", players=2, opponents="greedy")
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == bool
        assert sorted(np.flatnonzero(masks)) == env.state.legal_actions()
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
    assert env.state.is_terminal() and env.action_masks().all() and obs["action_mask"].all()


def test_opponents_may_be_policies_given_their_own_observation():
    seen = []

    def first_legal(observation, mask):
        seen.append((observation.shape, int(mask.sum())))
        return int(np.flatnonzero(mask)[0])

    env = MuseionEnv("pergamon", players=3, seat=1, flat=True, opponents=[first_legal, "random"])
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert seen and all(shape == obs.shape and legal > 0 for shape, legal in seen)
    with pytest.raises(Exception, match="allowed: a bot name"):
        MuseionEnv("tholos", opponents=[42])


def test_vector_env_autoreset_never_hands_out_an_all_zero_mask():
    envs = gymnasium.vector.SyncVectorEnv([lambda: MuseionEnv("tholos", seat=None) for _ in range(2)])
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, _, terminated, truncated, _ = envs.step(actions)
        finished += int(terminated.sum())
    assert finished >= 2


def test_maskable_ppo_learns_for_a_few_steps():
    """The docs/rl.md recipe, shortened (two envs, flat observations, ``win+margin``), and the Dict observation with
    ``MultiInputPolicy``."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

    envs = VecMonitor(DummyVecEnv([lambda o=o: MuseionEnv("tholos", seat=None, opponents=o, reward="win+margin",
                                                            flat=True) for o in ("random", "greedy")]))
    recipe = sb3_contrib.MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1, ent_coef=0.01,
                                     seed=0, device="cpu")
    recipe.learn(total_timesteps=64)
    observations = envs.reset()
    masks = np.stack(envs.env_method("action_masks"))
    actions, _ = recipe.predict(observations, action_masks=masks, deterministic=True)
    assert all(masks[i, a] for i, a in enumerate(actions))
    env = MuseionEnv("tholos", seat=None, opponents="random")
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                                    verbose=0, device="cpu")
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert int(action) in env.state.legal_actions()


def test_pettingzoo_parallel_route():
    """Turn-based games go parallel through PettingZoo's own turn_based_aec_to_parallel: every agent submits an
    action each step and only the acting agent's is used."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    from museion.envs.pettingzoo import env as aec_env

    par = turn_based_aec_to_parallel(aec_env("imhotep", players=3))
    observations, _ = par.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while par.agents and steps < 2000:
        actions = {}
        for agent in par.agents:
            mask = observations[agent]["action_mask"]
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        observations, rewards, terminations, truncations, _ = par.step(actions)
        steps += 1
    assert not par.agents and steps > 50
