"""Arena: seat-balanced bot tournaments, ratings, balance studies; local processes or a Ray cluster.

>>> import tempfile
>>> from museion.arena import ArenaConfig, run_arena, summarize
>>> with tempfile.TemporaryDirectory() as out:  # its results.jsonl: a run resumes where it stopped
...     records = run_arena(ArenaConfig("tholos", {}, ["random", "greedy"], games=4, seed=0), out, jobs=1)
>>> report = summarize(records)
>>> report["games"], report["by_bot"]["greedy"]["wins"], report["by_bot"]["random"]["wins"]
(4, 4.0, 0.0)
"""

from museion.arena.match import game_seed, play_game
from museion.arena.runner import ArenaConfig, load_results, run_arena
from museion.arena.schedule import lineups
from museion.arena.stats import summarize, wilson

__all__ = ["ArenaConfig", "game_seed", "lineups", "load_results", "play_game", "run_arena", "summarize", "wilson"]
