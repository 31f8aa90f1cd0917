// A player's page (/players/NAME): what the player chose to show (GET /api/players/NAME): the languages they
// speak, each rating with its history drawn as an inline SVG line chart, games per game and the recent games,
// each linking to its replay (where its analysis is too). A private profile shows the name alone.
import { api, el } from "./api.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const name = decodeURIComponent(window.location.pathname.split("/").pop());
const main = document.getElementById("ratings-main");

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

async function start() {
  let profile;
  let titles = {};
  try {
    [profile, titles] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), gameTitles()]);
  } catch (error) {
    renderHeader(name, { back: true });
    main.replaceChildren(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
    document.body.dataset.ready = "1";
    return;
  }
  const shown = profile.bot ? t("web.bot_account_name", { name: profile.username }) : profile.username;
  const title = t("web.profile.title", { name: shown });
  document.title = `${title} — Museion`;
  renderHeader(title, { back: true });
  const title_ = (game) => titles[game] || game;
  main.replaceChildren(...[
    profile.public ? null : el("p", { id: "private-profile" }, t("web.profile.private")),
    profile.languages ? languages(profile.languages) : null,
    profile.ratings ? ratings(profile.ratings, title_) : null,
    profile.games ? games(profile.games, title_) : null].filter(Boolean));
  document.body.dataset.ready = "1";
}

async function gameTitles() {
  const catalogue = await api("/api/games");
  return Object.fromEntries(catalogue.games.map((g) => [g.name, g.title]));
}

function languages(codes) {
  const names = new Intl.DisplayNames([currentLanguage()], { type: "language" });
  return el("section", { "aria-labelledby": "languages-h" }, el("h2", { id: "languages-h" }, t("web.profile.languages")),
    el("p", { id: "languages" }, codes.map((code) => names.of(code) || code).join(", ")));
}

function ratings(list, title) {
  return el("section", { "aria-labelledby": "ratings-h" }, el("h2", { id: "ratings-h" }, t("web.profile.ratings")),
    list.map((r, i) => {
      const caption = t("web.profile.chart", { game: title(r.game), n: r.players });
      return el("figure", { class: "rating", "data-game": r.game, "data-players": r.players },
        el("figcaption", { id: `chart-${i}` }, `${caption}: `,
          el("a", { href: `/ratings/${r.game}?players=${r.players}` }, r.provisional ? `${r.rating}?` : String(r.rating))),
        chart(r.history, `chart-${i}`));
    }));
}

/** The rating before the first game shown, then after each rated game, as a line; its first and last values
 * written at its ends. */
function chart(history, labelledBy) {
  const points = [{ rating: history[0].before }, ...history];
  const width = 480;
  const height = 200;
  const pad = 40;
  const values = points.map((p) => p.rating);
  const low = Math.min(...values) - 20;
  const high = Math.max(...values) + 20;
  const x = (i) => pad + (points.length > 1 ? (i * (width - 2 * pad)) / (points.length - 1) : (width - 2 * pad) / 2);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const last = points.length - 1;
  return svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": labelledBy },
    svg("line", { class: "axis", x1: pad, y1: height - pad, x2: width - pad, y2: height - pad }),
    svg("path", { class: "line", d: path }),
    ...points.map((p, i) => svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3 })),
    svg("text", { x: x(0), y: y(values[0]) - 10, "text-anchor": "start" }, String(values[0])),
    last > 0 ? svg("text", { x: x(last), y: y(values[last]) - 10, "text-anchor": "end" }, String(values[last])) : "");
}

function games(data, title) {
  const counts = el("table", { id: "games-per-game" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web.profile.game")),
      el("th", { scope: "col", class: "num" }, t("web.profile.played")), el("th", { scope: "col", class: "num" }, t("web.profile.won")))),
    el("tbody", {}, data.per_game.map((g) => el("tr", {}, el("td", {}, title(g.game)),
      el("td", { class: "num" }, g.played), el("td", { class: "num" }, g.won)))));
  const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium" });
  const recent = el("table", { id: "recent-games" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web.profile.game")),
      el("th", { scope: "col" }, t("web.profile.when")), el("th", { scope: "col" }, t("web.profile.result")),
      el("th", { scope: "col", class: "num" }, t("web.profile.score")), el("th", { scope: "col" }, t("web.profile.replay")))),
    el("tbody", {}, data.recent.map((g) => el("tr", { "data-table": g.table },
      el("td", {}, g.rated ? `${title(g.game)} (${t("web.rated")})` : title(g.game)),
      el("td", {}, g.finished ? when.format(new Date(g.finished * 1000)) : ""),
      el("td", {}, t(g.won ? "web.profile.result_won" : "web.profile.result_lost")),
      el("td", { class: "num" }, g.score ?? ""),
      el("td", {}, el("a", { href: `/table/${g.table}#replay` }, t("web.profile.replay")))))));
  return el("section", { "aria-labelledby": "games-h" }, el("h2", { id: "games-h" }, t("web.profile.games")),
    el("div", { class: "table-frame", tabindex: "0", role: "region", "aria-labelledby": "games-h" }, counts),
    el("h3", {}, t("web.profile.recent")),
    el("div", { class: "table-frame", tabindex: "0", role: "region", "aria-label": t("web.profile.recent") }, recent));
}

start();
