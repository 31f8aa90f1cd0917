"""PettingZoo AEC environments for every museion game: ``env("tholos")``, ``raw_env("imhotep", players=4)``.

* agents ``player_0`` .. ``player_{n-1}`` (seat order of the game); the agent to act is the game's current
  player, so one agent may act several times in a row (multi-part turns);
* observation: ``{"observation": float32[game.observation_tensor_size()], "action_mask": int8[n_actions]}``,
  the acting agent's view (the observer's ``observation_tensor``, layout in each game's ``view.py``); the mask is all
  zeros for agents not to act;
* action space ``Discrete(game.num_distinct_actions())`` (fixed ids, see the game's ``actions.py``);
* rewards only at the end: ``reward="win"`` (+1/-1, 0 for all on a full draw), ``"margin"`` (own final
  score minus the best rival's) or ``"win+margin"`` (the win plus the squashed margin, ``_common.REWARDS``);
* chance nodes (shuffles, draws) are resolved inside the env with its own RNG, seeded by ``reset(seed=...)``;
* ``render_mode="ansi"``: ``render()`` returns the game's text rendering.

``raw_env.step`` raises :class:`museion.IllegalActionError` on an illegal action (state unchanged);
``env()`` adds PettingZoo's classic wrappers, where an illegal action ends the game with -1 for its author.
No pygame or other optional package is imported.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from museion.core.errors import OptionError
from museion.core.game import Game
from museion.core.record import Record
from museion.envs._common import (
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    Observations,
    check_reward,
    final_rewards,
    make_game,
    render_ansi,
)
from museion.envs.registration import env_version

__all__ = ["env", "parallel_env", "raw_env", "versioned"]


def env(game: str | Game = "tholos", illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The wrapped environment (as PettingZoo's classic games): illegal moves end the game, actions out of
    range raise, and the AEC call order is enforced. ``kwargs`` go to :class:`raw_env` (game options too).

    The wrappers are PettingZoo's own three classic wrappers (``isinstance`` holds, the behaviour is theirs),
    subclassed only to read the AEC attributes (``agent_selection``, ``terminations``, ...) straight from the
    raw environment: PettingZoo's wrappers forward every such read through each layer's ``__getattr__``, about
    36 Python calls a step, which cost more than a compiled game's move (docs/rl.md, "Speed")."""
    raw = raw_env(game, **kwargs)
    environment: AECEnv = _TerminateIllegal(raw, raw, illegal_reward=illegal_reward)
    environment = _AssertOutOfBounds(raw, environment)
    return _OrderEnforcing(raw, environment)


def _direct(name: str, through: str = "_raw") -> property:
    """``name`` read from the raw environment by a C-level ``attrgetter`` (no Python frame per read)."""
    return property(attrgetter(f"{through}.{name}"), doc=f"``{name}`` of the raw environment, read directly")


class _Direct:
    """The AEC attributes every step reads, taken from the raw environment in one lookup."""

    _raw: raw_env
    agent_selection = _direct("agent_selection")
    agents = _direct("agents")
    possible_agents = _direct("possible_agents")
    rewards = _direct("rewards")
    terminations = _direct("terminations")
    truncations = _direct("truncations")
    infos = _direct("infos")
    _cumulative_rewards = _direct("_cumulative_rewards")

    def action_space(self, agent: str) -> spaces.Space:
        return self._raw.action_spaces[agent]

    def observation_space(self, agent: str) -> spaces.Space:
        return self._raw.observation_spaces[agent]


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):
    def __init__(self, raw: raw_env, inner: AECEnv, illegal_reward: float) -> None:
        self._raw = raw
        super().__init__(inner, illegal_reward=illegal_reward)


class _AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):
    def __init__(self, raw: raw_env, inner: AECEnv) -> None:
        self._raw = raw
        self._actions = raw.game.num_distinct_actions()
        super().__init__(inner)

    def step(self, action: Any) -> None:
        """A plain ``int`` in range is what ``Discrete.contains`` accepts without further ado: checked here in
        one comparison; anything else (None for a dead agent, numpy integers, bad values) takes the wrapper's own
        check."""
        if type(action) is int and 0 <= action < self._actions:
            self.env.step(action)
        else:
            super().step(action)


_BEFORE_RESET = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"})


class _OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):
    """Reads the guarded attributes through ``_reset_raw``, which is None until ``reset``: the ``AttributeError``
    that reading from None raises sends Python to ``OrderEnforcingWrapper.__getattr__``, which raises its own
    "cannot be accessed before reset"."""

    def __init__(self, raw: raw_env, inner: AECEnv) -> None:
        self._raw, self._reset_raw = raw, None
        super().__init__(inner)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._reset_raw = self._raw
        super().reset(seed=seed, options=options)


for _name in _BEFORE_RESET:
    setattr(_OrderEnforcing, _name, _direct(_name, "_reset_raw"))


def parallel_env(game: str | Game = "tholos", **kwargs: Any) -> ParallelEnv:
    """The wrapped environment through PettingZoo's ``turn_based_aec_to_parallel`` (every live agent submits an
    action each step; only the acting agent's is used)."""
    return turn_based_aec_to_parallel(env(game, **kwargs))


def versioned(name: str, version: int) -> tuple[Callable[..., AECEnv], Callable[..., AECEnv],
                                                Callable[..., ParallelEnv]]:
    """``env``, ``raw_env`` and ``parallel_env`` of one game at one environment version, for the PettingZoo-style
    modules ``museion.envs.<game>_v<N>``; a module whose version is no longer the game's refuses to load (the
    versioning policy: :mod:`museion.envs.registration`)."""
    current = env_version(name)
    if current != version:
        raise ImportError(f"museion.envs.{name}_v{version} is retired: {name}'s rules or observations changed; "
                          f"use museion.envs.{name}_v{current}")

    def make_env(**kwargs: Any) -> AECEnv:
        return env(name, **kwargs)

    def make_raw_env(**kwargs: Any) -> AECEnv:
        return raw_env(name, **kwargs)

    def make_parallel_env(**kwargs: Any) -> ParallelEnv:
        return parallel_env(name, **kwargs)

    for function, kind in ((make_env, "env"), (make_raw_env, "raw_env"), (make_parallel_env, "parallel_env")):
        function.__name__ = function.__qualname__ = kind
        function.__doc__ = f"{name} v{version}: :func:`museion.envs.pettingzoo.{kind}` with game={name!r}."
    return make_env, make_raw_env, make_parallel_env


class raw_env(AECEnv, EzPickle):  # noqa: N801 - PettingZoo's naming convention
    """One museion game as an AEC environment; ``options`` are the game's options (e.g. ``players=3``)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "museion_v0", "is_parallelizable": False}

    def __init__(
        self, game: str | Game = "tholos", reward: str = "win", render_mode: str | None = None, **options: Any
    ) -> None:
        EzPickle.__init__(self, game, reward, render_mode, **options)
        super().__init__()
        self.game = make_game(game, options)
        self.reward_scheme = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode {render_mode!r} is not supported; allowed: None, 'ansi'")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"museion_{self.game.name}_v0"}
        n, size = self.game.num_players(), self.game.num_distinct_actions()
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        obs_size = self.game.observation_tensor_size()
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, shape=(obs_size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random()
        self._observations = Observations(self.game)
        self._cache: dict[str, dict[str, np.ndarray]] = {}
        self.game_state = self.game.new_initial_state()
        self.agents = []

    # -- AEC API ---------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` re-seeds the chance RNG (without it the RNG continues)."""
        if seed is not None:
            self._rng.seed(seed)
        self.game_state = self.game.new_initial_state()
        self._cache = {}
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[max(self.game_state.current_player(), 0)]
        if self.game_state.is_terminal():  # a game decided by chance alone: still a valid episode
            self._finish(0)
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        cached = self._cache.get(agent)
        if cached is None:
            player, observations = self._seat[agent], self._observations
            cached = self._cache[agent] = {
                "observation": observations.observation(self.game_state, player),
                "action_mask": observations.mask(self.game_state, player),
            }
        return cached

    def step(self, action: Any) -> None:
        """Apply the agent's action, then chance. Rewards stay zero until the end (they are only ever set by
        :meth:`_finish`), so the per-step reward bookkeeping of PettingZoo's template is done only then."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        state.apply_action(int(action))  # illegal -> IllegalActionError, nothing changed
        self._cache.clear()
        self._resolve_chance()
        if state.is_terminal():
            self._cumulative_rewards[agent] = 0.0
            self._finish(self._seat[agent])
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode; use raw_env(..., render_mode='ansi')")
            return None
        return render_ansi(self.game_state)

    def close(self) -> None:
        """Nothing to release (no window, no subprocess)."""

    def record(self, players: Sequence[str] | None = None, **meta: Any) -> Record:
        """The episode so far as a museion record (:meth:`museion.Record.from_state`: every action, chance
        included, with its notation, and the scores once over): ``museion replay``, the web viewer and
        ``museion analyze`` read it. ``players`` names the seats (default the agent names)."""
        return Record.from_state(self.game_state, players or self.possible_agents, **meta)

    # -- helpers ---------------------------------------------------------------------------------------------
    def _resolve_chance(self) -> None:
        """Chance outcomes until a player acts: ``State.apply_chance`` draws as ``sample_chance`` does (the same
        games for the same seed) and applies the draw without checking it again."""
        state, rng = self.game_state, self._rng
        while state.is_chance_node():
            state.apply_chance(rng)

    def _finish(self, last_player: int) -> None:
        """Final rewards for everyone; the dead agents then step out starting after the last mover."""
        values = final_rewards(self.game_state, self.reward_scheme)
        self.rewards = {agent: values[p] for p, agent in enumerate(self.possible_agents) if agent in self.rewards}
        self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[(last_player + 1) % len(self.possible_agents)]


def seat_bytes(state: Any, seat: int) -> bytes:
    """What this environment gives agent ``player_<seat>`` at ``state`` (for ``museion check``): its observation
    (tensor and action mask) through ``observe``, and the ``ansi`` rendering anyone may ask for."""
    environment = raw_env(state.game, render_mode="ansi")
    environment.game_state = state.clone()
    observation = environment.observe(f"player_{seat}")
    return b"\n".join([observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                        (environment.render() or "").encode()])
