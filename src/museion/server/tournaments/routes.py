"""The tournaments' API and page (docs/organized-play.md "Tournaments"):

    POST /api/tournaments                 create: {"game", "players", "format", "rounds", "clock", "rated",
                                          "starts", "bots_allowed", "options"} (signed in; the creator may join)
    GET  /api/tournaments                 the tournaments to come, being played, and the latest finished (signed
                                          in: ``joined`` says which the caller has entered)
    GET  /api/tournaments/ID              one: its players, standings and every round's tables (a page polls it;
                                          signed in, it counts as being present for the next round)
    POST /api/tournaments/ID/join         enter (signed in)
    POST /api/tournaments/ID/withdraw     leave, between rounds (not while your game of the round is played)
    /tournaments/ID                       the page (web/tournament.html)
    /tournaments                          the list with its create form (web/tournaments.html)

The anonymous reads are served from memory for a second per tournament and counted against the caller's network
by ``--limit-poll``: a client that polls costs at most one set of reads a second."""

from __future__ import annotations

import pathlib
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from museion.server.accounts.routes import UNAUTHORISED
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.lobby.options import people_game
from museion.server.tournaments import pairing, service, store, texts

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
CACHED_FOR = 1.0
"""Seconds one tournament's answer is served from memory."""
CACHE_SIZE = 256
MAX_AHEAD = 30 * 86400
"""How far ahead (seconds) a tournament may be set to start."""
MAX_ROUNDS = 20
MAX_MINUTES = 240
TournamentId = Annotated[str, Path(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")]
Format = Literal["swiss", "groups", "arena"]


class TournamentRequest(models.CheckRequest):
    game: models.GameName
    players: Annotated[int, Field(ge=2, le=models.MAX_SEATS, description="players at each table")]
    format: Format = Field(description="swiss: two players; groups: three or four; arena: any")
    rounds: Annotated[int, Field(ge=1, le=MAX_MINUTES,
                                 description=f"swiss, groups: rounds (at most {MAX_ROUNDS}); arena: its minutes")]
    clock: models.ClockRequest | None = None
    rated: bool = False
    starts: Annotated[float, Field(description="when round 1 starts: Unix time in seconds, at most 30 days ahead")]
    bots_allowed: bool = False


class Entrant(BaseModel):
    username: str
    rank: int = Field(description="1 the best; players level on points and tie-break share a rank")
    points: float
    tiebreak: float = Field(description="Buchholz in Swiss; the total of game scores in groups and arena")
    withdrawn: bool
    playing: bool = Field(description="a game of this tournament is being played")


class Game(BaseModel):
    round: int
    kind: Literal["game", "bye", "absent"]
    table: str | None = Field(description="the table (/table/ID), kept with the tournament")
    players: list[str] = Field(description="usernames in seat order")
    points: list[float] | None = Field(description="each seat's tournament points; null: being played")


class Tournament(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    format: Format
    rounds: int
    clock: dict[str, Any] | None
    rated: bool
    bots_allowed: bool
    status: Literal["waiting", "running", "finished"]
    round: int = Field(description="the round being played (arena: pairings made so far); 0: not started")
    starts: float
    ends: float | None = Field(description="arena: when pairing stops; finished: when it finished")
    entrants: int


class Listed(Tournament):
    joined: bool | None = Field(None, description="signed in: whether you have entered (and not withdrawn); "
                                                  "null: not signed in")


class TournamentPage(Tournament):
    standings: list[Entrant]
    games: list[Game]


class Tournaments(BaseModel):
    tournaments: list[Listed]


def _summary(row: Any, entrants: int) -> dict[str, Any]:
    return {"id": row.id, "game": row.game, "players": row.players, "options": row.options, "format": row.format,
            "rounds": row.rounds, "clock": row.clock, "rated": bool(row.rated), "bots_allowed": bool(row.bots_allowed),
            "status": row.status, "round": row.round, "starts": row.starts, "ends": row.ends, "entrants": entrants}


def page_of(found: dict[str, Any]) -> TournamentPage:
    """The tournament as its page shows it: standings with ranks and every game with usernames."""
    row, players = found["row"], found["players"]
    names = {p.account_id: p.username for p in players}
    ranked = pairing.standings(row.format, row.players, {p.account_id: p.number for p in players},
                               store.played(found["games"]))
    withdrawn = {p.account_id for p in players if p.withdrawn}
    entrants, rank, previous = [], 0, None
    for i, s in enumerate(ranked, start=1):
        if (s.points, s.tiebreak) != previous:
            rank, previous = i, (s.points, s.tiebreak)
        entrants.append(Entrant(username=names[s.account_id], rank=rank, points=s.points, tiebreak=s.tiebreak,
                                withdrawn=s.account_id in withdrawn, playing=s.playing))
    games = [Game(round=g.round, kind=g.kind, table=g.table_id, points=g.points,
                  players=[names.get(a, "?") for a in g.accounts]) for g in found["games"]]
    return TournamentPage(**_summary(row, len(players) - len(withdrawn)), standings=entrants, games=games)


def _refused(exc: store.Refused) -> TableError:
    status, message = {
        "no_tournament": (404, "no tournament has this id"),
        "tournament_over": (409, "the tournament has finished"),
        "bots_not_allowed": (403, "this tournament admits no bot accounts"),
        "tournament_full": (409, f"the tournament has {store.MAX_PLAYERS} players, its limit"),
        "game_in_progress": (409, "your game of this round is being played: finish it (or resign), then withdraw"),
        "not_entered": (409, "you have not entered this tournament"),
    }[exc.code]
    return TableError(exc.code, message, status, {"key": f"web.code.{exc.code}", "args": exc.args_})


def check(body: TournamentRequest, config: Any, now: float) -> tuple[Any, dict[str, Any] | None]:
    """The game with its options and the clock, or the precise refusal (nothing is stored before)."""
    sizes = {"swiss": (2, 2), "groups": (3, 4), "arena": (2, models.MAX_SEATS)}[body.format]
    if not sizes[0] <= body.players <= sizes[1]:
        raise TableError("bad_format", f"a {body.format} tournament has {sizes[0]}-{sizes[1]} players at a table, "
                                       f"not {body.players}", reason={"key": "web.code.bad_format",
                                                                      "args": {"low": sizes[0], "high": sizes[1]}})
    if body.format != "arena" and body.rounds > MAX_ROUNDS:
        raise TableError("bad_rounds", f"a {body.format} tournament has 1-{MAX_ROUNDS} rounds, not {body.rounds}",
                         reason={"key": "web.code.bad_rounds", "args": {"high": MAX_ROUNDS}})
    if not now - 60 <= body.starts <= now + MAX_AHEAD:
        raise TableError("bad_start", "'starts' is Unix time in seconds, from now to 30 days ahead",
                         reason={"key": "web.code.bad_start", "args": {}})
    return people_game(config, body.game, body.options, body.players, body.clock, body.rated, None, joins=False)


class Reads:
    """One tournament's answer kept a second (anonymous polls cost one set of reads a second at most)."""

    def __init__(self, loop: service.Tournaments) -> None:
        self.loop = loop
        self.kept: dict[str, tuple[float, TournamentPage]] = {}

    async def page(self, tid: str, fresh: bool = False) -> TournamentPage:
        at, answer = self.kept.get(tid, (0.0, None))
        if answer is None or fresh or time.monotonic() - at > CACHED_FOR:
            found = await self.loop.read(store.get, tid)
            if found is None:
                raise _refused(store.Refused("no_tournament"))
            answer = page_of(found)
            if len(self.kept) >= CACHE_SIZE:
                self.kept.clear()
            self.kept[tid] = (time.monotonic(), answer)
        return answer


def install(app: FastAPI) -> None:
    """The routes and page; the loop starts with the server (``start``)."""
    assert texts.TEXTS
    loop = app.state.tournaments = service.Tournaments(app)
    app.include_router(router(app, loop, Reads(loop)))
    app.add_api_route("/tournaments", _list_page, include_in_schema=False)
    app.add_api_route("/tournaments/{tid}", _page, include_in_schema=False)


async def _page() -> FileResponse:
    return FileResponse(WEB / "tournament.html")


async def _list_page() -> FileResponse:
    return FileResponse(WEB / "tournaments.html")


def _network(request: Request) -> str:
    return network(request.client.host) if request.client else "unknown"


def _poll(app: FastAPI, request: Request) -> None:
    wait = app.state.limits.poll.hit(_network(request))
    if wait is not None:
        raise TableError("rate_limited", f"too many reads from your network; try again in {max(1, round(wait))} s",
                         429)


def router(app: FastAPI, loop: service.Tournaments, reads: Reads) -> APIRouter:  # noqa: C901 - a short route each
    api = APIRouter()

    @api.post("/api/tournaments", status_code=201, responses=UNAUTHORISED)
    async def create(request: Request, body: TournamentRequest) -> Tournament:
        """Create a tournament (signed in); each account may have two not finished."""
        account, _token = await app.state.accounts.changing(request)
        wait = app.state.limits.create.hit(_network(request))
        if wait is not None:
            raise TableError("rate_limited", f"too many tables and tournaments from your network; try again in "
                                             f"{max(1, round(wait))} s", 429)
        game, clock = check(body, app.state.manager.config, time.time())
        values = {"game": game.name, "players": body.players, "options": game.options_json(), "format": body.format,
                  "rounds": body.rounds, "clock": clock, "rated": int(body.rated), "starts": body.starts,
                  "bots_allowed": int(body.bots_allowed), "creator_id": account.id}
        tid = await loop.write(store.create, values)
        if tid is None:
            raise TableError("too_many_tournaments", f"you have {store.MAX_OPEN} tournaments not finished, the limit",
                             429, {"key": "web.code.too_many_tournaments", "args": {"cap": store.MAX_OPEN}})
        return Tournament(**(await reads.page(tid, fresh=True)).model_dump(exclude={"standings", "games"}))

    @api.get("/api/tournaments")
    async def listing(request: Request) -> Tournaments:
        """The tournaments to come and being played (soonest first), then the latest finished (50 in all); signed
        in, which of them you have entered (one more read)."""
        _poll(app, request)
        rows = await loop.read(store.listing)
        session = await app.state.accounts.session_of(request)
        entered = await loop.read(store.entered, session[0].id) if session is not None else None
        return Tournaments(tournaments=[Listed(**_summary(r, r.entrants),
                                               joined=None if entered is None else r.id in entered) for r in rows])

    @api.get("/api/tournaments/{tid}")
    async def one(request: Request, tid: TournamentId) -> TournamentPage:
        """The tournament with its standings and games; signed in, being here counts as present."""
        _poll(app, request)
        session = await app.state.accounts.session_of(request)
        if session is not None:
            await app.state.presence.seen(session[0].id)
        return await reads.page(tid)

    @api.post("/api/tournaments/{tid}/join", responses=UNAUTHORISED)
    async def join(request: Request, tid: TournamentId, _body: models.Empty) -> TournamentPage:
        """Enter (again, after withdrawing); a bot account only where bots are allowed."""
        account, _token = await app.state.accounts.changing(request)
        try:
            await loop.write(store.join, tid, account.id, _network(request))
        except store.Refused as exc:
            raise _refused(exc) from None
        await app.state.presence.seen(account.id)
        return await reads.page(tid, fresh=True)

    @api.post("/api/tournaments/{tid}/withdraw", responses=UNAUTHORISED)
    async def withdraw(request: Request, tid: TournamentId, _body: models.Empty) -> TournamentPage:
        """Leave between rounds: the later rounds go on without you; your games so far count."""
        account, _token = await app.state.accounts.changing(request)
        try:
            await loop.write(store.record, tid)  # a game just ended: between rounds already
            await loop.write(store.withdraw, tid, account.id)
        except store.Refused as exc:
            raise _refused(exc) from None
        return await reads.page(tid, fresh=True)

    return api
