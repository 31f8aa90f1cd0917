"""The ``mcts`` bot's search tree and one simulation through it: selection, expansion, backup.

Apart from ``mcts.py`` (the bot's options, protocol and leaf values) so that it is compiled with the engines
(``museion.native``): with the game's own code compiled, this loop is where a search spends most of its time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from museion.core.game import CHANCE, State


class Node:
    """Statistics of the edge into this node: ``total`` reward for ``mover`` (who chose it) over ``visits``.

    ``complete``: the children are exactly the legal actions, seen in a search where every determinisation is the
    same state (the observer's ``determined_for``): the node is then one position whose legal actions never change, so
    selection skips computing and checking them."""

    __slots__ = ("children", "visits", "total", "avail", "mover", "complete")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.mover = mover
        self.complete = False


def simulate(root: Node, det: State, rng: random.Random, c: float, fixed: bool, leaf_draws: int,
             value: Callable[[State, bool], list[float]]) -> None:
    """One simulation from ``root`` on the determinisation ``det`` (consumed): UCB1 selection with availability
    counts (``c``: the exploration constant), expansion of one untried action, then ``value(det, leaf)`` (``leaf``:
    stopped before a draw of at least ``leaf_draws`` outcomes) backed up along the path. ``fixed``: every
    determinisation is this same state, so a node whose children are all the legal actions is marked complete."""
    log, sqrt = math.log, math.sqrt
    node = root
    path = [node]
    leaf = False
    while True:
        mover = det.current_player()
        if mover < 0:  # chance or terminal
            if mover != CHANCE:
                break
            if leaf_draws and node.mover >= 0 and len(det.chance_outcomes()) >= leaf_draws:
                leaf = True
                break
            outcome = det.apply_chance(rng)
            child = node.children.get(outcome)
            if child is None:
                child = node.children[outcome] = Node(CHANCE)
            node = child
            path.append(node)
            continue
        if fixed and node.complete:  # UCB1 over the children, which are exactly the legal actions
            best_score = -1.0
            best = node
            action = -1
            for a, child in node.children.items():
                child.avail += 1
                visits = child.visits
                score = child.total / visits + c * sqrt(log(child.avail) / visits)
                if score > best_score:
                    best_score, action, best = score, a, child
            node = best
            det.apply_unchecked(action)
            path.append(node)
            continue
        legal = det.legal_actions()
        children = node.children
        untried: list[int] | None = None
        best_score = -1.0
        action = legal[0]
        for a in legal:  # availability counts of every legal child; UCB1 while all are tried
            found = children.get(a)
            if found is None:
                if untried is None:
                    untried = [a]
                else:
                    untried.append(a)
                continue
            found.avail += 1
            if untried is None:
                visits = found.visits
                score = found.total / visits + c * sqrt(log(found.avail) / visits)
                if score > best_score:
                    best_score, action = score, a
        if untried is not None:
            action = untried[int(rng.random() * len(untried))]
            node = children[action] = Node(mover)
            det.apply_action(action)
            path.append(node)
            break
        if fixed and len(children) == len(legal):  # children from other determinisations stay out
            node.complete = True
        node = children[action]
        det.apply_action(action)
        path.append(node)
    rewards = value(det, leaf)
    for n in path:
        n.visits += 1
        if n.mover >= 0:
            n.total += rewards[n.mover]
