"""benchmarks/ppo_baselines.py (issue 44 item 4): what it exports is the policy it trained. A few MaskablePPO steps,
then the exported ``network`` document, evaluated by ``museion.bots.network`` without PyTorch, must give the actor's
own logits, and the shaped reward must be the win plus the squashed margin (the envs' ``win+margin``)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

import museion
from museion.bots.network import PolicyValueNet
from museion.envs._common import final_rewards
from museion.envs.gymnasium import MuseionEnv

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")


def _script():
    path = Path(__file__).parents[2] / "benchmarks" / "ppo_baselines.py"
    spec = importlib.util.spec_from_file_location("ppo_baselines", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_exported_policy_is_the_trained_actor(tmp_path):
    script = _script()
    args = script.arguments(["--game", "tholos", "--steps", "64", "--envs", "2", "--n-steps", "32",
                             "--hidden", "16,8", "--out", str(tmp_path)])
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        from sb3_contrib import MaskablePPO

        envs = script.make_envs(args)
        model = MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu",
                            policy_kwargs={"net_arch": {"pi": [16, 8], "vf": [16, 8]},
                                           "activation_fn": torch.nn.ReLU})
        model.learn(total_timesteps=64)
        game = museion.load("tholos", players=2)
        net = PolicyValueNet(script.export(model, game, [16, 8], {}), game, use_numpy=False)
        obs = envs.reset()
        with torch.no_grad():
            features = model.policy.mlp_extractor.forward_actor(torch.as_tensor(obs[:1]))
            expected = model.policy.action_net(features)[0].numpy()
    finally:
        torch.set_num_threads(threads)
    legal = list(range(game.num_distinct_actions()))
    logits, _ = net._python([float(x) for x in obs[0]], legal)
    assert np.allclose(logits, expected, atol=1e-4)
    assert np.ptp(expected) > 0  # a real network, not a constant


def test_the_shaped_reward_adds_the_squashed_margin():
    script = _script()
    env = script.ShapedReward(MuseionEnv("tholos", seat=0, opponents="greedy", flat=True), 0.5, 10.0)
    env.reset(seed=3)
    rng, done, reward = np.random.default_rng(3), False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, done, _, _ = env.step(action)
    base = env.unwrapped
    win, margin = final_rewards(base.state, "win")[0], final_rewards(base.state, "margin")[0]
    assert margin != 0 and reward == pytest.approx(win + 0.5 * math.tanh(margin / 10.0))
    same = MuseionEnv("tholos", seat=0, opponents="greedy", flat=True, reward="win+margin")  # the env's own scheme
    same.reset(seed=3)
    rng, done = np.random.default_rng(3), False
    while not done:
        _, scheme, done, _, _ = same.step(int(rng.choice(np.flatnonzero(same.action_masks()))))
    assert scheme == pytest.approx(reward)
