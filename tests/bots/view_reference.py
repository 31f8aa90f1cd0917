"""The view-based evaluations and chance sampling the bots used before issue 15, frozen as a test oracle.

The games' fast evaluations (``games/<game>/evaluate.py``, read straight from the state) must give the same
values as these on many positions (``tests/bots/test_evaluate.py``), and ``benchmarks/mcts_speed.py`` measures the
old path (an MCTS bot using these) against the new one in the same run. Nothing in the package imports this.

Original description:

Per-game evaluation functions for the greedy bot and for MCTS cut-off rollouts.

Each function takes ``view`` = the observer's ``view(state, player)`` (what the player may see) and ``scores`` =
``scores()`` of the player's determinisation (a stand-in for values the view hides), and returns, for every
player, an estimate of their final standing in the game's points. Only the differences matter: a bot compares
its own value with the best rival's. ``SCALES`` gives the points margin that counts as "clearly ahead" (MCTS
turns margins into win chances with a logistic of ``margin / scale``).

A game without an entry here works at once: :func:`evaluate` falls back to the current scores (the score margin).
All game-specific knowledge of the bots lives in this file, one small function per game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from museion.core.game import State
from museion.core.registry import entry

Heuristic = Callable[[dict[str, Any], list[float]], list[float]]


def tholos(view: dict[str, Any], scores: list[float]) -> list[float]:
    """Immediate points plus simple positional terms.

    * a column counts for its current winner with its current points, fully when the column is full and at
      60 % + 40 % x (filling) while it can still change;
    * stones in a workshop are future placements: own colour 0.8 (they can take or keep a column), rival colour
      0.5 (worth +3 in a column one wins), grey 0.1.
    """
    values = [0.0, 0.0]
    columns, heights = view["columns"], view["max_heights"]
    for loc, winner in view["column_winners"].items():
        if winner is None:
            continue
        fill = len(columns[loc]) / heights[loc]
        weight = 1.0 if fill >= 1.0 else 0.6 + 0.4 * fill
        values[winner] += weight * view["column_points"][loc]
    for p, shop in enumerate(view["workshops"]):
        own, rival = ("W", "B") if p == 0 else ("B", "W")
        values[p] += 0.8 * shop[own] + 0.5 * shop[rival] + 0.1 * shop["G"]
    return values


_GROUP = (0, 1, 3, 6, 10, 15)  # Imhotep burial groups and statues: points for 1-5, +2 each further


def _group_points(size: int) -> int:
    return _GROUP[size] if size <= 5 else 15 + 2 * (size - 5)


def _burial_groups(cells: list[str | None]) -> dict[str, int]:
    """Points of each colour's orthogonally connected groups in the burial chamber (3 rows, column-wise)."""
    grid = {(k // 3, k % 3): c for k, c in enumerate(cells) if c}
    seen: set[tuple[int, int]] = set()
    points: dict[str, int] = {}
    for start, colour in grid.items():
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            x, y = stack.pop()
            size += 1
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in seen and grid.get(nxt) == colour:
                    seen.add(nxt)
                    stack.append(nxt)
        points[colour] = points.get(colour, 0) + _group_points(size)
    return points


_OBELISK = {2: (10, 1), 3: (12, 6, 1), 4: (15, 10, 5, 1)}
_DECO = {"DECO_PYR": "pyramid", "DECO_TMP": "temple", "DECO_BUR": "burial chamber", "DECO_OBL": "obelisks"}
_BLUE = ("LEVER", "HAMMER", "SAIL", "CHISEL")


def imhotep(view: dict[str, Any], scores: list[float]) -> list[float]:
    """Points now plus the end-game scoring as if the game ended now, plus simple positional terms.

    * burial chamber groups, obelisk ranking (blended with a share by stones while rounds remain),
      decoration cards (1 per 3 own stones at the site), statues, unused blue cards (1 each), and the visible
      temple stones' next round-end scoring (1 each);
    * stones on ships 0.9 each (they will reach a site), on the sled 0.4 for the first two and 0.1 for more
      (enough stones to act matter, a hoard does not); a market card still to pick 1.5 (else sailing to the
      market looks like a loss one step ahead); wrath: -5 per missing site,
      weighted by how far the game is.
    """
    infos = view["player_info"]
    n = len(infos)
    colours = [info["colour"] for info in infos]
    values = [float(info["score"]) for info in infos]
    progress = view["rounds_finished"] / 6
    if view.get("final_scoring"):
        return values
    burial = _burial_groups(view["burial_chamber"])
    counts = [view["obelisks"].get(c, 0) for c in colours]
    ranked = sorted(((count, p) for p, count in enumerate(counts)), reverse=True)
    table = _OBELISK[n]
    for count, p in ranked:  # the ranking counts fully at the end; early on, a share by stones is likelier
        if count:
            tied = [k for k, (c, _) in enumerate(ranked) if c == count]
            rank_points = sum(table[k] for k in tied) / len(tied)
            share = sum(table) * count / (sum(counts) + n)
            values[p] += progress * rank_points + (1 - progress) * share
    on_ships = [0] * n
    for ship in view["ships"]:
        for colour in ship["spaces"]:
            if colour in colours:
                on_ships[colours.index(colour)] += 1
    visible = view["temple_visible"]
    for p, info in enumerate(infos):
        cards = info["cards"]
        values[p] += burial.get(colours[p], 0)
        values[p] += sum(k * (info["stones_at"][site] // 3) for code, site in _DECO.items()
                         if (k := cards.get(code, 0)))
        values[p] += _group_points(cards.get("STATUE", 0)) + sum(cards.get(b, 0) for b in _BLUE)
        values[p] += sum(1 for c in visible if c == colours[p])
        values[p] += 0.4 * min(info["sled"], 2) + 0.1 * max(0, info["sled"] - 2) + 0.9 * on_ships[p]
        values[p] += 1.5 * sum(1 for c in view.get("market_queue") or () if c == colours[p])
        if view.get("wrath"):
            values[p] -= 5 * progress * sum(1 for v in info["stones_at"].values() if v == 0)
    return values


_BANDS = 6
_EVALUATIONS = {5: 3, 7: 4, 9: 5, 12: 0}  # turn -> how far markers move down after that evaluation


def pergamon(view: dict[str, Any], scores: list[float]) -> list[float]:
    """Victory points plus what the player's position is likely worth.

    * each collection on display scores its band (space 1-4: 1 VP ... 21-24: 6) at every evaluation still to
      come, its marker moving down 3/4/5 spaces after turns 5/7/9;
    * coins 0.25 VP (they buy excavations and polish), finds in the supply 0.4 VP each (so storing beats
      dropping), finds in the collection being built 0.6 each (so building goes on to the close).

    Opponents' VP are hidden in the view: the determinisation's ``scores()`` stand in (Pergamon's resample keeps
    VP, which follow from public events).
    """
    turn = view["turn"]
    values = []
    for p, info in enumerate(view["players"]):
        vp = info["vp"] if info["vp"] is not None else scores[p]
        value = float(vp) + 0.25 * info["coins"] + 0.4 * len(info["finds"])
        if "building" in view and view.get("to_act") == p:
            value += 0.6 * len(view["building"]["finds"])
        if view.get("stage") != "over":
            for collection in info["collections"]:
                space = collection["space"]
                for t, shift in sorted(_EVALUATIONS.items()):
                    if t >= turn and space >= 1:
                        value += min(_BANDS, (space - 1) // 4 + 1)
                        space -= shift
        values.append(value)
    return values


HEURISTICS: dict[str, Heuristic] = {"tholos": tholos, "imhotep": imhotep, "pergamon": pergamon}
SCALES: dict[str, float] = {"tholos": 4.0, "imhotep": 6.0, "pergamon": 4.0}
DEFAULT_SCALE = 5.0


def generic(state: State) -> list[float]:
    """Fallback for a game with no heuristic: the current score of each player."""
    return [float(s) for s in state.scores()]


def evaluate(state: State, player: int) -> list[float]:
    """Estimated standing of every player, as ``player`` sees ``state``.

    Call it on the player's own determinisation (the observer's ``resample``) or on states searched from it: there
    ``scores()`` (the generic fallback) reveals nothing the player may not know or guess.
    """
    heuristic = HEURISTICS.get(state.game.name)
    if heuristic is None:
        return generic(state)
    return heuristic(entry(state.game).observer.view(state, player), [float(s) for s in state.scores()])


def scale(game_name: str) -> float:
    return SCALES.get(game_name, DEFAULT_SCALE)


def margin(values: list[float], player: int) -> float:
    """``player``'s value minus the best rival's (what greedy maximises)."""
    best_other = max(v for p, v in enumerate(values) if p != player) if len(values) > 1 else 0.0
    return values[player] - best_other


def win_chance(values: list[float], player: int, game_name: str) -> float:
    """A margin squashed to (0, 1) with a logistic: MCTS's value of a non-terminal leaf."""
    x = margin(values, player) / scale(game_name)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def sample_chance_from_list(state: State, rng) -> int:  # noqa: ANN001 - random.Random
    """The old chance sampling: build the full outcome list, then walk it."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def old_win_chances(state: State, player: int) -> list[float]:
    """The old leaf value: the view-based evaluation squashed per player."""
    values = evaluate(state, player)
    name = state.game.name
    return [win_chance(values, p, name) for p in range(len(values))]


def old_mcts_bot(seed: int | None = None, **params: object):  # noqa: ANN201 - an MCTSBot subclass instance
    """An MCTS bot running the pre-issue-15 search loop with the old leaf value and chance sampling (the tree
    statistics, UCB and reuse are shared with today's bot)."""
    import math

    from museion.bots.greedy import greedy_action
    from museion.bots.heuristics import terminal_rewards
    from museion.bots.mcts import MCTSBot, Node
    from museion.core.game import CHANCE

    sample_chance = sample_chance_from_list

    class OldMCTSBot(MCTSBot):
        def _configure(self, state: State) -> None:
            pass

        def _simulate(self, det: State) -> None:
            """One simulation on the determinisation ``det`` (consumed): select, expand, roll out, back up."""
            rng, c = self.rng, self.params["c"]
            node = self.root
            assert node is not None
            path = [node]
            while not det.is_terminal():
                mover = det.current_player()
                if mover == CHANCE:
                    outcome = sample_chance(det, rng)
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = Node(CHANCE)
                    det.apply_action(outcome)
                    node = child
                    path.append(node)
                    continue
                legal = det.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    node = children[action] = Node(mover)
                    det.apply_action(action)
                    path.append(node)
                    break
                best_score = -1.0
                action = legal[0]
                for a in legal:
                    child = children[a]
                    score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, action = score, a
                node = children[action]
                det.apply_action(action)
                path.append(node)
            rewards = self._rollout(det)
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.total += rewards[n.mover]

        def _rollout(self, det: State) -> list[float]:
            rng = self.rng
            cutoff = self.params["cutoff"]
            greedy = self.params["rollout"] == "greedy"
            decisions = 0
            while not det.is_terminal():
                if det.is_chance_node():
                    det.apply_action(sample_chance(det, rng))
                    continue
                if decisions == cutoff:
                    return old_win_chances(det, self.player)
                if greedy:
                    action = greedy_action(det, det.current_player(), rng, 0.1)
                else:
                    legal = det.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                det.apply_action(action)
                decisions += 1
            return terminal_rewards(det)

    return OldMCTSBot(seed, **params)
