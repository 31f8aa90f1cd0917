// A table: the live game over a WebSocket (play, spectate, reconnect) and the replay of a finished game.
// This module keeps the page's state and draws it; each panel has its own module (seats, moves, log, final,
// replay, zoom), the board its game's module (boards/), the connection its own (connection.js).
import { api, el, forgetSeat, heldSeat, keepSeat } from "./api.js";
import { announce } from "./announce.js";
import { activate, glide, mark, placesOf, preview } from "./boards/svg.js";
import { boardFor, generic } from "./boards/index.js";
import { chatPanel } from "./chat.js";
import { renderAnalysis, renderHint } from "./coach.js";
import { connect } from "./connection.js";
import { dockPreview } from "./dock.js";
import { renderFinal, resultLine } from "./final.js";
import { keepFocus } from "./focus.js";
import { renderHeader } from "./header.js";
import { currentLanguage, has, requestError, t } from "./i18n.js";
import { entrySpeech, renderLog } from "./log.js";
import { renderChooser, renderMoves } from "./moves.js";
import { moveText, renderReplay } from "./replay.js";
import { renderSeats, seatNames, tableTitle } from "./seats.js";
import { showClocks } from "./clocks.js";
import { beep, pace, renderSettings } from "./settings.js";
import { applyZoom, renderZoom } from "./zoom.js";
import { call, me } from "./session.js";

const tableId = decodeURIComponent(window.location.pathname.split("/").pop());
const invitedSeat = new URLSearchParams(window.location.search).get("seat");
const $ = (id) => document.getElementById(id);

const app = {
  msg: null, log: [], board: generic, moves: [], names: [], colours: [], selection: [], chooser: null,
  replay: null, replayStep: 0, pending: false, link: null, heard: -1, started: false, previewing: null, myTurn: false,
  hint: null, analysis: null, leaving: false, infoOpen: null, confirmResign: false,
};

// -- connection ---------------------------------------------------------------------------------------------
let accountKey = null;  // the signed-in account's seat key for this table (another device's seat), memory only
const socket = connect(tableId, () => {
  const held = heldSeat(tableId);
  return { type: "hello", token: held ? held.token : accountKey, lang: currentLanguage() };
}, paced, setLink);
const chat = chatPanel($("side"), tableId, (message) => socket.send(message));

// Messages are drawn one after another; one that brings another player's move (a bot's reply, say) is drawn no
// sooner than the browser's pace setting after the one before, so a person can follow a bot's moves.
let queue = Promise.resolve();
let drawnAt = 0;
function paced(msg) {
  queue = queue.then(async () => {
    const others = msg.type === "state" && !msg.full && msg.log.some((e) => e.p !== null && e.p !== msg.seat);
    const wait = others ? drawnAt + pace() - performance.now() : 0;
    if (wait > 0) await new Promise((resolve) => { setTimeout(resolve, wait); });
    await onMessage(msg);
    if (msg.type === "state") drawnAt = performance.now();
  }).catch((error) => console.error(error));
}

/** Without a seat token here, a signed-in player's own seat (joined on another device): the server gives this
 * session its key (cookie and CSRF token), and the table reconnects with it. */
async function accountSeat() {
  if (heldSeat(tableId) || !(await me())) return;
  try {
    accountKey = (await call("POST", `/api/tables/${encodeURIComponent(tableId)}/my-seat`, {})).key;
    if (accountKey) socket.restart();  // else no seat of the account here: a spectator, or an invitation to take
  } catch (_e) { /* the session ended meanwhile: a spectator */ }
}
accountSeat();

function setLink(state) {
  if (state === app.link) return;
  app.link = state;
  document.body.dataset.connection = state === "online" ? "connected" : state;
  const banner = $("offline");
  banner.hidden = state !== "offline";
  banner.textContent = state === "offline" ? t("web.offline") : "";
  if (state === "connecting") notice(t("web.connecting"));
  else if ($("notice").textContent === t("web.connecting")) notice("");
  if (state !== "online") { app.pending = false; app.selection = []; app.chooser = null; }
  if (app.msg) draw();
}

function notice(message, kind = "info") {
  const box = $("notice");
  box.textContent = message;
  box.className = message ? kind : "";
}

async function onMessage(msg) {
  if (chat.receive(msg)) return;
  if (msg.type === "hint") {
    if (!app.msg || msg.seq !== app.msg.seq) return;
    app.hint = { seq: msg.seq, moves: msg.moves };
    announce(t("web.hint_ready", { moves: app.hint.moves.map((m) => m.text).join("; ") }));
    draw();
    return;
  }
  if (msg.type === "error") {
    app.pending = false;
    if (app.hint && app.hint.waiting) app.hint = null;
    if (msg.code === "bad_token") forgetSeat(tableId);
    notice(errorText(msg), "error");
    document.body.dataset.lastError = msg.code;
    draw();
    return;
  }
  if (msg.type !== "state") return;
  if (msg.full) app.log = msg.log.slice();
  else if (msg.log_from === app.log.length) app.log.push(...msg.log);
  else { socket.send({ type: "resync" }); return; }
  if (!app.msg || app.msg.game !== msg.game) {
    app.board = await boardFor(msg.game);
    loadRules(msg.game);
  }
  if (!app.msg || app.msg.seq !== msg.seq) { app.selection = []; app.chooser = null; app.previewing = null; app.hint = null; }
  app.msg = msg;
  window.museionState = msg;  // for tests and the curious: the last state message as received
  app.pending = false;
  app.moves = msg.legal;
  app.colours = app.board.seatColours(msg.view) || [];
  app.names = seatNames(msg.seats, app.colours);
  showClocks(tableId, msg, app.names);
  const held = heldSeat(tableId);
  if (held && msg.seat === null && msg.seats[held.seat] && !msg.seats[held.seat].taken) forgetSeat(tableId);
  if (msg.status === "finished" && window.location.hash === "#replay" && !app.replay) startReplay();
  if (msg.status === "finished" && !app.analysis && (!msg.ending || msg.ending.how === "played")) loadAnalysis(false);
  tellNews(msg);
  draw();
  chat.update(msg, app.names);
}

/** What to tell the player about an error message: an illegal move's reason (the server writes it in the page's
 * language), else this page's own text for the code (the server's message is for developers). */
function errorText(msg) {
  if (msg.code !== "illegal" && has(`web.code.${msg.code}`)) return t(`web.code.${msg.code}`);
  return t("web.rejected", { message: msg.message });
}

/** Announce what is new since the last message: the moves (with their events), whose turn it is, the end. */
function tellNews(msg) {
  const fresh = app.started ? app.log.filter((entry) => entry.n > app.heard) : [];
  app.started = true;
  if (app.log.length) app.heard = Math.max(app.heard, app.log[app.log.length - 1].n);
  const news = fresh.map((entry) => entrySpeech(entry, app.names));
  const myTurn = canMove();
  if (msg.status === "finished" && (fresh.length || app.myTurn)) news.push(t("web.game_over"), resultLine(msg, app.names));
  else if (myTurn && !app.myTurn) { news.push(t("web.your_turn")); beep(); }
  app.myTurn = myTurn;
  announce(...news);
}

// -- drawing ------------------------------------------------------------------------------------------------
/** Whether this page may move now: its turn, connected, no move on its way, not replaying. */
function canMove() {
  return Boolean(app.msg && app.moves.length && !app.pending && app.link === "online" && !app.replay
    && app.msg.status !== "open");
}

function draw() {
  if (!app.msg) return;
  keepFocus(drawAll, () => $("turn-line"));
}

function drawAll() {
  const msg = app.msg;
  Object.assign(document.body.dataset, { seq: msg.seq, status: msg.status, toMove: msg.to_move ?? "",
    mySeat: msg.seat ?? "", myTurn: canMove() ? "1" : "0", game: msg.game });
  const title = msg.title || msg.game;
  document.title = tableTitle(title, msg.seats);
  renderHeader(title, { back: true, extra: [tableInfo(msg)] });
  renderTurn(msg);
  renderSeats($("seats"), msg, app.names, app.colours, { invitedSeat, onJoin: join, onLeave: leaveSeat,
    leaving: app.leaving, onCopy: copyLink });
  renderBoard();
  drawZoom();
  renderMoves($("moves"), canMove() ? app.moves : [], { pending: app.pending, paths: pathOf, onPlay: play,
    onPreview: showPreview });
  renderHint($("coach"), { allowed: msg.hints && msg.status !== "finished", canAsk: canMove(), hint: shownHint() },
    { onAsk: askHint, onPlay: play, onPreview: showPreview });
  renderChooser($("chooser"), canMove() ? app.chooser : null, { onPlay: play, onPreview: showPreview,
    onCancel: () => { app.selection = []; app.chooser = null; draw(); } });
  renderFinal($("final"), msg, app.names, app.colours, { replaying: Boolean(app.replay), onReplay: startReplay });
  renderAnalysis($("analysis"), msg.status === "finished" ? app.analysis : null, { step: app.replay ? app.replayStep : null,
    names: app.names, total: msg.seq, onAsk: () => loadAnalysis(true), onJump: jumpTo });
  $("log-title").textContent = t("web.log");
  renderLog($("log"), app.log, app.names, app.replay ? app.replayStep - 1 : -1,
    { lastFrom: !app.replay && msg.last ? msg.last.from : null, notices: msg.notices || [] });
  renderReplay($("replay"), app.replay, app.replayStep, app.names, stepTo);
}

/** The table's status, id and options: in the header on a desktop; folded behind a button on a phone, where the
 * header is one line (the turn bar below says whether the game runs or is over). Opened or closed, it stays so. */
function tableInfo(msg) {
  const open = app.infoOpen ?? !window.matchMedia("(max-width: 600px)").matches;
  return el("details", { id: "table-info", class: "table-info", open,
    ontoggle: (event) => { app.infoOpen = event.target.open; } },
  el("summary", { "aria-label": t("web.table_info"), title: t("web.table_info") }, "i"),
  el("span", { class: "info-body" },
    el("span", { class: `status status-${msg.status}` }, t(`web.status.${msg.status}`)),
    el("span", { class: "table-id" }, t("web.table_id", { id: tableId })),
    el("span", { class: "hints-flag", id: "hints-flag" }, t(msg.hints ? "web.hints_on" : "web.hints_off")),
    el("span", { class: "hints-flag", id: "undo-flag" }, t(msg.undo ? "web.undo_on" : "web.undo_off")),
    msg.rated ? el("span", { class: "hints-flag", id: "rated-flag" }, t("web.rated")) : null));
}

function drawZoom() {
  renderZoom($("zoom"), () => keepFocus(() => { renderBoard(); drawZoom(); }));
}

function renderTurn(msg) {
  let line;
  let mine = false;
  if (app.link === "offline") line = t("web.offline_short");
  else if (app.replay) line = t("web.replaying");
  else if (msg.status === "finished") line = `${t("web.game_over")} · ${resultLine(msg, app.names)}`;
  else if (app.pending) line = t("web.sending");
  else if (msg.status === "open") line = t("web.waiting_players");
  else if (canMove()) { line = t("web.your_turn"); mine = true; } else if (msg.to_move !== null) line = t("web.waiting_for", { name: app.names[msg.to_move] });
  else line = "";
  const me = msg.seat === null ? t("web.spectating") : t("web.playing_as", { name: app.names[msg.seat] });
  const undo = msg.can_undo && canMove()
    ? el("button", { id: "undo", class: "undo", type: "button", onclick: undoMove }, t("web.undo")) : null;
  $("turn").replaceChildren(el("p", { id: "turn-line", tabindex: "-1", class: mine ? "mine" : "" }, line),
    ...[el("p", { id: "me" }, me), undo, ...takebackControls(msg), ...endingControls(msg)].filter(Boolean));
}

/** A player still in a running game may resign (asked again first) and claim the seats whose players left. */
function endingControls(msg) {
  if (msg.seat === null || msg.status !== "running" || app.replay) return [];
  if (msg.seats[msg.seat].forfeit) return [el("p", { id: "out" }, t("web.out"))];
  const claims = (msg.claims || []).map((c) => el("div", { class: "claim", "data-seat": c.seat },
    el("p", {}, t("web.claim_left", { name: app.names[c.seat] })),
    c.win ? el("button", { type: "button", class: "claim-win", onclick: () => decide({ type: "claim", seat: c.seat, end: "win" }) },
      t("web.claim_win")) : null,
    c.bot ? el("button", { type: "button", class: "claim-bot", onclick: () => decide({ type: "claim", seat: c.seat, end: "bot" }) },
      t("web.claim_bot")) : null));
  const resign = app.confirmResign
    ? el("div", { id: "resign-confirm", class: "confirm", role: "alertdialog", "aria-labelledby": "resign-question" },
      el("p", { id: "resign-question" }, t("web.resign_confirm")),
      el("button", { id: "resign-yes", type: "button", class: "danger", onclick: () => { app.confirmResign = false; decide({ type: "resign" }); } },
        t("web.resign_yes")),
      el("button", { id: "resign-no", type: "button", onclick: () => { app.confirmResign = false; draw(); } }, t("web.resign_no")))
    : el("button", { id: "resign", type: "button", class: "resign", onclick: () => { app.confirmResign = true; draw(); } },
      t("web.resign"));
  return [...claims, resign];
}

/** A take-back by request at a friendly table (docs/protocol.md, "Take-back requests"): the seats asked answer it;
 * the others see who asked; a player whose own take-back window has passed may ask (the server says why not). */
function takebackControls(msg) {
  if (msg.seat === null || msg.status !== "running" || app.replay || !msg.undo || msg.rated) return [];
  const asking = msg.takeback;
  if (!asking) {
    const moved = app.log.some((entry) => entry.p === msg.seat);
    return moved && !msg.can_undo && !msg.seats[msg.seat].forfeit
      ? [el("button", { id: "takeback-ask", type: "button", onclick: () => decide({ type: "takeback_request" }) },
        t("web.takeback_ask"))] : [];
  }
  const name = app.names[asking.seat];
  if (asking.asked.includes(msg.seat) && !asking.accepted.includes(msg.seat)) {
    return [el("div", { id: "takeback-question", class: "confirm", role: "alertdialog", "aria-labelledby": "takeback-q" },
      el("p", { id: "takeback-q" }, t("web.takeback_asked", { name })),
      el("button", { id: "takeback-accept", type: "button", onclick: () => decide({ type: "takeback_answer", accept: true }) },
        t("web.takeback_accept")),
      el("button", { id: "takeback-decline", type: "button", onclick: () => decide({ type: "takeback_answer", accept: false }) },
        t("web.takeback_decline")))];
  }
  return [el("p", { id: "takeback-waiting", role: "status" },
    asking.seat === msg.seat ? t("web.takeback_waiting") : t("web.takeback_others", { name }))];
}

/** Send a resignation or a claim (the server's state message, or its refusal, follows). */
function decide(message) {
  if (socket.send(message)) { app.pending = true; }
  draw();
}

function shownView() {
  return app.replay ? app.replay.steps[app.replayStep].view : app.msg.view;
}

let drawnView = null;  // the position last drawn ("seq 12", "step 3"): pieces glide only when it changes

function renderBoard() {
  const msg = app.msg;
  const view = shownView();
  const shown = app.replay ? `step ${app.replayStep}` : `seq ${msg.seq}`;
  const before = shown !== drawnView ? placesOf($("board").querySelector("svg")) : null;
  drawnView = shown;
  const moving = canMove();
  const ctx = { names: app.names, seat: msg.seat, toMove: msg.to_move, narrow: $("board").clientWidth < 600,
    targets: new Set(moving ? app.moves.flatMap((m) => m.targets) : []) };
  let node;
  try { node = app.board.render(view, ctx); } catch (error) {
    console.error(error);
    node = generic.render(view, ctx);
  }
  const frame = $("board");
  frame.replaceChildren(node);
  applyZoom(frame);
  frame.classList.toggle("inactive", !moving);
  if (!(node instanceof SVGElement)) return;
  if (before) frame.dataset.glides = Number(frame.dataset.glides || 0) + glide(node, before);  // (tests read it)
  if (moving) activate(node, nextKeys(), app.selection, clickKey);
  if (!app.replay && msg.last) mark(node, msg.last.targets, "last-move");
  if (app.previewing) preview(node, previewKeys(app.previewing));
  const hint = shownHint();
  if (hint && hint.moves && !app.replay) mark(node, hint.moves.flatMap((m) => previewKeys(m)), "hinted");
}

// -- the coach's hints --------------------------------------------------------------------------------------
function shownHint() {
  return app.hint && app.msg && app.hint.seq === app.msg.seq ? app.hint : null;
}

function askHint() {
  if (!canMove() || !socket.send({ type: "hint", seq: app.msg.seq })) return;
  app.hint = { seq: app.msg.seq, waiting: true };
  notice("");
  draw();
}

// -- moves, the board's click paths and the preview -----------------------------------------------------------
/** The board keys to click, in order, to make `move`: its targets, as the game says them (null: none, or a game
 * drawn by the generic board: the move is played from the list). */
function pathOf(move) {
  return app.board !== generic && move.targets && move.targets.length ? move.targets : null;
}

function movePaths() {
  return app.moves.map((m) => ({ ...m, path: pathOf(m) })).filter((m) => m.path);
}

function startsWith(path, prefix) { return prefix.every((key, i) => path[i] === key); }

function nextKeys() {
  const keys = new Set();
  for (const m of movePaths()) {
    if (m.path.length > app.selection.length && startsWith(m.path, app.selection)) keys.add(m.path[app.selection.length]);
  }
  return keys;
}

function clickKey(key) {
  if (!canMove()) return;
  let selection = [...app.selection, key];
  let matches = movePaths().filter((m) => startsWith(m.path, selection));
  if (!matches.length) {
    selection = [key];
    matches = movePaths().filter((m) => startsWith(m.path, selection));
  }
  if (!matches.length) { app.selection = []; draw(); return; }
  const complete = matches.filter((m) => m.path.length === selection.length);
  app.selection = selection;
  if (complete.length === 1 && matches.length === 1) { play(complete[0].id); return; }
  app.chooser = complete.length ? complete : null;
  draw();
  revealNext();
}

/** After a first tap (an Imhotep ship), where the move can go next may be off screen (the sites are above the
 * ships on a phone): bring them into view unless one already is, or the chooser asks instead. */
function revealNext() {
  if (app.chooser || !app.selection.length) return;
  const targets = [...nextKeys()].map((key) => $("board").querySelector(`.hit-target[data-for="${CSS.escape(key)}"]`))
    .filter(Boolean);
  const seen = (r) => r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  if (!targets.length || targets.some((node) => seen(node.getBoundingClientRect()))) return;
  targets[0].scrollIntoView({ block: "center", inline: "nearest" });
}

/** What the board marks while `move` (a legal or a hinted move) is hovered or focused: its targets. */
function previewKeys(move) {
  return move.targets || [];
}

function showPreview(move) {
  app.previewing = move;
  const svg = $("board").querySelector("svg");
  if (svg) preview(svg, move ? previewKeys(move) : []);
  const line = $("preview-line");
  line.textContent = move ? t("web.preview", { move: move.text }) : "";
  const button = move && document.querySelector(`#moves button.move[data-action="${move.id}"]`);
  dockPreview($("preview-dock"), svg, move, button, line.textContent);
}

function play(action) {
  if (!canMove()) return;
  if (!socket.send({ type: "move", seq: app.msg.seq, action })) return;
  app.pending = true;
  app.selection = [];
  app.chooser = null;
  app.previewing = null;
  $("preview-line").textContent = "";
  dockPreview($("preview-dock"), null, null);
  notice("");
  draw();
}

/** Take back this seat's last move of the turn (tables created with undo; the server says why not otherwise). */
function undoMove() {
  if (!canMove() || !socket.send({ type: "undo", seq: app.msg.seq })) return;
  app.pending = true;
  notice("");
  draw();
}

// -- side panels --------------------------------------------------------------------------------------------
async function loadRules(game) {
  $("rules-title").textContent = t("web.rules");
  try {
    const rules = await api(`/api/games/${game}/rules?lang=${currentLanguage()}`);
    $("rules").textContent = rules.rules;
    if (rules.guide) $("rules").before(el("a", { class: "rules-link", href: `/rules/${game}` }, t("web.guide.link")));
  } catch (_e) {
    $("rules").textContent = "";
  }
}

// -- seats --------------------------------------------------------------------------------------------------
async function join(seat) {
  try {
    const answer = await api(`/api/tables/${tableId}/join`, { seat, name: localStorage.getItem("museion.name") });
    keepSeat(tableId, seat, answer.token);
    socket.restart();
    if (answer.unrated) notice(t(answer.unrated.key, answer.unrated.args));  // one network: played unrated
  } catch (error) {
    notice(t("web.error", { message: requestError(error) }), "error");
    $("notice").scrollIntoView({ block: "nearest" });  // on a phone the join button is far below the notice
  }
}

/** Leave the seat; during a game the first press asks to confirm (`confirmed`: the answer). */
async function leaveSeat(confirmed) {
  const held = heldSeat(tableId);
  if (!held) return;
  const asking = app.msg && app.msg.status === "running";
  if (asking && confirmed === undefined) { app.leaving = true; draw(); return; }
  app.leaving = false;
  if (asking && !confirmed) { draw(); return; }
  try { await api(`/api/tables/${tableId}/leave`, { token: held.token }); } catch (error) {
    notice(t("web.error", { message: requestError(error) }), "error");
  }
  forgetSeat(tableId);
  socket.restart();
}

async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    notice(t("web.copied"));
  } catch (_e) {
    notice(link);
  }
}

// -- replay -------------------------------------------------------------------------------------------------
async function startReplay() {
  try {
    const data = await api(`/api/tables/${tableId}/replay?lang=${currentLanguage()}`);
    app.replay = data;
    app.replayStep = data.steps.length - 1;
    draw();
    $("replay-first").focus();
  } catch (error) { notice(t("web.error", { message: requestError(error) }), "error"); }
}

// -- the coach's analysis of the finished game ----------------------------------------------------------------
let analysisPoll = null;

/** Ask for the analysis (`start`: queue it) and follow its progress until it is done. */
async function loadAnalysis(start) {
  clearTimeout(analysisPoll);
  const waiting = app.analysis && (app.analysis.status === "queued" || app.analysis.status === "running");
  app.analysis = app.analysis || { status: "loading" };
  try {
    const path = `/api/tables/${tableId}/analysis?lang=${currentLanguage()}`;
    app.analysis = start ? await api(path, {}) : await api(path);
    // the server process computing it stopped (docs/operations.md): ask the one answering now to take it up
    if (!start && waiting && app.analysis.status === "none") app.analysis = await api(path, {});
  } catch (error) {
    app.analysis = { status: "none" };
    notice(t("web.error", { message: requestError(error) }), "error");
  }
  document.body.dataset.analysis = app.analysis.status;
  if (app.analysis.status === "queued" || app.analysis.status === "running") analysisPoll = setTimeout(() => loadAnalysis(false), 700);
  if (start && app.analysis.status === "done") announce(t("web.analysis.ready"));
  draw();
}

/** A mark of the analysis was chosen: the replay shows the position right after that move. */
async function jumpTo(step) {
  if (!app.replay) await startReplay();
  if (app.replay) stepTo(step);
}

function stepTo(n) {
  app.replayStep = Math.max(0, Math.min(n, app.replay.steps.length - 1));
  draw();
  announce(t("web.step", { n: app.replayStep, total: app.replay.steps.length - 1 }),
    moveText(app.replay.steps[app.replayStep], app.names), ...(app.replay.steps[app.replayStep].takebacks || []));
}

document.addEventListener("keydown", (event) => {
  if (!app.replay || event.target.closest("input, select, textarea")) return;
  if (event.key === "ArrowRight") stepTo(app.replayStep + 1);
  if (event.key === "ArrowLeft") stepTo(app.replayStep - 1);
});

let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (app.msg) keepFocus(renderBoard); }, 150);
});

$("skip").textContent = t("web.skip_to_game");
renderSettings($("settings"));
$("board-h").textContent = t("web.board");
