// A tournament's page (/tournaments/ID): what it is, join or withdraw, the standings and every round's tables,
// read again every few seconds (GET /api/tournaments/ID; a signed-in reader counts as present for the next
// round). The player's table of the round being played is a link at the top.
import { api, el } from "./api.js";
import { renderHeader } from "./header.js";
import { requestError, t } from "./i18n.js";
import { call, me } from "./session.js";

const POLL_MS = 3000;
const id = decodeURIComponent(window.location.pathname.split("/").pop());
const main = document.getElementById("tournament-main");
let account = null;
let title = null;

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
}

function status(page) {
  if (page.status === "waiting") return t("web.tournament.waiting", { when: when(page.starts) });
  if (page.status === "running") return t("web.tournament.running", { round: page.round });
  return t("web.tournament.finished");
}

function facts(page) {
  return el("p", { id: "facts" }, [
    t(`web.tournament.format.${page.format}`, { rounds: page.rounds, players: page.players }),
    t(page.rated ? "web.tournament.rated" : "web.tournament.casual"),
    page.bots_allowed ? t("web.tournament.bots") : null,
    t("web.tournament.entrants", { n: page.entrants }),
  ].filter(Boolean).join(" · "));
}

function mine(page) {
  if (!account) return null;
  const entry = page.standings.find((s) => s.username === account.username);
  const playing = page.games.find((g) => g.points === null && g.kind === "game" && g.players.includes(account.username));
  const parts = [];
  if (playing) {
    parts.push(el("a", { id: "your-table", class: "button", href: `/table/${encodeURIComponent(playing.table)}` },
      t("web.tournament.your_table", { round: playing.round })));
  }
  if (page.status !== "finished") {
    const joined = entry && !entry.withdrawn;
    parts.push(el("button", { type: "button", id: joined ? "withdraw" : "join", onclick: () => act(joined ? "withdraw" : "join") },
      t(joined ? "web.tournament.withdraw" : "web.tournament.join")));
    if (joined) parts.push(el("p", { class: "help" }, t("web.tournament.present")));
  }
  return el("div", { class: "field" }, parts);
}

function standings(page) {
  if (!page.standings.length) return el("p", { id: "no-entrants" }, t("web.tournament.none"));
  const tiebreak = page.format === "swiss" ? "web.tournament.buchholz" : "web.tournament.scores";
  const head = el("tr", {}, el("th", { scope: "col", class: "num" }, t("web.tournament.rank")),
    el("th", { scope: "col" }, t("web.tournament.player")), el("th", { scope: "col", class: "num" }, t("web.tournament.points")),
    el("th", { scope: "col", class: "num" }, t(tiebreak)));
  const rows = page.standings.map((s) => el("tr", { "data-player": s.username },
    el("td", { class: "num" }, s.rank),
    el("td", {}, el("a", { href: `/players/${encodeURIComponent(s.username)}` }, s.username),
      s.withdrawn ? ` (${t("web.tournament.withdrawn")})` : "", s.playing ? ` · ${t("web.tournament.playing")}` : ""),
    el("td", { class: "num" }, s.points), el("td", { class: "num" }, s.tiebreak)));
  return el("div", { class: "table-frame", tabindex: "0", role: "region", "aria-labelledby": "standings-h" },
    el("table", { id: "standings" }, el("thead", {}, head), el("tbody", {}, rows)));
}

function game(g) {
  if (g.kind !== "game") return el("li", {}, t(`web.tournament.${g.kind}`, { player: g.players[0] }));
  const score = g.points ? ` (${g.points.join(" – ")})` : ` · ${t("web.tournament.playing")}`;
  return el("li", {}, `${g.players.join(" – ")}${score} `,
    el("a", { href: `/table/${encodeURIComponent(g.table)}` }, t("web.tournament.watch")));
}

function rounds(page) {
  const numbers = [...new Set(page.games.map((g) => g.round))].sort((a, b) => b - a);
  return el("section", { "aria-labelledby": "rounds-h" }, el("h2", { id: "rounds-h" }, t("web.tournament.rounds")),
    numbers.map((n) => el("div", { class: "round", "data-round": n }, el("h3", {}, t("web.tournament.round", { round: n })),
      el("ul", {}, page.games.filter((g) => g.round === n).map(game)))));
}

function draw(page) {
  main.replaceChildren(
    el("p", { id: "status", "aria-live": "polite" }, status(page)), facts(page),
    account ? mine(page) : (page.status === "finished" ? null : el("p", {}, el("a", { href: "/account" }, t("web.tournament.sign_in")))),
    el("h2", { id: "standings-h" }, t("web.tournament.standings")), standings(page), rounds(page));
  document.body.dataset.status = page.status;
  document.body.dataset.ready = "1";
}

async function act(what) {
  try {
    draw(await call("POST", `/api/tournaments/${encodeURIComponent(id)}/${what}`, {}));
  } catch (error) {
    main.prepend(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
  }
}

async function refresh() {
  try {
    const page = await call("GET", `/api/tournaments/${encodeURIComponent(id)}`);
    if (!title) {
      const catalogue = await api("/api/games");
      const info = catalogue.games.find((g) => g.name === page.game);
      title = t("web.tournament.title", { game: info ? info.title : page.game });
      document.title = `${title} — Museion`;
      renderHeader(title, { back: true });
    }
    draw(page);
  } catch (error) {
    main.replaceChildren(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
  }
  if (document.body.dataset.status !== "finished") setTimeout(refresh, POLL_MS);
}

account = await me().catch(() => null);
refresh();
