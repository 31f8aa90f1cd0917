"""Random playouts through ``pyspiel`` against the raw engine, measured in the same run (issue 44's goal: Pergamon
2 players through pyspiel at >= 1/3 of the engine's steps/s on the compiled build), plus the cost of
``resample_from_infostate``.

    .venv/bin/python benchmarks/openspiel_speed.py                 # every game, 3 interleaved rounds of 1.5 s
    .venv/bin/python benchmarks/openspiel_speed.py --game pergamon --seconds 3 --rounds 5 --json

Three loops: the engine's own ``museion.core.play.random_playout`` (compiled with the engines in the compiled
build: the ratio the goal names), the Python loop below on the museion state itself (the engine driven from
Python, as any Python algorithm drives it), and the same Python loop through ``pyspiel``; the Python loops are
identical: at a chance node sample an outcome by its probability (``chance_outcomes()``), otherwise pick a uniform
legal action; every applied action, chance included, is a step. The pyspiel loop goes through OpenSpiel's C++
``State`` (``apply_action`` always: it keeps the history) into :mod:`museion.envs.openspiel`. Rounds of the three
alternate and the medians are compared, so all see the same machine load; rates are per second of CPU time.

The floor: the same loop on a trivial game (two actions, nothing computed) as an OpenSpiel Python game and as a
plain Python object; the difference is what pyspiel's C++ ``apply_action`` (the call, and its two calls back into
Python: ``current_player`` and ``_apply_action``) adds to a step of any Python game. "ceiling" is the ratio the
pyspiel loop would reach if the adapter added nothing beyond that floor to the Python loop on the engine.

``resample_from_infostate`` is timed at positions where something is hidden from the player to act (Pergamon:
figures being placed on face-down funds cards), against building the same state by replaying its history
through pyspiel (what the adapter did before).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import pyspiel  # noqa: E402

import museion  # noqa: E402
from museion.core.play import random_playout  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs import openspiel as mos  # noqa: E402

GOAL = 1 / 3
"""pyspiel steps/s over raw engine steps/s, Pergamon 2 players (issue 44: on the compiled build)."""

CLOCK = time.process_time
"""Rates are steps per second of this process's CPU time: on a shared machine the wall clock counts the time other
processes held the core, and that share changes between the two loops' rounds (interleaving only evens it out)."""


def raw_rate(game: museion.Game, seconds: float, seed: int) -> float:
    rng, steps, start = random.Random(seed), 0, CLOCK()
    while CLOCK() - start < seconds:
        steps += random_playout(game.new_initial_state(), rng).move_number()
    return steps / (CLOCK() - start)


def spiel_rate(game: Any, seconds: float, seed: int) -> float:
    """The Python random-playout loop on ``game``: a pyspiel game, or a museion game (the same calls: the engine
    driven from Python, what the adapter adds to is then exactly the difference)."""
    rng, steps, start = random.Random(seed), 0, CLOCK()
    while CLOCK() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc, action = rng.random(), 0.0, outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps / (CLOCK() - start)


FLOOR_LENGTH = 100
"""Moves in a game of the trivial game :class:`_Counter` (two actions, no chance, nothing computed)."""


class _Counter:
    """The trivial game in plain Python: the loop's calls and nothing else (what the loop itself costs)."""

    def __init__(self, game: Any = None) -> None:
        self.moves = 0

    def is_terminal(self) -> bool:
        return self.moves >= FLOOR_LENGTH

    def is_chance_node(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return [0, 1]

    def apply_action(self, action: int) -> None:
        self.moves += 1


class _SpielCounter(pyspiel.State):
    """The same trivial game as an OpenSpiel Python game: ``apply_action`` is pyspiel's C++ one, which calls back
    ``current_player`` and ``_apply_action``. Its loop minus :class:`_Counter`'s is what pyspiel costs any Python
    game per step, however fast the game: the floor under the adapter's cost."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.moves = 0

    def current_player(self) -> int:
        return 0 if self.moves < FLOOR_LENGTH else pyspiel.PlayerId.TERMINAL

    is_terminal, is_chance_node, legal_actions = _Counter.is_terminal, _Counter.is_chance_node, _Counter.legal_actions

    def _apply_action(self, action: int) -> None:
        self.moves += 1


_FLOOR_TYPE = pyspiel.GameType(
    short_name="python_museion_bench_counter", long_name="trivial counter (benchmark)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION, utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
    provides_information_state_string=False, provides_information_state_tensor=False,
    provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})


class _SpielCounterGame(pyspiel.Game):
    def __init__(self, params: Any = None) -> None:
        info = pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
                                max_utility=1.0, utility_sum=0.0, max_game_length=FLOOR_LENGTH)
        super().__init__(_FLOOR_TYPE, info, params or {})

    def new_initial_state(self) -> _SpielCounter:
        return _SpielCounter(self)


class _CounterGame:
    def new_initial_state(self) -> _Counter:
        return _Counter()


def floor_us(seconds: float, seed: int) -> float:
    """Microseconds pyspiel adds to a step of the loop (the trivial game through pyspiel minus in plain Python)."""
    if _FLOOR_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_FLOOR_TYPE, _SpielCounterGame)
    spiel = pyspiel.load_game(_FLOOR_TYPE.short_name)
    return 1e6 / spiel_rate(spiel, seconds, seed) - 1e6 / spiel_rate(_CounterGame(), seconds, seed)


def resample_cost(game: pyspiel.Game, positions: int = 40, seed: int = 0) -> dict[str, float] | None:
    """Microseconds per ``resample_from_infostate`` at hidden positions, and per replay of the same history."""
    rng = random.Random(seed)
    hidden = []
    for _ in range(positions * 4):
        if len(hidden) >= positions:
            break
        state = game.new_initial_state()
        target = rng.randrange(20, 180)
        while not state.is_terminal() and state.move_number() < target:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        while not state.is_terminal() and (state.is_chance_node() or _nothing_hidden(state)):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            hidden.append(state)
    if not hidden:
        return None
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    start = time.perf_counter()
    samples = [s.resample_from_infostate(s.current_player(), sampler) for s in hidden for _ in range(5)]
    resample_us = (time.perf_counter() - start) / len(samples) * 1e6
    start = time.perf_counter()
    for s in samples:
        replay = game.new_initial_state()
        for action in s.history():
            replay.apply_action(action)
    replay_us = (time.perf_counter() - start) / len(samples) * 1e6
    return {"positions": len(hidden), "mean_history": statistics.fmean(len(s.history()) for s in hidden),
            "resample_us": round(resample_us, 1), "replay_us": round(replay_us, 1)}


def _nothing_hidden(state: Any) -> bool:
    inner = state.inner
    return entry(inner.game).observer.resample(inner, inner.current_player(), random.Random(0)).key() == inner.key()


def configurations(only: str | None) -> list[tuple[str, dict[str, Any]]]:
    configs = [("pergamon", {"players": 2}), ("pergamon", {"players": 4}), ("tholos", {}), ("imhotep", {"players": 2})]
    return [c for c in configs if only is None or c[0] == only]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--seconds", type=float, default=1.5, help="per round and loop")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(f"museion engines: {museion.BUILD} build; rates per second of CPU time", file=sys.stderr)
    rows = []
    for name, options in configurations(args.game):
        game = museion.load(name, **options)
        spiel = pyspiel.load_game(mos.register(name), options)
        raws, pythons, spiels, floors = [], [], [], []
        for r in range(args.rounds):
            raws.append(raw_rate(game, args.seconds, r))
            pythons.append(spiel_rate(game, args.seconds, r))
            spiels.append(spiel_rate(spiel, args.seconds, r))
            floors.append(floor_us(args.seconds / 2, r))
        raw, python, through = statistics.median(raws), statistics.median(pythons), statistics.median(spiels)
        floor = statistics.median(floors)
        row = {"game": name, "options": options, "raw_steps_per_s": round(raw), "python_steps_per_s": round(python),
               "pyspiel_steps_per_s": round(through), "ratio": round(through / raw, 3),
               "ratio_to_python_loop": round(through / python, 3), "pyspiel_floor_us": round(floor, 3),
               "ceiling": round(1 / (1 / python + floor / 1e6) / raw, 3)}
        if game.hidden_information:
            row["resample_from_infostate"] = resample_cost(spiel)
        rows.append(row)
    if args.json:
        print(json.dumps({"build": museion.BUILD, "clock": "process CPU time", "rows": rows}))
    else:
        print(f"{'game':<10} {'options':<16} {'raw steps/s':>12} {'python loop':>12} {'pyspiel steps/s':>16} "
              f"{'ratio':>7} {'vs python loop':>15} {'floor us':>9} {'ceiling':>8}")
        for row in rows:
            print(f"{row['game']:<10} {json.dumps(row['options']):<16} {row['raw_steps_per_s']:>12,} "
                  f"{row['python_steps_per_s']:>12,} {row['pyspiel_steps_per_s']:>16,} {row['ratio']:>7.3f} "
                  f"{row['ratio_to_python_loop']:>15.3f} {row['pyspiel_floor_us']:>9.3f} {row['ceiling']:>8.3f}")
            if row.get("resample_from_infostate"):
                print(f"{'':<10} resample_from_infostate: {row['resample_from_infostate']}")
    goal = next((r for r in rows if r["game"] == "pergamon" and r["options"] == {"players": 2}), None)
    if goal is not None:
        met = goal["ratio"] >= GOAL
        print(f"goal: pergamon 2p through pyspiel >= {GOAL:.3f} of the raw engine: {goal['ratio']:.3f} "
              f"({'met' if met else 'NOT met'})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
