// The leaderboard of one game (/ratings/GAME?players=N): players who show their ratings, settled ratings first,
// provisional ones marked "?", a page at a time; the bots' fixed ratings beside them (GET /api/ratings/GAME).
import { api, el } from "./api.js";
import { renderHeader } from "./header.js";
import { requestError, t } from "./i18n.js";
import { playerName } from "./seats.js";

const PAGE = 50;
const game = decodeURIComponent(window.location.pathname.split("/").pop());
const main = document.getElementById("ratings-main");

function asked() {
  const params = new URLSearchParams(window.location.search);
  return { players: params.get("players"), offset: Math.max(0, Number(params.get("offset")) || 0) };
}

function go(players, offset) {
  const params = new URLSearchParams({ players: String(players) });
  if (offset) params.set("offset", String(offset));
  window.location.search = params.toString();
}

async function main_() {
  const { players, offset } = asked();
  const catalogue = await api("/api/games");
  const info = catalogue.games.find((g) => g.name === game);
  const title = t("web.ratings.title", { game: info ? info.title : game });
  document.title = `${title} — Museion`;
  renderHeader(title, { back: true });
  let board;
  try {
    board = await api(`/api/ratings/${encodeURIComponent(game)}?limit=${PAGE}&offset=${offset}`
      + (players ? `&players=${encodeURIComponent(players)}` : ""));
  } catch (error) {
    main.replaceChildren(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
    return;
  }
  const counts = (info ? info.options.find((o) => o.name === "players") : null)?.choices?.map((c) => c.value)
    || [board.players];
  const select = el("select", { id: "players-choice", onchange: (e) => go(e.target.value, 0) },
    counts.map((n) => el("option", { value: String(n), selected: n === board.players }, String(n))));
  main.replaceChildren(
    el("div", { class: "field" }, el("label", { for: "players-choice" }, t("web.ratings.players")), select),
    el("p", {}, t("web.ratings.count", { n: board.total })),
    board.ratings.length ? ranking(board) : el("p", { id: "no-ratings" }, t("web.ratings.none")),
    pages(board),
    el("p", { class: "help" }, t("web.ratings.provisional", { n: board.provisional_games })),
    bots(board));
  document.body.dataset.ready = "1";
}

function ranking(board) {
  const head = el("tr", {}, el("th", { scope: "col", class: "num" }, t("web.ratings.rank")),
    el("th", { scope: "col" }, t("web.ratings.player")), el("th", { scope: "col", class: "num" }, t("web.ratings.rating")),
    el("th", { scope: "col", class: "num" }, t("web.ratings.games")));
  const rows = board.ratings.map((r) => el("tr", { "data-player": r.username },
    el("td", { class: "num" }, r.rank),
    el("td", {}, el("a", { href: `/players/${encodeURIComponent(r.username)}` }, r.username)),
    el("td", { class: "num" }, r.provisional ? `${r.rating}?` : r.rating), el("td", { class: "num" }, r.games)));
  return el("div", { class: "table-frame", tabindex: "0", role: "region", "aria-labelledby": "title" },
    el("table", { id: "leaderboard" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function pages(board) {
  const links = [];
  if (board.offset > 0) {
    links.push(el("button", { type: "button", id: "previous-page", onclick: () => go(board.players, Math.max(0, board.offset - PAGE)) },
      t("web.ratings.previous")));
  }
  if (board.offset + board.ratings.length < board.total) {
    links.push(el("button", { type: "button", id: "next-page", onclick: () => go(board.players, board.offset + PAGE) },
      t("web.ratings.next")));
  }
  return el("div", { class: "pages" }, links);
}

function bots(board) {
  const entries = Object.entries(board.bots);
  if (!entries.length) return null;
  return el("section", { "aria-labelledby": "bots-h" }, el("h2", { id: "bots-h" }, t("web.ratings.bots")),
    el("ul", { id: "bot-ratings" }, entries.map(([bot, rating]) => el("li", {}, `${playerName({ kind: "bot", bot }, 0)}: ${rating}`))));
}

main_();
