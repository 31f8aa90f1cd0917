// Quick pairing in the lobby (docs/web.md "Quick pairing"): a "play now" button per game on the first screen,
// the players waiting (one tap plays them: the same seek), the open tables; a seek is followed by a long poll
// (GET /api/seeks/ID?wait=25) until it is paired, and the seat's token is kept like any other seat's.
import { api, el, keepSeat } from "./api.js";
import { requestError, t } from "./i18n.js";
import { playerName } from "./seats.js";

export const QUICK_CLOCK = { mode: "live", base: 600, increment: 5 };
const WAIT_S = 25;
let current = null;  // the seek this page waits for: {id, game}
let signedIn = null;  // the signed-in account ({username}), or null for a guest
let titles = {};

async function send(method, path) {
  const response = await fetch(path, { method });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error((data && data.message) || String(response.status)), data || {});
  return data;
}

function status(text, ...extra) {
  document.getElementById("seek-status").replaceChildren(...(text ? [el("span", {}, text)] : []), ...extra);
}

function paired(seek) {
  keepSeat(seek.table, seek.seat, seek.token);
  status(t("web.seek.paired"));
  window.location.href = `/table/${seek.table}`;
}

async function follow(seek) {
  current = { id: seek.id, game: seek.game };
  while (current && current.id === seek.id) {
    if (seek.status === "paired") { current = null; paired(seek); return; }
    if (seek.status !== "waiting" && seek.status !== "pairing") {
      current = null;
      status(seek.status === "failed" ? t("web.seek.failed", { code: seek.error }) : t("web.seek.expired"));
      return;
    }
    status(t("web.seek.waiting", { game: titles[seek.game] || seek.game }),
      " ", el("button", { type: "button", id: "seek-cancel", onclick: cancel }, t("web.seek.cancel")));
    try {
      seek = await send("GET", `/api/seeks/${seek.id}?wait=${WAIT_S}`);
    } catch (_e) {
      await new Promise((resolve) => { setTimeout(resolve, 3000); });
    }
  }
}

async function cancel() {
  if (!current) return;
  const { id } = current;
  current = null;
  const seek = await send("DELETE", `/api/seeks/${id}`).catch(() => null);
  if (seek && seek.status === "paired") { paired(seek); return; }
  status("");
}

/** Ask for a game (from a "play now" button, or one tap on a waiting player's seek). */
export async function seek(body) {
  if (current) await cancel();
  try {
    follow(await api("/api/seeks", body));
  } catch (error) {
    status(t("web.error", { message: requestError(error) }));
  }
}

function clockText(clock) {
  return clock && clock.mode === "live"
    ? ` · ${t("web.clock.live", { base: `${Math.round(clock.base / 60)} min`, increment: `${clock.increment} s` })}` : "";
}

function seekItem(s) {
  const text = t("web.seek.entry", { player: s.player || t("web.seek.guest"), game: titles[s.game] || s.game,
    players: s.players, clock: clockText(s.clock), rated: s.rated ? ` · ${t("web.rated")}` : "" });
  const body = { game: s.game, players: s.players, options: s.options, rated: s.rated };
  if (s.clock) body.clock = { mode: s.clock.mode, base: s.clock.base, increment: s.clock.increment };
  const yours = signedIn && s.player === signedIn.username;
  if (yours) return el("li", { class: "seek-item" }, text, el("em", {}, ` (${t("web.you")})`));
  const barred = s.rated && !signedIn;  // a guest cannot take a rated seek
  return el("li", { class: "seek-item" }, text, " ",
    barred ? null : el("button", { type: "button", class: "seek-accept", onclick: () => seek(body) }, t("web.seek.accept")));
}

/** The players waiting now (polled with the lobby's lists). */
export async function refreshSeeks() {
  const box = document.getElementById("seek-list");
  if (!box) return;
  const { seeks } = await api("/api/seeks").catch(() => ({ seeks: [] }));
  box.replaceChildren(seeks.length ? el("ul", {}, seeks.map(seekItem)) : el("p", {}, t("web.seek.none")));
}

/** The open tables, each one tap from its seat (the lobby's list, shown again on the first screen). */
export function renderOpenTables(open) {
  const box = document.getElementById("quick-open");
  if (!box) return;
  box.replaceChildren(...(open.length ? [el("ul", {}, open.slice(0, 5).map((table) => el("li", {},
    el("a", { href: `/table/${table.id}`, class: "open-table" }, `${t("web.list_action.open")}: ${table.title}`),
    ` — ${table.seats.map((s, i) => (s.taken ? playerName(s, i) : t("web.free_seat"))).join(t("web.versus"))}`)))]
    : [el("p", {}, t("web.none"))]));
}

/** The section: a button per game, the waiting players, the open tables, and a link down to the full form. */
export function renderQuick(games, account) {
  signedIn = account || null;
  titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  document.getElementById("quick").replaceChildren(
    el("h2", { id: "quick-h" }, t("web.seek.title")),
    el("p", { class: "description" }, t("web.seek.help")),
    el("div", { class: "play-now" }, games.map((g) => el("button", { type: "button", class: "play-now-button",
      "data-game": g.name, onclick: () => seek({ game: g.name, players: g.default_players, clock: QUICK_CLOCK,
        rated: Boolean(signedIn) }) }, t("web.seek.play", { game: g.title })))),
    el("p", { id: "seek-status", role: "status" }),
    el("details", { id: "seek-open", open: true }, el("summary", {}, t("web.seek.open")), el("div", { id: "seek-list" })),
    el("details", { id: "quick-tables" }, el("summary", {}, t("web.seek.open_tables")), el("div", { id: "quick-open" })),
    el("p", {}, el("a", { href: "#create-h", class: "create-link" }, t("web.seek.create_link"))));
  refreshSeeks();
}
