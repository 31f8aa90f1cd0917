"""Bots for every museion game, all built on the game contract only.

Names usable wherever a bot is named (``--seat 1=bot:hard``, ``--bots greedy,hard``, ``make_bot``):

* ``random`` - uniform over the legal actions;
* ``greedy`` - one-step lookahead with the game's evaluation (its evaluator, the game's ``evaluate.py``);
* ``mcts`` - UCT / information-set MCTS with cut-off rollouts (``mcts.py``), parameters such as
  ``mcts:sims=400,rollout=greedy,cutoff=12,c=0.7,time=0.5,eval=learned``;
* difficulty levels (``LEVELS``, weakest first): ``easy``, ``medium``, ``hard`` (the fixed reference level, as
  measured since the first release) and ``expert`` (the learned value, played-out endings, leaves before wide
  draws; where a game's ``bots.json`` says so, as in four-player Imhotep, random playouts to the end instead of the
  value); they take the same parameters as the bot they stand for, e.g. ``hard:sims=2000``;
* ``master`` - PUCT search over determinisations guided by a policy-and-value network trained by self-play
  (``master.py``, ``network.py``), e.g. ``master:sims=400`` or ``master:time=1``; the level above ``expert``
  (``master:sims=1000``: a simulation of it costs about one of ``expert``'s), offered only where the game's network
  was measured stronger than ``expert`` (``master.MASTER_GAMES``, from the games' ``bots.json``: ``levels((game,
  players))``), and there the coach's search; elsewhere a bot spec for training and measurement;
* ``ppo`` - a policy trained by reinforcement learning (MaskablePPO, ``benchmarks/ppo_baselines.py``) played
  without search from the seat's observation tensor (``ppo.py``; the game's ``models/policy-ppo-<n>p.json``), as
  ``greedy`` in a configuration that ships none; offered in the lobby beside ``random`` and ``greedy``.
"""

from museion.bots.base import (
    BOTS,
    LEVELS,
    Bot,
    RandomBot,
    bot_names,
    bot_options,
    levels,
    make_bot,
    make_bots,
    parse_spec,
    register_level,
    split_specs,
)
from museion.bots.greedy import GreedyBot
from museion.bots.master import MASTER_GAMES, MasterBot
from museion.bots.mcts import MCTSBot
from museion.bots.ppo import PPOBot

BOTS["greedy"] = GreedyBot
BOTS["mcts"] = MCTSBot
BOTS["master"] = MasterBot
BOTS["ppo"] = PPOBot
register_level("easy", "greedy:epsilon=0.3")
register_level("medium", "mcts:sims=200")
register_level("hard", "mcts:sims=1000")
# each game may give a level other parameters for one player count (the ``levels`` of its ``bots.json``: four-player
# Imhotep's expert plays leaves out at random); register_level reads them from the installed games
register_level("expert", "mcts:sims=1000,eval=learned,endgame=4,leaf_draws=8")
# offered only where the game's network was measured stronger than expert; as many simulations as expert's
register_level("master", "master:sims=1000", where=MASTER_GAMES)

__all__ = [
    "BOTS", "LEVELS", "Bot", "GreedyBot", "MCTSBot", "MasterBot", "PPOBot", "RandomBot", "bot_names", "bot_options",
    "levels", "make_bot", "make_bots", "parse_spec", "register_level", "split_specs",
]
