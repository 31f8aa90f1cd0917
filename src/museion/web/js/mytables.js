// "My tables": every table this browser holds a seat token for (localStorage), with whose turn it is and the
// time left, polled from the server (the tokens travel in a POST body, never in a URL). The tab title counts the
// tables waiting for this browser's move ("(2) museion"); opt-in browser notifications say when one becomes so.
import { api, el } from "./api.js";
import { clockText } from "./clocks.js";
import { currentLanguage, t } from "./i18n.js";
import { announceInvitations, renderInvitations } from "./invitations.js";
import { playerName } from "./seats.js";

const POLL_MS = 15000;
const SEAT_PREFIX = "museion.seat.";
const turns = new Map();  // table -> whether it was this browser's turn at the last poll

/** Every (table, token) this browser holds. */
export function heldSeats() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(SEAT_PREFIX)) continue;
      const held = JSON.parse(localStorage.getItem(key) || "null");
      if (held && held.token) out.push({ table: key.slice(SEAT_PREFIX.length), token: held.token });
    }
  } catch (_e) { /* no storage: no tables */ }
  return out.slice(0, 50);
}

/** The server's answer for the held seats and, when signed in (the session cookie), the account's seats on
 * every device (asked even with no seat here: the cookie is HttpOnly, the page cannot tell). */
export async function myTables() {
  return api("/api/my-tables", { seats: heldSeats() });
}

function setTitle(waiting) {
  document.title = waiting > 0 ? `(${waiting}) museion` : "museion";
}

function notifyTurns(answer) {
  for (const table of answer.tables) {
    const before = turns.get(table.table);
    turns.set(table.table, Boolean(table.your_turn));
    if (table.your_turn && before === false && "Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("web.clock.notify_title", { game: table.title }), { tag: table.table });
      note.onclick = () => { window.focus(); window.location.href = `/table/${table.table}`; };
    }
  }
}

/** Poll every POLL_MS: the tab title counts the waiting tables, notifications announce new turns, `render`
 * (if given) shows the answer. */
export function watchWaiting(render = null) {
  const once = async () => {
    try {
      const answer = await myTables();
      setTitle(answer.waiting);
      notifyTurns(answer);
      announceInvitations(answer);  // seats friends hold for this account (invitations.js)
      if (render) render(answer);
    } catch (error) {
      if (render) render(null, error);
    }
  };
  once();
  return setInterval(once, POLL_MS);
}

function turnText(table) {
  if (table.status === "finished") return t("web.clock.finished");
  if (table.status === "open") return t("web.clock.open");
  if (table.your_turn) return t("web.clock.your_turn");
  const seat = table.seats.find((s) => s.seat === table.to_move);
  return seat ? t("web.clock.their_turn", { name: playerName(seat, seat.seat) }) : "";
}

/** The other seats' players, by name ("Tholos · against ana"), or "free seat" for those nobody took yet. */
function opponents(table) {
  const others = table.seats.filter((s) => s.seat !== table.seat)
    .map((s) => (s.taken ? playerName(s, s.seat) : t("web.free_seat")));
  return t("web.clock.against", { game: table.title, players: others.join(", ") });
}

function clockCell(table) {
  if (!table.clock) return t("web.clock.no_clock");
  const left = table.clock.left[table.seat];
  const low = table.clock.low[table.seat];
  return el("span", { class: low ? "clock-time low" : "clock-time" }, t("web.clock.time_left", { time: clockText(left) }),
    low ? el("strong", { class: "clock-low", text: ` ${t("web.clock.low")}` }) : null);
}

function renderPage(answer, error) {
  const box = document.getElementById("my-tables");
  if (!answer) { box.replaceChildren(el("p", { class: "error", text: error ? error.message : "" })); return; }
  renderInvitations(answer, document.getElementById("invitations"), () => myTables().then((a) => renderPage(a)));
  document.getElementById("waiting").textContent = t("web.clock.waiting_count", { n: answer.waiting });
  const rows = answer.tables.filter((t) => !t.error);
  if (!rows.length && answer.invitations && answer.invitations.length) { box.replaceChildren(); return; }
  if (!rows.length) { box.replaceChildren(el("p", { text: t("web.clock.no_tables") })); return; }
  rows.sort((a, b) => Number(b.your_turn) - Number(a.your_turn));
  box.replaceChildren(el("table", { class: "my-tables" },
    el("thead", {}, el("tr", {}, [t("web.clock.table"), t("web.clock.seat_col"), t("web.clock.turn_col"), t("web.clock.clock_col")]
      .map((text) => el("th", { scope: "col", text })))),
    el("tbody", {}, rows.map((t) => el("tr", { "data-table": t.table, class: t.your_turn ? "your-turn" : "" },
      el("td", {}, el("a", { href: `/table/${encodeURIComponent(t.table)}` }, opponents(t))),
      el("td", { text: t.seats[t.seat] ? playerName(t.seats[t.seat], t.seat) : String(t.seat + 1) }),
      el("td", {}, t.your_turn ? el("strong", { text: turnText(t) }) : turnText(t)),
      el("td", {}, clockCell(t)))))));
}

function setupNotifications() {
  const button = document.getElementById("notify");
  const stateBox = document.getElementById("notify-state");
  const show = () => {
    const permission = "Notification" in window ? Notification.permission : "denied";
    button.hidden = permission !== "default";
    stateBox.textContent = permission === "granted" ? t("web.clock.notify_on") : permission === "denied" ? t("web.clock.notify_denied") : "";
  };
  button.textContent = t("web.clock.notify");
  button.addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    show();
  });
  show();
}

if (document.getElementById("my-tables")) {
  document.documentElement.lang = currentLanguage();
  document.getElementById("title").textContent = t("web.clock.my_tables");
  document.getElementById("lobby-link").textContent = t("web.clock.lobby");
  setupNotifications();
  watchWaiting(renderPage);
}

/** The lobby's link to this page, with the tab title counting the tables that wait for this browser;
 * `seen(answer)` (if given) gets every answer (the lobby marks your seats with it). */
export function myTablesLink(seen = null) {
  const link = document.getElementById("my-tables-link");
  if (!link) return;
  link.textContent = t("web.clock.my_tables");
  watchWaiting((answer) => {
    if (answer && seen) seen(answer);
    const count = answer ? answer.waiting + (answer.invitations || []).length : 0;  // turns and invitations waiting
    link.textContent = count ? `${t("web.clock.my_tables")} (${count})` : t("web.clock.my_tables");
  });
}
