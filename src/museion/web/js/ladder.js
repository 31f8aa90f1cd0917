// The bots' ladder of one game (/ladder/GAME?players=N): bot accounts ranked by their ratings from rated games, and
// the server's own bot levels (fixed, published ratings) in the same list, so an agent is seen beside `expert`
// (GET /api/ladder/GAME).
import { api, el } from "./api.js";
import { renderHeader } from "./header.js";
import { requestError, t } from "./i18n.js";
import { playerName } from "./seats.js";

const game = decodeURIComponent(window.location.pathname.split("/").pop());
const main = document.getElementById("ladder-main");

function rows(ladder) {
  const entries = [
    ...ladder.bots.map((b) => ({ rating: b.rating, name: el("a", { href: `/players/${encodeURIComponent(b.username)}` }, b.username),
      games: b.games, provisional: b.provisional, key: b.username })),
    ...Object.entries(ladder.levels).map(([level, rating]) => ({ rating, games: "", provisional: false, key: `level:${level}`,
      name: t("web.ladder.level", { level: playerName({ kind: "bot", bot: level }, 0) }) })),
  ].sort((a, b) => b.rating - a.rating);
  return entries.map((e, i) => el("tr", { "data-entry": e.key }, el("td", { class: "num" }, i + 1), el("td", {}, e.name),
    el("td", { class: "num" }, e.provisional ? `${e.rating}?` : e.rating), el("td", { class: "num" }, e.games)));
}

async function start() {
  const players = new URLSearchParams(window.location.search).get("players");
  const catalogue = await api("/api/games");
  const info = catalogue.games.find((g) => g.name === game);
  const title = t("web.ladder.title", { game: info ? info.title : game });
  document.title = `${title} — Museion`;
  renderHeader(title, { back: true });
  let ladder;
  try {
    ladder = await api(`/api/ladder/${encodeURIComponent(game)}${players ? `?players=${encodeURIComponent(players)}` : ""}`);
  } catch (error) {
    main.replaceChildren(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
    return;
  }
  const head = el("tr", {}, el("th", { scope: "col", class: "num" }, t("web.ratings.rank")),
    el("th", { scope: "col" }, t("web.ladder.bot")), el("th", { scope: "col", class: "num" }, t("web.ratings.rating")),
    el("th", { scope: "col", class: "num" }, t("web.ratings.games")));
  main.replaceChildren(el("p", { class: "help" }, t("web.ladder.help")),
    ladder.bots.length ? null : el("p", { id: "no-bots" }, t("web.ladder.none")),
    el("div", { class: "table-frame", tabindex: "0", role: "region", "aria-label": title },
      el("table", { id: "ladder" }, el("thead", {}, head), el("tbody", {}, rows(ladder)))));
  document.body.dataset.ready = "1";
}

start();
