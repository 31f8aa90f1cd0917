"""Training the ``master`` bot's policy-and-value network by self-play: ``museion train GAME --policy``.

Expert iteration (AlphaZero's loop, as OpenSpiel's ``alpha_zero``): each iteration

1. **self-play**: ``games`` games of ``master`` against itself with the current network (the first iteration has
   none: uniform priors, the game's value model at the leaves), ``sims`` simulations a move, Dirichlet noise at the
   root and moves drawn in proportion to the visits for the first ``explore`` decisions of each seat; every decision
   with more than one legal action gives a sample: the mover's observation tensor, its legal actions, the root's
   visit shares (the **policy target**) and, once the game is over, every seat's share of the win in turn order from
   the mover mixed with the search's own estimate at the root (the **value target**; ``mix``: its weight, 0 = the
   result alone: a few dozen games' results alone are learnt by heart, every position of a game having the same
   one). ``leaf``: what the searches value their leaves with, ``net`` (the network being trained), ``learned``
   (the game's value model, as ``expert``) or ``playout`` (random playouts to the end, as four-player Imhotep's
   ``expert``); with the last two the network gives the priors only. Game ``g`` of iteration ``i``
   is seeded from ``(seed, i, g)`` only, so games can run in any order on local processes (``jobs``) or a Ray
   cluster (``backend="ray"``);
2. **training** (PyTorch on CPU): the network (``network.py``'s layout) continues from the last iteration on the
   samples of the last ``window`` iterations, cross-entropy of the masked policy against the visit shares plus
   cross-entropy of the value against the win shares, Adam;
3. **export** to the JSON the bots read without torch, and every ``eval_every`` iterations a match of
   ``eval_games`` games, seats rotated, ``master`` (this network, ``eval_sims``) against the opponent (by default
   ``expert`` at the same simulations): the **training curve**.

The work directory holds everything needed to resume (``config.json``, the samples of each iteration, the torch
checkpoint with the optimiser and the curve): run the same command again, with more ``--iterations`` to go on.
The output (by default the game's ``models/policy-<players>p.json``) gets the network, its model card (``.md``) and
the curve (``-curve.csv``, ``-curve.png`` with matplotlib).
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from museion.arena.learn import win_shares
from museion.core.errors import MuseionError
from museion.core.registry import entry, load

TRAINING_NAME = "policy-training"
"""The name the network being trained is registered under for the evaluation matches (``master:model=``)."""


@dataclasses.dataclass
class PolicyConfig:
    """What a training run is: everything but ``iterations`` must stay the same to resume it."""

    game: str
    options: dict[str, Any]
    iterations: int = 10
    games: int = 20
    sims: int = 100
    hidden: tuple[int, int] = (64, 64)
    seed: int = 0
    explore: int = 8
    noise: float = 0.25
    leaf: str = "net"
    mix: float = 0.5
    window: int = 4
    epochs: int = 4
    batch: int = 128
    lr: float = 1e-3
    eval_every: int = 2
    eval_games: int = 20
    eval_sims: int = 100
    opponent: str = ""

    def identity(self) -> dict[str, Any]:
        found = dataclasses.asdict(self)
        found["hidden"] = list(self.hidden)
        del found["iterations"]
        return found

    def opponent_spec(self) -> str:
        return self.opponent or f"expert:sims={self.eval_sims}"


# -- self-play ---------------------------------------------------------------------------------------------
Sample = tuple[list[float], list[int], list[float], int, list[float]]
"""(observation tensor of the mover, legal actions, visit shares over them, mover, the search's shares by seat)."""


def selfplay_game(game_name: str, options: dict[str, Any], model: str | None, params: dict[str, Any],
                  seed: int) -> list[tuple[list[float], list[int], list[float], list[float]]]:
    """One self-play game of ``master`` (the network in the file ``model``, or none); its samples with their value
    targets (win shares in turn order from the mover)."""
    from museion.bots.master import MasterBot, sample_visits
    from museion.bots.network import PolicyValueNet

    game = load(game_name, **options)
    rng = random.Random(seed)
    # the search the shipped networks were trained with (every new node's priors at its second visit, draws
    # searched through): their cards' commands rebuild them
    bot = MasterBot(rng.randrange(2**31), sims=params["sims"], noise=params["noise"], eval=params["leaf"], priors=2,
                    leaf_draws=0)
    if model:
        bot.network = PolicyValueNet(json.loads(pathlib.Path(model).read_text(encoding="utf-8")), game)
    observer = entry(game).observer
    state = game.new_initial_state()
    samples: list[Sample] = []
    decisions = 0
    n = game.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        mover = state.current_player()
        visits = bot.visit_counts(state)
        total = sum(visits.values())
        samples.append((observer.observation_tensor(state, mover), legal,
                        [visits.get(a, 0) / total for a in legal], mover, bot.root_values()))
        temperature = 1.0 if decisions < params["explore"] * n else 0.0
        state.apply_action(sample_visits(visits, rng, temperature))
        decisions += 1
    shares = win_shares(state.winners(), n)
    mix = params["mix"]
    return [(x, legal, target, [(1 - mix) * shares[(mover + k) % n] + mix * searched[(mover + k) % n]
                                for k in range(n)])
            for x, legal, target, mover, searched in samples]


def _map_games(config: PolicyConfig, model: str | None, seeds: list[int], jobs: int, backend: str,
               address: str | None) -> Iterator[list[Any]]:
    """The self-play games of one iteration, on this process, local processes or Ray."""
    params = {"sims": config.sims, "noise": config.noise, "explore": config.explore, "leaf": config.leaf,
              "mix": config.mix}
    args = [(config.game, config.options, model, params, s) for s in seeds]
    if backend == "ray":
        from museion.arena.runner import ray_session

        with ray_session(jobs, address) as ray:
            remote = ray.remote(selfplay_game)
            yield from ray.get([remote.remote(*a) for a in args])
        return
    if jobs <= 1:
        yield from (selfplay_game(*a) for a in args)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(selfplay_game, *zip(*args, strict=True))


def _save_samples(path: pathlib.Path, games: list[list[Any]], actions: int) -> int:
    """The samples of one iteration as arrays (observations, legal masks, policy and value targets)."""
    import numpy as np

    rows = [s for g in games for s in g]
    if not rows:
        raise MuseionError("self-play gave no decision with a choice: nothing to train on")
    obs = np.asarray([r[0] for r in rows], dtype=np.float32)
    mask = np.zeros((len(rows), actions), dtype=bool)
    policy = np.zeros((len(rows), actions), dtype=np.float32)
    for i, (_, legal, target, _) in enumerate(rows):
        mask[i, legal] = True
        policy[i, legal] = target
    value = np.asarray([r[3] for r in rows], dtype=np.float32)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, obs=obs, mask=mask, policy=policy, value=value)
    tmp.replace(path)
    return len(rows)


# -- the network in torch ------------------------------------------------------------------------------------
def torch_network(inputs: int, hidden: tuple[int, int], actions: int, players: int) -> Any:
    """The layout of ``network.PolicyValueNet`` as a torch module: ``forward(x) -> (policy logits, value
    logits)``."""
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.l1 = nn.Linear(inputs, hidden[0])
            self.l2 = nn.Linear(hidden[0], hidden[1])
            self.p = nn.Linear(hidden[1], actions)
            self.v = nn.Linear(hidden[1], players)

        def forward(self, x: Any) -> tuple[Any, Any]:
            h = torch.relu(self.l2(torch.relu(self.l1(x))))
            return self.p(h), self.v(h)

    return Net()


def _losses(net: Any, batch: dict[str, Any]) -> tuple[Any, Any]:
    import torch

    logits, values = net(batch["obs"])
    logits = logits.masked_fill(~batch["mask"], -1e9)
    policy = -(batch["policy"] * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
    value = -(batch["value"] * torch.log_softmax(values, dim=1)).sum(dim=1).mean()
    return policy, value


def _fit(net: Any, optimiser: Any, data: dict[str, Any], config: PolicyConfig, seed: int) -> dict[str, float]:
    """``epochs`` passes over the window's samples; the losses after them and the uniform policy's loss."""
    import torch

    count = data["obs"].shape[0]
    generator = torch.Generator().manual_seed(seed)
    net.train()
    for _ in range(config.epochs):
        order = torch.randperm(count, generator=generator)
        for start in range(0, count, config.batch):
            index = order[start:start + config.batch]
            policy, value = _losses(net, {k: v[index] for k, v in data.items()})
            optimiser.zero_grad()
            (policy + value).backward()
            optimiser.step()
    net.eval()
    with torch.no_grad():
        policy, value = _losses(net, data)
        uniform = _uniform_loss(data)
    return {"policy_loss": round(float(policy), 4), "value_loss": round(float(value), 4),
            "uniform_policy_loss": round(float(uniform), 4)}


def _fresh(net: Any, data: dict[str, Any]) -> dict[str, float]:
    """The losses on this iteration's games before training on them: games the network never saw (what it
    generalises, where the losses after training also measure what it memorised)."""
    import torch

    net.eval()
    with torch.no_grad():
        policy, value = _losses(net, data)
    return {"fresh_policy_loss": round(float(policy), 4), "fresh_value_loss": round(float(value), 4),
            "fresh_uniform_policy_loss": round(float(_uniform_loss(data)), 4)}


def _uniform_loss(data: dict[str, Any]) -> Any:
    """The policy loss of uniform priors over the legal actions: the bar a network that learnt anything beats."""
    import torch

    legal = data["mask"].sum(dim=1).clamp(min=1)
    return (data["policy"].sum(dim=1) * torch.log(legal.float())).mean()


def _count(path: pathlib.Path) -> int:
    import numpy as np

    return int(np.load(path)["obs"].shape[0])


def _window(work: pathlib.Path, iteration: int, window: int) -> dict[str, Any]:
    import numpy as np
    import torch

    files = [work / f"samples-{i:04d}.npz" for i in range(max(0, iteration - window + 1), iteration + 1)]
    loaded = [np.load(f) for f in files]
    return {k: torch.from_numpy(np.concatenate([d[k] for d in loaded])) for k in ("obs", "mask", "policy", "value")}


def export(net: Any, game: Any, config: PolicyConfig, meta: dict[str, Any]) -> dict[str, Any]:
    """The torch network as the JSON document ``network.PolicyValueNet`` reads (weights as inputs x outputs)."""
    from museion.bots.network import document

    def flat(layer: Any) -> tuple[list[float], list[float]]:
        return layer.weight.detach().t().contiguous().view(-1).tolist(), layer.bias.detach().tolist()

    weights: dict[str, list[float]] = {}
    for key, layer in (("1", net.l1), ("2", net.l2), ("p", net.p), ("v", net.v)):
        weights["W" + key], weights["b" + key] = flat(layer)
    return document(game, config.hidden, weights, meta)


# -- strength against the opponent ----------------------------------------------------------------------------
def evaluate(config: PolicyConfig, model: pathlib.Path, iteration: int) -> dict[str, Any]:
    """``eval_games`` games, ``master`` (the network in ``model``) in seat ``g % players`` of game ``g`` and the
    opponent in the others: ``master``'s win credit with its Wilson interval."""
    from museion.arena.match import play_game
    from museion.arena.stats import credits, wilson
    from museion.bots.learned import register_models

    register_models({TRAINING_NAME: model})
    n = load(config.game, **config.options).num_players()
    master = f"master:sims={config.eval_sims},model={TRAINING_NAME},eval={config.leaf}"
    score = 0.0
    for g in range(config.eval_games):
        seat = g % n
        lineup = [master if p == seat else config.opponent_spec() for p in range(n)]
        record, _ = play_game(config.game, config.options, lineup, seed=config.seed * 1_000_003 + 7919 * iteration + g)
        score += credits(record)[seat]
    low, high = wilson(score, config.eval_games)
    return {"score": round(score / max(1, config.eval_games), 4), "low": round(low, 4), "high": round(high, 4),
            "eval_games": config.eval_games, "opponent": config.opponent_spec()}


# -- the loop ------------------------------------------------------------------------------------------------
class _Run:
    """The state of one training run in its work directory (see the module docstring)."""

    def __init__(self, config: PolicyConfig, work: pathlib.Path) -> None:
        import torch

        self.config, self.work = config, work
        self.game = load(config.game, **config.options)
        work.mkdir(parents=True, exist_ok=True)
        saved = work / "config.json"
        if saved.exists():
            before = json.loads(saved.read_text(encoding="utf-8"))
            if before != config.identity():
                changed = sorted(k for k in set(before) | set(config.identity())
                                 if before.get(k) != config.identity().get(k))
                raise MuseionError(f"{work} holds a training run with other settings ({', '.join(changed)}); use "
                                   "another --work directory or the same settings")
        else:
            saved.write_text(json.dumps(config.identity(), indent=1), encoding="utf-8")
        torch.manual_seed(config.seed)
        g = self.game
        self.net = torch_network(g.observation_tensor_size(), config.hidden, g.num_distinct_actions(),
                                 g.num_players())
        self.optimiser = torch.optim.Adam(self.net.parameters(), lr=config.lr, weight_decay=1e-4)
        self.done, self.curve, self.samples = 0, [], 0
        checkpoint = work / "checkpoint.pt"
        if checkpoint.exists():
            state = torch.load(checkpoint, weights_only=False)
            self.net.load_state_dict(state["net"])
            self.optimiser.load_state_dict(state["optimiser"])
            self.done, self.curve, self.samples = state["iterations"], state["curve"], state["samples"]

    def save(self) -> None:
        import torch

        tmp = self.work / "checkpoint.tmp"
        torch.save({"net": self.net.state_dict(), "optimiser": self.optimiser.state_dict(), "iterations": self.done,
                    "curve": self.curve, "samples": self.samples}, tmp)
        tmp.replace(self.work / "checkpoint.pt")

    def iterate(self, jobs: int, backend: str, address: str | None) -> dict[str, Any]:
        """Self-play (unless this iteration's samples are there already), training, export, maybe evaluation."""
        config, i = self.config, self.done
        start = time.perf_counter()
        samples = self.work / f"samples-{i:04d}.npz"
        model = self.work / "model.json"
        if not samples.exists():
            seeds = [config.seed * 1_000_003 + 104_729 * i + g for g in range(config.games)]
            games = list(_map_games(config, str(model) if i else None, seeds, jobs, backend, address))
            _save_samples(samples, games, self.game.num_distinct_actions())
        self.samples += _count(samples)
        selfplay_seconds = time.perf_counter() - start
        point: dict[str, Any] = {"iteration": i + 1, "games": config.games * (i + 1), "samples": self.samples,
                                 **(_fresh(self.net, _window(self.work, i, 1)) if i else {}),
                                 **_fit(self.net, self.optimiser, _window(self.work, i, config.window), config,
                                        config.seed * 1000 + i)}
        self.done = i + 1
        tmp = model.with_suffix(".tmp")
        tmp.write_text(json.dumps(export(self.net, self.game, config, {})), encoding="utf-8")
        tmp.replace(model)
        if config.eval_every and config.eval_games and self.done % config.eval_every == 0:
            point.update(evaluate(config, model, self.done))
        point["selfplay_seconds"] = round(selfplay_seconds, 1)
        point["seconds"] = round(time.perf_counter() - start, 1)
        self.curve.append(point)
        self.save()
        return point


def train_policy(config: PolicyConfig, work: str | pathlib.Path, out: str | pathlib.Path | None = None,
                 jobs: int = 1, backend: str = "local", address: str | None = None, command: str = "",
                 on_iteration: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run (or resume) the training up to ``config.iterations`` and write the network, its card and its curve to
    ``out`` (default: the game's ``models/policy-<players>p.json``); returns the network's document."""
    import torch

    if backend not in ("local", "ray"):
        raise MuseionError(f"unknown backend {backend!r}; allowed: local, ray")
    torch.set_num_threads(1)
    run = _Run(config, pathlib.Path(work))
    while run.done < config.iterations:
        point = run.iterate(jobs, backend, address)
        if on_iteration is not None:
            on_iteration(point)
    if not run.done:
        raise MuseionError("no iteration was trained: give --iterations 1 or more")
    meta = {"training": {**config.identity(), "iterations": run.done, "samples": run.samples, "command": command},
            "curve": run.curve}
    doc = export(run.net, run.game, config, meta)
    path = pathlib.Path(out) if out else policy_path(run.game)
    write_outputs(doc, path)
    return doc


def policy_path(game: Any) -> pathlib.Path:
    """Where the game ships its policy network for this player count (``Game.model_file("policy")`` reads it)."""
    from museion.bots.learned import _shipped_dir

    return _shipped_dir(type(game).__module__) / f"policy-{game.num_players()}p.json"


# -- outputs -------------------------------------------------------------------------------------------------
CURVE_COLUMNS = ("iteration", "games", "samples", "policy_loss", "uniform_policy_loss", "value_loss",
                 "fresh_policy_loss", "fresh_uniform_policy_loss", "fresh_value_loss", "score", "low", "high",
                 "eval_games", "opponent", "seconds")


def write_outputs(doc: dict[str, Any], path: pathlib.Path) -> None:
    """The network (``path``), its model card (``.md``) and its curve (``-curve.csv``, ``-curve.png``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    stem = path.with_suffix("")
    rows = [",".join(str(point.get(k, "")) for k in CURVE_COLUMNS) for point in doc["curve"]]
    pathlib.Path(f"{stem}-curve.csv").write_text("\n".join([",".join(CURVE_COLUMNS), *rows]) + "\n",
                                                 encoding="utf-8")
    plotted = plot_curve(doc, pathlib.Path(f"{stem}-curve.png"))
    path.with_suffix(".md").write_text(model_card(doc, path, plotted), encoding="utf-8")


def plot_curve(doc: dict[str, Any], path: pathlib.Path) -> bool:
    """The strength against the opponent (with its interval) and the losses by iteration; False without
    matplotlib (the CSV has the same numbers)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    curve = doc["curve"]
    fig, (strength, losses) = plt.subplots(1, 2, figsize=(10, 4))
    rated = [p for p in curve if "score" in p]
    if rated:
        x = [p["iteration"] for p in rated]
        strength.errorbar(x, [p["score"] for p in rated], fmt="o-",
                          yerr=[[p["score"] - p["low"] for p in rated], [p["high"] - p["score"] for p in rated]])
        strength.axhline(1.0 / doc["players"], color="grey", linestyle=":", label="fair share")
        strength.set_title(f"master against {rated[-1]['opponent']}")
        strength.legend()
    strength.set_xlabel("iteration")
    strength.set_ylabel("win credit (95 % Wilson)")
    for key in ("policy_loss", "uniform_policy_loss", "value_loss", "fresh_policy_loss", "fresh_value_loss"):
        found = [(p["iteration"], p[key]) for p in curve if key in p]
        losses.plot([i for i, _ in found], [v for _, v in found], label=key.replace("_", " "))
    losses.set_xlabel("iteration")
    losses.legend()
    fig.suptitle(f"{doc['game']}, {doc['players']} players: expert iteration")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return True


def _of_uniform(point: dict[str, Any]) -> str:
    found = point.get("fresh_uniform_policy_loss")
    return f" (uniform {found})" if found is not None else ""


def model_card(doc: dict[str, Any], path: pathlib.Path, plotted: bool) -> str:
    """How the network was made: the command, the settings, the data, the size and the curve."""
    t = doc["training"]
    size = path.stat().st_size if path.exists() else 0
    weights = doc["inputs"] * doc["hidden"][0] + doc["hidden"][0] * doc["hidden"][1] + doc["hidden"][1] * (
        doc["actions"] + doc["players"]) + sum(doc["hidden"]) + doc["actions"] + doc["players"]
    settings = ", ".join(f"{k}={v}" for k, v in t.items() if k not in ("command", "game", "options", "samples"))
    rows = "\n".join(f"| {p['iteration']} | {p['games']} | {p['samples']} | {p['policy_loss']} | "
                     f"{p.get('fresh_policy_loss', '')}{_of_uniform(p)} | {p['uniform_policy_loss']} | "
                     f"{p['value_loss']} | "
                     f"{p.get('fresh_value_loss', '')} | "
                     + (f"{100 * p['score']:.1f} % ({100 * p['low']:.1f}-{100 * p['high']:.1f}), "
                        f"{p['eval_games']} games against {p['opponent']}" if "score" in p else "")
                     + " |" for p in doc["curve"])
    picture = f"\n![training curve]({path.stem}-curve.png)\n" if plotted else ""
    leaves = {"learned": "the game's value model, as `expert` (`--leaf learned`): `master` (`eval=auto`) takes the "
                         "network's priors only; its value head is trained but not used",
              "playout": "random playouts to the end (`--leaf playout`, as four-player Imhotep's `expert`): `master` "
                         "(`eval=auto`) takes the network's priors only; its value head is trained but not used",
              }.get(t["leaf"], "the network's value head (`--leaf net`)")
    return f"""# Policy network: {doc['game']}, {doc['players']} players

The network of the `master` bot for this configuration (`museion.bots.network`): from one seat's observation
tensor ({doc['inputs']} entries) a policy over the {doc['actions']} distinct actions (the search's priors) and each
seat's share of the win (its leaf values). Two ReLU layers of {doc['hidden'][0]} and {doc['hidden'][1]} units,
{weights:,} weights, file {size:,} bytes (float32, base64, format {doc['format']}); evaluated with numpy when it is
installed, in plain Python otherwise.

- **Made by** expert iteration (`museion.arena.expert_iteration`): `{t['command'] or 'museion train ' + doc['game']
  + ' --policy'}`; game options {json.dumps(doc['options'])}.
- **Settings**: {settings}.
- **Data**: {t['samples']:,} decisions of {t['iterations'] * t['games']} self-play games (the root's visit shares
  as policy targets; as value targets the final win shares, mixed with the search's estimate at the root with
  weight {t['mix']}).
- **Leaves**: {leaves}
- **Curve** (losses on the window's samples after training, and "fresh" on the iteration's new games before
  training on them, with the uniform policy's loss there; strength: `master:sims={t['eval_sims']},eval={t['leaf']}`
  in one seat, seats rotated, Wilson 95 %): `{path.stem}-curve.csv`.
{picture}
| iteration | games | samples | policy loss | fresh | uniform policy | value loss | fresh | master's win credit |
|---|---|---|---|---|---|---|---|---|
{rows}

- **Limits**: trained at this player count with the game's default options and these budgets; a rules change or
  a change of the observation tensor needs a new training run (the bot refuses a network of another shape).
"""
