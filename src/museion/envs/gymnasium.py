"""A single-agent Gymnasium environment: the learner holds one seat, bots or policies play the others.

``MuseionEnv("tholos", seat=0, opponents="random")``; also registered as ``gymnasium.make("museion/Museion-v0",
game="tholos")``.

* observation ``Dict(observation=Box(float32[game.observation_tensor_size()]), action_mask=Box(int8[n]))``
  for the learner's seat, or with ``flat=True`` the ``Box`` alone; action space
  ``Discrete(game.num_distinct_actions())``. ``action_masks()`` returns the legal actions as booleans (the
  sb3-contrib ``MaskablePPO`` convention; ``info["action_mask"]`` too). When no decision is pending (the episode
  is over) the mask allows every action, so no all-zero mask reaches a learner (vector envs step a finished
  episode once more before their autoreset, and masked sampling fails on an all-zero mask); that action is
  ignored;
* ``opponents``: for every other seat, a bot name (``"hard"``, any of ``museion.bots``), a ``museion.bots.Bot``,
  or a policy: any callable ``policy(observation, action_mask) -> action`` given that seat's observation in the
  env's own format (self-play: pass the learner's predict function);
* ``step`` applies the learner's action, then chance outcomes (sampled with the env's RNG, seeded by
  ``reset(seed=...)``) and the bots' moves until the learner is to act again or the game is over;
* reward only at the end (``reward="win"``: +1/-1/0, ``"margin"``: own score minus the best rival's,
  ``"win+margin"``: the win plus the squashed margin, ``_common.REWARDS``);
* ``seat=None`` draws the learner's seat at each reset, so one policy learns every seat.

Invalid actions (``illegal_action``): with ``"terminate"`` (default, what ``gymnasium.utils.env_checker``
needs, since it samples actions without the mask) an illegal action ends the episode with
``illegal_reward`` (-1) and ``info["illegal_action"] = True``, the state unchanged; with ``"raise"`` it raises
:class:`museion.IllegalActionError`. Use the mask (``info["action_mask"]`` too) to sample legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from museion.bots.base import Bot, make_bot
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
from museion.envs.registration import register_gymnasium

__all__ = ["MuseionEnv"]

ILLEGAL_ACTION_MODES = ("terminate", "raise")

class _AllAllowed(dict):
    def __missing__(self, size: int) -> np.ndarray:
        mask = self[size] = np.ones(size, dtype=np.int8)
        mask.flags.writeable = False
        return mask


ALL_ALLOWED = _AllAllowed()
"""Read-only all-ones masks by size (the mask of a finished episode)."""

Policy = Callable[[Any, np.ndarray], Any]
"""An opponent policy: ``(observation, action_mask) -> action`` for the seat it plays."""
Opponent = str | Bot | Policy


class MuseionEnv(gymnasium.Env):
    """One seat of a museion game against bots (``opponents``: one bot spec for all, or one per other seat)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str | Game = "tholos",
        seat: int | None = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "win",
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        flat: bool = False,
        **options: Any,
    ) -> None:
        self.game = make_game(game, options)
        n = self.game.num_players()
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise OptionError(f"seat {seat!r} is not a seat of {self.game.name}; allowed: None or 0..{n - 1}")
        single = isinstance(opponents, (str, Bot)) or callable(opponents)
        specs = [opponents] * (n - 1) if single else list(opponents)  # type: ignore[arg-type]
        if len(specs) != n - 1:
            raise OptionError(f"{len(specs)} opponents given for {n - 1} other seats of {self.game!r}")
        for spec in specs:
            if isinstance(spec, str):
                make_bot(spec)  # unknown names fail here, with the list of bots
            elif not (isinstance(spec, Bot) or callable(spec)):
                raise OptionError(f"opponent {spec!r}: allowed: a bot name, a museion Bot, or a callable "
                                  "policy(observation, action_mask) -> action")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise OptionError(f"illegal_action {illegal_action!r} is not supported; allowed: 'terminate', 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode {render_mode!r} is not supported; allowed: None, 'ansi'")
        self.fixed_seat, self.opponent_specs = seat, specs
        self.reward_scheme = check_reward(reward)
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.render_mode = render_mode
        size = self.game.num_distinct_actions()
        vector = spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (self.game.observation_tensor_size(),),
                            dtype=np.float32)
        self.flat = bool(flat)
        self.observation_space = vector if self.flat else spaces.Dict({
            "observation": vector, "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8)})
        self.action_space = spaces.Discrete(size)
        self._rng = random.Random()
        self._observations = Observations(self.game)
        self.seat = seat or 0
        self.bots: dict[int, Bot | Policy] = {}
        self.state = self.game.new_initial_state()
        self._done = True  # until reset()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """New game; ``seed`` seeds chance, the seat draw and the bots (without it the env RNG continues)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        n = self.game.num_players()
        self.seat = self._rng.randrange(n) if self.fixed_seat is None else self.fixed_seat
        others = [p for p in range(n) if p != self.seat]
        self.bots = {}
        for p, spec in zip(others, self.opponent_specs, strict=True):
            seed = self._rng.randrange(2**32)  # drawn for every seat, so seeds do not depend on the opponent kinds
            self.bots[p] = make_bot(spec, seed) if isinstance(spec, str) else spec
        self.state = self.game.new_initial_state()
        self._advance()
        self._done = self.state.is_terminal()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self._done:
            raise RuntimeError("step() after the episode ended (game over or illegal action); call reset()")
        action = int(action)
        if action not in self.state.legal_actions():
            if self.illegal_action == "raise":
                self.state.apply_action(action)  # raises IllegalActionError with the legal moves listed
            self._done = True
            return self._obs(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        self._apply(action)
        self._advance()
        terminated = self._done = self.state.is_terminal()
        reward = final_rewards(self.state, self.reward_scheme)[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use MuseionEnv(..., render_mode='ansi')")
            return None
        return render_ansi(self.state)

    def record(self, players: Sequence[str] | None = None, **meta: Any) -> Record:
        """The episode so far as a museion record (:meth:`museion.Record.from_state`), the learner's seat in
        ``meta["seat"]``; ``players`` names the seats (default ``learner`` and the opponents' names)."""
        names = players or [
            "learner" if p == self.seat else self._opponent_name(p) for p in range(self.game.num_players())]
        return Record.from_state(self.state, names, seat=self.seat, **meta)

    def _opponent_name(self, player: int) -> str:
        bot = self.bots.get(player)
        spec = self.opponent_specs[[p for p in range(self.game.num_players()) if p != self.seat].index(player)]
        if isinstance(spec, str):
            return spec
        return getattr(bot, "name", None) or getattr(bot, "__name__", None) or "policy"

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner as booleans (sb3-contrib's ``MaskablePPO`` calls this); all ``True`` once
        no decision is pending, so a masked sampler never sees an all-zero mask."""
        return self._mask(self.seat).astype(bool)

    # -- helpers ---------------------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        self.state.apply_action(action)
        for bot in self.bots.values():
            if isinstance(bot, Bot):
                bot.observe(self.state, action)

    def _advance(self) -> None:
        """Play chance and opponents' moves until the learner must act or the game ends."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                self._apply(state.sample_chance(self._rng))
            elif player == self.seat:
                return
            else:
                self._apply(self._opponent_move(player))

    def _opponent_move(self, player: int) -> int:
        opponent = self.bots[player]
        if isinstance(opponent, Bot):
            return opponent.choose(self.state)
        action = int(opponent(self._obs(player), self._mask(player)))
        if action not in self.state.legal_actions():
            raise OptionError(f"the opponent policy of seat {player} chose {action}, not a legal action "
                              f"(legal: {self.state.legal_actions()})")
        return action

    def _mask(self, player: int) -> np.ndarray:
        """``player``'s legal actions; every action once the game is over (the only time a seat the env returns
        an observation for has no decision pending)."""
        if self.state.is_terminal():
            return ALL_ALLOWED[self.action_space.n]
        return self._observations.mask(self.state, player)

    def _obs(self, player: int | None = None) -> Any:
        seat = self.seat if player is None else player
        vector = self._observations.observation(self.state, seat)
        return vector if self.flat else {"observation": vector, "action_mask": self._mask(seat)}

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "action_mask": self._mask(self.seat)}


def seat_bytes(state: Any, seat: int) -> bytes:
    """What this environment gives a learner in ``seat`` at ``state`` (for ``museion check``): the observation
    (tensor and mask), the info dict and the ``ansi`` rendering."""
    env = MuseionEnv(state.game, seat=seat, render_mode="ansi")
    env.state = state.clone()
    obs = env._obs()
    info = env._info()
    return b"\n".join([obs["observation"].tobytes(), obs["action_mask"].tobytes(), repr(info["seat"]).encode(),
                        info["action_mask"].tobytes(), (env.render() or "").encode()])


register_gymnasium()  # museion/Museion-v0 and museion/<Game>-v<N> (museion.envs.registration)
