"""The search tree of ``expert`` (``mcts``) and ``master``, and one simulation through it: selection, expansion, backup.

Apart from ``mcts.py`` and ``master.py`` (the bots' options, protocol and leaf values) so that it is compiled with
the engines (``museion.native``): with the game's own code compiled, these loops are where a search spends most of
its time (``master``'s PUCT loop in Python ran 64 % of ``expert``'s simulations a CPU second in Pergamon 2p).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from museion.bots.heuristics import terminal_rewards
from museion.core.game import CHANCE, State


class Node:
    """Statistics of the edge into this node: ``total`` reward for ``mover`` (who chose it) over ``visits``.

    ``complete``: the children are exactly the legal actions, seen in a search where every determinisation is the
    same state (the observer's ``determined_for``): the node is then one position whose legal actions never change, so
    selection skips computing and checking them. ``master``'s search (:func:`puct_simulate`) uses instead, once the
    node is evaluated, the ``priors`` of the actions out of it, its value for the seat to act there (``fpu``) and, in
    such a search, its legal actions (``legal``); one class for both trees, so the chance step and the backup are
    one code."""

    __slots__ = ("children", "visits", "total", "avail", "mover", "complete", "priors", "fpu", "legal")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.mover = mover
        self.complete = False
        self.priors: dict[int, float] | None = None
        self.fpu = 0.5
        self.legal: list[int] | None = None


def _draw(node: Node, det: State, rng: random.Random) -> Node:
    """Draw the chance outcome at ``det`` (in place) and return its child of ``node``, made if new."""
    outcome = det.apply_chance(rng)
    child = node.children.get(outcome)
    if child is None:
        child = node.children[outcome] = Node(CHANCE)
    return child


def _backup(path: list[Node], rewards: list[float]) -> None:
    """Count a visit on every node of ``path`` and add its mover's reward."""
    for n in path:
        n.visits += 1
        if n.mover >= 0:
            n.total += rewards[n.mover]


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
            node = _draw(node, det, rng)
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
    _backup(path, value(det, leaf))


def puct_simulate(root: Node, det: State, rng: random.Random, c: float, fixed: bool, leaf_draws: int,
                  deferred: int, expand: Callable[[Node, State, int, list[int]], list[float]],
                  set_priors: Callable[[Node, State, int, list[int]], object],
                  leaf: Callable[[State], list[float]]) -> list[float]:
    """``master``'s simulation from ``root`` on ``det`` (consumed), its rewards: PUCT selection (:func:`puct`) down
    to a node not visited yet, valued by ``expand(node, det, mover, legal)`` (``legal`` empty while a node's priors
    wait for visit ``deferred``, at which ``set_priors`` computes them), or to the end, or to a draw of at least
    ``leaf_draws`` outcomes after a decision below the root, valued by ``leaf(det)``. ``fixed``: every determinisation
    is this same state, so a node keeps its legal actions and replays them unchecked."""
    node = root
    path = [node]
    while True:
        mover = det.current_player()
        if mover < 0:  # chance or terminal
            if mover != CHANCE:
                rewards = terminal_rewards(det)
                break
            if leaf_draws and node.mover >= 0 and node is not root and len(det.chance_outcomes()) >= leaf_draws:
                rewards = leaf(det)
                break
            node = _draw(node, det, rng)
            path.append(node)
            continue
        if node.priors is None and not node.visits and deferred > 1:
            rewards = expand(node, det, mover, [])
            break
        known = node.legal
        legal = known if fixed and known is not None else det.legal_actions()
        if node.priors is None:
            if not node.visits:
                rewards = expand(node, det, mover, legal)
                break
            if node.visits + 1 >= deferred:
                set_priors(node, det, mover, legal)
        if fixed:
            node.legal = legal
        action = puct(node, legal, c, fixed)
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(mover)
        node = child
        if fixed:
            det.apply_unchecked(action)
        else:
            det.apply_action(action)
        path.append(node)
    _backup(path, rewards)
    return rewards


def puct(node: Node, legal: list[int], c: float, fixed: bool) -> int:
    """The legal action maximising ``Q + c * P * sqrt(N) / (1 + n)``, priors renormalised over ``legal`` (uniform
    while the node has none; ``fixed``: every determinisation is one state, the priors are over these actions); an
    action not searched yet is valued at the node's ``fpu``."""
    priors = node.priors
    fallback, total = 1.0, float(len(legal))  # uniform while the node has no priors
    if not priors:
        priors = {}
    elif not fixed:  # legal actions may differ between determinisations
        known_sum, known = 0.0, 0
        for a in legal:
            p = priors.get(a)
            if p is not None:
                known_sum += p
                known += 1
        fallback = known_sum / known if known else 1.0 / len(legal)
        total = known_sum + fallback * (len(legal) - known)
    else:
        fallback, total = 1.0 / len(legal), 1.0
    scale = c * math.sqrt(max(1, node.visits)) / total
    children = node.children
    best, best_score = legal[0], -math.inf
    for a in legal:
        child = children.get(a)
        prior = priors.get(a, fallback)
        if child is None or not child.visits:
            score = node.fpu + scale * prior
        else:
            score = child.total / child.visits + scale * prior / (1 + child.visits)
        if score > best_score:
            best, best_score = a, score
    return best
