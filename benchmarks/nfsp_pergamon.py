"""NFSP on Pergamon 2 players: OpenSpiel's PyTorch NFSP on the information-state tensor, win rates at checkpoints.

Two NFSP agents (one per seat, ``open_spiel.python.pytorch.nfsp``, the settings of
``tests/envs/test_information_state.py`` but for the episode count) play each other through
``pyspiel.load_game("python_museion_pergamon(players=2)")``. Every ``--every`` episodes seat 0's *average policy*
(what NFSP converges with; sampled, masked to the legal moves) plays as a museion bot in
``museion.arena.evaluate.win_rate``: seat-rotated games against ``random`` and ``greedy``, 95 % Wilson intervals.
Exploitability is out of reach (a best response would have to enumerate Pergamon's information sets). Writes
``OUT/pergamon2p.csv`` and ``.png``.

Run (niced, one training at a time on a shared machine)::

    nice -n 19 .venv/bin/python benchmarks/nfsp_pergamon.py --episodes 600 --every 150 --out benchmarks/results/nfsp

Needs the ``rl`` and ``sb3`` extras (open_spiel, torch, dm-tree) and matplotlib for the plot.
"""

from __future__ import annotations

import argparse
import csv
import json
import pathlib
import random
import time
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp

import museion
import museion.envs.openspiel as mos
from museion.arena.evaluate import win_rate
from museion.bots.base import Bot
from museion.core.game import State

FIELDS = ["episodes", "build", "cpu_seconds", "wall_seconds", "opponent", "games", "win_rate", "low", "high"]


class AveragePolicyBot(Bot):
    """An NFSP agent's average policy as a museion bot: the information-state tensor of the seat (OpenSpiel's
    state replayed from the museion history: what the seat saw and remembers, never the hidden cards)."""

    name = "nfsp"

    def __init__(self, agent: Any, spiel_game: Any, seed: int = 0) -> None:
        super().__init__(seed)
        self.agent, self.spiel_game = agent, spiel_game

    def choose(self, state: State) -> int:
        spiel = self.spiel_game.new_initial_state()
        for action in state.history():
            spiel.apply_action(action)
        player, legal = state.current_player(), state.legal_actions()
        tensor = torch.tensor(np.asarray(spiel.information_state_tensor(player), dtype=np.float32))
        with torch.no_grad():
            logits = self.agent._avg_network(tensor[None])[0].numpy()
        chosen = logits[legal]
        weights = np.exp(chosen - chosen.max())
        return int(self.rng.choices(legal, weights=weights.tolist())[0])


def agents(size: int, actions: int) -> list[Any]:
    return [nfsp.NFSP(p, size, actions, [64], reservoir_buffer_capacity=50_000, anticipatory_param=0.5,
                      batch_size=64, min_buffer_size_to_learn=64, learn_every=16, sl_learning_rate=0.001,
                      rl_learning_rate=0.01, optimizer_str="adam", epsilon_start=0.06, epsilon_end=0.001, seed=p)
            for p in range(2)]


def episode(env: Any, players: list[Any]) -> None:
    step = env.reset()
    while not step.last():
        step = env.step([players[step.observations["current_player"]].step(step).action])
    for agent in players:
        agent.step(step)


def evaluate(agent: Any, spiel_game: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    bot = AveragePolicyBot(agent, spiel_game, seed=args.seed)
    return [win_rate(bot, "pergamon", opponent=name, games=args.eval_games, seed=args.seed + 1, players=2)
            for name in args.eval_bots.split(",")]


def plot(rows: list[dict[str, Any]], path: pathlib.Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    for opponent in dict.fromkeys(r["opponent"] for r in rows):
        mine = [r for r in rows if r["opponent"] == opponent]
        x = [r["episodes"] for r in mine]
        ax.plot(x, [r["win_rate"] for r in mine], marker="o", label=f"vs {opponent}")
        ax.fill_between(x, [r["low"] for r in mine], [r["high"] for r in mine], alpha=0.2)
    ax.set(xlabel="self-play episodes", ylabel="win rate (95 % Wilson)", ylim=(0, 1),
           title="NFSP average policy, Pergamon 2 players")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--every", type=int, default=150)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--eval-bots", default="random,greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("benchmarks/results/nfsp"))
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    spiel_game = pyspiel.load_game(f"{mos.short_name('pergamon')}(players=2)")
    env = rl_environment.Environment(spiel_game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=args.seed))
    players = agents(env.observation_spec()["info_state"][0], env.action_spec()["num_actions"])
    args.out.mkdir(parents=True, exist_ok=True)
    stem, rows = args.out / "pergamon2p", []
    cpu = wall = 0.0
    with stem.with_suffix(".csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        for done in range(0, args.episodes + 1, args.every):
            if done:
                start_cpu, start_wall = time.process_time(), time.perf_counter()
                for _ in range(args.every):
                    episode(env, players)
                cpu, wall = cpu + time.process_time() - start_cpu, wall + time.perf_counter() - start_wall
            for result in evaluate(players[0], spiel_game, args):
                row = {"episodes": done, "build": museion.BUILD, "cpu_seconds": round(cpu, 1),
                       "wall_seconds": round(wall, 1), "opponent": result["opponent"], "games": result["games"],
                       "win_rate": round(result["win_rate"], 3), "low": round(result["low"], 3),
                       "high": round(result["high"], 3)}
                writer.writerow(row)
                rows.append(row)
                print(json.dumps(row), flush=True)
            handle.flush()
    plot(rows, stem.with_suffix(".png"))


if __name__ == "__main__":
    main()
