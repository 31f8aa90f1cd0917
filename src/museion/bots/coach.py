"""The coach: hints during play and the analysis of finished games, both read from the bots' own search.

A win chance here is what the searching bot believes: the mean reward of a move at the root of an MCTS search
(rewards are win shares in [0, 1]: the game's result at the end, else the leaf evaluation, which is the game's
learned value model where it ships one and its heuristic squashed by a logistic otherwise). Every search runs on
``resample(player)`` states, so the coach knows exactly what the player to move knows and nothing more: a hint
for a seat is the same for the true state and for any state that seat cannot tell from it (tested).

* :func:`hint`: the best ``count`` moves of the player to move with their win chances (the server runs it in its
  bot workers with the same budget and deadline as a bot move; ``museion play`` answers ``hint`` with it).
* :func:`analyse`: every decision of a finished game: each seat's win chance before and after, the best move
  the search found, the loss (best minus played, for the mover) and a mark for a mistake (>= 10 points) or a
  blunder (>= 25). ``museion analyze`` writes it with an HTML report; the web table computes it once per table.

A search's win chances are means over its simulations, so two of them differ by noise as well: the coach never
ranks noise. Two moves **cannot be told apart** (:func:`told_apart` is false) when the difference of their means is
within 1.96 standard errors, each mean's variance bounded by ``p (1 - p) / n`` with ``p`` smoothed as Wilson's
interval does (the bound of any reward in [0, 1]: no per-simulation variance needs to be kept). A hint says which
moves the search cannot tell from the best one (``Suggestion.tied``), and an analysis marks no mistake where the
played move cannot be told from the best (``Decision.tied``).

Where a game ships a ``master`` network measured stronger than ``expert`` (``master.MASTER_GAMES``), the coach's
``expert`` searches with ``master`` instead (:data:`MASTER_SPEC`, about the same time per search).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from museion.bots import texts  # noqa: F401 - registers the coach's texts
from museion.bots.base import make_bot
from museion.bots.master import MASTER_GAMES, MasterBot
from museion.bots.mcts import MCTSBot
from museion.core.game import State
from museion.core.record import Record
from museion.core.registry import entry

HINT_BOT = "expert"
"""The search behind a hint: the ``expert`` level (1000 simulations, learned value, played-out endings)."""
ANALYSIS_BOT = "expert"
"""The search behind each decision of an analysis (the default budget: a whole game well under a minute)."""
MIN_VISITS = 24
"""Simulations the played move gets at least, searched on its own, so that its win chance is an estimate."""
MISTAKE, BLUNDER = 0.10, 0.25
"""Win-chance drops (of the mover, best move against played move) that mark a mistake and a blunder."""
FORMAT = 1
"""Version of the analysis JSON layout."""
Z = 1.959963984540054
"""Standard errors within which two win chances are not told apart (95 %)."""
MASTER_SPEC = "master:sims=1000"
"""What the coach's ``expert`` becomes where the game has a ``master`` (:data:`master.MASTER_GAMES`): a simulation
of ``master`` costs about what one of ``expert``'s does (``benchmarks/master_speed.py``), so as many as ``expert``'s."""


@dataclass(frozen=True)
class Suggestion:
    """One hinted move: its action id, the mover's estimated win chance after it and the search's visits."""

    action: int
    chance: float
    visits: int
    tied: bool = False
    """The search cannot tell this move from the first one (always false for the first)."""


class Search(Protocol):
    """What the coach reads from a searching bot (``mcts`` and its levels, ``master``)."""

    def action_values(self, state: State, ensure: tuple[int, ...] = (), min_visits: int = 0
                      ) -> dict[int, tuple[int, float]]: ...

    @property
    def evaluator(self) -> Callable[[State, int], list[float]]: ...


def searcher(spec: str, rng: random.Random, state: State | None = None) -> Search:
    """The searching bot named by ``spec``, seeded from ``rng`` (the coach reads its root, so it must search); the
    ``expert`` level becomes :data:`MASTER_SPEC` for a ``state`` of a game in ``MASTER_GAMES``."""
    if spec == "expert" and state is not None and (state.game.name, state.game.num_players()) in MASTER_GAMES:
        spec = MASTER_SPEC
    bot = make_bot(spec, rng.randrange(2**31))
    if not isinstance(bot, MCTSBot | MasterBot):
        raise ValueError(f"the coach reads a search tree: {spec!r} is not a searching bot (use mcts or a level "
                         "built on it: medium, hard, expert; or master)")
    return bot


def _spread(chance: float, visits: int) -> float:
    """The variance bound of a mean of ``visits`` rewards in [0, 1] around ``chance``, smoothed as Wilson's interval
    (a move searched twice is not certain because both simulations agreed)."""
    n = visits + Z * Z
    p = (chance * visits + Z * Z / 2) / n
    return p * (1.0 - p) / n


def told_apart(a: tuple[int, float], b: tuple[int, float]) -> bool:
    """Whether two moves' ``(visits, mean)`` differ beyond the search's noise (see the module docstring)."""
    return abs(a[1] - b[1]) > Z * math.sqrt(_spread(a[1], a[0]) + _spread(b[1], b[0]))


def hint(state: State, seat: int, rng: random.Random, bot: str = HINT_BOT, count: int = 3) -> list[Suggestion]:
    """The ``count`` moves the search prefers for ``seat`` (who must be to move), best first, from ``seat``'s
    information only: the search starts from the observer's ``resample(state, seat, rng)``. The first is the search's
    choice (the most visited); the others, the next most visited, follow by their win chance, so that the chances
    a player reads never rise down the list."""
    if state.current_player() != seat:
        raise ValueError(f"a hint is for the player to move (seat {state.current_player()}), not seat {seat}")
    det = entry(state.game).observer.resample(state, seat, rng)
    values = searcher(bot, rng, state).action_values(det)
    ranked = sorted(values.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))[:count]
    ranked[1:] = sorted(ranked[1:], key=lambda kv: (-kv[1][1], -kv[1][0], kv[0]))
    first = ranked[0][1]
    return [Suggestion(a, round(mean, 4), visits, i > 0 and not told_apart(first, (visits, mean)))
            for i, (a, (visits, mean)) in enumerate(ranked)]


@dataclass
class Decision:
    """One decision of a game as the analysis judged it (``n``: the move number before it, the replay's index)."""

    n: int
    player: int
    action: int
    best: int
    before: list[float]
    after: list[float]
    loss: float
    mark: str | None
    move: str = ""
    best_move: str = ""
    tied: bool = False
    """The search could not tell the played move from the best one: no mark, whatever the loss."""


@dataclass
class Analysis:
    """The analysis of one finished game (JSON: :meth:`to_json`)."""

    game: str
    options: dict[str, Any]
    players: list[str]
    bot: str
    seed: int
    decisions: list[Decision] = field(default_factory=list)
    result: list[float] = field(default_factory=list)
    seconds: float = 0.0
    """Wall-clock time of the analysis."""
    cpu_seconds: float = 0.0
    """CPU time of the analysis (what it costs a core, whatever else the machine runs)."""

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: decisions judged, average loss per decision (points of win chance), mistakes, blunders."""
        out = []
        for seat in range(len(self.players)):
            mine = [d for d in self.decisions if d.player == seat]
            out.append({"seat": seat, "decisions": len(mine),
                        "average_loss": round(100 * statistics.fmean(d.loss for d in mine), 1) if mine else 0.0,
                        "mistakes": sum(d.mark == "mistake" for d in mine),
                        "blunders": sum(d.mark == "blunder" for d in mine)})
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "options": self.options, "players": self.players,
                "bot": self.bot, "seed": self.seed, "seconds": round(self.seconds, 2),
                "cpu_seconds": round(self.cpu_seconds, 2), "result": self.result,
                "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER},
                "decisions": [asdict(d) for d in self.decisions], "summary": self.summary()}


def mark(loss: float) -> str | None:
    return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else None


def judge(state: State, action: int, bot: Search) -> Decision:
    """One decision: the mover's search from its own information, the played move searched to ``MIN_VISITS``,
    and every seat's chances before (best play) and after (the move played). The mover's chance is the search's;
    the others share the rest in proportion to the leaf evaluation of this position (exact for two players). A loss
    the search cannot tell from noise (:func:`told_apart`) is not marked."""
    player = state.current_player()
    values = bot.action_values(state, ensure=(action,), min_visits=MIN_VISITS)
    best = max(values, key=lambda a: (values[a][0], values[a][1]))
    mine_before, mine_after = values[best][1], values[action][1]
    if action == best:
        mine_after = mine_before
    shares = bot.evaluator(state, player)
    others = sum(s for p, s in enumerate(shares) if p != player) or 1.0

    def chances(mine: float) -> list[float]:
        return [round(mine if p == player else (1.0 - mine) * s / others, 4) for p, s in enumerate(shares)]

    loss = round(max(0.0, mine_before - mine_after), 4)
    tied = action != best and not told_apart(values[best], values[action])
    return Decision(state.move_number(), player, action, best, chances(mine_before), chances(mine_after), loss,
                    None if tied else mark(loss), state.action_to_string(action), state.action_to_string(best), tied)


def analyse(record: Record, bot: str = ANALYSIS_BOT, seed: int = 0,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Judge every decision of ``record`` (a finished game; forced moves and chance are not decisions).
    ``progress(done, total)`` is called after each decision."""
    started, cpu = time.perf_counter(), time.process_time()
    rng = random.Random(seed)
    final = record.final_state()
    if not final.is_terminal():
        raise ValueError("the record is not a finished game: only finished games are analysed")
    search = searcher(bot, rng, final)
    out = Analysis(record.game, dict(record.options), list(record.players), bot, seed)
    positions = [(state, action) for state, action in _decisions(record)]
    for done, (state, action) in enumerate(positions, 1):
        out.decisions.append(judge(state, action, search))
        if progress is not None:
            progress(done, len(positions))
    winners = final.winners()
    out.result = [round(1.0 / len(winners), 4) if p in winners else 0.0 for p in range(final.game.num_players())]
    out.seconds = time.perf_counter() - started
    out.cpu_seconds = time.process_time() - cpu
    return out


def _decisions(record: Record) -> list[tuple[State, int]]:
    """Every (state before, action) of ``record`` where a player chose among two or more moves."""
    out = []
    before: State | None = None
    for action, state in record.states():
        if before is not None and action is not None and not before.is_chance_node() \
                and len(before.legal_actions()) > 1:
            out.append((before, action))
        before = state
    return out
