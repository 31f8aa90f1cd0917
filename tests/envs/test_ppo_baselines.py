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


def test_self_play_opponents_are_frozen_refreshed_snapshots_playing_legal_moves(tmp_path):
    """``--opponents self``: a snapshot is the actor as it was (later updates leave it alone), the pool takes a new
    one every ``--snapshot-every`` rollouts and keeps the last ``--pool``, and a snapshot opponent plays whole games
    of legal moves (the env refuses an illegal one), following its logits."""
    script = _script()
    args = script.arguments(["--game", "tholos", "--opponents", "self", "--steps", "96", "--checkpoints", "1",
                             "--envs", "2", "--n-steps", "32", "--hidden", "16,8", "--snapshot-every", "1",
                             "--pool", "2", "--eval-bots", "random=1", "--out", str(tmp_path)])
    game = museion.load("tholos", players=2)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        from sb3_contrib import MaskablePPO

        pool = script.Pool(args.pool, game, args.hidden)
        model = MaskablePPO("MlpPolicy", script.make_envs(args, pool), n_steps=32, batch_size=32, n_epochs=1,
                            seed=0, device="cpu", policy_kwargs={"net_arch": {"pi": [16, 8], "vf": [16, 8]},
                                                                 "activation_fn": torch.nn.ReLU})
        pool.add(model)
        first = pool.snapshots[0]
        kept = {k: v.copy() for k, v in first.items()}
        with (tmp_path / "curve.csv").open("w", newline="") as handle:
            model.learn(total_timesteps=96, callback=script.Checkpoints(args, game, script.csv.writer(handle),
                                                                        handle, pool))
        pool.add(model)
        obs = np.asarray(script.make_envs(args, pool).reset()[:1], dtype=np.float32)
        with torch.no_grad():
            expected = model.policy.action_net(model.policy.mlp_extractor.forward_actor(torch.as_tensor(obs)))[0]
    finally:
        torch.set_num_threads(threads)
    assert len(pool.snapshots) == 2 and all(s is not first for s in pool.snapshots)  # 1 + 2 rollouts + 1, last 2 kept
    assert all(np.array_equal(first[k], kept[k]) for k in kept)  # frozen: training did not touch it
    assert not np.allclose(first["Wp"], pool.snapshots[-1]["Wp"])  # refreshed: the learner moved on
    latest = pool.snapshots[-1]
    hidden = np.maximum(np.maximum(obs[0] @ latest["W1"] + latest["b1"], 0) @ latest["W2"] + latest["b2"], 0)
    assert np.allclose(hidden @ latest["Wp"] + latest["bp"], expected.numpy(), atol=1e-4)  # the actor itself

    opponent = script.Snapshot(pool, seed=5)
    env = MuseionEnv("tholos", seat=0, opponents=opponent, flat=True)
    rng = np.random.default_rng(5)
    for episode in range(2):
        opponent.new_episode()
        env.reset(seed=episode)
        done = False
        while not done:  # every opponent move goes through the env's legality check
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        assert not info.get("illegal_action")
    chosen = {k: v.copy() for k, v in latest.items()}
    chosen["Wp"][:] = 0.0
    chosen["bp"][:] = -50.0  # the logits are the biases: 7 far ahead, 9 a little ahead of 3, the rest far behind
    chosen["bp"][[3, 7, 9]] = [0.0, 50.0, 0.1]
    opponent.weights = chosen
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    mask[[3, 7, 9]] = 1
    assert [opponent(obs[0], mask) for _ in range(20)] == [7] * 20
    mask[7] = 0
    assert {opponent(obs[0], mask) for _ in range(40)} == {3, 9}  # sampled: both (all but surely), nothing else
    best = script.Snapshot(pool, seed=5, argmax=True)  # --snapshot-play argmax
    best.weights = chosen
    assert [best(obs[0], mask) for _ in range(20)] == [9] * 20
