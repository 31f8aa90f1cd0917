"""Issue 42, item 2: simulations per CPU second of ``master`` against ``expert``, in one run, on the same positions.

``master``'s simulation can cost more than ``expert``'s (the observation tensor and the network at a node, PUCT in
Python): this measures by how much, and what deferring a node's priors to a later visit saves (``master``'s
default ``priors=32`` against ``priors=2`` and ``priors=1``). Both bots value leaves with the game's value
model (``eval=learned``, as the shipped networks are trained); ``master`` uses the network the game ships, else an
untrained one of the shipped layout (64, 64) (the cost is the same: only the weights differ).

Positions: ``--positions`` player decisions of a seeded random game per configuration; each bot searches every one
with ``--sims`` simulations; time is this process's CPU time (``time.process_time``), so the load of a shared
machine distorts it less than the wall clock. Prints one JSON line per configuration; ``--write`` also writes
``benchmarks/results/master/speed-<build>.json``.

Run: ``.venv/bin/python benchmarks/master_speed.py [--sims 400] [--positions 12] [--write]``
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import tempfile
import time

import museion
from museion.bots import make_bot
from museion.bots.learned import register_models
from museion.bots.network import load_policy, random_document
from museion.core.game import Game, State
from museion.core.play import sample_chance

CONFIGS = [("tholos", 2), ("imhotep", 2), ("pergamon", 2), ("imhotep", 4), ("pergamon", 4)]
RESULTS = pathlib.Path(__file__).resolve().parent / "results" / "master"


def positions(game: Game, count: int, seed: int) -> list[State]:
    """Decisions with a choice, taken now and then along a seeded random game (a new game when one ends)."""
    rng = random.Random(seed)
    state, found = game.new_initial_state(), list[State]()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply_action(rng.choice(legal))
    return found


def rate(spec: str, states: list[State]) -> tuple[float, int]:
    """Simulations per CPU second of ``spec`` over ``states``, and the simulations run."""
    bot = make_bot(spec, 0)
    sims, started = 0, time.process_time()
    for state in states:
        bot.choose(state)
        sims += getattr(bot, "last_simulations", 0)
    return sims / (time.process_time() - started), sims


def measure(name: str, players: int, sims: int, count: int, folder: pathlib.Path) -> dict[str, object]:
    game = museion.load(name, players=players)
    model = ""
    if load_policy(game) is None:
        path = folder / f"{name}-{players}p.json"
        path.write_text(json.dumps(random_document(game, (64, 64))), encoding="utf-8")
        register_models({f"speed-{name}-{players}p": path})
        model = f",model=speed-{name}-{players}p"
    states = positions(game, count, seed=1)
    specs = {"expert": f"expert:sims={sims}",
             "master": f"master:sims={sims},eval=learned{model}",
             "master_priors_2": f"master:sims={sims},eval=learned,priors=2{model}",
             "master_priors_1": f"master:sims={sims},eval=learned,priors=1{model}"}
    row: dict[str, object] = {"game": name, "players": players, "network": "shipped" if not model else "untrained",
                              "positions": len(states), "build": museion.BUILD}
    rates = {}
    for key, spec in specs.items():
        rates[key], row[f"{key}_sims"] = rate(spec, states)
        row[f"{key}_sims_per_s"] = round(rates[key])
    row["expert_over_master"] = round(rates["expert"] / rates["master"], 2)
    row["default_over_priors_1"] = round(rates["master"] / rates["master_priors_1"], 2)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=400)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, players in CONFIGS:
            rows.append(measure(name, players, args.sims, args.positions, pathlib.Path(folder)))
            print(json.dumps(rows[-1]), flush=True)
    if args.write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"speed-{museion.BUILD}.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
