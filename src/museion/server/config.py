"""Every limit of the web server in one place, and which bots a table may seat.

The defaults hold a public server against hostile clients on a small machine (2 cores); ``museion serve`` exposes
each one as an option (see ``docs/web.md``). Rate limits are strings in the notation of the ``limits`` library
(``"10/minute"``, several separated by ``;``), counted per client network (an IPv4 /24 or an IPv6 /64:
``networks.py``; a "client" below is one network).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from museion.bots import BOTS, LEVELS, bot_options, levels, make_bot, parse_spec
from museion.bots.base import Configuration
from museion.core.errors import OptionError


def default_workers() -> int:
    """One bot worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


CONNECTION_RESERVE = 256
MAX_OPEN_FILES = 65536
"""File descriptors kept free of client connections: the database, the bot workers' pipes, log files, imports."""


def open_files_limit() -> int:
    """How many files this process may open once ``raise_open_files`` has run (the hard limit, bounded)."""
    try:
        import resource
    except ImportError:  # not Unix
        return 1024
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return MAX_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, MAX_OPEN_FILES)


def raise_open_files() -> None:
    """Raise this process's soft open-file limit to ``open_files_limit()`` (``museion serve`` does at start)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files_limit(), hard))


def default_max_connections() -> int:
    """The open-file limit less ``CONNECTION_RESERVE``, at most 4096: a flood of connections must be refused by
    the cap, never meet the kernel's limit (which refuses honest clients too)."""
    return max(64, min(4096, open_files_limit() - CONNECTION_RESERVE))


def opt(default: Any, doc: str) -> Any:
    """A setting: its default and the line of help ``museion serve --help`` shows."""
    if callable(default):
        return field(default_factory=default, metadata={"doc": doc})
    return field(default=default, metadata={"doc": doc})


@dataclass
class ServerConfig:
    bot_workers: int = opt(default_workers, "worker processes for bot moves, 0: in the server process (default: "
                                            "one per core)")
    bot_delay: float = opt(0.3, "seconds a bot waits before moving, so that humans can follow")
    bot_seconds: float = opt(10.0, "deadline of every bot move: a worker still thinking then is killed and a "
                                   "random move is played")
    bot_specs: bool = opt(False, "allow any bot spec (mcts:sims=3000) within the caps below, not only levels")
    bot_max_sims: int = opt(5000, "with --bot-specs: the most simulations a bot spec may ask for")
    bot_max_seconds: float = opt(5.0, "with --bot-specs: the most seconds per move a bot spec may ask for")
    bot_nice: int = opt(10, "CPU niceness of the bot workers, so bots never slow down the server itself")
    limit_create: str = opt("20/minute;200/hour", "tables one client address may create")
    limit_join: str = opt("60/minute", "seats one client address may join")
    limit_move: str = opt("30/second", "moves one client address may send over all its connections")
    limit_hint: str = opt("6/minute;60/hour", "hints one client address may ask for (each is a search in a bot "
                                              "worker)")
    hint_bot: str = opt("expert", "the search behind a hint (a level or spec that searches; its budget bounds the "
                                  "hint's cost)")
    limit_analysis: str = opt("10/minute", "analyses of finished tables one client address may ask for")
    analysis_bot: str = opt("expert", "the search behind each decision of a table's analysis")
    analysis_seconds: float = opt(600.0, "deadline of one table's analysis (its process is killed then)")
    analysis_queue: int = opt(8, "analyses that may wait for the one running; beyond it a request is refused")
    analysis_per_network: int = opt(2, "analyses one client network may have waiting (the waiting ones are served "
                                       "one network at a time in turn)")
    limit_poll: str = opt("30/minute", "'my tables' queries one client network may send")
    seek_wait: int = opt(25, "seconds a quick-pairing long poll (GET /api/seeks/ID?wait=) holds its answer at most; "
                             "a longer wait asked for is cut to it")
    limit_builds: str = opt("20/minute", "answers about finished tables (replay, record, analysis) one client network "
                                         "may have built; once built they are served from the cache for free")
    finished_cache_mb: int = opt(64, "megabytes of built answers about finished tables kept in memory")
    limit_chat: str = opt("5/10second;30/minute", "chat messages one WebSocket may send (refused beyond: "
                                                  "rate_limited, the connection stays)")
    limit_chat_network: str = opt("15/10second;90/minute", "chat messages one network (IPv4 /24, IPv6 /64) may "
                                                           "send over all its connections")
    limit_report: str = opt("10/hour", "chat messages one network may report to the operator")
    limit_messages: str = opt("60/second;1200/minute", "messages one WebSocket may send (a burst, then a steady "
                                                       "rate); beyond it the socket is closed with 1008 "
                                                       "too_many_messages")
    flood_pause: float = opt(10.0, "seconds an address whose WebSocket was closed for too many messages may open no "
                                   "new one (its handshakes are refused before any work)")
    max_tables: int = opt(5000, "unfinished tables in total")
    max_tables_per_client: int = opt(20, "unfinished tables created by one client network (IPv4 /24, IPv6 /64)")
    max_sockets_per_network: int = opt(32, "WebSockets one client network may have open at once (more are closed "
                                           "with 4429 too_many_sockets)")
    max_sockets: int = opt(2000, "WebSockets open at once in all; when reached, a network holding less than its "
                                 "fair share (this divided by the networks holding any) closes the newest socket of "
                                 "the network holding the most (1013), the others are closed with 1013 server_busy")
    max_connections: int = opt(default_max_connections, "TCP connections (HTTP and WebSocket) at once in all, with "
                               "the same fair share per network (default: the open-file limit less a reserve, at "
                               "most 4096); more get 503 too_many_connections before anything is read")
    max_connections_per_network: int = opt(256, "TCP connections one client network may hold at once")
    handshake_rate: float = opt(200.0, "WebSocket handshakes per second in all (bursts of a tenth of it); beyond it "
                                       "they wait, one network at a time in turn, so that many sockets opened at "
                                       "once cannot hold up the moves of open ones; 0: no pacing")
    request_rate: float = opt(50.0, "HTTP requests per second one client network may have answered (after a burst "
                                    "of four seconds' worth); beyond it they wait their turn with nothing done, so "
                                    "a client that loops on a cheap route costs no more than this; 0: no pacing")
    header_timeout: float = opt(10.0, "seconds a request's headers may take to arrive (from its first byte, or from "
                                      "the connection for the first request); then 408 timeout and the connection "
                                      "is closed")
    body_timeout: float = opt(10.0, "seconds a request's body may take to arrive after its headers (then 408)")
    open_table_ttl: float = opt(1800.0, "seconds after which a table whose seats were never all taken expires")
    idle_table_ttl: float = opt(14 * 86400.0, "seconds after which a running table without a clock where no move "
                                              "was made expires (clocked tables end by their clocks)")
    seat_absence: float = opt(86400.0, "seconds a seat of a table without a clock must have been to move without "
                                       "moving before the creator may hand it over or another player claim it "
                                       "(clocked tables: once its clock ran out)")
    max_body: int = opt(64 * 1024, "bytes of a request body and of one WebSocket message")
    origins: tuple[str, ...] = opt((), "allowed Origin headers; empty: the served host only")
    hosts: tuple[str, ...] = opt((), "allowed Host headers (against DNS rebinding); empty: any")
    outbox_messages: int = opt(64, "messages one client may have unsent before it is closed as too slow")
    send_timeout: float = opt(20.0, "seconds one message may take to leave before the client is closed as too slow")
    resync_spacing: float = opt(0.5, "seconds between two full states a client gets by asking (resyncs sent "
                                     "meanwhile coalesce into one)")
    hello_timeout: float = opt(20.0, "seconds a new WebSocket has to say hello")
    shutdown_seconds: float = opt(5.0, "seconds a stopping server (SIGTERM, Ctrl-C) waits for its clients' sockets "
                                       "(closed with 1012) and requests to end before it stops anyway")
    drain_seconds: float = opt(10.0, "seconds a stopping server drains first (SIGTERM): /readyz answers 503 "
                                     "draining and new tables are refused while open sockets keep playing; it ends "
                                     "sooner once none is open (0: close them at once)")
    metrics: str = opt("loopback", "who may read /metrics: loopback (clients on this host), any, or off")
    compute: str = opt("local", "where bot moves, hints and analyses run: local (worker processes), ray:local (a "
                                "local Ray cluster) or ray://HOST:PORT (docs/operations.md)")
    clock_tick: float = opt(0.25, "seconds between two checks for clocks that ran out")
    clock_checkpoint: float = opt(5.0, "seconds between two stores of a running clock: after a crash the seat to "
                                       "move gets back at most this much thinking time (clocks pause while the "
                                       "server is down)")
    idle_release: float = opt(60.0, "seconds an unfinished table nobody watches stays in memory (it is replayed "
                                    "from storage when asked for again)")
    limit_profiles: str = opt("60/minute;600/hour", "leaderboard and player-page requests one network may send")
    limit_signup: str = opt("5/hour;20/day", "accounts one network (IPv4 /24, IPv6 /64) may create")
    limit_signin: str = opt("30/minute;300/hour", "password checks (sign-in, recovery, deletion) one network may ask "
                                                  "for, right or wrong (each costs an Argon2id hash)")
    limit_friends: str = opt("30/minute;300/hour", "friends changes (requests, answers, blocks, invitations) one "
                                                   "network may make")
    limit_friends_read: str = opt("60/minute", "reads of the friends page's data one network may make")
    signin_free: int = opt(5, "failed sign-ins to one account before each further one waits (1 s, 2 s, 4 s ... "
                              "15 min)")
    signin_free_network: int = opt(30, "failed sign-ins from one network before each further one waits")
    smtp_url: str = opt("", "the SMTP server notices are mailed through: smtp://[user:password@]host:port "
                            "(STARTTLS when offered) or smtps://...; empty: no mail is sent (docs/accounts.md)")
    mail_from: str = opt("museion <notices@localhost>", "the From address of the notices' mails")
    mail_per_hour: int = opt(6, "mails one address may be sent in an hour (more wait in the queue)")
    site_url: str = opt("", "the site's address in the mails' links (empty: the address each player used when "
                            "adding their e-mail address)")
    vapid_key: str = opt("", "a file holding the VAPID private key (PEM) of Web Push; empty: one made on the "
                             "first start and kept in the database")
    push_services: str = opt("fcm.googleapis.com,updates.push.services.mozilla.com,.notify.windows.com,"
                             ".push.apple.com", "the push services a browser may subscribe with (host names, "
                             "'.domain' for its subdomains, or an exact http://host:port origin)")
    limit_notices: str = opt("60/minute;600/hour", "reads and changes of e-mail addresses, notice choices, push "
                                                   "subscriptions and one-click unsubscribes one network may make")
    tables_dir: Path | None = opt(None, "the folder whose *.json files clients may name in game options that take "
                                        "a file (Pergamon's tables); None: clients name no files")

    @property
    def bots(self) -> BotPolicy:
        return BotPolicy(self.bot_specs, self.bot_max_sims, self.bot_max_seconds)


def searches(name: str) -> bool:
    """Whether the registered bot or level ``name`` searches (has a simulation budget): the costly ones."""
    base = parse_spec(LEVELS.get(name, name))[0]
    return "sims" in bot_options(base)


@dataclass(frozen=True)
class BotPolicy:
    """Which bot specs a table may seat: the named levels always, other specs only with the operator flag."""

    specs: bool = False
    max_sims: int = 5000
    max_seconds: float = 5.0

    @staticmethod
    def levels(configuration: Configuration | None = None) -> list[str]:
        """The lobby's bots at a table of ``configuration`` (game name, players; without it: in any game): every
        level offered there (``museion.bots.levels``: ``master`` only where it was measured stronger than
        ``expert``), and every registered bot that does not search (random, greedy); a raw search engine
        (``mcts``) needs parameters and so the operator flag."""
        return [name for name in BOTS if name not in LEVELS and not searches(name)] + levels(configuration)

    def allowed(self, configuration: Configuration | None = None) -> str:
        text = f"'human' or 'bot:LEVEL' with LEVEL one of {', '.join(self.levels(configuration))}"
        if self.specs:
            text += (f", or any bot spec such as 'bot:mcts:sims=400' with at most sims={self.max_sims} and "
                     f"time={self.max_seconds:g}")
        return text

    def check(self, spec: str, configuration: Configuration | None = None) -> str:
        """The normalised spec of an allowed bot at a table of ``configuration`` (game name, players), or
        :class:`ValueError` saying what is allowed there. A level not offered there (``master`` where its network
        was not measured stronger than ``expert``) is refused with parameters too, even with the operator flag."""
        name, params = parse_spec(spec)
        if name in self.levels(configuration) and not params:
            return name
        if name in LEVELS and name not in self.levels(configuration):
            game, players = configuration or ("", 0)
            raise ValueError(f"bot {short(name)!r} is not offered for {game} with {players} players; allowed there: "
                             f"{self.allowed(configuration)}")
        if name not in BOTS:
            raise ValueError(f"unknown bot {short(name)!r}; allowed: {self.allowed(configuration)}")
        if not self.specs:
            raise ValueError(f"bot {short(spec)!r} is not offered; allowed: {self.allowed(configuration)}")
        try:
            bot = make_bot(spec)
        except OptionError as exc:
            raise ValueError(f"{exc}; allowed: {self.allowed(configuration)}") from None
        if bot.params.get("sims", 0) > self.max_sims or bot.params.get("time", 0) > self.max_seconds:
            raise ValueError(f"bot {short(spec)!r} is over this server's caps: at most sims={self.max_sims} and "
                             f"time={self.max_seconds:g}")
        rest = ",".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{name}:{rest}" if rest else name

    @staticmethod
    def costly(spec: str) -> bool:
        return searches(parse_spec(spec)[0])


def short(text: Any, limit: int = 40) -> str:
    """At most ``limit`` characters of something a client sent, for error messages."""
    shown: str = text if isinstance(text, str) else repr(text)
    return shown if len(shown) <= limit else shown[:limit] + "…"



