"""Indistinguishability: what the project sends a seat is the same for every state that seat cannot tell apart.

For a game with hidden information, :func:`check_secrecy` plays seeded random games and, at random positions and
for every seat, compares the bytes each *surface* would send that seat for the true state and for
the observer's ``resample`` (a state the seat cannot tell from it; its history differs in the hidden chance
outcomes). Any difference is a leak. Surfaces, each built by the code that really sends the bytes:

* ``server``: the WebSocket state messages (view, legal moves, the whole log as that seat learned it, in English
  and Spanish) and the REST answers (table summary, record) (``museion.server.table.live.seat_bytes``);
* ``terminal``: what ``museion play`` shows that human seat, alone against bots and at a hot seat
  (``museion.terminal.seat_transcript``);
* ``openspiel``: the information-state string, observation string and tensor, and a ``resample_from_infostate``
  sample (``museion.envs.openspiel.seat_bytes``);
* ``pettingzoo``: the agent's observation and action mask, and the ``ansi`` rendering
  (``museion.envs.pettingzoo.seat_bytes``); ``gymnasium``: the learner's observation, info and rendering
  (``museion.envs.gymnasium.seat_bytes``);
* ``bots``: the move each bot chooses for the seat to act, with a fixed seed (a bot that read hidden fields
  would choose differently).

Half the positions are drawn among those where something is hidden from some seat (where a leak could show), half
uniformly. A surface whose extra is not installed is skipped and named in the report. ``museion check`` runs this
by default for hidden-information games (``--no-secrecy`` turns it off); ``tests/test_secrecy.py`` runs it small.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from museion.core.game import Game, State
from museion.core.observe import Step, observe_history
from museion.core.play import random_playout
from museion.core.registry import entry

Surface = Callable[[State, int, Sequence[Step], str], "bytes | None"]
BOT_SPECS = ("random", "greedy", "easy", "mcts:sims=20", "master:sims=20", "ppo")
"""The bots asked to move in the ``bots`` surface (every kind: random, greedy, a level, a searching bot, the
network-guided search with the game's shipped policy network where it has one, the shipped PPO policy)."""


def _server(state: State, seat: int, steps: Sequence[Step], lang: str) -> bytes | None:
    from museion.server.table.live import seat_bytes

    return seat_bytes(state, seat, list(steps), lang)


def _terminal(state: State, seat: int, steps: Sequence[Step], lang: str) -> bytes | None:
    from museion.terminal import seat_transcript

    return seat_transcript(state, seat, steps, lang)


def _openspiel(state: State, seat: int, _steps: Sequence[Step], _lang: str) -> bytes | None:
    from museion.envs.openspiel import seat_bytes

    return seat_bytes(state, seat)


def _pettingzoo(state: State, seat: int, _steps: Sequence[Step], _lang: str) -> bytes | None:
    from museion.envs.pettingzoo import seat_bytes

    return seat_bytes(state, seat)


def _gymnasium(state: State, seat: int, _steps: Sequence[Step], _lang: str) -> bytes | None:
    from museion.envs.gymnasium import seat_bytes

    return seat_bytes(state, seat)


def _bots(state: State, seat: int, _steps: Sequence[Step], _lang: str) -> bytes | None:
    from museion.bots import make_bot

    if state.current_player() != seat:
        return b""
    return ",".join(str(make_bot(spec, 7).choose(state)) for spec in BOT_SPECS).encode()


SURFACES: dict[str, tuple[str, Surface]] = {
    "server": ("museion.server.table.live", _server),
    "terminal": ("museion.terminal", _terminal),
    "openspiel": ("museion.envs.openspiel", _openspiel),
    "pettingzoo": ("museion.envs.pettingzoo", _pettingzoo),
    "gymnasium": ("museion.envs.gymnasium", _gymnasium),
    "bots": ("museion.bots", _bots),
}
"""Surface name -> (module it needs, function giving the bytes for (state, seat, observed steps, language))."""


@dataclass
class SecrecyReport:
    game: str
    options: dict
    games: int = 0
    positions: int = 0
    comparisons: dict[str, int] = field(default_factory=dict)
    """Per surface: (state, resample) pairs compared."""
    hidden_comparisons: dict[str, int] = field(default_factory=dict)
    """Per surface: pairs where the resampled state really differed from the true one."""
    differences: int = 0
    first_differences: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    """Surfaces not checked, with the reason (extra not installed, configuration OpenSpiel cannot express)."""
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return self.__dict__.copy()


def available_surfaces(names: Sequence[str] | None = None) -> tuple[dict[str, Surface], dict[str, str]]:
    """The surfaces whose modules import here, and the reasons the others are skipped."""
    chosen, skipped = {}, {}
    for name in names or SURFACES:
        module, function = SURFACES[name]
        try:
            importlib.import_module(module)
        except ImportError as exc:
            skipped[name] = f"not installed ({exc.name})"
            continue
        chosen[name] = function
    return chosen, skipped


def check_secrecy(game: Game, games: int = 100, seed: int = 0, points: int = 2,
                  surfaces: Sequence[str] | None = None,
                  on_game: Callable[[int], None] | None = None) -> SecrecyReport:
    """Compare, for ``games`` seeded random games and ``points`` positions each, every seat's bytes on every
    available surface for the true state and for ``resample(seat)``; count the differences (0 is the goal)."""
    report = SecrecyReport(game.name, game.options_json())
    chosen, report.skipped = available_surfaces(surfaces)
    report.comparisons = dict.fromkeys(chosen, 0)
    report.hidden_comparisons = dict.fromkeys(chosen, 0)
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(f"secrecy {seed + i}")
        final = random_playout(game.new_initial_state(), rng)
        steps = observe_history(final)
        for k in _positions(game, final.history(), points, rng):
            state = game.state_from_history(final.history()[:k])
            report.positions += 1
            lang = ("en", "es")[k % 2]
            for seat in range(game.num_players()):
                other = entry(game).observer.resample(state, seat, random.Random(rng.random()))
                other_steps = observe_history(other, steps[:k])
                hidden = other.key() != state.key()
                for name, surface in chosen.items():
                    mine, theirs = surface(state, seat, steps[:k], lang), surface(other, seat, other_steps, lang)
                    if mine is None:
                        report.skipped.setdefault(name, f"cannot express {game!r}")
                        continue
                    report.comparisons[name] += 1
                    report.hidden_comparisons[name] += hidden
                    if mine != theirs:
                        report.differences += 1
                        if len(report.first_differences) < 5:
                            report.first_differences.append(_describe(name, seat, k, mine, theirs))
        report.games += 1
        if on_game is not None:
            on_game(i)
    report.seconds = time.perf_counter() - start
    return report


def _positions(game: Game, history: list[int], points: int, rng: random.Random) -> list[int]:
    """``points`` non-terminal positions (lengths of history prefixes): half among those where some seat's
    resample differs from the truth, half uniformly."""
    state = game.new_initial_state()
    resample = entry(game).observer.resample
    hidden, every = [], []
    for k, action in enumerate(history):
        every.append(k)
        seat = k % game.num_players()
        if resample(state, seat, random.Random(k)).key() != state.key():
            hidden.append(k)
        state.apply_action(action)
    chosen = rng.sample(hidden, min(len(hidden), (points + 1) // 2))
    rest = points - len(chosen)
    return sorted(chosen + rng.sample(every, min(len(every), rest)))


def _describe(surface: str, seat: int, k: int, mine: bytes, theirs: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(mine, theirs, strict=False)) if x != y), min(len(mine), len(theirs)))
    lo = max(0, at - 60)
    return (f"{surface}: seat {seat} after {k} actions, byte {at}: true state ...{mine[lo:at + 60]!r}... vs "
            f"resample ...{theirs[lo:at + 60]!r}...")
