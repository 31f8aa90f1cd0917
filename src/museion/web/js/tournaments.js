// The tournaments (/tournaments): those open for entry, being played and finished, each with Join or Withdraw for a
// signed-in player (GET /api/tournaments says which they entered), and a form that creates one (POST
// /api/tournaments: game, players at a table, format, rounds or minutes, clock, rated, start, bots allowed).
import { api, el } from "./api.js";
import { clockFieldset, readClock } from "./clocks.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { call, me } from "./session.js";

const POLL_MS = 10000;
const STATUSES = ["waiting", "running", "finished"];
const PLAYERS = { swiss: 2, groups: 3, arena: 2 };
let account = null;
let games = [];

function title(item) {
  const info = games.find((g) => g.name === item.game);
  return t("web.tournament.title", { game: info ? info.title : item.game });
}

function facts(item) {
  const when = new Date(item.starts * 1000).toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return [
    item.status === "running" ? t("web.tournament.running", { round: item.round }) : null,
    item.status === "waiting" ? t("web.tournament.waiting", { when }) : null,
    t(`web.tournament.format.${item.format}`, { rounds: item.rounds, players: item.players }),
    t(item.rated ? "web.tournament.rated" : "web.tournament.casual"),
    item.bots_allowed ? t("web.tournament.bots") : null,
    t("web.tournament.entrants", { n: item.entrants }),
  ].filter(Boolean).join(" · ");
}

function button(item) {
  if (!account || item.status === "finished") return null;
  const what = item.joined ? "withdraw" : "join";
  return el("button", { type: "button", class: what, "aria-describedby": `t-${item.id}`,
    onclick: () => act(item.id, what) }, t(`web.tournament.${what}`));
}

function entry(item) {
  return el("li", { "data-id": item.id, "data-status": item.status },
    el("a", { id: `t-${item.id}`, href: `/tournaments/${encodeURIComponent(item.id)}` }, title(item)),
    el("p", { class: "facts" }, facts(item)), el("div", { class: "field" }, button(item)));
}

function lists(tournaments) {
  return STATUSES.map((status) => {
    const items = tournaments.filter((item) => item.status === status);
    return el("section", { id: `list-${status}`, "aria-labelledby": `list-${status}-h` },
      el("h3", { id: `list-${status}-h` }, t(`web.tournaments.${status}`)),
      items.length ? el("ul", { class: "tournament-list" }, items.map(entry)) : el("p", { class: "help" }, t("web.tournaments.none")));
  });
}

async function refresh() {
  const box = document.getElementById("lists");
  try {
    const answer = await call("GET", "/api/tournaments");
    box.replaceChildren(el("h2", { id: "lists-h" }, t("web.tournaments.title")), ...lists(answer.tournaments));
    document.body.dataset.ready = "1";
  } catch (error) {
    box.replaceChildren(el("h2", { id: "lists-h" }, t("web.tournaments.title")),
      el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
  }
}

async function act(id, what) {
  try {
    await call("POST", `/api/tournaments/${encodeURIComponent(id)}/${what}`, {});
  } catch (error) {
    document.getElementById("create-error").textContent = t("web.error", { message: requestError(error) });
  }
  await refresh();
}

function field(id, label, control) {
  return el("div", { class: "field" }, el("label", { for: id }, t(label)), control);
}

function localTime(seconds) {
  const d = new Date(seconds * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

function form() {
  const players = el("input", { id: "t-players", type: "number", min: "2", max: "4", step: "1", value: "2", required: true });
  const format = el("select", { id: "t-format", onchange: () => { players.value = String(PLAYERS[format.value]); } },
    Object.keys(PLAYERS).map((f) => el("option", { value: f }, t(`web.tournaments.format.${f}`))));
  const check = (id, label) => el("div", { class: "field" }, el("input", { id, type: "checkbox" }), el("label", { for: id }, t(label)));
  return el("form", { id: "tournament-form", onsubmit: (e) => { e.preventDefault(); create(); } },
    field("t-game", "web.tournaments.game", el("select", { id: "t-game" }, games.map((g) => el("option", { value: g.name }, g.title)))),
    field("t-format", "web.tournaments.format", format),
    field("t-players", "web.tournaments.players", players),
    field("t-rounds", "web.tournaments.rounds", el("input", { id: "t-rounds", type: "number", min: "1", max: "240", step: "1", value: "3", required: true })),
    clockFieldset(),
    check("t-rated", "web.tournaments.rated"),
    field("t-starts", "web.tournaments.starts", el("input", { id: "t-starts", type: "datetime-local", step: "1", required: true,
      value: localTime(Math.ceil(Date.now() / 3600000) * 3600 + 3600) })),
    check("t-bots", "web.tournaments.bots"),
    el("button", { type: "submit", id: "t-create" }, t("web.tournaments.submit")),
    el("p", { id: "create-error", class: "error", role: "alert" }),
    el("p", { id: "create-done", role: "status" }));
}

async function create() {
  const value = (id) => document.getElementById(id).value;
  const body = { game: value("t-game"), format: value("t-format"), players: Number(value("t-players")),
    rounds: Number(value("t-rounds")), rated: document.getElementById("t-rated").checked,
    starts: new Date(value("t-starts")).getTime() / 1000, bots_allowed: document.getElementById("t-bots").checked };
  const clock = readClock();
  if (clock) body.clock = clock;
  document.getElementById("create-error").textContent = "";
  try {
    await call("POST", "/api/tournaments", body);
    document.getElementById("create-done").textContent = t("web.tournaments.created");
  } catch (error) {
    document.getElementById("create-error").textContent = t("web.error", { message: requestError(error) });
  }
  await refresh();
}

async function start() {
  document.title = `${t("web.tournaments.title")} — Museion`;
  renderHeader(t("web.tournaments.title"), { back: true });
  account = await me().catch(() => null);
  games = (await api(`/api/games?lang=${currentLanguage()}`)).games;
  document.getElementById("create").replaceChildren(el("h2", { id: "create-h" }, t("web.tournaments.create")),
    account ? form() : el("p", {}, el("a", { href: "/account" }, t("web.tournaments.sign_in"))));
  await refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, POLL_MS);
}

start();
