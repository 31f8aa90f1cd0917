"""A trained RL agent on a museion server, in a few lines (docs/bot-api.md "The client").

The agent is a function of the PettingZoo observation and action mask (``museion.envs.pettingzoo``'s layout), as
any policy trained on those environments is; here it is the Tholos policy network museion ships (the ``master``
bot's priors, played greedily), and a MaskablePPO model would be
``lambda obs, mask: model.predict(obs, action_masks=mask, deterministic=True)[0]``. It plays as the bot account
whose token it is given, accepting Tholos challenges.

    python examples/rl_agent_on_server.py https://example.org     # the token in $MUSEION_TOKEN
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

import museion
from museion.bots.network import load_policy
from museion.client import Accept, Client, from_pettingzoo


def tholos_agent() -> Callable[[Any, Any], int]:
    """The trained agent: observation and mask in, an action id out."""
    net = load_policy(museion.load("tholos"), "policy-2p")
    assert net is not None

    def act(observation: Any, action_mask: Any) -> int:
        legal = np.flatnonzero(action_mask).tolist()
        priors, _value = net.evaluate(observation.tolist(), legal)
        return int(legal[int(np.argmax(priors))])

    return act


def main(server: str, token: str, games: int | None = None) -> None:
    """Put the agent on ``server`` until Ctrl-C (or for ``games`` games)."""
    client = Client(server, token, from_pettingzoo(tholos_agent()), Accept(games={"tholos"}), games=games)
    asyncio.run(client.run())


if __name__ == "__main__":
    main(sys.argv[1], os.environ["MUSEION_TOKEN"])
