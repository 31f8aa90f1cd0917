"""Monte Carlo tree search for every game: UCT over sampled chance nodes, information-set MCTS under hidden info.

One tree per bot, keyed by action sequences from the current decision (single-observer ISMCTS). Each
simulation starts from a fresh determinisation (the observer's ``resample``): a full state consistent with
what the bot's player sees (for perfect-information games, a clone). Chance nodes are sampled with their
probabilities and their outcomes are tree edges. Selection is UCB1 with *availability* counts (an action's
exploration term uses how often it was legal, since legal actions can differ between determinisations).

A simulation's leaf is valued by a rollout: ``cutoff`` random (or greedy) player decisions, then either the
game's result (win 1, draw 0.5, loss 0, nudged by the final score margin) or, if the game is not over, a win
chance per player from the leaf evaluation ``eval``: ``heuristic`` squashes the game's own evaluation
(its evaluator, ``evaluate.py``) with a logistic; ``learned`` uses the value model the game ships
(``learned.py``; the heuristic where the configuration has none). The default ``cutoff=0`` evaluates the new leaf
at once: on Tholos (1000 simulations against greedy, 40-60 games each) that won 82 % against 72 % for 6 random
decisions and 72 % for 12, and it is several times cheaper per simulation than playing to the end. A level may set
other parameters for one game configuration (``by_configuration``, applied at the first search there): ``expert``
plays four-player Imhotep out to the end (``cutoff=-1``), where the value model predicts too little.

Wide draws below the root (``leaf_draws=N``): by default a simulation that reaches a draw below the root draws an
outcome and searches on. Where a round ends in a wide draw (Pergamon 2p: the next layout, five finds from up to 60,
then two funds cards), its outcomes are almost never drawn twice, so such simulations (58 % of ``hard``'s in
Pergamon 2p) value a position after a random layout and a random first move of the next round, through about six
fresh draw nodes each. With ``leaf_draws=N`` a draw of at least ``N`` outcomes that follows a decision is a leaf:
the position before it is valued (the evaluation is an estimate over the outcomes anyway). The ``expert`` level uses
``N = 8``: every round end of Pergamon 2p (9 or more outcomes), never Imhotep's (a ship card of at most 6), where
stopping measured worse.

Endings (``endgame=K``): where the game says at most ``K`` player decisions remain
(``remaining_decisions``), leaves are valued by playing to the end instead (greedy rollouts), so the last
moves are decided by real outcomes rather than an estimate.

The budget is a number of simulations (``sims``, reproducible: the arena uses it) or seconds per move
(``time``: wall-clock seconds, or this process's CPU seconds with ``clock=cpu``, which a loaded machine distorts far
less: benchmarks at equal time use it). The subtree under the actions that were actually played is kept between
moves (``observe``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from museion.bots.base import Bot, spend_budget
from museion.bots.greedy import greedy_action
from museion.bots.heuristics import heuristic_evaluator, terminal_rewards, win_chances
from museion.bots.learned import model_option
from museion.bots.tree import Node, simulate
from museion.core.game import CHANCE, Option, State, choice_option, float_option, int_option, parse_options
from museion.core.registry import entry

Evaluator = Callable[[State, int], list[float]]
"""``(state, player) -> win chance of every player`` for a non-terminal leaf (``player``: whose view)."""


class MCTSBot(Bot):
    """UCT / ISMCTS with cut-off rollouts; see the module docstring for the algorithm."""

    name = "mcts"
    OPTIONS = {
        "sims": Option(400, "simulations per move (ignored when time is set)", int_option(1, 10_000_000)),
        "time": Option(0.0, "seconds per move instead of a simulation count (0 = use sims)",
                       float_option(0.0, 3600.0)),
        "clock": Option("wall", "what time measures: wall (seconds on the clock, for play) or cpu (this process's "
                                "CPU seconds: equal budgets on a loaded machine, for benchmarks)",
                        choice_option("wall", "cpu")),
        "c": Option(0.5, "UCB exploration constant (rewards are in [0, 1])", float_option(0.0, 100.0)),
        "rollout": Option("random", "rollout policy: random or greedy", choice_option("random", "greedy")),
        "cutoff": Option(0, "player decisions per rollout before evaluating (0 = evaluate the leaf at once, "
                            "-1 = play to the end)", int_option(-1, 100_000)),
        "reuse": Option(1, "keep the subtree of the played actions between moves (1) or not (0)", int_option(0, 1)),
        "eval": Option("heuristic", "leaf evaluation: heuristic (the game's evaluate.py) or learned (the game's "
                                    "shipped value model)", choice_option("heuristic", "learned")),
        "model": Option("", "eval=learned: the name of a value model to use instead of the game's own (one the "
                            "game ships, or one the operator registered; never a file name)", model_option),
        "leaf_draws": Option(0, "value the position before a draw that follows a decision below the root when the "
                                "draw has at least this many outcomes, instead of drawing (0 = never)",
                             int_option(0, 1_000_000)),
        "mix": Option(0.0, "weight of a playout to the end (with the rollout policy) in the value of a leaf reached "
                           "after cutoff decisions, against its evaluation (0 = the evaluation alone)",
                      float_option(0.0, 1.0)),
        "opponents": Option("maxn", "how the tree models the other players: maxn (each maximises its own win chance) "
                                    "or paranoid (all of them minimise ours)", choice_option("maxn", "paranoid")),
        "endgame": Option(0, "play leaves to the end (with the rollout policy) where at most this many decisions "
                             "remain (0 = never)", int_option(0, 1000)),
    }

    def __init__(self, seed: int | None = None,
                 by_configuration: Mapping[tuple[str, int], Mapping[str, object]] | None = None,
                 **params: object) -> None:
        super().__init__(seed, **params)
        self._given = params
        self._base_params = self.params
        self._by_configuration = dict(by_configuration or {})
        self.evaluator: Evaluator = win_chances
        self.evaluator_game: object = None  # the game configuration the evaluator was chosen for
        self.root: Node | None = None
        self._before: State | None = None
        self._root_at = -1
        self.player = -1
        self.last_simulations = 0
        self._determined = False

    # -- protocol ---------------------------------------------------------------------------------------
    def choose(self, state: State) -> int:
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        self._configure(state)
        stale = self._root_at != state.move_number()  # a driver that does not call observe
        if self.root is None or stale or player != self.player or not self.params["reuse"]:
            self.root = Node(CHANCE)
        self._root_at = state.move_number()
        self.player = player
        self._before = state.clone()
        self._search(state, player)
        root = self.root
        best = max(legal, key=lambda a: (root.children[a].visits, root.children[a].total)
                   if a in root.children else (-1, 0.0))
        return best

    def action_values(self, state: State, ensure: tuple[int, ...] = (), min_visits: int = 0
                      ) -> dict[int, tuple[int, float]]:
        """A fresh search from ``state`` for the player to act, as the coach reads it: every searched legal action's
        visits and mean reward (the player's estimated win chance after it). Each action in ``ensure`` is then
        searched on its own until it has ``min_visits`` visits, so the value of a move the search barely looked at
        (the move actually played, in an analysis) is an estimate too, not a guess from two visits."""
        player = state.current_player()
        legal = state.legal_actions()
        self.root = root = Node(CHANCE)
        self._root_at, self.player, self._before = state.move_number(), player, state.clone()
        self._configure(state)
        self._search(state, player)
        for action in ensure:
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node(player)
            try:
                while child.visits < min_visits:
                    det = entry(state.game).observer.resample(state, player, self.rng)
                    det.apply_action(action)
                    self.root = child
                    self._simulate(det)
            finally:
                self.root = root
        return {a: (c.visits, c.total / c.visits) for a, c in root.children.items() if c.visits and a in legal}

    def observe(self, state: State, action: int) -> None:
        """Descend the kept tree along the played action; drop it after a chance outcome our player cannot see."""
        before, self._before = self._before, state.clone()
        root = self.root
        if root is None:
            return
        child = root.children.get(action)
        if child is None or (child.mover == CHANCE and not self._visible(before, action)):
            self.root = None
        else:
            self.root = child
            self._root_at = state.move_number()

    def _visible(self, before: State | None, action: int) -> bool:
        """Could our player tell this chance outcome from the others? The game declares it: the outcome is
        visible when no other outcome is observed the same way (``observed_action``); following the tree edge
        of a face-down card (``card bag``) would be peeking."""
        if before is None or not before.is_chance_node():
            return False
        seen = before.observed_action(action, self.player)
        return all(other == action or before.observed_action(other, self.player) != seen
                   for other, _ in before.chance_outcomes())

    def _configure(self, state: State) -> None:
        """For this game configuration: the parameters (``by_configuration``, from the level: e.g. ``expert``
        plays four-player Imhotep with ``cutoff=-1``) and the leaf evaluation: the game's shipped value model
        (``eval=learned``, when it has one for this configuration) or its heuristic squashed with its own scale."""
        if self.evaluator_game is state.game:
            return
        game = state.game
        over = self._by_configuration.get((game.name, game.num_players()))
        self.params = (parse_options(f"bot {self.name!r}", self.OPTIONS, {**self._given, **over}) if over
                       else self._base_params)
        model = None
        if self.params["eval"] == "learned":
            from museion.bots.learned import load_model

            model = load_model(state.game, self.params["model"])
        self.evaluator = model.win_chances if model is not None else heuristic_evaluator(state.game)
        self.evaluator_game = state.game

    # -- search -----------------------------------------------------------------------------------------
    def _search(self, state: State, player: int) -> None:
        observer = entry(state.game).observer
        self._determined = observer.determined_for(state, player)
        self.last_simulations = spend_budget(
            self.params, lambda: self._simulate(observer.resample(state, player, self.rng)), 16)

    def _simulate(self, det: State) -> None:
        """One simulation on the determinisation ``det`` (consumed): select, expand, roll out, back up
        (:func:`museion.bots.tree.simulate`, compiled with the engines)."""
        assert self.root is not None
        simulate(self.root, det, self.rng, self.params["c"], self._determined, self.params["leaf_draws"], self._value)

    def _value(self, det: State, leaf: bool) -> list[float]:
        """The rewards of a simulation that stopped at ``det``: its leaf value or a rollout from it; ``paranoid``:
        every other seat gets what our player does not (one coalition against us)."""
        rewards = self._leaf_value(det) if leaf else self._rollout(det)
        if self.params["opponents"] == "paranoid":
            ours = rewards[self.player]
            rewards = [ours if p == self.player else 1.0 - ours for p in range(len(rewards))]
        return rewards

    def _leaf_value(self, det: State) -> list[float]:
        """``leaf_draws``: the evaluation of the position before a draw (an estimate over its outcomes anyway)."""
        if self.params["cutoff"] == 0:
            return self.evaluator(det, self.player)
        return self._rollout(det)

    def _rollout(self, det: State) -> list[float]:
        rng = self.rng
        cutoff = self.params["cutoff"]
        greedy = self.params["rollout"] == "greedy"
        endgame = self.params["endgame"]
        if endgame and not det.is_terminal():
            left = entry(det.game).evaluator.remaining_decisions(det)
            if left is not None and left <= endgame:
                cutoff = -1
        mix = self.params["mix"]
        estimate: list[float] | None = None
        decisions = 0
        while not det.is_terminal():
            if det.is_chance_node():
                det.apply_chance(rng)
                continue
            if decisions == cutoff:
                estimate = self.evaluator(det, self.player)
                if not mix:
                    return estimate
                cutoff = -1  # and play on to the end
            if greedy:
                action = greedy_action(det, det.current_player(), rng, 0.1)
            else:
                legal = det.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            det.apply_action(action)
            decisions += 1
        if estimate is None:
            return terminal_rewards(det)
        return [(1.0 - mix) * e + mix * o for e, o in zip(estimate, terminal_rewards(det), strict=True)]


