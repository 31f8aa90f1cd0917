"""Arena: seat-balanced bot tournaments, ratings, balance studies; local processes or a Ray cluster.

>>> from museion.arena import ArenaConfig, run_arena   # doctest: +SKIP
>>> run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=20, seed=0), "out", jobs=2)  # doctest: +SKIP
"""

from museion.arena.match import game_seed, play_game
from museion.arena.runner import ArenaConfig, load_results, run_arena
from museion.arena.schedule import lineups
from museion.arena.stats import summarize, wilson

__all__ = ["ArenaConfig", "game_seed", "lineups", "load_results", "play_game", "run_arena", "summarize", "wilson"]
