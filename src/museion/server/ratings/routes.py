"""The ratings and profiles API and pages (docs/ratings.md):

    GET  /api/ratings/GAME?players=N&limit=&offset=   the leaderboard (anonymous; --limit-profiles per network)
    GET  /api/players/NAME                            a player's page, what they show (anonymous; the same limit)
    GET  /api/me/profile                              what the signed-in account shows
    POST /api/me/profile                              choose it (CSRF token)
    /ratings/GAME, /players/NAME                      the pages (web/ratings.html, web/player.html)

Each anonymous request costs one read on a reader thread, after the per-network limit: nothing on the event loop
but the limit's counters."""

from __future__ import annotations

import pathlib
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Query, Request
from fastapi.responses import FileResponse
from limits.strategies import SlidingWindowCounterRateLimiter
from pydantic import BaseModel, Field, StringConstraints

import museion
from museion.core.errors import OptionError
from museion.server.accounts.passwords import username_key
from museion.server.accounts.routes import UNAUTHORISED
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit
from museion.server.ratings import model, store, texts

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
MAX_LANGUAGES = 8


class RatedPlayer(BaseModel):
    rank: int = Field(description="place on this page's list (settled ratings first)")
    username: str
    rating: int = Field(description="the displayed rating (1500 for a new player; docs/ratings.md)")
    games: int
    provisional: bool = Field(description="fewer than 10 rated games: marked '?'")
    mu: float
    sigma: float


class Leaderboard(BaseModel):
    game: str
    players: int
    limit: int
    offset: int
    total: int = Field(description="players listed for this game and player count")
    ratings: list[RatedPlayer]
    bots: dict[str, int] = Field(description="the bot levels' published ratings (fixed: rated tables may seat them)")
    provisional_games: int = Field(description="a rating is provisional below this many rated games")


class HistoryPoint(BaseModel):
    rating: int
    before: int = Field(description="the rating before this game")
    at: float
    table: str


class PlayerRating(BaseModel):
    game: str
    players: int
    rating: int
    games: int
    provisional: bool
    history: list[HistoryPoint] = Field(description="after each rated game, oldest first (the newest 200)")


class GameCount(BaseModel):
    game: str
    played: int
    won: int


class RecentGame(BaseModel):
    table: str = Field(description="its replay: /table/ID (the analysis is on the same page)")
    game: str
    finished: float | None
    seat: int
    won: bool
    score: float | None
    players: int
    rated: bool


class Games(BaseModel):
    per_game: list[GameCount] = Field(description="finished games (of the newest 1000) per game")
    recent: list[RecentGame] = Field(description="the newest 20 finished games")


class Profile(BaseModel):
    """A player's page: the name and the ratings (public, as on every rating site), and what the player chose to
    show besides (games, languages)."""

    username: str
    bot: bool = Field(False, description="a bot account: a program plays it (docs/bot-api.md)")
    public: bool = Field(description="whether the page shows anything besides the name (ratings, or chosen parts)")
    languages: list[str] | None = Field(None, description="ISO 639-1 codes of the languages the player speaks")
    ratings: list[PlayerRating] | None = None
    games: Games | None = None


Language = Annotated[str, StringConstraints(pattern="^[a-z]{2}$")]


class ProfileSettings(models.Strict):
    """What the account's public page shows besides its name and ratings (public), and whether it is on the
    leaderboards; the default: on the leaderboards, nothing else."""

    ratings: bool = Field(description="a place on the leaderboards (true by default; false hides the account from "
                                      "them; the ratings on the player's page stay public)")
    games: bool = Field(description="games per game, results and recent games")
    languages: bool = Field(description="the languages below")
    spoken: Annotated[list[Language], Field(max_length=MAX_LANGUAGES,
                                            description="ISO 639-1 codes, e.g. es, en")] = []


def install(app: FastAPI) -> None:
    """The routes, pages and texts of ratings and profiles."""
    assert texts.TEXTS
    limit = RateLimit(app.state.config.limit_profiles, SlidingWindowCounterRateLimiter(app.state.limits.storage),
                      "profiles")
    app.include_router(router(app, limit))
    for path, page in (("/ratings/{game}", "ratings.html"), ("/players/{username}", "player.html")):
        app.add_api_route(path, _page(WEB / page), include_in_schema=False)


def _page(path: pathlib.Path) -> Any:
    async def page() -> FileResponse:
        return FileResponse(path)

    return page


def _limited(limit: RateLimit, request: Request) -> None:
    wait = limit.hit(network(request.client.host) if request.client else "unknown")
    if wait is not None:
        raise TableError("rate_limited", f"too many rating and profile requests from your network (limit "
                                         f"{limit.spec}); try again in {wait:.0f} s", 429)


def players_of(game: str, players: int | None) -> int:
    """The player count asked for (the game's default when none), or 400 ``bad_players`` saying what is allowed."""
    try:
        return museion.load(game).num_players() if players is None else museion.load(
            game, players=players).num_players()
    except OptionError as exc:
        raise TableError("bad_players", f"{game} with {players} players: {exc}") from None


def router(app: FastAPI, limit: RateLimit) -> APIRouter:
    api = APIRouter()

    def engine() -> Any:
        return app.state.manager.store.engine

    async def read(fn: Any, *args: Any) -> Any:
        return await app.state.manager.writer.read(fn, engine(), *args)

    @api.get("/api/ratings/{name}")
    async def leaderboard(request: Request, name: models.GameName,
                          players: Annotated[int | None, Query(ge=1, le=models.MAX_SEATS)] = None,
                          limit_: Annotated[int, Query(alias="limit", ge=1, le=100)] = 50,
                          offset: Annotated[int, Query(ge=0, le=100_000)] = 0) -> Leaderboard:
        """The players of ``name`` with ``players`` players (default: the game's usual count) who played three
        different opponents and do not hide: settled ratings first, best first; the bots' published ratings
        beside them."""
        _limited(limit, request)
        n = players_of(name, players)
        rows, total = await read(store.leaderboard, name, n, limit_, offset)
        return Leaderboard(game=name, players=n, limit=limit_, offset=offset, total=total,
                           ratings=[RatedPlayer(**r) for r in rows], bots=model.rated_bots(name, n),
                           provisional_games=model.PROVISIONAL_GAMES)

    @api.get("/api/players/{username}")
    async def player(request: Request, username: Annotated[str, Path(max_length=64)]) -> Profile:
        """A player's page: the name, the ratings and what they chose to show besides; 404
        ``no_player`` for a name no account has."""
        _limited(limit, request)
        found = await read(store.profile, username_key(username))
        if found is None:
            raise TableError("no_player", "no player has this name (or the account was deleted)", 404,
                             {"key": "web.code.no_player", "args": {}})
        return Profile(**found)

    @api.get("/api/me/profile", responses=UNAUTHORISED)
    async def my_profile(request: Request) -> ProfileSettings:
        """What the signed-in account's page shows (401 for a guest)."""
        account, _token = await app.state.accounts.signed_in(request)
        return ProfileSettings(**await read(store.settings, account.id))

    @api.post("/api/me/profile", responses=UNAUTHORISED)
    async def choose_profile(request: Request, body: ProfileSettings) -> ProfileSettings:
        """Choose what the account's page shows (CSRF token needed)."""
        account, _token = await app.state.accounts.changing(request)
        chosen = body.model_dump()
        chosen["spoken"] = list(dict.fromkeys(chosen["spoken"]))
        await app.state.manager.writer.call(store.save_settings, engine(), account.id, chosen)
        return ProfileSettings(**chosen)

    return api
