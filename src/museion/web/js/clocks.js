// The clocks of a table on the board page: one per seat, the running one counted down here between the server's
// messages (the server's clock is the authority), a low-time warning in words and colour, the table news (timeouts,
// bots taking over, players coming back) read out in a live region, and the creator's buttons for abandoned seats.
import { api, el, heldSeat } from "./api.js";
import { t, term } from "./i18n.js";

/** Seconds as a clock shows them: 1:05:09, 4:07, 0:09; days for turn-based clocks ("2 d 03:00"). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (days > 0) return `${t("web.clock.days", { n: days })} ${two(h)}:${two(m)}`;
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

const CREATOR = (tableId) => `museion.creator.${tableId}`;
const state = { msg: null, names: [], received: 0, timer: null, noticed: null, tableId: null };

/** Keep the creator token of a table this browser created (the lobby calls this). */
export function keepCreator(tableId, token) {
  try { localStorage.setItem(CREATOR(tableId), token); } catch (_e) { /* no storage: no creator buttons */ }
}

function creatorToken(tableId) {
  try { return localStorage.getItem(CREATOR(tableId)); } catch (_e) { return null; }
}

/** Show the clocks and news of a state message (called by table.js for every state message). */
export function showClocks(tableId, msg, names) {
  state.tableId = tableId;
  state.msg = msg;
  state.names = names;
  state.received = performance.now();
  const box = ensureBox();
  box.hidden = !msg.clock && !(msg.notices || []).length && !creatorToken(tableId);
  renderClocks();
  renderNews(msg.notices || []);
  renderCreator(tableId, msg);
  if (state.timer === null) state.timer = setInterval(renderClocks, 1000);
}

function ensureBox() {
  let box = document.getElementById("clocks");
  if (box) return box;
  box = el("section", { id: "clocks", "aria-labelledby": "clocks-h" },
    el("h2", { id: "clocks-h", text: t("web.clock.clocks") }),
    el("p", { id: "clock-mode", class: "hint" }),
    el("ul", { id: "clock-list" }),
    el("div", { id: "clock-news-box" }),
    el("div", { id: "creator-box" }),
    el("div", { id: "clock-announce", class: "visually-hidden", role: "status", "aria-live": "polite" }));
  const side = document.getElementById("side") || document.body;
  const seats = document.getElementById("seats");
  if (seats && seats.parentNode === side) side.insertBefore(box, seats); else side.prepend(box);
  return box;
}

function leftNow(clock, seat) {
  const left = clock.left[seat];
  if (clock.running !== seat || state.msg.status === "finished") return left;
  return Math.max(0, left - (performance.now() - state.received) / 1000);
}

function renderClocks() {
  const msg = state.msg;
  const list = document.getElementById("clock-list");
  const mode = document.getElementById("clock-mode");
  if (!msg || !list) return;
  const clock = msg.clock;
  document.getElementById("clocks-h").hidden = !clock;
  if (!clock) { list.replaceChildren(); mode.textContent = ""; return; }
  mode.textContent = clock.mode === "live"
    ? t("web.clock.live", { base: clockText(clock.base), increment: `${clock.increment} s` })
    : t("web.clock.turn", { per_move: clockText(clock.per_move), base: clockText(clock.base) });
  list.replaceChildren(...msg.seats.map((seat) => {
    const left = leftNow(clock, seat.seat);
    const running = clock.running === seat.seat;
    const low = left <= clock.low_at && !seat.forfeit && !seat.standin && seat.kind === "human";
    const bot = seat.standin ? term(`web.level.${seat.standin}`, seat.standin) : "";
    const stateText = seat.forfeit ? t("web.clock.forfeit") : seat.standin ? t("web.clock.standin", { bot })
      : running ? t("web.clock.running") : "";
    return el("li", { class: ["clock", running ? "running" : "", low ? "low" : ""].join(" ").trim(),
      "data-seat": seat.seat },
      el("span", { class: "clock-name", text: state.names[seat.seat] ?? seat.name }),
      seat.kind === "human" ? el("span", { class: "clock-time", text: clockText(left) }) : null,
      stateText ? el("span", { class: "clock-state", text: stateText }) : null,
      low ? el("strong", { class: "clock-low", text: t("web.clock.low") }) : null);
  }));
}

function renderNews(notices) {
  const box = document.getElementById("clock-news-box");
  if (!notices.length) { box.replaceChildren(); return; }
  box.replaceChildren(el("h3", { text: t("web.clock.news") }),
    el("ol", { id: "clock-news" }, notices.map((n) => el("li", { "data-key": n.key, text: n.text }))));
  if (state.noticed !== null && notices.length > state.noticed) {
    document.getElementById("clock-announce").textContent = notices.slice(state.noticed).map((n) => n.text).join(" ");
  }
  state.noticed = notices.length;
}

function renderCreator(tableId, msg) {
  const box = document.getElementById("creator-box");
  const token = creatorToken(tableId);
  const mine = heldSeat(tableId);
  if (!token || msg.status === "finished") { box.replaceChildren(); return; }
  const seats = msg.seats.filter((s) => s.kind === "human" && (!mine || mine.seat !== s.seat) && !s.forfeit);
  const result = el("p", { id: "creator-result", class: "hint", role: "status" });
  const act = (path, body) => async () => {
    try {
      const answer = await api(path, body);
      result.textContent = answer.invite
        ? t("web.clock.invite_link", { link: `${window.location.origin}${answer.invite}` }) : t("web.clock.creator_done");
    } catch (error) { result.textContent = error.message; }
  };
  // a seat its player holds is not given away from under them: only a free seat or one a bot stands in for
  const handable = (s) => !s.taken || Boolean(s.standin);
  box.replaceChildren(...seats.map((s) => el("p", { class: "creator-actions" },
    handable(s) ? el("button", { type: "button", class: "hand-to-bot", onclick: act(`/api/tables/${tableId}/seats/${s.seat}/bot`,
      { creator_token: token, bot: (msg.clock && msg.clock.bot) || "easy" }), text: t("web.clock.hand_to_bot", { n: s.seat + 1 }) }) : null,
    " ",
    el("button", { type: "button", onclick: act(`/api/tables/${tableId}/seats/${s.seat}/invite`,
      { creator_token: token }), text: t("web.clock.reinvite", { n: s.seat + 1 }) }))), result);
}

// -- the lobby's choice of clock ----------------------------------------------------------------------------
/** The lobby form's fieldset for the time control (none by default). */
export function clockFieldset() {
  const number = (id, value, min, max) => el("input", { id, type: "number", value, min, max, step: "1" });
  const mode = el("select", { id: "clock-mode-choice" },
    el("option", { value: "none" }, t("web.clock.none")), el("option", { value: "live" }, t("web.clock.live_mode")),
    el("option", { value: "turn" }, t("web.clock.turn_mode")));
  const live = el("div", { id: "clock-live", hidden: true },
    el("label", {}, `${t("web.clock.minutes")} `, number("clock-minutes", "10", "1", "180")),
    el("label", {}, `${t("web.clock.increment")} `, number("clock-increment", "5", "0", "600")));
  const turn = el("div", { id: "clock-turn", hidden: true },
    el("label", {}, `${t("web.clock.hours_per_move")} `, number("clock-hours", "24", "1", "336")),
    el("label", {}, `${t("web.clock.reserve_hours")} `, number("clock-reserve", "48", "0", "720")));
  const timeout = el("select", { id: "clock-timeout" },
    el("option", { value: "bot" }, t("web.clock.takeover")), el("option", { value: "forfeit" }, t("web.clock.forfeit_choice")));
  const onTimeout = el("label", { id: "clock-on-timeout", hidden: true }, `${t("web.clock.on_timeout")} `, timeout);
  mode.addEventListener("change", () => {
    live.hidden = mode.value !== "live";
    turn.hidden = mode.value !== "turn";
    onTimeout.hidden = mode.value === "none";
  });
  return el("fieldset", { id: "clock-choice" }, el("legend", {}, t("web.clock.mode")),
    el("label", {}, `${t("web.clock.mode")} `, mode), live, turn, onTimeout);
}

/** The `clock` of a creation request from the lobby form, or null for none. */
export function readClock() {
  const value = (id) => Number(document.getElementById(id).value);
  const mode = document.getElementById("clock-mode-choice");
  if (!mode || mode.value === "none") return null;
  const onTimeout = document.getElementById("clock-timeout").value;
  if (mode.value === "live") {
    return { mode: "live", base: Math.round(value("clock-minutes") * 60), increment: Math.round(value("clock-increment")),
      on_timeout: onTimeout };
  }
  return { mode: "turn", per_move: Math.round(value("clock-hours") * 3600), base: Math.round(value("clock-reserve") * 3600),
    on_timeout: onTimeout };
}
