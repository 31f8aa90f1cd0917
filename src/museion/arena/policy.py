"""Any policy in the arena, and the evaluation a researcher asks for first.

A policy is a function ``policy(observation, action_mask) -> action``: ``observation`` is the seat's
observation tensor (``float32``, the layout of docs/rl.md), ``action_mask`` the ``int8`` mask of its legal action
ids, exactly what the RL environments (:mod:`museion.envs`) give a learner. It enters

* the command line as a bot spec ``py:package.module:function`` (``museion arena tholos --bots
  py:mypkg.agents:act,greedy``; the module must be importable, e.g. on ``PYTHONPATH``);
* Python the same way (``ArenaConfig(..., bots=["py:mypkg.agents:act", "greedy"])``), or as the callable itself
  in :func:`win_rate` ("win rate of this policy against bot X over N seat-rotated games", with a Wilson
  interval, :mod:`museion.arena.evaluate`).

The observations need numpy (extra ``rl``); it is imported only when a policy plays.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from museion.bots import make_bot
from museion.bots.base import Bot
from museion.core.errors import OptionError
from museion.core.game import State
from museion.core.play import seat_seed

__all__ = ["POLICY_PREFIX", "PolicyBot", "arena_bot", "arena_bots", "load_policy"]

POLICY_PREFIX = "py:"
Policy = Callable[[Any, Any], Any]


def load_policy(spec: str) -> Policy:
    """The function a ``py:package.module:function`` spec names (an :class:`OptionError` says what is wrong)."""
    target = spec.removeprefix(POLICY_PREFIX).strip()
    module_name, colon, attribute = target.rpartition(":")
    if not colon or not module_name or not attribute:
        raise OptionError(f"policy {spec!r}: write py:package.module:function (a function "
                          "policy(observation, action_mask) -> action)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise OptionError(f"policy {spec!r}: cannot import {module_name!r} ({exc}); is it on PYTHONPATH?") from exc
    policy = getattr(module, attribute, None)
    if not callable(policy):
        raise OptionError(f"policy {spec!r}: {module_name} has no function {attribute!r}")
    return policy  # type: ignore[no-any-return]


class PolicyBot(Bot):
    """A policy seated as a museion bot: it gets the seat's observation tensor and action mask."""

    name = "policy"

    def __init__(self, policy: Policy, seed: int | None = None, label: str = "policy") -> None:
        super().__init__(seed)
        self.policy, self.name = policy, label
        self._observations: Any = None

    def choose(self, state: State) -> int:
        observations = self._observations
        if observations is None or observations.game is not state.game:
            from museion.envs._common import Observations  # numpy: only when a policy plays

            observations = self._observations = Observations(state.game)
        player = state.current_player()
        mask = observations.mask(state, player)
        action = int(self.policy(observations.observation(state, player), mask))
        if not (0 <= action < len(mask) and mask[action]):
            raise OptionError(f"policy {self.name!r} chose action {action}, not legal at move {state.move_number()} "
                              f"(legal: {state.legal_actions()})")
        return action


def arena_bot(spec: str | Policy | Bot, seed: int | None = None) -> Bot:
    """A bot from an arena spec: a museion bot spec (``greedy``, ``mcts:sims=400``), a ``py:...`` policy spec,
    a :class:`Bot`, or a policy callable."""
    if isinstance(spec, Bot):
        return spec
    if callable(spec):
        return PolicyBot(spec, seed, getattr(spec, "__name__", "policy"))
    if spec.strip().startswith(POLICY_PREFIX):
        return PolicyBot(load_policy(spec), seed, spec.strip())
    return make_bot(spec, seed)


def arena_bots(specs: Sequence[str | Policy | Bot], seed: int) -> list[Bot]:
    """One bot per seat, seeded by the one seeding rule (:func:`museion.core.play.seat_seed`)."""
    return [arena_bot(spec, seat_seed(seed, p)) for p, spec in enumerate(specs)]
