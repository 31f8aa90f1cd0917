"""What decides a seat's moves: a *policy*, ``policy(turn) -> action id``, where a :class:`Turn` is everything the
seat knows at its turn. Three adapters make one from what researchers have:

* :func:`from_bot`: a :class:`museion.bots.Bot` (or a bot spec such as ``"expert"`` or ``"mcts:sims=200"``);
* :func:`from_openspiel`: an OpenSpiel bot (``bot.step(state)``) on the game through ``museion.envs.openspiel``;
* :func:`from_pettingzoo`: a function of the PettingZoo observation and action mask (``museion.envs.pettingzoo``'s
  layout), e.g. a trained MaskablePPO's ``predict``.

Any other callable taking a :class:`Turn` is a policy too. The action it returns must be one of ``turn.legal``
(the server's list); one that is not is replaced by the first legal move, and the client logs it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from museion.core.game import State

Policy = Callable[["Turn"], int]


@dataclass
class Turn:
    """A seat's turn: the table, the game and seat, the rebuilt ``state`` (None when the log could not be
    rebuilt: see ``seat.SeatGame``), the server's legal action ids and its state message as sent."""

    table: str
    game: str
    seat: int
    state: State | None
    legal: list[int]
    message: dict[str, Any]


def from_bot(bot: Any) -> Policy:
    """A museion bot (an instance, or a spec for ``museion.bots.make_bot``) as a policy."""
    if isinstance(bot, str):
        from museion.bots.base import make_bot

        bot = make_bot(bot)

    def policy(turn: Turn) -> int:
        if turn.state is None or turn.state.current_player() != turn.seat:
            return turn.legal[0]
        return int(bot.choose(turn.state.clone()))

    return policy


def from_openspiel(bot: Any, params: dict[str, Any] | None = None) -> Policy:
    """An OpenSpiel bot (``bot.step(pyspiel_state) -> action``) on the game registered by
    ``museion.envs.openspiel`` (needs the ``rl`` extra); ``params``: the OpenSpiel game parameters."""
    import pyspiel

    from museion.envs import openspiel

    games: dict[str, Any] = {}

    def policy(turn: Turn) -> int:
        if turn.state is None:
            return turn.legal[0]
        if turn.game not in games:
            games[turn.game] = pyspiel.load_game(openspiel.register(turn.game), params or {})
        state = games[turn.game].new_initial_state()
        for action in turn.state.history():
            state.apply_action(action)
        return int(bot.step(state))

    return policy


def from_pettingzoo(fn: Callable[[Any, Any], Any]) -> Policy:
    """A function ``fn(observation, action_mask) -> action`` of the PettingZoo environments' observation (the
    seat's ``observation_tensor`` as float32) and mask (int8 over every action id), e.g. a trained agent's
    ``lambda obs, mask: model.predict(obs, action_masks=mask, deterministic=True)[0]`` (needs the ``rl`` extra)."""
    from museion.envs._common import Observations

    observations: dict[int, Any] = {}

    def policy(turn: Turn) -> int:
        if turn.state is None:
            return turn.legal[0]
        key = id(turn.state.game)
        if key not in observations:
            observations[key] = Observations(turn.state.game)
        seen = observations[key]
        return int(fn(seen.observation(turn.state, turn.seat), seen.mask(turn.state, turn.seat)))

    return policy
