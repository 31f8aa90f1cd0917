"""Where a search's budget goes, for one game configuration (the diagnosis of the Pergamon 2p goal, issue 15b).

* **Past the round**: the share of simulations that pass a draw below the root's first decision, and the fresh
  draw nodes they create (a draw whose outcomes are almost never drawn twice gives a leaf after a random
  outcome, valued once).
* **Reuse**: the share of a search's root visits inherited from earlier moves (``observe`` keeps the subtree of
  the played actions).
* **Held out**: Brier score of the heuristic and of value model files on the held-out games of ``museion train``'s
  split of a self-play directory (seed 0, 20 %), from the first seat's view, at decisions and at the draws right
  after one (the positions ``leaf_draws`` values).

Run: ``.venv/bin/python benchmarks/search_budget.py pergamon --players 2 [--bot hard ...] --games 1
[--data selfplay-out/pergamon-2p --model FILE ...]`` (``--games 0``: the Brier scores only)
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random

import museion
from museion.arena.learn import HOLDOUT, win_shares
from museion.arena.runner import load_results
from museion.bots import make_bot
from museion.bots.heuristics import heuristic_evaluator
from museion.bots.learned import ValueModel
from museion.core.game import CHANCE, Game
from museion.core.play import sample_chance


def _below(node: object, under_decision: bool = False) -> tuple[int, int]:
    """(chance edges below a decision, visits entering them from a decision) of a tree."""
    edges = entering = 0
    for child in node.children.values():
        if child.mover == CHANCE and under_decision:
            edges += 1
            entering += child.visits if node.mover >= 0 else 0
        e, v = _below(child, under_decision or child.mover >= 0)
        edges, entering = edges + e, entering + v
    return edges, entering


def budget(game: Game, spec: str, games: int) -> dict[str, float]:
    """Self-play ``games`` games of ``spec`` with tree reuse; measure every search with more than one action."""
    crossed = fresh = inherited = visits = searches = 0
    for seed in range(games):
        rng = random.Random(seed)
        bots = [make_bot(spec, 10 * seed + p) for p in range(game.num_players())]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                bot = bots[state.current_player()]
                kept = bot.root is not None and bot._root_at == state.move_number() and bot.player == \
                    state.current_player()
                before = bot.root.visits if kept else 0
                action = bot.choose(state)
                if len(state.legal_actions()) > 1:
                    edges, entering = _below(bot.root)
                    crossed, fresh = crossed + entering, fresh + edges
                    inherited, visits, searches = inherited + before, visits + bot.root.visits, searches + 1
            state.apply_action(action)
            for bot in bots:
                bot.observe(state, action)
    return {"searches": searches, "root_visits": visits, "share_past_a_draw": round(crossed / visits, 3),
            "fresh_draw_nodes_per_such_simulation": round(fresh / max(1, crossed), 2),
            "share_inherited": round(inherited / visits, 3)}


def held_out(game: Game, data: str, models: list[str]) -> dict[str, dict[str, float]]:
    """Brier scores of the heuristic and the models on the held-out games of a self-play directory."""
    records = [r for r in load_results(pathlib.Path(data) / "results.jsonl") if r.options == game.options_json()]
    order = list(range(len(records)))
    random.Random(0).shuffle(order)
    held = order[: max(1, int(len(order) * HOLDOUT))]
    evaluators = {"heuristic": heuristic_evaluator(game)}
    for m in models:
        evaluators[m] = ValueModel(json.loads(pathlib.Path(m).read_text(encoding="utf-8")), game).win_chances
    sums = {k: [0.0, 0.0] for k in evaluators}
    counts = [0, 0]
    n = game.num_players()
    for i in held:
        shares = win_shares(records[i].winners or [], n)
        state, decided = game.new_initial_state(), False
        for action in records[i].actions:
            chance = state.is_chance_node()
            if not chance or decided:
                counts[chance] += n
                for name, evaluate in evaluators.items():
                    p = evaluate(state, 0)
                    sums[name][chance] += sum((p[q] - shares[q]) ** 2 for q in range(n))
            decided = not chance
            state.apply_action(action)
    return {k: {"decisions": round(d / counts[0], 4), "draws": round(c / max(1, counts[1]), 4),
                "all": round((d + c) / sum(counts), 4), "games": len(held)} for k, (d, c) in sums.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", action="append", help="bot spec (repeat); default hard and hard:leaf_draws=8")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--data", help="a self-play directory for the held-out Brier scores")
    parser.add_argument("--model", action="append", default=[], help="a value model file (repeat)")
    args = parser.parse_args()
    game = museion.load(args.game, players=args.players)
    for spec in (args.bot or ["hard", "hard:leaf_draws=8"]) if args.games else []:
        print(spec, json.dumps(budget(game, spec, args.games)))
    if args.data:
        for name, scores in held_out(game, args.data, args.model).items():
            print("Brier", name, json.dumps(scores))


if __name__ == "__main__":
    main()
