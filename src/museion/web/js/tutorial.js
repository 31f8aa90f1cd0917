// "Learn to play": a game's tutorial, one step at a time, on positions the server replayed on the engine
// (GET /api/games/NAME/tutorial). The place to tap is made clickable and marked with the table's own highlight
// (boards/svg.js activate); the opponent's replies are already in the next step's position. Progress is kept in
// this browser (localStorage), so a learner who leaves comes back to the same step. It ends at a real table
// against the bot the tutorial names.
import { api, el, keepSeat } from "./api.js";
import { activate, mark } from "./boards/svg.js";
import { boardFor, generic } from "./boards/index.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";

const game = decodeURIComponent(window.location.pathname.split("/").pop());
const STORE = `museion.tutorial.${game}`;
const $ = (id) => document.getElementById(id);
const lesson = { data: null, board: null, step: 0, selection: [] };

function saved() {
  try { return Math.max(0, Number(localStorage.getItem(STORE)) || 0); } catch (_e) { return 0; }
}

function keep(step) {
  try { localStorage.setItem(STORE, String(step)); } catch (_e) { /* no storage: progress lives on this page only */ }
}

async function main() {
  renderHeader(t("web.learn.title", { game }), { back: true });
  try {
    lesson.data = await api(`/api/games/${encodeURIComponent(game)}/tutorial?lang=${currentLanguage()}`);
  } catch (error) {
    $("lesson-text").textContent = t("web.error", { message: requestError(error) });
    return;
  }
  lesson.board = await boardFor(game);
  const title = t("web.learn.title", { game: lesson.data.title });
  document.title = title;
  renderHeader(title, { back: true, extra: [el("a", { id: "rules-link", href: `/rules/${game}` }, t("web.learn.rules_link"))] });
  goTo(Math.min(saved(), lesson.data.steps.length - 1));
  // redraw for a new width only (a phone's address bar showing or hiding resizes the height while scrolling)
  let width = window.innerWidth;
  window.addEventListener("resize", () => { if (window.innerWidth !== width) { width = window.innerWidth; drawBoard(); } });
}

function goTo(step) {
  lesson.step = step;
  lesson.selection = [];
  keep(step);
  draw();
  $("lesson-text").focus({ preventScroll: true });
}

function current() { return lesson.data.steps[lesson.step]; }

function draw() {
  const steps = lesson.data.steps;
  const step = current();
  const last = lesson.step === steps.length - 1;
  document.body.dataset.step = lesson.step;
  document.body.dataset.waiting = step.do ? "move" : "read";
  $("lesson-progress").textContent = t("web.learn.step", { n: lesson.step + 1, total: steps.length });
  $("lesson-text").textContent = step.say;
  $("lesson-tap").textContent = step.do ? t("web.learn.tap") : "";
  const buttons = [];
  if (lesson.step > 0) buttons.push(el("button", { type: "button", id: "lesson-back", class: "secondary", onclick: () => goTo(lesson.step - 1) }, t("web.learn.back")));
  if (!step.do && !last) buttons.push(el("button", { type: "button", id: "lesson-next", onclick: () => goTo(lesson.step + 1) }, t("web.learn.next")));
  if (step.do && !pathOf(step)) buttons.push(el("button", { type: "button", id: "lesson-play", onclick: done }, t("web.learn.play_it", { move: step.do })));
  if (last) buttons.push(el("button", { type: "button", id: "lesson-game", onclick: playBot }, t("web.learn.play_bot")));
  if (lesson.step > 0) buttons.push(el("button", { type: "button", id: "lesson-restart", class: "secondary", onclick: () => goTo(0) }, t("web.learn.restart")));
  $("lesson-buttons").replaceChildren(...buttons);
  drawBoard();
}

/** The board keys to tap, in order, for the step's move: its targets (null: none, or the generic board: the move
 * has a button). */
function pathOf(step) {
  return lesson.board !== generic && step.targets && step.targets.length ? step.targets : null;
}

function drawBoard() {
  if (!lesson.data) return;
  const step = current();
  const frame = $("board");
  const ctx = { names: lesson.data.names, seat: lesson.data.seat, toMove: step.to_move >= 0 ? step.to_move : null,
    narrow: frame.clientWidth < 600, targets: new Set(step.targets || []) };
  const node = lesson.board.render(step.view, ctx);
  frame.replaceChildren(node);
  const path = step.do && pathOf(step);
  if (!path || !(node instanceof SVGElement)) return;
  const next = path[lesson.selection.length];
  activate(node, new Set([next]), lesson.selection, tap);
  mark(node, [next], "lesson-target");
  reveal(node.querySelector(`.hit-target[data-for="${CSS.escape(next)}"]`));  // (what it marks may lie elsewhere too)
}

/** Scroll the place to tap into view below the lesson's panel (on a phone the board is taller than the screen). */
function reveal(spot) {
  if (!spot) return;
  const top = $("lesson-panel").getBoundingClientRect().bottom + 8;
  const rect = spot.getBoundingClientRect();
  if (rect.top < top) window.scrollBy(0, rect.top - top);
  else if (rect.bottom > window.innerHeight) window.scrollBy(0, Math.min(rect.bottom - window.innerHeight + 8, rect.top - top));
}

/** A tap on the marked place: the next part of the move's path; the move is made once its path is complete. */
function tap(key) {
  const path = pathOf(current());
  if (!path || key !== path[lesson.selection.length]) return;
  lesson.selection.push(key);
  if (lesson.selection.length === path.length) done();
  else drawBoard();
}

function done() {
  $("lesson-tap").textContent = "";
  goTo(lesson.step + 1);
}

/** The tutorial's end: a real table, the learner at their seat and the easy bot at the others. */
async function playBot() {
  const data = lesson.data;
  const seats = data.names.map((_n, p) => (p === data.seat ? "human" : `bot:${data.bot}`));
  const name = localStorage.getItem("museion.name");
  try {
    const table = await api("/api/tables", { game, options: data.options, seats, join: data.seat, name: name || null });
    if (table.token) keepSeat(table.id, table.seat, table.token);
    keep(0);
    window.location.href = `/table/${table.id}`;
  } catch (error) {
    $("lesson-tap").textContent = t("web.error", { message: requestError(error) });
  }
}

main();
