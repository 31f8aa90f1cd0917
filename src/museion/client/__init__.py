"""Any program on a museion server (issue 41 item 3; docs/bot-api.md "The client"): :class:`Client` keeps a bot
account online, accepts challenges and plays its tables with a *policy*; :mod:`museion.client.policies` makes
one from a museion bot, an OpenSpiel bot or a function of the PettingZoo observation and action mask.
``museion bot connect`` is the same from the command line. Needs the ``client`` extra (httpx2, websockets)."""

from __future__ import annotations

from museion.client.connect import Accept, Client, Stopped
from museion.client.policies import Policy, Turn, from_bot, from_openspiel, from_pettingzoo

__all__ = ["Accept", "Client", "Policy", "Stopped", "Turn", "from_bot", "from_openspiel", "from_pettingzoo"]
