"""The ``master`` bot: PUCT search over determinisations, guided by a policy-and-value network.

As ``expert`` (``mcts.py``), each simulation starts from a fresh determinisation (the observer's ``resample``: a full
state the bot's seat cannot tell from the real one) and walks one tree keyed by action sequences, chance outcomes
drawn with their probabilities as edges; so the bot never reads what its seat may not. Unlike ``expert``:

* **Priors** (PUCT, as AlphaZero): a node is evaluated by the network (``network.py``) from the observation tensor
  of the seat to act; its softmax over the legal actions are the priors, and selection maximises
  ``Q(a) + c * P(a) * sqrt(N) / (1 + N(a))``. Where the leaves are not valued by the network, a node's priors are
  computed at its 32nd visit (``priors=32``; uniform until then): its first visit needs its value only, most nodes
  of a search are leaves visited once (60 % of them in every game at 400 simulations) and a few nodes near the
  root take most visits, so the network's cost almost vanishes and a simulation costs about what ``expert``'s does
  (``benchmarks/master_speed.py``); ``priors=1`` evaluates every new node. Legal actions can differ between
  determinisations:
  priors are renormalised over the actions legal in this one, an action first seen later gets the mean prior.
  An action not yet searched is valued at the node's own value for its mover (first-play urgency).
* **Values at the leaves**: the network's win shares (``eval=net``), or those of the game's value model as
  ``expert`` uses (``eval=learned``; the heuristic where there is none), or a random playout's result
  (``eval=playout``: four-player Imhotep's value model barely beats a constant, its ``expert`` plays out); by
  default (``eval=auto``) those the network was trained with (``museion train --policy --leaf``, recorded in its
  file); where the game says at most
  ``endgame`` decisions remain, a random playout to the end instead, as ``expert`` (Tholos' last moves).

A configuration without a policy network (none shipped, ``model`` not given) is searched with uniform priors and
``eval=learned`` values: the start of self-play training (``museion train GAME --policy``). The level list offers
``master`` only for the games whose shipped network was measured stronger than ``expert`` (``MASTER_GAMES``).

As ``expert`` too: where every determinisation is the same state (``determined_for``) a node keeps its legal actions
and replays them unchecked; a draw of at least ``leaf_draws`` outcomes after a decision below the root is a leaf;
the subtree of the played moves is kept for the next search (``reuse``; dropped after a draw the seat cannot see).

The budget is ``sims`` or ``time`` (with ``clock``), as ``expert`` takes them.
``noise`` mixes Dirichlet noise into the root priors (self-play exploration; 0 in play). ``visit_counts`` gives the
root's visits, the policy targets of training, and ``root_values`` the search's estimate of every seat's share.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from museion.bots.base import Bot, spend_budget
from museion.bots.heuristics import heuristic_evaluator, terminal_rewards
from museion.bots.network import PolicyValueNet, load_policy, policy_option
from museion.bots.tree import Node, puct_simulate
from museion.core.descriptor import bots_file, descriptors
from museion.core.game import CHANCE, Option, State, choice_option, float_option, int_option
from museion.core.registry import entry

MASTER_GAMES: frozenset[tuple[str, int]] = frozenset(
    (game, int(players)) for game in descriptors() for players in bots_file(game).get("master", []))
"""The configurations (game, players) whose shipped network was measured stronger than ``expert`` (200 games, seats
rotated, equal CPU time, the Wilson interval's lower bound above an even share: ``benchmarks/results/master/``), as
each game's bots' file declares them (``"master": [2]`` in its ``bots.json``: the bots name no game); the coach
searches with ``master`` there. Elsewhere ``master`` is a bot name (``master:sims=800``) for training and
measurement."""


class MasterBot(Bot):
    """PUCT over determinisations with a policy-and-value network; see the module docstring."""

    name = "master"
    OPTIONS = {
        "sims": Option(400, "simulations per move (ignored when time is set)", int_option(1, 10_000_000)),
        "time": Option(0.0, "seconds per move instead of a simulation count (0 = use sims)",
                       float_option(0.0, 3600.0)),
        "clock": Option("wall", "what time measures: wall (seconds on the clock, for play) or cpu (this process's "
                                "CPU seconds, for benchmarks)", choice_option("wall", "cpu")),
        "c": Option(1.5, "PUCT exploration constant (rewards are in [0, 1])", float_option(0.0, 100.0)),
        "eval": Option("auto", "leaf values: net (the policy network's value head), learned (the game's value "
                               "model, as expert), playout (a random playout to the end, as four-player Imhotep's "
                               "expert) or auto (the leaves the network was trained with)",
                       choice_option("auto", "net", "learned", "playout")),
        "model": Option("", "the name of a policy network to use instead of the game's own (one the game ships or "
                            "one the operator registered; never a file name), or none (uniform priors)",
                        policy_option),
        "endgame": Option(4, "value leaves by a random playout to the end where at most this many decisions "
                             "remain, as expert does (0 = never)", int_option(0, 1000)),
        "noise": Option(0.0, "weight of Dirichlet noise in the root priors (self-play exploration; 0 in play)",
                        float_option(0.0, 1.0)),
        "alpha": Option(0.3, "Dirichlet concentration of the root noise", float_option(0.001, 100.0)),
        "reuse": Option(1, "keep the subtree of the played actions between moves (1), as expert does, or not (0)",
                        int_option(0, 1)),
        "leaf_draws": Option(8, "value the position before a draw of at least this many outcomes that follows a "
                                "decision below the root, as expert does (0 = draw and go on)",
                             int_option(0, 1_000_000)),
        "priors": Option(32, "a node's priors are computed at this visit (1: its first; 2: its second, when the "
                             "search goes on from it; more: uniform until then, the network only where the search "
                             "returns); where the network values the leaves, always the first",
                         int_option(1, 1_000_000)),
    }

    def __init__(self, seed: int | None = None, **params: object) -> None:
        super().__init__(seed, **params)
        self.network: PolicyValueNet | None = None
        self.values: Callable[[State, int], list[float]] | None = None
        self.deferred = 1
        self.configured_for: object = None
        self.root = Node(CHANCE)
        self.root_rewards: list[float] = []
        self.player = -1
        self.last_simulations = 0
        self.fixed = False
        self.kept_at = -1  # the move number the kept tree's root is at (-1: none)
        self.before: State | None = None

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        keep = self.params["reuse"] and self.kept_at == state.move_number() and self.player == state.current_player()
        visits = self._search(state, bool(keep))
        return max(legal, key=lambda a: (visits.get(a, 0), self.root.priors.get(a, 0.0) if self.root.priors else 0))

    def observe(self, state: State, action: int) -> None:
        """Descend the kept tree along the played action, as ``expert``; drop it after a chance outcome our seat
        cannot tell from the others (following that edge would be peeking) or when the moves do not follow on."""
        before, self.before = self.before, state.clone()
        child = self.root.children.get(action) if self.kept_at + 1 == state.move_number() else None
        if child is None or before is None or (child.mover == CHANCE and not _visible(before, action, self.player)):
            self.kept_at = -1
        else:
            self.root, self.kept_at = child, state.move_number()

    def visit_counts(self, state: State) -> dict[int, int]:
        """A fresh search from ``state`` for the seat to act: the root's visits per legal action."""
        return self._search(state, False)

    def _search(self, state: State, keep: bool) -> dict[int, int]:
        """Search from ``state`` for the seat to act, in the kept tree (``keep``) or a new one."""
        self._configure(state)
        self.player = player = state.current_player()
        if not keep:
            self.root = Node(CHANCE)
        self.kept_at, self.before = state.move_number(), state.clone()
        self.root_rewards = [0.0] * state.game.num_players()
        observer = entry(state.game).observer
        self.fixed = observer.determined_for(state, player)
        self.last_simulations = spend_budget(
            self.params, lambda: self._simulate(observer.resample(state, player, self.rng)), 8)
        legal = set(state.legal_actions())
        return {a: c.visits for a, c in self.root.children.items() if a in legal}

    def action_values(self, state: State, ensure: tuple[int, ...] = (), min_visits: int = 0
                      ) -> dict[int, tuple[int, float]]:
        """As ``MCTSBot.action_values`` (what the coach reads): a fresh search, then each action of ``ensure``
        searched on its own to ``min_visits``; every searched legal action's visits and mean reward for the mover."""
        self.visit_counts(state)
        root, player = self.root, self.player
        observer = entry(state.game).observer
        for action in ensure:
            child = root.children.get(action) or root.children.setdefault(action, Node(player))
            self.root = child
            try:
                while child.visits < min_visits:
                    det = observer.resample(state, player, self.rng)
                    det.apply_action(action)
                    self._simulate(det)
            finally:
                self.root = root
        legal = set(state.legal_actions())
        return {a: (c.visits, c.total / c.visits) for a, c in root.children.items() if c.visits and a in legal}

    @property
    def evaluator(self) -> Callable[[State, int], list[float]]:
        """Every seat's share as this search values a leaf (the coach splits the others' chances by it)."""
        return self._leaf_values

    def _leaf_values(self, state: State, player: int) -> list[float]:
        self._configure(state)
        if self.values is not None:
            return self.values(state, player)
        assert self.network is not None
        return self.network.evaluate_state(state, player)[1]

    def _configure(self, state: State) -> None:
        """The network (given, named, or the game's own) and the leaf values, once per game configuration."""
        if self.configured_for is state.game:
            return
        if self.network is None or self.configured_for is not None:
            self.network = load_policy(state.game, self.params["model"])
        values: Callable[[State, int], list[float]] | None = None
        leaf = self.params["eval"]
        if leaf == "auto" and self.network is not None:
            leaf = self.network.meta.get("training", {}).get("leaf", "net")
        if leaf == "playout":
            values = self._played_out
        elif leaf == "learned" or self.network is None:
            from museion.bots.learned import load_model

            model = load_model(state.game)
            values = model.win_chances if model is not None else heuristic_evaluator(state.game)
        self.values = values
        self.deferred = self.params["priors"] if values is not None else 1  # the visit that computes priors
        self.configured_for = state.game

    def _played_out(self, state: State, player: int) -> list[float]:
        """``eval=playout``: the result of a random playout from a copy of ``state`` (the coach's states are real)."""
        return _playout(state.clone(), self.rng)

    # -- search -----------------------------------------------------------------------------------------
    def _simulate(self, det: State) -> None:
        """Select by PUCT down to a node not evaluated yet (or the end, or a wide draw: ``leaf_draws``), evaluate it,
        back the shares up (:func:`museion.bots.tree.puct_simulate`, compiled with the engines). Where every
        determinisation is the same state (``fixed``) a node keeps its legal actions, as ``expert``'s do, and replays
        them unchecked."""
        rewards = puct_simulate(self.root, det, self.rng, self.params["c"], self.fixed, self.params["leaf_draws"],
                                self.deferred, self._expand, self._set_priors, self._leaf)
        self.root_rewards = [a + b for a, b in zip(self.root_rewards, rewards, strict=True)]

    def root_values(self) -> list[float]:
        """Every seat's mean reward over the last search, as shares summing to 1: the search's own estimate of
        the position (training mixes it into the value targets: far less noisy than one game's result)."""
        total = sum(self.root_rewards)
        n = len(self.root_rewards)
        return [r / total for r in self.root_rewards] if total > 0 else [1.0 / n] * n

    def _expand(self, node: Node, det: State, mover: int, legal: list[int]) -> list[float]:
        """A node's first visit: the leaf's win shares (the value model, a playout near the end, else the network's
        value head) and, unless they wait for a later visit (``deferred``), its priors."""
        rewards = None if self.deferred > 1 else self._set_priors(node, det, mover, legal)
        if self._ending(det):
            rewards = _playout(det, self.rng)  # det is this simulation's own
        elif self.values is not None:
            rewards = self.values(det, self.player)
        assert rewards is not None  # without values the network is there and priors are not deferred
        node.fpu = rewards[mover]
        return rewards

    def _leaf(self, det: State) -> list[float]:
        """A leaf's shares from a playout near the end, else as the search values leaves (``_leaf_values``)."""
        if self._ending(det):
            return _playout(det, self.rng)  # det is this simulation's own
        return self._leaf_values(det, self.player)

    def _set_priors(self, node: Node, det: State, mover: int, legal: list[int]) -> list[float] | None:
        """The node's priors from ``mover``'s observation (uniform without a network); the network's win shares
        by seat, or None without one."""
        rewards = None
        if self.network is not None:
            tensor = entry(det.game).observer.observation_tensor(det, mover)
            priors, shares = self.network.evaluate(tensor, legal)
            n = len(shares)
            rewards = [shares[(p - mover) % n] for p in range(n)]
        else:
            priors = [1.0 / len(legal)] * len(legal)
        if node is self.root and self.params["noise"]:
            priors = self._noisy(priors)
        node.priors = dict(zip(legal, priors, strict=True))
        return rewards

    def _ending(self, det: State) -> bool:
        endgame = self.params["endgame"]
        if not endgame:
            return False
        left = entry(det.game).evaluator.remaining_decisions(det)
        return left is not None and left <= endgame

    def _noisy(self, priors: list[float]) -> list[float]:
        eps, alpha = self.params["noise"], self.params["alpha"]
        draws = [self.rng.gammavariate(alpha, 1.0) for _ in priors]
        total = sum(draws) or 1.0
        return [(1 - eps) * p + eps * d / total for p, d in zip(priors, draws, strict=True)]


def _playout(det: State, rng: random.Random) -> list[float]:
    """Random moves and draws to the end: the rewards of the game's result."""
    while not det.is_terminal():
        if det.is_chance_node():
            det.apply_chance(rng)
        else:
            legal = det.legal_actions()
            det.apply_action(legal[int(rng.random() * len(legal))])
    return terminal_rewards(det)


def _visible(before: State, action: int, player: int) -> bool:
    """Could ``player`` tell this chance outcome from the others (``MCTSBot._visible``: the game declares it)?"""
    if not before.is_chance_node():
        return False
    seen = before.observed_action(action, player)
    return all(other == action or before.observed_action(other, player) != seen
               for other, _ in before.chance_outcomes())


def sample_visits(visits: dict[int, int], rng: random.Random, temperature: float) -> int:
    """An action drawn in proportion to ``visits ** (1 / temperature)`` (self-play's early moves), or the most
    visited one at temperature 0."""
    actions = sorted(visits)
    if temperature <= 0.0:
        return max(actions, key=lambda a: visits[a])
    weights = [visits[a] ** (1.0 / temperature) for a in actions]
    return rng.choices(actions, weights)[0]
