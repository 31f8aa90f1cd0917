"""MaskablePPO baselines: learning curves against the bots, and the policy the ``ppo`` bot level ships.

Trains sb3-contrib's ``MaskablePPO`` on one seat of a game (``MuseionEnv``, a random seat per episode, flat
observations and the legal-action mask) against a mix of bots (one opponent per parallel env: ``random,greedy``
gives half the envs each), and at every checkpoint exports the policy to the format of ``museion.bots.network``
and measures the *exported* policy (the code the ``ppo`` bot plays, argmax over the legal actions) with
``museion.arena.evaluate.win_rate``: seat-rotated games against ``random``, ``greedy`` and ``hard``, 95 % Wilson
intervals. Writes ``OUT/<game><players>p.csv`` (one row per checkpoint and opponent) and ``.png``, and with
``--export`` the final policy as the game's ``models/policy-ppo-<players>p.json`` with a card beside it.

Why the recipe differs from the first documented one (``opponents="greedy"``, ``reward="win"``): a random policy
wins 0 of 20 games against greedy in Tholos and Pergamon (1 of 20 in Imhotep), so with a +1/-1 reward every
episode returns -1, the critic learns -1 and the advantages vanish: PPO gets no signal at all. Here the reward
is the win (+1/-1, 0 for a draw) plus ``margin_weight * tanh(margin / margin_scale)`` (the final score margin
over the best rival, so a close loss is better than a rout), and the opponents mix ``random`` (wins happen from
the start) with ``greedy``.

Self-play (``--opponents self``): the opponent of an env is a frozen snapshot of the learner's own actor, drawn
per episode from a pool of the last ``--pool`` snapshots; a new snapshot joins every ``--snapshot-every`` PPO updates
(rollouts). A snapshot plays what PPO's policy plays while it collects rollouts: a legal action sampled from the
softmax of its logits (argmax would make every old self a fixed line, easy to learn by heart and to overfit). The
pool starts with the untrained actor (a near-uniform player) and, before the model exists, with a uniform random
player. The bots never enter training (``self,self,self,random`` mixes them in: one opponent per env, in turn), so
their win rates measure how far the self-taught policy carries over.

Run (one training at a time, niced, on a shared machine)::

    nice -n 19 .venv/bin/python benchmarks/ppo_baselines.py --game tholos --steps 200000 --checkpoints 5 \\
        --out benchmarks/results/ppo --export

Needs the ``rl`` and ``sb3`` extras (gymnasium, sb3-contrib, torch) and matplotlib for the plot.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import pathlib
import sys
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

import museion
from museion.arena.evaluate import win_rate
from museion.bots import ppo
from museion.bots.network import PolicyValueNet, document
from museion.core.registry import load
from museion.envs._common import final_rewards
from museion.envs.gymnasium import MuseionEnv

FIELDS = ["game", "players", "build", "steps", "cpu_seconds", "wall_seconds", "episode_reward", "opponent", "games",
          "win_rate", "low", "high"]


class ShapedReward(gymnasium.Wrapper):  # type: ignore[misc]
    """The win (+1/-1/0) plus ``weight * tanh(margin / scale)`` at the end: a graded signal among losses."""

    def __init__(self, env: MuseionEnv, weight: float, scale: float, snapshot: Snapshot | None = None) -> None:
        super().__init__(env)
        self.weight, self.scale, self.snapshot = weight, scale, snapshot

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        if self.snapshot is not None:  # before the env plays the opponents' first moves
            self.snapshot.new_episode()
        return self.env.reset(**kwargs)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        base = self.env.unwrapped
        if terminated and not info.get("illegal_action") and self.weight:
            margin = final_rewards(base.state, "margin")[base.seat]
            reward = float(reward) + self.weight * math.tanh(margin / self.scale)
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


class Pool:
    """The learner's frozen past selves: the actor's weights as numpy arrays, the last ``size`` kept."""

    def __init__(self, size: int, game: Any, hidden: list[int]) -> None:
        self.size, self.game, self.hidden = size, game, hidden
        self.snapshots: list[dict[str, np.ndarray]] = []

    def add(self, model: MaskablePPO) -> None:
        """Freeze the current actor: exported as the ``ppo`` bot would load it, copied out of PyTorch."""
        arrays = PolicyValueNet(export(model, self.game, self.hidden, {}), self.game).arrays
        self.snapshots = [*self.snapshots, arrays][-self.size:]


class Snapshot:
    """An opponent policy ``(observation, mask) -> action``: a snapshot of the pool, drawn anew each episode,
    sampling a legal action from its softmax; uniform over the legal actions while the pool is empty."""

    def __init__(self, pool: Pool, seed: int, argmax: bool = False) -> None:
        self.pool, self.rng, self.argmax = pool, np.random.default_rng(seed), argmax
        self.weights: dict[str, np.ndarray] | None = None

    def new_episode(self) -> None:
        snapshots = self.pool.snapshots
        self.weights = snapshots[self.rng.integers(len(snapshots))] if snapshots else None

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        if self.weights is None:
            return int(self.rng.choice(legal))
        w = self.weights
        h = np.maximum(observation @ w["W1"] + w["b1"], 0.0)
        h = np.maximum(h @ w["W2"] + w["b2"], 0.0)
        logits = (h @ w["Wp"] + w["bp"])[legal].astype(np.float64)
        if self.argmax:  # --snapshot-play argmax: as the ppo bot plays
            return int(legal[np.argmax(logits)])
        p = np.exp(logits - logits.max())
        return int(legal[self.rng.choice(len(legal), p=p / p.sum())])


def make_envs(args: argparse.Namespace, pool: Pool | None = None) -> VecMonitor:
    """``args.envs`` envs, each against the next of ``--opponents`` (``self``: a :class:`Snapshot` of ``pool``)."""
    opponents = args.opponents.split(",")

    def factory(i: int) -> Any:
        def make() -> ShapedReward:
            name = opponents[i % len(opponents)]
            snapshot = Snapshot(pool, args.seed * 1000 + i, args.snapshot_play == "argmax") \
                if name == "self" and pool is not None else None
            if name == "self" and snapshot is None:
                raise SystemExit("--opponents self needs the snapshot pool")
            env = MuseionEnv(args.game, seat=None, opponents=snapshot or name, flat=True, players=args.players)
            shaped = ShapedReward(env, args.margin_weight, args.margin_scale, snapshot)
            shaped.reset(seed=args.seed * 1000 + i)
            return shaped
        return make

    return VecMonitor(DummyVecEnv([factory(i) for i in range(args.envs)]))


def export(model: MaskablePPO, game: Any, hidden: list[int], meta: dict[str, Any]) -> dict[str, Any]:
    """The actor's layers as a ``network`` document (the critic is not exported: the value head is zero)."""
    layers = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    head = model.policy.action_net
    if [layer.out_features for layer in layers] != hidden or len(hidden) != 2:
        raise SystemExit(f"the actor's layers {[layer.out_features for layer in layers]} are not {hidden}")

    def flat(tensor: torch.Tensor) -> list[float]:
        return [float(x) for x in tensor.detach().cpu().numpy().ravel()]

    weights = {"W1": flat(layers[0].weight.T), "b1": flat(layers[0].bias), "W2": flat(layers[1].weight.T),
               "b2": flat(layers[1].bias), "Wp": flat(head.weight.T), "bp": flat(head.bias),
               "Wv": [0.0] * (hidden[1] * game.num_players()), "bv": [0.0] * game.num_players()}
    return document(game, (hidden[0], hidden[1]), weights, meta)


def evaluate(doc: dict[str, Any], game: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Win rates of the exported policy (the ``ppo`` bot's own code) against each evaluation opponent."""
    bot = ppo.PPOBot(0)
    bot.network = PolicyValueNet(doc, game)
    results = []
    for spec in args.eval_bots.split(","):
        name, _, count = spec.partition("=")
        games = int(count or args.eval_games)
        results.append(win_rate(bot, args.game, opponent=name, games=games, seed=args.seed + 1, players=args.players))
    return results


class Checkpoints(BaseCallback):  # type: ignore[misc]
    """Every ``every`` steps: export, evaluate, append the CSV rows, print them."""

    def __init__(self, args: argparse.Namespace, game: Any, writer: Any, handle: Any,
                 pool: Pool | None = None) -> None:
        super().__init__()
        self.args, self.game, self.writer, self.handle, self.pool = args, game, writer, handle, pool
        self.rollouts = 0
        self.every, self.next = args.steps // args.checkpoints, 1
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        self.train_cpu = self.train_wall = 0.0
        self.last_doc: dict[str, Any] = {}
        self.rows: list[dict[str, Any]] = []

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.checkpoint()
            self.next += self.every
        return True

    def _on_rollout_end(self) -> None:
        """Self-play: a snapshot of the actor joins the pool every ``--snapshot-every`` updates (the one about to
        be made from this rollout comes after, so the snapshot is the policy that collected it)."""
        self.rollouts += 1
        if self.pool is not None and self.rollouts % self.args.snapshot_every == 0:
            self.pool.add(self.model)

    def checkpoint(self) -> None:
        self.train_cpu += time.process_time() - self.cpu
        self.train_wall += time.perf_counter() - self.wall
        rewards = [e["r"] for e in self.model.ep_info_buffer] if self.model.ep_info_buffer else []
        self.last_doc = export(self.model, self.game, self.args.hidden, {})
        for result in evaluate(self.last_doc, self.game, self.args):
            row = {"game": self.args.game, "players": self.args.players, "build": museion.BUILD,
                   "steps": self.num_timesteps, "cpu_seconds": round(self.train_cpu, 1),
                   "wall_seconds": round(self.train_wall, 1),
                   "episode_reward": round(float(np.mean(rewards)), 3) if rewards else "",
                   "opponent": result["opponent"], "games": result["games"],
                   "win_rate": round(result["win_rate"], 3), "low": round(result["low"], 3),
                   "high": round(result["high"], 3)}
            self.writer.writerow(row)
            self.rows.append(row)
            print(json.dumps(row), flush=True)
        self.handle.flush()
        self.cpu, self.wall = time.process_time(), time.perf_counter()


def read_rows(path: pathlib.Path) -> list[dict[str, Any]]:
    """A curve's CSV back as rows with numbers."""
    with path.open(encoding="utf-8") as handle:
        return [{**r, "steps": int(r["steps"]), **{k: float(r[k]) for k in ("win_rate", "low", "high")}}
                for r in csv.DictReader(handle)]


def plot(rows: list[dict[str, Any]], path: pathlib.Path, title: str,
         beside: list[dict[str, Any]] | None = None) -> None:
    """Win rate against each evaluation opponent by learner steps, with its interval; ``beside`` (the training
    against the bots) dashed in the same colours, without intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.4 if beside else 6, 3.6), dpi=100)
    for opponent in dict.fromkeys(r["opponent"] for r in rows):
        mine = [r for r in rows if r["opponent"] == opponent]
        steps = [r["steps"] for r in mine]
        line, = ax.plot(steps, [r["win_rate"] for r in mine], marker="o",
                        label=f"vs {opponent}{' (self-play)' if beside else ''}")
        ax.fill_between(steps, [r["low"] for r in mine], [r["high"] for r in mine], alpha=0.2)
        other = [r for r in beside or [] if r["opponent"] == opponent]
        if other:
            ax.plot([r["steps"] for r in other], [r["win_rate"] for r in other], linestyle="--",
                    color=line.get_color(), alpha=0.7, label=f"vs {opponent} (trained against bots)")
    ax.set(xlabel="learner steps", ylabel="win rate (95 % Wilson)", ylim=(0, 1), title=title)
    ax.grid(alpha=0.3)
    ax.legend(**({"fontsize": "small", "loc": "center left", "bbox_to_anchor": (1.01, 0.5)} if beside else {}))
    fig.tight_layout()
    fig.savefig(path)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tholos")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=200_000, help="learner steps in all")
    parser.add_argument("--checkpoints", type=int, default=5, help="evaluations after the one at step 0")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--opponents", default="random,greedy",
                        help="one per env in turn: bot names, or self (snapshots of the learner: self-play)")
    parser.add_argument("--snapshot-every", type=int, default=4, help="self-play: PPO updates between snapshots")
    parser.add_argument("--pool", type=int, default=10, help="self-play: the last snapshots kept to play against")
    parser.add_argument("--snapshot-play", choices=["sample", "argmax"], default="sample",
                        help="self-play: a snapshot samples its softmax, or plays its best legal action")
    parser.add_argument("--margin-weight", type=float, default=0.5)
    parser.add_argument("--margin-scale", type=float, default=10.0)
    parser.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[64, 64])
    parser.add_argument("--n-steps", type=int, default=256, help="rollout length per env")
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--eval-bots", default="random,greedy,hard=20", help="NAME or NAME=GAMES")
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("benchmarks/results/ppo"))
    parser.add_argument("--export", action="store_true", help="write the game's models/policy-ppo-<n>p.json")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    torch.set_num_threads(1)
    game = load(args.game, players=args.players)
    args.out.mkdir(parents=True, exist_ok=True)
    selfplay = "self" in args.opponents.split(",")
    stem = args.out / f"{args.game}{args.players}p{'-selfplay' if selfplay else ''}"
    pool = Pool(args.pool, game, args.hidden) if selfplay else None
    model = MaskablePPO("MlpPolicy", make_envs(args, pool), n_steps=args.n_steps, batch_size=256, n_epochs=4,
                        learning_rate=args.lr, ent_coef=args.ent_coef, seed=args.seed, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": {"pi": args.hidden, "vf": args.hidden},
                                       "activation_fn": torch.nn.ReLU})
    if pool is not None:
        pool.add(model)  # the untrained actor: the first self to play against
    with stem.with_suffix(".csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        callback = Checkpoints(args, game, writer, handle, pool)
        model.learn(total_timesteps=args.steps, callback=callback)
        if not callback.rows or callback.rows[-1]["steps"] != model.num_timesteps:
            callback.checkpoint()
    title = f"MaskablePPO{' self-play' if selfplay else ''}, {args.game} {args.players} players"
    bots = args.out / f"{args.game}{args.players}p.csv"  # the bot-opponent curve, dashed beside self-play's
    plot(callback.rows, stem.with_suffix(".png"), title, read_rows(bots) if selfplay and bots.exists() else [])
    if args.export:
        command = "benchmarks/ppo_baselines.py " + " ".join(sys.argv[1:] if argv is None else argv)
        final = callback.rows[-len(args.eval_bots.split(",")):]
        meta = {"training": {"algorithm": "sb3-contrib MaskablePPO", "command": command, "steps": model.num_timesteps,
                             "cpu_seconds": round(callback.train_cpu), "final": final}}
        doc = {**callback.last_doc, **meta}
        target = pathlib.Path(ppo.__file__).parents[1] / "games" / args.game / "models" / \
            f"{ppo.MODEL_KIND}-{args.players}p.json"
        target.write_text(json.dumps(doc, separators=(",", ":")), encoding="utf-8")
        target.with_suffix(".md").write_text(card(args, callback.rows, doc, command), encoding="utf-8")
        print("wrote", target)


def card(args: argparse.Namespace, rows: list[dict[str, Any]], doc: dict[str, Any], command: str) -> str:
    """The model card: what the file is, how it was made, how strong each checkpoint measured."""
    last = rows[-1]
    lines = [
        f"# PPO policy: {args.game}, {args.players} players",
        "",
        f"The policy of the `ppo` bot level for this configuration (`museion.bots.ppo`): from one seat's observation "
        f"tensor ({doc['inputs']} entries) a logit per distinct action ({doc['actions']}); the bot plays the legal "
        f"action of highest logit, without search. Two ReLU layers of {args.hidden[0]} and {args.hidden[1]} units, "
        f"the format of `museion.bots.network` (float32, base64), read with numpy or in plain Python; the value "
        f"head is zero (PPO's critic had its own layers and is not needed to play).",
        "",
        f"- **Made by** sb3-contrib `MaskablePPO` (`MlpPolicy`, separate actor and critic of {args.hidden}, ReLU): "
        f"`{command}`; game options {json.dumps(doc['options'])}.",
        f"- **Training**: {last['steps']:,} learner steps in {args.envs} envs (one seat, random each episode) "
        f"against `{args.opponents}` (one per env in turn); reward: the win (+1 / -1 / 0) plus "
        f"{args.margin_weight} x tanh(final margin / {args.margin_scale}); rollouts of {args.n_steps} steps per env, "
        f"batch 256, 4 epochs, learning rate {args.lr}, entropy coefficient {args.ent_coef}, seed {args.seed}; "
        f"{last['cpu_seconds']} CPU seconds of training ({last['wall_seconds']} s wall, niced on a shared 2-core "
        f"machine), {last['build']} build.",
        "- **Strength** of the exported policy (the bot's own code) at each checkpoint, seat-rotated games "
        "(`museion.arena.evaluate.win_rate`, seed 1), 95 % Wilson intervals; the curve: "
        f"`benchmarks/results/ppo/{args.game}{args.players}p.csv` and `.png`.",
        "",
        "| steps | opponent | games | win rate | 95 % interval |",
        "|---:|---|---:|---:|---|",
        *[f"| {r['steps']:,} | {r['opponent']} | {r['games']} | {r['win_rate']:.3f} | {r['low']:.3f}-{r['high']:.3f} |"
          for r in rows],
        "",
        "- **Limits**: trained at this player count with the game's default options; in another configuration the "
        "level plays as `greedy`. A change of the observation tensor or of the action ids (a new environment "
        "version) needs a new training run (the bot refuses a network of another shape).",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
