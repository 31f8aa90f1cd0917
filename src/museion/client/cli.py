"""``museion bot connect``: a museion bot on a server as a bot account (docs/cli.md, docs/bot-api.md)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

from museion.client.connect import Accept, Client, Stopped
from museion.client.policies import from_bot

TOKEN_ENV = "MUSEION_TOKEN"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bot = sub.add_parser("bot", help="put a program on a museion server as a bot account (docs/bot-api.md)")
    commands = bot.add_subparsers(dest="bot_command", required=True)
    p = commands.add_parser("connect", help="keep a bot account online: accept challenges, play its tables with a "
                                            "museion bot, reconnect; stop with Ctrl-C or SIGTERM")
    p.add_argument("--server", required=True, help="the server's address, e.g. https://example.org")
    p.add_argument("--token", default=None,
                   help=f"a personal API token of the bot account with the scopes read, play and challenge (else "
                        f"${TOKEN_ENV}: a token in the environment stays out of the process list)")
    p.add_argument("--bot", required=True, help="the museion bot that plays, as a spec: random, greedy, expert, "
                                                "mcts:sims=200, …")
    p.add_argument("--accept", default="", metavar="GAME,…",
                   help="accept challenges to these games only (default: any game); others are declined")
    rated = p.add_mutually_exclusive_group()
    rated.add_argument("--rated", dest="rated", action="store_const", const=True, default=None,
                       help="accept rated challenges only")
    rated.add_argument("--casual", dest="rated", action="store_const", const=False,
                       help="accept unrated challenges only")
    p.add_argument("--verbose", action="store_true", help="log every challenge, table and reconnection")
    p.set_defaults(func=cmd_connect)


def cmd_connect(args: argparse.Namespace) -> int:
    token = args.token or os.environ.get(TOKEN_ENV)
    if not token:
        print(f"museion bot connect: give --token or set {TOKEN_ENV}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(message)s")
    logging.getLogger("httpx2").setLevel(logging.WARNING)  # its request lines would add nothing
    games = {g.strip() for g in args.accept.split(",") if g.strip()}
    client = Client(args.server, token, from_bot(args.bot), Accept(games, args.rated))
    try:
        asyncio.run(_run(client))
    except Stopped as exc:
        print(f"museion bot connect: the server refused the token: {exc}", file=sys.stderr)
        return 1
    return 0


async def _run(client: Client) -> None:
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, client.stop)
    await client.run()
