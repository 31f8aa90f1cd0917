"""The lobby's REST routes: the games and their texts, rules, tutorials and option checks; tables created, listed,
joined, left and handed over; a browser's tables; a finished table's record, replay and analysis.

Each route asks the room that answers it (``Lobby``, ``Tables``, ``Chat``, ``Analysis``: the manager's rooms, from
``app.state.manager``); what a finished table answers is built once and cached (:mod:`finished`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request, Response
from fastapi.responses import JSONResponse

import museion
from museion.core import i18n, lesson
from museion.core.descriptor import descriptors
from museion.core.errors import OptionError
from museion.core.registry import entry
from museion.server.accounts.routes import UNAUTHORISED, seat_key
from museion.server.chat.chat import Chat
from museion.server.config import BotPolicy, short
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.refusals import NotModified, client, language
from museion.server.lobby import answers, lessons
from museion.server.lobby.finished import Busy, Finished, replay_of, respond
from museion.server.lobby.finished import json_bytes as finished_json
from museion.server.lobby.lobby import Lobby
from museion.server.lobby.openapi import player_counts
from museion.server.lobby.options import load_game
from museion.server.services.analysis import Analysis
from museion.server.services.analysis import in_words as analysis_in_words
from museion.server.storage.rows import TableRow, hash_token
from museion.server.table.tables import Tables

router = APIRouter()
TableIdPath = Annotated[str, Path(min_length=1, max_length=models.MAX_TABLE_ID, pattern=models.ID_PATTERN)]
SeatPath = Annotated[int, Path(ge=0, lt=models.MAX_SEATS)]


def install(app: FastAPI) -> None:
    app.include_router(router)


def _lobby(request: Request) -> Lobby:
    found: Lobby = request.app.state.manager.lobby
    return found


def _tables(request: Request) -> Tables:
    found: Tables = request.app.state.manager.live
    return found


def _analyses(request: Request) -> Analysis:
    found: Analysis = request.app.state.manager.analyses
    return found


def _chat(request: Request) -> Chat:
    found: Chat = request.app.state.manager.chat
    return found


def game_info(name: str, bots: BotPolicy, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """A game for the lobby: its description and its options' metadata (kind, choices, bounds, label and help)
    in ``lang``, all from the game's own declarations (``Game.option_info``), and the bots each of its player
    counts offers."""
    cls = entry(name).game_class
    game = cls()
    return {"name": name, "title": cls.title, "options": cls.option_info(lang), "default_players": game.num_players(),
            "description": cls.description(lang),
            "colours": [{"key": c, "label": i18n.text(f"colour.{c}", lang)} for c in game.seat_colours()],
            "tutorial": descriptors()[name].tutorial is not None, "guide": descriptors()[name].guide is not None,
            "bots": [{"players": n, "levels": bots.levels((name, n))} for n in player_counts(name)[1]]}


def texts(wanted: str | None) -> dict[str, Any]:
    """The catalogue in the first supported language of ``wanted`` ("es,en"; English when none is), with the
    name of every language in itself (for the language switch)."""
    codes = [code.strip().lower()[:2] for code in (wanted or "").split(",")]
    lang = next((code for code in codes if code in i18n.LANGUAGES), i18n.DEFAULT)
    return {"lang": lang, "languages": {code: i18n.language_name(code) for code in i18n.LANGUAGES},
            **i18n.for_client(lang)}


def _etag(request: Request, response: Response, tag: str) -> None:
    """Answer 304 when the client holds ``tag`` already; else send it (the client asks again with it)."""
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache"
    if request.headers.get("if-none-match") == tag:
        raise NotModified(tag)


@router.get("/api/games")
async def games(request: Request, lang: models.Language | None = None) -> answers.Catalogue:
    found = []
    lang = language(lang)
    bots = request.app.state.config.bots
    for name in museion.available_games():
        try:
            found.append(game_info(name, bots, lang))
        except Exception:  # noqa: BLE001 - a game still being written is simply not offered
            continue
    return answers.Catalogue.model_validate({"games": found, "bot_specs": bots.specs})


@router.get("/api/texts")
async def texts_route(request: Request, response: Response, lang: Annotated[str | None, Query(max_length=64)] = None
                      ) -> answers.Texts:
    """Every text of the catalogue in one language, for the browser client (cached until the server restarts):
    ``lang`` ("de,en", the browser's languages as the page sends them), else the request's ``Accept-Language``."""
    answer = texts(lang or request.headers.get("accept-language", "")[:64])
    response.headers["Vary"] = "Accept-Language"
    _etag(request, response, f'W/"{request.app.state.started}-{answer["lang"]}-{len(answer["texts"])}"')
    return answers.Texts(**answer)


@router.get("/api/games/{name}/rules")
async def rules(name: models.GameName, lang: models.Language | None = None, spec: bool = False) -> answers.Rules:
    """The rules in ``lang`` (the table page's rules panel): the rules for players when the game has them, else
    (or with ``spec``) the summary of the specification with its rule IDs, for the default configuration."""
    lang = language(lang)
    try:
        text = None if spec else lesson.guide_text(name, lang)
        return answers.Rules(game=name, rules=text or entry(name).summary(lang), guide=text is not None)
    except OptionError as exc:
        raise TableError("bad_game", short(str(exc), 300), 404) from None


@router.get("/api/games/{name}/tutorial")
async def tutorial(name: Annotated[str, Path(max_length=64)], lang: models.Language | None = None
                   ) -> answers.Tutorial:
    """The game's tutorial in ``lang``: every step's text, position and the learner's move (computed once)."""
    return answers.Tutorial(**lessons.tutorial(name, language(lang)))


@router.get("/api/games/{name}/guide")
async def guide(name: Annotated[str, Path(max_length=64)], lang: models.Language | None = None) -> answers.Guide:
    """The game's rules for players in ``lang``: sections with pictures drawn from positions (computed once)."""
    return answers.Guide(**lessons.guide(name, language(lang)))


@router.post("/api/games/{name}/check")
async def check(request: Request, name: models.GameName, body: models.CheckRequest) -> answers.Checked:
    """Validate options without creating a table; tells the lobby how many seats to offer."""
    game = load_game(name, body.options or {}, request.app.state.config.tables_dir)
    return answers.Checked(game=game.name, options=game.options_json(), num_players=game.num_players())


@router.get("/api/tables")
async def tables(request: Request, response: Response, status: Literal["open", "running", "finished"] | None = None,
                 limit: Annotated[int, Query(ge=1, le=200)] = 50,
                 offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> answers.TableLists:
    """One page of each lobby list; answers 304 while nothing changed (``ETag``), so polling is cheap."""
    version = _tables(request).lobby_version
    _etag(request, response, f'W/"{request.app.state.started}-{version}-{status}-{limit}-{offset}"')
    return answers.TableLists(**await _lobby(request).listing(status, limit, offset))


async def account_id(request: Request) -> int | None:
    """The signed-in account of a request's session cookie (seats it takes are bound to it), if any."""
    session = await request.app.state.accounts.session_of(request)
    return None if session is None else int(session[0].id)


async def seat_account(request: Request) -> tuple[int | None, str | None]:
    """The signed-in account's id and username (the name of the seats it takes: players know whom they
    play), or (None, None) for a guest, whose seat takes the name it gives."""
    session = await request.app.state.accounts.session_of(request)
    return (None, None) if session is None else (session[0].id, session[0].username)


@router.post("/api/tables", status_code=201)
async def create(request: Request, body: models.CreateTable) -> answers.Created:
    if request.app.state.draining:  # the drain (cli.Server): the open tables play on, new ones go elsewhere
        raise TableError("draining", "this server is restarting: create the table again in a moment", 503,
                         {"key": "web.code.draining", "args": {}})
    seats = [s.model_dump() if isinstance(s, models.SeatSpec) else s for s in body.seats]
    clock = body.clock.model_dump(exclude_none=True) if body.clock else None
    me, my_name = await seat_account(request)
    table, token, creator_token = await _lobby(request).create(
        body.game, body.options, seats, body.join, body.name, client(request), clock, body.hints, body.undo, me,
        rated=body.rated, network=client(request), accounts_only=body.accounts_only, account_name=my_name)
    out = table.summary()
    if token is not None:
        out.update(token=token, seat=body.join)
    return answers.Created(**out, creator_token=creator_token)


@router.post("/api/tables/{table_id}/seats/{seat}/bot")
async def hand_to_bot(request: Request, table_id: TableIdPath, seat: SeatPath, body: models.HandToBot
                      ) -> answers.Handed:
    """The creator hands an abandoned seat (free, timed out, or nobody connected for it) to a bot for good."""
    try:
        level = await _lobby(request).hand_to_bot(table_id, seat, body.creator_token, body.bot)
    except TableError as exc:
        if exc.code == "bad_seat":  # a seat this table does not have: a conflict with the table, as for a join
            exc.status = 409
        raise
    return answers.Handed(table=table_id, seat=seat, bot=level)


@router.post("/api/tables/{table_id}/seats/{seat}/invite")
async def reinvite(request: Request, table_id: TableIdPath, seat: SeatPath, body: models.CreatorRequest
                   ) -> answers.Invited:
    """The creator frees an abandoned seat for someone new; its old seat token stops working."""
    await _lobby(request).reinvite(table_id, seat, body.creator_token)
    return answers.Invited(table=table_id, seat=seat, invite=f"/table/{table_id}?seat={seat}")


@router.post("/api/my-tables")
async def my_tables(request: Request, body: models.MyTablesRequest) -> answers.MyTables:
    """The tables of the seat tokens a browser holds (sent in the body, never in a URL) and, when signed in,
    of the account's seats on every device: whose turn it is and the clocks."""
    pairs = [(held.table, held.token) for held in body.seats]
    digests = [(table, hash_token(token)) for table, token in pairs]
    live = _tables(request)
    known, holding = await live.writer.read(live.store.holders, digests)
    matched = [pair in holding for pair in digests]
    me = await account_id(request)
    await request.app.state.presence.seen(me)  # friends see the player online (friends/presence.py)
    mine = iter(await _lobby(request).my_tables([pair for pair, ok in zip(pairs, matched, strict=True) if ok], me))
    found = [next(mine) if ok else {"table": t, "error": "bad_token" if t in known else "not_found"}
             for (t, _), ok in zip(pairs, matched, strict=True)]  # a token that holds nothing: one read
    found += mine  # signed in: the account's other seats
    invitations, notify = await request.app.state.friends.invitations(me)  # seats friends hold for you
    return answers.MyTables(tables=[answers.MyTable(**t) for t in found],
                           waiting=sum(bool(t.get("your_turn")) for t in found),
                           invitations=invitations, notify_invites=notify)


@router.get("/api/tables/{table_id}")
async def table(request: Request, table_id: TableIdPath) -> answers.TableInfo:
    return answers.TableInfo(**(await _tables(request).get(table_id)).summary())


@router.post("/api/tables/{table_id}/join")
async def join(request: Request, table_id: TableIdPath, body: models.JoinRequest) -> answers.Joined:
    """Take a free seat; signed in, the seat is bound to the account (it follows the player)."""
    rated = (await _tables(request).get(table_id)).row.rated
    try:
        me, my_name = await seat_account(request)
        token = await _lobby(request).join(table_id, body.seat, body.name, me, client(request), my_name)
    except TableError as exc:
        if exc.code == "bad_seat":  # a seat this table does not have: a conflict with the table, not bad JSON
            exc.status = 409
        raise
    unrated = rated and not (await _tables(request).get(table_id)).row.rated  # two accounts of one network
    return answers.Joined(table=table_id, seat=body.seat, token=token,
                         unrated={"key": "web.code.unrated_network", "args": {}} if unrated else None)


@router.post("/api/tables/{table_id}/my-seat", responses=UNAUTHORISED)
async def my_seat(request: Request, table_id: TableIdPath, _body: models.Empty) -> answers.MySeat:
    """The signed-in account's seat at this table and the key its WebSocket hello sends (session cookie and
    CSRF token needed): a player opens their seat on another device. No seat (a spectator, or an invitation
    not taken yet): ``seat`` and ``key`` null, not an error the browser's console would show."""
    account, token = await request.app.state.accounts.changing(request)
    seat = await _lobby(request).account_seat(table_id, account.id)
    return answers.MySeat(table=table_id, seat=seat, key=None if seat is None else seat_key(token, table_id, seat))


@router.post("/api/tables/{table_id}/leave")
async def leave(request: Request, table_id: TableIdPath, body: models.LeaveRequest) -> answers.Left:
    seat = await _lobby(request).leave(table_id, body.token, await account_id(request))
    return answers.Left(table=table_id, seat=seat, left=True)


@router.post("/api/tables/{table_id}/chat")
async def chat(request: Request, table_id: TableIdPath, body: models.ChatRequest) -> models.ChatHistory:
    """The players' chat of a table, for one of its seat tokens (in the body, never in a URL): the replay's
    chat, only for those who were there. Spectators' chat is not kept."""
    return models.ChatHistory(**await _chat(request).history(table_id, body.token))


@router.get("/api/tables/{table_id}/record", response_model=answers.RecordAnswer)
async def record(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
    """The full record, or while a hidden-information game runs what a spectator has learned so far (a
    finished table's from the cache: ``finished.py``)."""
    lang, live = language(lang), _tables(request)
    built = await _finished(request, ("record", table_id, lang), lambda row: finished_json(
        answers.RecordAnswer.model_validate(live.live(row).record_json(lang))))
    if built is not None:
        return built
    answer = answers.RecordAnswer.model_validate((await live.get(table_id)).record_json(lang))
    return JSONResponse(answer.model_dump(mode="json"))


@router.get("/api/tables/{table_id}/replay", response_model=answers.Replay)
async def replay(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
    """Every step of a finished game, each move in words in ``lang`` (built once, then served from the cache
    with an ``ETag``)."""
    lang, live = language(lang), _tables(request)
    built = await _finished(request, ("replay", table_id, lang), lambda row: finished_json(
        answers.Replay(**replay_of(live.live(row), lang))))
    if built is not None:
        return built
    await live.get(table_id)  # 404 for no such table
    raise TableError("not_finished", "a replay is available once the game is over", 409)


class NotAnalysed(Exception):
    """A finished table whose analysis is not stored (yet): its status is the analyst's."""


def _progress(analyses: Analysis, table_id: str) -> JSONResponse:
    """Where the analyst is with a table it has not stored an analysis of: none asked, queued, running, failed."""
    job = analyses.analyst.job(table_id)
    answer = answers.AnalysisAnswer(status="none") if job is None else answers.AnalysisAnswer(
        status=job.status, progress=job.progress, error=job.error or None)  # type: ignore[arg-type]
    return JSONResponse(answer.model_dump(mode="json"))


@router.get("/api/tables/{table_id}/analysis", response_model=answers.AnalysisAnswer)
async def analysis(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
    """The coach's analysis of a finished table (once done, from the cache), or how far its computation is."""
    lang, live, analyses = language(lang), _tables(request), _analyses(request)
    job = analyses.analyst.job(table_id)
    if job is not None and job.status in ("queued", "running"):  # polled while it runs: nothing to build
        return JSONResponse(answers.AnalysisAnswer(status=job.status, progress=job.progress)  # type: ignore[arg-type]
                            .model_dump(mode="json"))

    def in_words(row: TableRow) -> bytes | None:
        stored = live.store.load_analysis(row.id)
        if stored is None:
            raise NotAnalysed
        words = analysis_in_words(live.live(row), stored, lang)
        return finished_json(answers.AnalysisAnswer(status="done", analysis=words))

    try:
        built = await _finished(request, ("analysis", table_id, lang), in_words)
    except NotAnalysed:
        return _progress(analyses, table_id)
    if built is not None:
        return built
    return JSONResponse(answers.AnalysisAnswer(**await analyses.analysis(table_id, False, lang))
                        .model_dump(mode="json"))


async def _finished(request: Request, key: tuple[str, ...], build: Callable[[TableRow], bytes | None]
                    ) -> Response | None:
    """The cached answer about a finished table (304 when the client has it), else built once on the build
    thread and counted against the network's ``--limit-builds``; ``None`` when the table is not finished
    (or not there): the caller answers from the live table."""
    cache: Finished = request.app.state.finished
    live = _tables(request)
    answer = cache.cached(key)
    if answer is None:
        if await live.writer.read(live.store.status, key[1]) != "finished":
            return None  # a running table (or none): the caller answers from the live table
        if request.app.state.limits.builds.hit(client(request)) is not None:
            raise TableError("rate_limited", "too many answers about finished tables built for your network; "
                                             "wait a minute (those built already are served at once)", 429)

        def built() -> bytes | None:
            row = live.store.load_table(key[1])
            if row is None or row.status != "finished":
                return None
            return build(row)

        try:
            answer = await cache.build(key, built)
        except Busy:
            raise TableError("busy", "the server is building many answers just now; try again in a moment",
                             503) from None
    return None if answer is None else respond(answer, request)


@router.post("/api/tables/{table_id}/analysis", status_code=202)
async def analyse(request: Request, table_id: TableIdPath, _body: models.AnalysisRequest,
                  lang: models.Language | None = None) -> answers.AnalysisAnswer:
    """Ask for the analysis of a finished table: queued in the background (computed once, then stored)."""
    wait = request.app.state.limits.analysis.hit(client(request))
    if wait is not None:
        raise TableError("rate_limited", "too many analyses asked from your address; wait a minute", 429)
    answer = await _analyses(request).analysis(table_id, True, language(lang), client(request))
    return answers.AnalysisAnswer(**answer)
