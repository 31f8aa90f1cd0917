// A table: the live game over a WebSocket (play, spectate, reconnect) and the replay of a finished game.
import { api, el, forgetSeat, heldSeat, keepSeat } from "./api.js";
import { boardFor, generic } from "./boards/index.js";
import { showClocks } from "./clocks.js";
import { currentLanguage, t } from "./i18n.js";

const tableId = decodeURIComponent(window.location.pathname.split("/").pop());
const invitedSeat = new URLSearchParams(window.location.search).get("seat");

const app = {
  socket: null, retry: 0, msg: null, log: [], board: generic, selection: [], replay: null, replayStep: 0,
  pending: false, summary: null,
};

// -- connection ---------------------------------------------------------------------------------------------
function connect() {
  const held = heldSeat(tableId);
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  app.socket = socket;
  setConnection("connecting");
  socket.onopen = () => {
    app.retry = 0;
    socket.send(JSON.stringify({ type: "hello", token: held ? held.token : null, lang: currentLanguage() }));
    setConnection("connected");
  };
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
  socket.onclose = () => {
    if (app.socket !== socket) return;
    setConnection("reconnecting");
    app.retry = Math.min(app.retry + 1, 5);
    setTimeout(connect, 300 * app.retry);
  };
}

function setConnection(state) {
  document.body.dataset.connection = state;
  if (state !== "connected") notice(t(state === "connecting" ? "connecting" : "reconnecting"));
  else notice("");
}

function notice(message, kind = "info") {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.className = message ? kind : "";
}

function send(message) {
  if (app.socket && app.socket.readyState === WebSocket.OPEN) app.socket.send(JSON.stringify(message));
}

async function onMessage(msg) {
  if (msg.type === "error") {
    app.pending = false;
    if (msg.code === "bad_token") forgetSeat(tableId);
    notice(t("rejected", { message: msg.message }), "error");
    document.body.dataset.lastError = msg.code;
    renderAll();
    return;
  }
  if (msg.type !== "state") return;
  msg.legal = msg.legal.map((m) => [m.id, m.notation]);  // this page shows notation (issue 13 brings words)
  if (msg.full) app.log = msg.log.slice();
  else if (msg.log_from === app.log.length) app.log.push(...msg.log);
  else { send({ type: "resync" }); return; }
  if (!app.msg || app.msg.game !== msg.game) {
    app.board = await boardFor(msg.game);
    loadRules(msg.game);
  }
  if (!app.msg || app.msg.seq !== msg.seq) { app.selection = []; hideChooser(); }
  app.msg = msg;
  window.museionState = msg;  // for tests and the curious: the last state message as received
  showClocks(tableId, msg);
  app.pending = false;
  const held = heldSeat(tableId);
  if (held && msg.seat === null && msg.seats[held.seat] && !msg.seats[held.seat].taken) forgetSeat(tableId);
  if (msg.status === "finished" && window.location.hash === "#replay" && !app.replay) startReplay();
  renderAll();
}

// -- rendering ----------------------------------------------------------------------------------------------
function names(msg) {
  const colours = app.board.colours || [];
  return msg.seats.map((s, i) => (colours[i] ? `${s.name} (${colours[i]})` : s.name));
}

function renderAll() {
  const msg = app.msg;
  if (!msg) return;
  const body = document.body.dataset;
  Object.assign(body, { seq: msg.seq, status: msg.status, toMove: msg.to_move ?? "", mySeat: msg.seat ?? "",
    myTurn: msg.legal.length && !app.pending ? "1" : "0", game: msg.game });
  document.title = `${t("appTitle")} · ${msg.game}`;
  renderTop(msg);
  renderTurn(msg);
  renderSeats(msg);
  renderBoard();
  renderMoves(msg);
  renderScores(msg);
  renderFinal(msg);
  renderLog(msg);
  renderReplayControls();
}

function renderTop(msg) {
  document.getElementById("top").replaceChildren(
    el("a", { href: "/", id: "lobby-link" }, t("lobbyLink")), " ",
    el("h1", {}, `${msg.view && msg.view.game ? msg.view.game : msg.game} · ${t("tableId", { id: tableId })}`),
    el("span", { class: `status status-${msg.status}` }, t(`status_${msg.status}`)));
}

function renderTurn(msg) {
  const who = names(msg);
  let line;
  if (msg.status === "finished") line = t("gameOver");
  else if (msg.legal.length) line = t("yourTurn");
  else if (msg.to_move !== null) line = t("waitingFor", { name: who[msg.to_move] });
  else line = "";
  const me = msg.seat === null ? t("spectating") : t("playingAs", { n: msg.seat, name: who[msg.seat] });
  document.getElementById("turn").replaceChildren(el("p", { id: "turn-line", class: msg.legal.length ? "mine" : "" }, line),
    el("p", { id: "me" }, me));
}

function renderSeats(msg) {
  const who = names(msg);
  const rows = msg.seats.map((seat, i) => {
    const parts = [el("span", {}, `${t("seat", { n: i })}: `), el("strong", {}, seat.taken ? who[i] : t("free"))];
    if (i === msg.seat) parts.push(el("em", {}, ` (${t("you")})`));
    if (!seat.taken && msg.status !== "finished") {
      if (msg.seat === null) {
        parts.push(" ", el("button", { class: "join", "data-seat": i, onclick: () => join(i),
          autofocus: String(i) === invitedSeat }, t("joinSeat", { n: i })));
      }
      const link = `${window.location.origin}/table/${tableId}?seat=${i}`;
      parts.push(el("div", { class: "invite" }, `${t("shareLink", { n: i })}: `, el("code", { class: "link" }, link)));
    }
    return el("li", { class: i === msg.to_move ? "to-move" : "" }, parts);
  });
  const leave = msg.seat !== null && msg.status !== "finished"
    ? el("button", { id: "leave", onclick: leaveSeat }, t("leave")) : null;
  document.getElementById("seats").replaceChildren(...[el("ul", {}, rows), leave].filter(Boolean));
}

function shownView() {
  if (app.replay) return app.replay.steps[app.replayStep].view;
  return app.msg.view;
}

function renderBoard() {
  const msg = app.msg;
  const view = shownView();
  const legal = app.replay ? [] : msg.legal;
  const ctx = { names: names(msg), seat: msg.seat, toMove: msg.to_move, legalTexts: legal.map(([, text]) => text) };
  let node;
  try { node = app.board.render(view, ctx); } catch (error) {
    console.error(error);
    node = generic.render(view, ctx);
  }
  const area = document.getElementById("board");
  area.replaceChildren(node);
  if (!legal.length || app.pending) return;
  const next = nextKeys();
  const starts = new Set(movePaths().map((m) => m.path[0]));
  for (const hitNode of area.querySelectorAll("[data-key]")) {
    const key = hitNode.getAttribute("data-key");
    hitNode.classList.toggle("clickable", next.has(key));
    hitNode.classList.toggle("selected", app.selection.includes(key));
    if (!next.has(key) && !starts.has(key)) continue;  // let the click reach an enclosing element that counts
    if (next.has(key)) hitNode.setAttribute("tabindex", "0");
    hitNode.addEventListener("click", (e) => { e.stopPropagation(); clickKey(key); });
    hitNode.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.stopPropagation(); clickKey(key); }
    });
  }
}

// -- clicking the board -------------------------------------------------------------------------------------
function movePaths() {
  const view = app.msg.view;
  return app.msg.legal.map(([id, text]) => ({ id, text, path: app.board.paths(text, view) }))
    .filter((m) => Array.isArray(m.path) && m.path.length);
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
  if (!app.msg.legal.length || app.pending) return;
  let selection = [...app.selection, key];
  let matches = movePaths().filter((m) => startsWith(m.path, selection));
  if (!matches.length) {
    selection = [key];
    matches = movePaths().filter((m) => startsWith(m.path, selection));
  }
  if (!matches.length) { app.selection = []; renderBoard(); return; }
  const complete = matches.filter((m) => m.path.length === selection.length);
  const longer = matches.length - complete.length;
  app.selection = selection;
  if (complete.length === 1 && !longer) { play(complete[0].id); return; }
  if (complete.length) showChooser(complete);
  renderBoard();
}

function showChooser(moves) {
  const box = document.getElementById("chooser");
  box.hidden = false;
  box.replaceChildren(el("p", {}, t("chooseMove")),
    ...moves.map((m) => el("button", { class: "choice", "data-action": m.id, onclick: () => play(m.id) }, m.text)),
    el("button", { class: "cancel", onclick: () => { app.selection = []; hideChooser(); renderBoard(); } }, t("cancel")));
}

function hideChooser() {
  const box = document.getElementById("chooser");
  box.hidden = true;
  box.replaceChildren();
}

function play(action) {
  if (app.pending) return;
  app.pending = true;
  app.selection = [];
  hideChooser();
  send({ type: "move", seq: app.msg.seq, action });
  renderAll();
}

// -- side panels --------------------------------------------------------------------------------------------
function renderMoves(msg) {
  const box = document.getElementById("moves");
  if (!msg.legal.length) { box.replaceChildren(el("h2", {}, t("legalMoves")), el("p", {}, t("noMoves"))); return; }
  const view = msg.view;
  box.replaceChildren(el("h2", {}, t("legalMoves")), el("p", { class: "hint" }, t("clickHint")),
    el("div", { class: "move-list", role: "list" }, msg.legal.map(([id, text]) => {
      const path = app.board.paths(text, view);
      return el("button", { class: "move", role: "listitem", "data-action": id, "data-text": text,
        "data-path": Array.isArray(path) ? path.join("|") : null, disabled: app.pending, onclick: () => play(id) }, text);
    })));
}

function renderScores(msg) {
  const box = document.getElementById("scores");
  const scores = msg.scores || (msg.view && Array.isArray(msg.view.scores) ? msg.view.scores : null);
  if (!scores) { box.replaceChildren(); return; }
  const who = names(msg);
  box.replaceChildren(el("h2", {}, t("scores")), el("table", { class: "scores", id: "score-table" },
    scores.map((score, i) => el("tr", { class: msg.winners && msg.winners.includes(i) ? "winner" : "" },
      el("td", {}, who[i]), el("td", { class: "num" }, score ?? "?")))));
}

function renderFinal(msg) {
  const box = document.getElementById("final");
  if (msg.status !== "finished") { box.replaceChildren(); return; }
  const who = names(msg);
  const winners = (msg.winners || []).map((i) => who[i]).join(", ");
  const line = msg.winners.length === 1 ? t("winner", { names: winners })
    : msg.winners.length === msg.seats.length ? t("draw") : t("sharedVictory", { names: winners });
  box.replaceChildren(...[el("h2", {}, t("finalScoring")), el("p", { id: "result" }, line),
    app.replay ? null : el("button", { id: "replay-button", onclick: startReplay }, t("replay"))].filter(Boolean));
}

function renderLog(msg) {
  const who = names(msg);
  document.getElementById("log-title").textContent = t("log");
  const highlight = app.replay ? app.replayStep - 1 : -1;
  const items = app.log.map((entry, i) => el("li", { value: entry.n + 1, class: i === highlight ? "current" : "",
    "data-n": entry.n },
  entry.p === null ? el("span", { class: "chance" }, `${t("chance")}: ${entry.t}`)
    : [el("span", { class: "who" }, `${who[entry.p]}: `), el("strong", {}, entry.t)],
  // what happened automatically, as the server wrote it for this seat (and only what this seat may learn)
  (entry.ev || []).length ? el("ul", { class: "events" }, ...entry.ev.map((e) => el("li", { "data-key": e.key }, e.text)))
    : null));
  const list = document.getElementById("log");
  list.replaceChildren(...items);
  const current = list.querySelector("li.current");
  if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  else list.scrollTop = list.scrollHeight;
}

async function loadRules(game) {
  document.getElementById("rules-title").textContent = t("rules");
  try { document.getElementById("rules").textContent = (await api(`/api/games/${game}/rules`)).rules; } catch (_e) {
    document.getElementById("rules").textContent = "";
  }
}

// -- seats --------------------------------------------------------------------------------------------------
async function join(seat) {
  try {
    const answer = await api(`/api/tables/${tableId}/join`, { seat, name: localStorage.getItem("museion.name") });
    keepSeat(tableId, seat, answer.token);
    app.socket.close();
    app.socket = null;
    connect();
  } catch (error) { notice(t("error", { message: error.message }), "error"); }
}

async function leaveSeat() {
  const held = heldSeat(tableId);
  if (!held) return;
  try { await api(`/api/tables/${tableId}/leave`, { token: held.token }); } catch (error) {
    notice(t("error", { message: error.message }), "error");
  }
  forgetSeat(tableId);
  app.socket.close();
  app.socket = null;
  connect();
}

// -- replay -------------------------------------------------------------------------------------------------
async function startReplay() {
  try {
    const data = await api(`/api/tables/${tableId}/replay`);
    app.replay = data;
    app.replayStep = data.steps.length - 1;
    renderAll();
  } catch (error) { notice(t("error", { message: error.message }), "error"); }
}

function stepTo(n) {
  app.replayStep = Math.max(0, Math.min(n, app.replay.steps.length - 1));
  renderAll();
}

function renderReplayControls() {
  const box = document.getElementById("replay");
  document.body.dataset.replayStep = app.replay ? app.replayStep : "";
  if (!app.replay) { box.replaceChildren(); return; }
  const total = app.replay.steps.length - 1;
  const step = app.replay.steps[app.replayStep];
  box.replaceChildren(el("h2", {}, t("replayOf")),
    el("p", { id: "replay-position" }, t("step", { n: app.replayStep, total }),
      step.move ? ` · ${step.move.t}` : ""),
    el("div", { class: "replay-buttons" },
      el("button", { id: "replay-first", onclick: () => stepTo(0) }, t("first")),
      el("button", { id: "replay-prev", onclick: () => stepTo(app.replayStep - 1) }, t("prev")),
      el("button", { id: "replay-next", onclick: () => stepTo(app.replayStep + 1) }, t("next")),
      el("button", { id: "replay-last", onclick: () => stepTo(total) }, t("last"))));
}

document.addEventListener("keydown", (event) => {
  if (!app.replay) return;
  if (event.key === "ArrowRight") stepTo(app.replayStep + 1);
  if (event.key === "ArrowLeft") stepTo(app.replayStep - 1);
});

connect();
