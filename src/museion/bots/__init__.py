"""Bots for every museion game, all built on the game contract only.

Names usable wherever a bot is named (``--seat 1=bot:hard``, ``--bots greedy,hard``, ``make_bot``):

* ``random`` - uniform over the legal actions;
* ``greedy`` - one-step lookahead with the per-game evaluation (``heuristics.py``);
* ``mcts`` - UCT / information-set MCTS with cut-off rollouts (``mcts.py``), parameters such as
  ``mcts:sims=400,rollout=greedy,cutoff=12,c=0.7,time=0.5``;
* difficulty levels ``easy``, ``medium``, ``hard`` (see ``LEVELS``); they take the same parameters as the bot
  they stand for, e.g. ``hard:sims=2000``.
"""

from functools import partial

from museion.bots.base import BOTS, LEVELS, Bot, Param, RandomBot, bot_names, make_bot, parse_spec, split_specs
from museion.bots.greedy import GreedyBot
from museion.bots.mcts import MCTSBot

BOTS["greedy"] = GreedyBot
BOTS["mcts"] = MCTSBot
LEVELS.update({
    "easy": "greedy:epsilon=0.3",
    "medium": "mcts:sims=200",
    "hard": "mcts:sims=1000",
})
BOTS["easy"] = partial(GreedyBot, epsilon=0.3)
BOTS["medium"] = partial(MCTSBot, sims=200)
BOTS["hard"] = partial(MCTSBot, sims=1000)

__all__ = [
    "BOTS", "LEVELS", "Bot", "GreedyBot", "MCTSBot", "Param", "RandomBot", "bot_names", "make_bot", "parse_spec",
    "split_specs",
]
