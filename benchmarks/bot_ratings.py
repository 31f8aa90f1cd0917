"""The bots' published ratings: play the bot levels against each other per game and player count, fit OpenSkill
(Plackett-Luce) ratings with ``random`` as the fixed anchor, and write them to the ``ratings`` of each game's bots'
file (``bots.json`` in the game's folder, named by its descriptor's ``bots``), which rated tables read for their bot
seats (docs/ratings.md).

    nice -n 10 python benchmarks/bot_ratings.py --games 60 --bots random,greedy,easy,medium
    nice -n 10 python benchmarks/bot_ratings.py --games 60 --game tholos --players 2   # one part only

Each (game, player count) plays ``--games`` games whose line-ups are drawn from ``--bots`` (with repetition,
seeded: ``--seed``), with the arena's match driver (``museion.arena.match.play_game``: chance and bots seeded from
the seed and the game index alone, so a run is reproducible). The fit goes through the games in order, as the
server rates games: every bot but the anchor starts at the model's default and is updated after each game; the
anchor keeps ``ANCHOR_MU`` (and a small sigma), so the scale means the same from run to run. An existing file is
updated part by part: a part computed again replaces the old one, the others (and the file's ``levels``) stay.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

import museion
from museion.arena.match import game_seed, play_game
from museion.arena.stats import ranks
from museion.core.errors import OptionError
from museion.core.registry import descriptor
from museion.server.ratings.model import ANCHOR, ANCHOR_MU, ANCHOR_SIGMA, display


def fit(records: list[Any], bots: list[str]) -> dict[str, dict[str, float]]:
    """Each bot's (mu, sigma) after the games in order, the anchor fixed; and how many seats each played."""
    model = PlackettLuce()
    current = {b: model.rating(mu=ANCHOR_MU, sigma=ANCHOR_SIGMA) if b == ANCHOR else model.rating() for b in bots}
    seats = dict.fromkeys(bots, 0)
    for record in records:
        lineup = record.meta["bots"]
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)] for b in lineup]
        rated = model.rate(teams, ranks=ranks(record))
        updates: dict[str, list[Any]] = {}
        for bot, team in zip(lineup, rated, strict=True):
            seats[bot] += 1
            updates.setdefault(bot, []).append(team[0])
        for bot, new in updates.items():
            if bot != ANCHOR:  # a bot in several seats takes the mean of their updates (as museion arena does)
                current[bot] = model.rating(mu=sum(r.mu for r in new) / len(new),
                                            sigma=sum(r.sigma for r in new) / len(new))
    return {b: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "rating": display(r.mu), "seats": seats[b]}
            for b, r in current.items() if seats[b]}


def part(game: str, players: int, bots: list[str], games: int, seed: int) -> dict[str, Any] | None:
    """Play and fit one (game, player count); None when the game does not take that many players."""
    try:
        museion.load(game, players=players)
    except OptionError:
        return None
    rng = random.Random(f"museion-bot-ratings:{seed}:{game}:{players}")
    records, started = [], time.process_time()
    for index in range(games):
        lineup = [rng.choice(bots) for _ in range(players)]
        while len(set(lineup)) == 1:  # a game of one bot against itself teaches the fit nothing
            lineup = [rng.choice(bots) for _ in range(players)]
        record, _timing = play_game(game, {"players": players}, lineup, game_seed(seed, index))
        records.append(record)
    return {"games": games, "cpu_seconds": round(time.process_time() - started, 1), "bots": fit(records, bots)}


def bots_file(game: str) -> Path:
    """The game's bots' file, where its descriptor names one (``bots``), else ``bots.json`` in its folder."""
    found = descriptor(game)
    return found.folder / (found.bots or "bots.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per game and player count")
    parser.add_argument("--bots", default="random,greedy,easy,medium", help="comma-separated bot levels")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", default="2,3,4", help="player counts (those a game does not take are skipped)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    if ANCHOR not in bots:
        parser.error(f"the anchor {ANCHOR!r} must be among --bots")
    for game in args.game or museion.available_games():
        out = bots_file(game)
        data = json.loads(out.read_text()) if out.exists() else {}
        data["rating_scale"] = {"model": "openskill PlackettLuce (defaults)",
                                "anchor": {"bot": ANCHOR, "mu": ANCHOR_MU, "sigma": ANCHOR_SIGMA}}
        for players in map(int, args.players.split(",")):
            found = part(game, players, bots, args.games, args.seed)
            if found is None:
                continue
            found["command"] = " ".join(["benchmarks/bot_ratings.py", *sys.argv[1:]])
            data.setdefault("ratings", {})[str(players)] = found
            out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # each part as soon as it is done
            line = ", ".join(f"{b} {v['rating']} (sigma {v['sigma']})" for b, v in found["bots"].items())
            print(f"{game} {players}p: {found['games']} games, {found['cpu_seconds']} s CPU: {line}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
