"""``museion admin house-bot NAME --bot SPEC``: a house bot is an ordinary bot account the site's operator runs
(issue 41 item 5), so that researchers see their agents beside ``expert`` on the bots' ladder.

It is built from what every bot account has: the account (``accounts.bot``), a personal API token with the scopes
read, play and challenge, and ``museion bot connect`` holding it (deploy/museion-house-bot@.service). Its seats
are bound to the account like any bot account's, so its games are rated as every bot account's are (not as a bot
seat handed to an account, which docs/ratings.md explains is rated as abandoned).

Nobody signs in to it: its stored password is :data:`NO_PASSWORD`, which is not an Argon2 hash, so every password
fails (``passwords.verify`` answers False for a hash it cannot read), and it has no recovery codes. No column marks
it a house bot (that would need a migration for a word on the ladder): the operator names it (``expert``,
``house-mcts``), and the account is recognised as a house bot by its unusable password when the command runs again.
Running again revokes every earlier token of the account and prints a new one: the way to rotate it."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sqlalchemy import Engine, delete

from museion.server.accounts import passwords
from museion.server.accounts.store import Account, AccountStore, Taken
from museion.server.botapi import tokens
from museion.server.botapi.schema import api_tokens_t

NO_PASSWORD = "!house-bot: no password signs in"
"""The stored password of a house bot: not an Argon2id hash, so no password matches it."""
TOKEN_NAME = "house bot"
DEFAULT_SERVER = "http://127.0.0.1:8000"
"""Where deploy/museion.service's server listens, beside which the house bot runs."""


class Refused(ValueError):
    """The name belongs to an account that is not a house bot."""


def add_admin(sub: Any) -> None:
    p = sub.add_parser("house-bot", help="create (or find) a house bot account run by the operator; print a new "
                                         "token (earlier ones revoked) and the museion bot connect command")
    p.add_argument("--db", default=argparse.SUPPRESS, metavar="URL",
                   help="the site's database (default: MUSEION_DB, else sqlite:///museion.db)")
    p.add_argument("username", metavar="NAME", help="the house bot's account name, e.g. expert")
    p.add_argument("--bot", required=True, metavar="SPEC", help="the museion bot it plays with: expert, hard, "
                                                                "mcts:sims=400, …")
    p.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                   help=f"the address museion bot connect reaches the server at (default {DEFAULT_SERVER})")
    p.add_argument("--accept", default="", metavar="GAME,…", help="the games it accepts challenges to (default any)")
    p.set_defaults(func=cmd_house_bot)


def cmd_house_bot(args: argparse.Namespace) -> int:
    from museion.bots.base import make_bot
    from museion.server import migrations
    from museion.server.storage.engine import default_url, make_engine

    engine = make_engine(args.db or default_url())
    try:
        make_bot(args.bot)  # an unknown spec fails here, not in the service that runs it
        migrations.upgrade(engine)
        account = house_account(engine, args.username)
        revoked, token = new_token(engine, account.id)
    except ValueError as exc:
        print(f"museion admin house-bot: {exc}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    print(f"house bot {account.username}: a bot account nobody signs in to; {revoked} earlier token(s) revoked")
    print(f"its token (shown once; keep it in the service's environment file as MUSEION_TOKEN=…):\n{token}")
    accept = f" --accept {args.accept}" if args.accept else ""
    print(f"run, with MUSEION_TOKEN set to it (deploy/museion-house-bot@.service):\n"
          f"  museion bot connect --server {args.server} --bot {args.bot}{accept}")
    return 0


def house_account(engine: Engine, username: str) -> Account:
    """The house bot ``username``, created when no account has the name; :class:`Refused` when a person (or
    someone's own bot account, which signs in with a password) has it."""
    store = AccountStore(engine)
    found = store.find(username)
    if found is None:
        try:
            found = store.create(passwords.check_username(username), NO_PASSWORD, [])
        except Taken:
            raise Refused(f"the name {username!r} is too like an account's name: choose another") from None
        assert tokens.make_bot(engine, found.id)  # a new account has held no seat
    elif found.password_hash != NO_PASSWORD:
        whose = "a bot account someone signs in to" if tokens.is_bot(engine, found.id) else "a person's account"
        raise Refused(f"{found.username!r} is {whose}, not a house bot: choose another name")
    return found


def new_token(engine: Engine, account_id: int) -> tuple[int, str]:
    """Revoke every token of the house bot, then make one with every scope: how many were revoked, and the token."""
    with engine.begin() as conn:
        revoked = conn.execute(delete(api_tokens_t).where(api_tokens_t.c.account_id == account_id)).rowcount
    made = tokens.create(engine, account_id, TOKEN_NAME, list(tokens.SCOPES))
    assert made is not None  # none left after the revocation
    return int(revoked), made[1]
