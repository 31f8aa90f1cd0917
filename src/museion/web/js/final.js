// The end of a game: who won, and each total broken down into its parts (the server's breakdown), so that a
// player can check every point: the parts of each seat's column add up to its total.
import { el } from "./api.js";
import { t } from "./i18n.js";
import { seatLabel } from "./seats.js";

/** The result line: "Winner: Ana (white)", "Shared victory: …" or "Draw", after how a game ended early ("Bea
 * resigned · Winner: Ana"). */
export function resultLine(msg, names) {
  const winners = msg.winners || [];
  const list = winners.map((i) => names[i]).join(", ");
  let result = t("web.shared_victory", { names: list });
  if (winners.length === 1) result = t("web.winner", { names: list });
  else if (winners.length === msg.seats.length) result = t("web.draw");
  const end = msg.ending;
  if (!end || end.how === "played") return result;
  return `${t(`web.ending.${end.how}`, { name: names[end.seat], by: names[end.by] })} · ${result}`;
}

/** The seats that left before the end and rank last, or nothing. */
function leftLine(msg, names) {
  const left = (msg.ending && msg.ending.left) || [];
  if (!left.length) return null;
  return el("p", { id: "left-seats" }, t("web.ending.left", { names: left.map((l) => names[l.seat]).join(", ") }));
}

/** Draw the final screen into `box` (empty while the game runs). */
export function renderFinal(box, msg, names, colours, { replaying, onReplay }) {
  if (msg.status !== "finished") { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const seats = msg.seats.map((_s, i) => i);
  const head = el("tr", {}, el("th", { scope: "col" }, t("web.points")),
    seats.map((i) => el("th", { scope: "col" }, seatLabel(i, names, colours))));
  const rows = breakdownRows(msg).map((row) => el("tr", { class: "part", "data-part": row.key },
    el("th", { scope: "row" }, row.label, row.detail ? el("span", { class: "detail" }, row.detail) : null),
    seats.map((i) => el("td", { class: "num", "data-seat": i }, row.values[i] ?? "–"))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("web.total")),
    seats.map((i) => el("td", { class: `num${(msg.winners || []).includes(i) ? " winner" : ""}`, "data-seat": i },
      msg.scores ? msg.scores[i] : "?")));
  box.replaceChildren(...[el("h2", { id: "final-h" }, t("web.final_scoring")),
    el("p", { id: "result" }, resultLine(msg, names)),
    leftLine(msg, names),
    el("div", { class: "table-frame", tabindex: "0" }, el("table", { class: "breakdown", id: "score-table", "aria-labelledby": "final-h" },
      el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, total))),
    ratingChange(msg),
    replaying ? null : el("button", { id: "replay-button", type: "button", onclick: onReplay }, t("web.replay"))]
    .filter(Boolean));
}

/** Why a seat that left before the end lost: it resigned, another player claimed it, or its clock ran out. */
function lossKey(msg) {
  const left = ((msg.ending && msg.ending.left) || []).find((l) => l.seat === msg.seat);
  return left && (left.how === "resigned" || left.how === "claimed") ? `web.rating.${left.how}` : "web.rating.abandoned";
}

/** A rated game's end: this player's rating before and after (each player is told only their own). */
function ratingChange(msg) {
  const r = msg.rating;
  if (!r) return null;
  const change = r.change > 0 ? `+${r.change}` : String(r.change);
  return el("div", { id: "rating-change", class: "rating-change" },
    el("h3", {}, t("web.rating.title")),
    el("p", { class: "rating-numbers" }, `${r.before} → ${r.after} (${change})`),
    r.abandoned ? el("p", { id: "rating-lost" }, t(lossKey(msg))) : null,
    r.counted === false ? el("p", { id: "rating-not-counted" }, t("web.rating.not_counted")) : null,
    r.provisional ? el("p", {}, t("web.rating.provisional", { games: r.games })) : null,
    el("p", {}, el("a", { href: `/ratings/${msg.game}?players=${msg.seats.length}` }, t("web.rating.leaderboard"))));
}

/** The breakdown as rows {key, label, detail, values[seat]}: none until the server sends one, and none when it
 * has a single part (that part is the total, shown once). */
function breakdownRows(msg) {
  return Array.isArray(msg.breakdown) && msg.breakdown.length > 1 ? msg.breakdown : [];
}
