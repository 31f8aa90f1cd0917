"""A native Gymnasium vector env: N games of one configuration stepped per call, the learner on one seat of each.

``MuseionVectorEnv(8, "tholos", opponents="random")``, or ``gymnasium.make_vec("museion/Tholos-v0", num_envs=8,
vectorization_mode="vector_entry_point")``. Same semantics as :class:`museion.envs.gymnasium.MuseionEnv` (one
``MuseionEnv`` per game holds its state, seat draw, bots, RNG and rewards), so the same seeds give the same
trajectories as N single envs; the per-step work runs in compiled code (:mod:`museion.core.batch`):

* stepping: the learner's actions, chance and the moves of ``random`` opponents of all N games in one compiled
  loop; other opponents (bots, policies) are asked from Python when their seat is to act, and a game with a bot
  that watches the moves (``Bot.observe``) steps through its ``MuseionEnv``;
* observations: one ``float32`` array ``(N, observation_tensor_size)``; the game's view writes the flat indices
  of the non-zero entries of every row into unboxed buffers (``observation_entries``; its constant entries,
  ``observation_fixed``, are copied in with the blank rows) and numpy writes them by index. ``observation_space``
  is the batched flat ``Box`` (the single env's ``flat=True`` layout); opponent policies get that flat vector too;
* action masks: one preallocated ``int8`` array ``(N, num_distinct_actions)`` in ``infos["action_mask"]``, set by
  index; ``action_masks()`` gives it as booleans (sb3-contrib's ``MaskablePPO`` convention); a finished game's row
  allows every action, as in the single env;
* ``infos["seat"]``: the learner's seat per game (``seat=None`` draws one at every reset);
  ``infos["illegal_action"]``: which games just ended on an illegal action (``illegal_action="terminate"``);
* ``opponents=None``: every seat is a learner (PettingZoo-style multi-agent loops; ``seat`` is ignored): each
  game's row is the seat to act (``infos["seat"]``, its observation and mask), the action is that seat's; the
  reward is the acting seat's, and the step that ends a game gives every seat's in ``infos["final_rewards"]``
  ``(N, players)`` (an illegal action: ``illegal_reward`` for its author, 0 for the others);
* autoreset: Gymnasium 1.x's ``AutoresetMode.NEXT_STEP`` (the default of ``SyncVectorEnv``): the step that ends a
  game returns its last observation with ``terminated`` set; on the next ``step`` that game's action is ignored
  and it starts a new game (reward 0, not terminated), its RNG continuing;
* seeding: ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (Gymnasium's convention), or pass one seed per game;
* ``copy=True`` (default) returns observation and mask arrays that the env never writes again (new ones each
  call); ``copy=False`` returns the preallocated arrays themselves, overwritten by the next call (fine for a
  learner that copies into its rollout buffer).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from librt.strings import BytesWriter

from museion.bots.base import Bot, RandomBot, parse_spec
from museion.core import batch
from museion.core.errors import OptionError
from museion.core.game import TERMINAL, Game
from museion.core.registry import entry
from museion.envs._common import final_rewards, make_game
from museion.envs._common import observation_parts as common_parts
from museion.envs.gymnasium import MuseionEnv, Opponent

__all__ = ["MuseionVectorEnv"]


def observation_parts(game: Game) -> tuple[batch.Entries, np.ndarray | None]:
    """The game's observation entries (:func:`museion.envs._common.observation_parts`), or entries made from its
    ``observation_tensor`` when its view has none, and its constant row."""
    entries, fixed = common_parts(game)
    return entries or batch.dense_entries(entry(game).observer.observation_tensor), fixed


class _Game(MuseionEnv):
    """One game of the vector env: a ``MuseionEnv`` whose chance and random opponents run in the compiled loop
    (:func:`museion.core.batch.advance`, also at ``reset``), the other opponents asked from Python when their seat
    is to act; with a bot that watches every move (``Bot.observe``) the ``MuseionEnv`` loop itself."""

    randoms: list[random.Random | None] = []
    """Per seat: the RNG of a ``random`` opponent, else None (the learner's seat, bots, policies)."""
    watched = False
    """A bot watches every move: the game steps in Python."""
    spares: list[RandomBot] = []
    """The bots of the last game when every opponent is ``"random"`` (``make_bot("random", seed)`` is
    ``RandomBot(seed)``, whose generator is ``random.Random(seed)``): reseeded for the next game instead of made
    anew."""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        if seed is None and self.spares:
            return self._reseed()
        self.randoms = []  # new bots: sorted out by the first _advance
        return super().reset(seed=seed, options=options)

    def _reseed(self) -> tuple[Any, dict]:
        """``MuseionEnv.reset`` without a seed, its bots reused: the same draws from the env's RNG (the seat, then
        one seed per other seat) seed the same ``random`` bots, without ``make_bot`` parsing the spec and building
        a bot per seat (a third of a new game's cost in the smallest game)."""
        rng, n = self._rng, len(self.randoms)
        self.seat = rng.randrange(n) if self.fixed_seat is None else self.fixed_seat
        self.bots, self.randoms = {}, [None] * n
        for p, bot in zip([p for p in range(n) if p != self.seat], self.spares, strict=True):
            bot.rng.seed(rng.randrange(2**32))
            self.bots[p], self.randoms[p] = bot, bot.rng
        self.state = self.game.new_initial_state()
        self.finish(batch.advance(self.state, self.seat, rng, self.randoms))
        self._done = self.state.is_terminal()
        return None, {}

    def _obs(self, player: int | None = None) -> Any:
        """Only an opponent policy's observation: the vector env writes the learner's rows itself, so ``reset``
        (a third of its cost in Pergamon) builds no observation nor mask that would be thrown away."""
        return None if player is None else super()._obs(player)

    def _info(self) -> dict[str, Any]:
        return {}

    def _advance(self) -> None:
        if not self.randoms:
            bots = [self.bots.get(p) for p in range(self.game.num_players())]
            self.randoms = [bot.rng if type(bot) is RandomBot else None for bot in bots]
            self.watched = any(isinstance(bot, Bot) and type(bot).observe is not Bot.observe for bot in bots)
            made = all(isinstance(spec, str) and parse_spec(spec) == ("random", {}) for spec in self.opponent_specs)
            self.spares = [bot for bot in bots if type(bot) is RandomBot] if made else []
            if len(self.spares) != len(self.opponent_specs):
                self.spares = []
        if self.watched:
            super()._advance()
            return
        self.finish(batch.advance(self.state, self.seat, self._rng, self.randoms))

    def finish(self, status: int) -> int:
        """Continue from a status of :func:`museion.core.batch.advance` until the learner acts or the game ends."""
        while status >= 0 and status != self.seat:
            self._apply(self._opponent_move(status))
            status = batch.advance(self.state, self.seat, self._rng, self.randoms)
        return status


class MuseionVectorEnv(VectorEnv):
    """``num_envs`` games, one learner seat each, stepped together (see the module docstring)."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 8, game: str | Game = "tholos", seat: int | None = 0,
                 opponents: Opponent | Sequence[Opponent] | None = "random", reward: str = "win",
                 illegal_action: str = "terminate", illegal_reward: float = -1.0, copy: bool = True,
                 **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(f"num_envs {num_envs!r} is not allowed; allowed: an integer >= 1")
        config = make_game(game, options)
        self.all_seats = opponents is None  # the caller acts for every seat (multi-agent loops)
        self.envs = [_Game(config, seat=0 if self.all_seats else seat, opponents=opponents or "random",
                                reward=reward,
                                illegal_action=illegal_action, illegal_reward=illegal_reward, flat=True)
                     for _ in range(num_envs)]
        self.game, self.num_envs, self.copy = config, num_envs, bool(copy)
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._size, self._actions = config.observation_tensor_size(), config.num_distinct_actions()
        self._entries, fixed = observation_parts(config)
        self._blank = np.zeros((num_envs, self._size), dtype=np.float32)  # every row: the constant entries
        if fixed is not None:
            self._blank[:] = fixed
        self._obs = self._blank.copy()
        self._masks = np.ones((num_envs, self._actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        # per game, as lists for the compiled loop: state, seat, chance RNG, random opponents' RNGs (None: asked
        # from Python), whether it steps in the compiled loop (False: a bot watching moves; a game to restart)
        self._states = [env.state for env in self.envs]
        self._seat_list = [0] * num_envs
        self._chance: list[random.Random] = [env._rng for env in self.envs]
        self._opponents: list[list[random.Random | None]] = [[] for _ in range(num_envs)]
        self._compiled = [True] * num_envs
        self._ended: list[int] = []  # the games the next step() restarts
        self._finals = np.zeros((num_envs, config.num_players()))

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games everywhere; ``seed``: an int (game ``i`` gets ``seed + i``), one seed per game, or None."""
        super().reset(seed=seed if isinstance(seed, int) or seed is None else None)
        seeds = self._seeds(seed)
        for i in range(self.num_envs):
            self._new_game(i, seeds[i])
        self._ended = []
        self._illegal[:] = False
        self._write()
        return self._out(self._obs), self._infos()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One learner action per game (ignored for a game being autoreset); opponents answer inside the call.
        The per-game results are fresh arrays, set only for the games that ended."""
        chosen = np.asarray(actions).astype(np.int64, copy=False).tolist()
        n = self.num_envs
        self._rewards, self._terminated, self._illegal = np.zeros(n), np.zeros(n, np.bool_), np.zeros(n, np.bool_)
        if self.all_seats:
            self._finals = np.zeros_like(self._finals)
        active = self._compiled
        if self._ended or not all(active):
            active = self._step_in_python(chosen)
        special = batch.step(self._states, self._seat_list, chosen, active, self._chance, self._opponents)
        for k in range(0, len(special), 2):
            self._settle(special[k], special[k + 1], chosen[special[k]])
        self._write()
        return (self._out(self._obs), self._rewards, self._terminated, np.zeros(n, np.bool_),
                self._infos(copy=False))

    def reset_done(self) -> np.ndarray:
        """Start the new game of every game that just ended now instead of on the next ``step`` (the
        SAME_STEP autoreset that Stable-Baselines3's ``VecEnv`` expects: :mod:`museion.envs.sb3`); returns the
        indices reset. Their rows of the observation and mask arrays then hold the new games."""
        done, self._ended = self._ended, []
        for i in done:
            self._new_game(i)
        self._write()
        return np.array(done, dtype=np.intp)

    def action_masks(self) -> np.ndarray:
        """Legal actions of every game's learner as booleans ``(N, num_actions)`` (sb3-contrib's convention)."""
        return self._masks.astype(np.bool_)

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []

    # -- helpers ---------------------------------------------------------------------------------------------
    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise OptionError(f"{len(seeds)} seeds given for {self.num_envs} games; allowed: an int, None, "
                              f"or exactly {self.num_envs} seeds")
        return seeds

    def _new_game(self, i: int, seed: int | None = None) -> None:
        """Game ``i`` starts a new episode (``seed``: else its RNG continues): its ``MuseionEnv``'s reset, or with
        every seat a learner a new state with its opening chance drawn; the lists of the compiled loop follow."""
        env = self.envs[i]
        if not self.all_seats:
            env.reset(seed=seed)
        else:
            if seed is not None:
                env._rng.seed(seed)
            env.bots, env.state = {}, self.game.new_initial_state()
            env.randoms, env.watched = [None] * self.game.num_players(), False
            env.seat = max(0, batch.advance(env.state, TERMINAL, env._rng, env.randoms))
            env._done = env.state.is_terminal()
        self._states[i], self._seat_list[i] = env.state, env.seat
        self._seats[i] = env.seat
        self._opponents[i], self._compiled[i] = env.randoms, not env.watched

    def _step_in_python(self, chosen: list[int]) -> list[bool]:
        """Restarts the games that ended (NEXT_STEP autoreset: reward 0, action ignored) and steps the games with
        a watching bot through their ``MuseionEnv``; returns which games the compiled loop steps."""
        skip = set(self._ended)
        for i in self._ended:
            self._new_game(i)
        self._ended = []
        for i, compiled in enumerate(self._compiled):
            if not compiled and i not in skip:
                skip.add(i)
                self._step_one(i, chosen[i])
        return [i not in skip for i in range(self.num_envs)]

    def _step_one(self, i: int, action: int) -> None:
        """Game ``i`` stepped through its ``MuseionEnv`` (every bot observes every move)."""
        env = self.envs[i]
        if env.state.current_player() != env.seat or action not in batch.legal(env.state):
            self._settle(i, batch.ILLEGAL, action)
            return
        env._apply(action)
        env._advance()
        if env.state.is_terminal():
            self._settle(i, TERMINAL, action)

    def _settle(self, i: int, status: int, action: int) -> None:
        """Game ``i`` after the compiled loop: an illegal action, the end, or a non-random opponent to move."""
        env = self.envs[i]
        if status >= 0 and self.all_seats:  # another seat's turn: the caller acts for it next
            env.seat = self._seat_list[i] = self._seats[i] = status
            return
        if env.finish(status) == env.seat:  # after opponents asked from Python (bots, policies)
            return
        finals = [0.0] * self.game.num_players()
        if status == batch.ILLEGAL:
            if env.illegal_action == "raise":
                env.state.apply_action(action)  # raises IllegalActionError with the legal moves listed
            finals[env.seat], self._illegal[i] = env.illegal_reward, True
        else:
            finals = final_rewards(env.state, env.reward_scheme)
        self._rewards[i], self._finals[i] = finals[env.seat], finals
        env._done = self._terminated[i] = True
        self._ended.append(i)

    def _write(self) -> None:
        """Every game's observation row and mask row, from the buffers of flat indices the compiled loop writes
        (numpy reads them as they are: one ``put`` per buffer). With ``copy=True`` the arrays are new ones, so the
        arrays returned are never written again, as copies would be, and each is written once."""
        ones, where, values, legal = BytesWriter(), BytesWriter(), BytesWriter(), BytesWriter()
        over: list[int] = []
        batch.write(self._states, self._seat_list, self._entries, self._size, self._actions, ones, where, values,
                    legal, over)
        if self.copy:
            self._obs, self._masks = self._blank.copy(), np.zeros_like(self._masks)
        else:
            self._obs[:] = self._blank
            self._masks.fill(0)
        self._obs.put(np.frombuffer(ones.getvalue(), dtype=np.int64), 1.0)
        if len(where):
            self._obs.put(np.frombuffer(where.getvalue(), dtype=np.int64),
                          np.frombuffer(values.getvalue(), dtype=np.float64))
        self._masks.put(np.frombuffer(legal.getvalue(), dtype=np.int64), 1)
        if over:
            self._masks[over] = 1

    def _out(self, array: np.ndarray) -> np.ndarray:
        """The array to return: with ``copy=True`` :meth:`_write` made it for this call alone."""
        return array

    def _infos(self, copy: bool = True) -> dict[str, Any]:
        """``illegal_action`` is copied unless this step made it (``copy=False``); ``final_rewards`` with every
        seat a learner."""
        infos = {"action_mask": self._out(self._masks), "seat": self._seats.copy(),
                 "illegal_action": self._illegal.copy() if copy else self._illegal}
        if self.all_seats:
            infos["final_rewards"] = self._finals.copy() if copy else self._finals
        return infos
