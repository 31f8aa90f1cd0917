// Pergamon board drawn from view("pergamon"): the research track with the funds cards, the five galleries,
// the museum (exhibition plan), the collection being built and each player's coins, VP (when visible), finds
// and collections. Click paths: P4 = track space; dig II = gallery II; +4.63 / drop 4.63 = that find in your
// supply; break I = your collection I; close / cancel / end / pay / polish = the buttons (polish asks how much).
import { t } from "../i18n.js";
import { hit, s, svgRoot, text } from "./svg.js";

const SEAT = ["#c0392b", "#2e86c1", "#27ae60", "#b7950b"];
const ROMAN = ["I", "II", "III", "IV", "V"];

function find(x, y, code, key, label) {
  const body = [s("rect", { x, y, width: 58, height: 30, rx: 5, fill: "#f0e2c0", stroke: "#8a6d3b", class: "hit-area" }),
    text(x + 29, y + 20, code, { class: "small", "text-anchor": "middle" })];
  return key ? hit(key, label || code, body) : s("g", {}, body);
}

function figure(x, y, who) {
  const fill = who === "raider" ? "#222" : SEAT[who];
  return s("circle", { cx: x, cy: y, r: 11, fill, stroke: "#fff", "stroke-width": 2 });
}

function track(view) {
  const parts = [text(14, 24, t("researchTrack"), { class: "heading" })];
  for (let k = 12; k >= 0; k -= 1) {
    const x = 14 + (12 - k) * 62; const y = 34;
    const who = view.track[k];
    parts.push(hit(`track:P${k + 1}`, `P${k + 1}`, s("rect", { x, y, width: 56, height: 52, rx: 6, fill: "#e8eef5",
      stroke: "#7d8ea3", class: "hit-area" }), text(x + 28, y + 16, `P${k + 1}`, { class: "small", "text-anchor": "middle" }),
    who !== null && who !== undefined ? figure(x + 28, y + 36, who) : null));
  }
  parts.push(text(830, 24, t("fundsCards"), { class: "heading" }));
  view.funds_cards.forEach((c, k) => {
    parts.push(s("rect", { x: 830 + k * 70, y: 34, width: 60, height: 52, rx: 6, fill: c.back === "chest" ? "#d8b45a" : "#c9a37a",
      stroke: "#6b4b2a" }), text(860 + k * 70, 56, c.back, { class: "small", "text-anchor": "middle" }),
    text(860 + k * 70, 78, c.value ?? t("hiddenValue"), { class: "label", "text-anchor": "middle" }));
  });
  return s("g", {}, parts);
}

function galleries(view) {
  const parts = [text(14, 118, t("galleries"), { class: "heading" })];
  view.galleries.forEach((gallery, g) => {
    const x = 14 + g * 78; const y = 128;
    const finds = gallery.map((code, k) => find(x + 4, y + 26 + k * 34, code));
    parts.push(hit(`gallery:${ROMAN[g]}`, `${t("galleries")} ${ROMAN[g]}: ${gallery.join(", ") || "–"}`,
      s("rect", { x, y, width: 66, height: 166, rx: 6, fill: "#efe6d2", stroke: "#b8a77f", class: "hit-area" }),
      text(x + 33, y + 18, ROMAN[g], { class: "label", "text-anchor": "middle" }), finds));
  });
  if (view.laying_out.length) {
    parts.push(text(410, 146, `${t("chance")}: ${view.laying_out.join(", ")}`, { class: "small" }));
  }
  parts.push(text(14, 314, `${t("turnN", { n: view.turn })} · ${t("stage")}: ${view.stage} · ${t("calendar")} ${view.calendar}`
    + ` · ${t("box")} ${view.box}${view.raider_coins !== undefined ? ` · ${t("raider")}: ${view.raider_coins} ${t("coins")}` : ""}`,
  { class: "label" }));
  return s("g", {}, parts);
}

function museum(view) {
  const parts = [text(420, 118, t("museum"), { class: "heading" })];
  for (let k = 0; k < 24; k += 1) {
    const x = 420 + (k % 8) * 70; const y = 128 + Math.floor(k / 8) * 56;
    parts.push(s("rect", { x, y, width: 64, height: 50, rx: 5, fill: "#f6f1e4", stroke: "#b8a77f" }),
      text(x + 6, y + 16, k + 1, { class: "small" }));
  }
  Object.entries(view.museum).forEach(([space, [seat, roman]]) => {
    const k = Number(space) - 1;  // the plan's spaces are numbered 1-24
    const x = 420 + (k % 8) * 70; const y = 128 + Math.floor(k / 8) * 56;
    parts.push(s("circle", { cx: x + 40, cy: y + 30, r: 13, fill: SEAT[seat] }),
      text(x + 40, y + 35, roman, { class: "badge", "text-anchor": "middle" }));
  });
  return s("g", {}, parts);
}

function playerPanel(view, info, p, ctx, width) {
  const x = 10 + p * (width + 8); const y = 330;
  const acting = view.to_act === p;
  const parts = [s("rect", { x, y, width, height: 250, rx: 10, fill: acting ? "#fff6d6" : "#f3efe6",
    stroke: acting ? "#d4a017" : SEAT[p], "stroke-width": 2 }),
  s("circle", { cx: x + 16, cy: y + 20, r: 8, fill: SEAT[p] }),
  text(x + 30, y + 26, ctx.names[p], { class: "heading" }),
  text(x + 12, y + 50, `${info.coins} ${t("coins")} · ${t("vp")} ${info.vp ?? t("hiddenValue")} · ${info.space || "–"}`,
    { class: "label" }),
  text(x + 12, y + 72, t("supply"), { class: "small" })];
  info.finds.forEach((code, k) => parts.push(find(x + 8 + (k % 3) * 62, y + 80 + Math.floor(k / 3) * 34, code,
    `find${p}:${code}`, code)));
  parts.push(text(x + 12, y + 160, t("collections"), { class: "small" }));
  info.collections.forEach((c, k) => parts.push(hit(`coll${p}:${c.marker}`, `${c.marker}: ${c.finds.join(", ")}`,
    s("rect", { x: x + 8, y: y + 166 + k * 26, width: width - 16, height: 24, rx: 4, fill: "#efe6d2", class: "hit-area" }),
    text(x + 14, y + 183 + k * 26, `${c.marker} · ${t("space")} ${c.space} · ${c.value} · ${c.finds.join(" ")}`,
      { class: "small" }))));
  return s("g", {}, parts);
}

function buttons(ctx) {
  const wanted = [["close", "close"], ["cancel", "cancel"], ["end", "end"], ["pay", "pay"]];
  const parts = [];
  let x = 14;
  for (const [key, label] of wanted) {
    if (!ctx.legalTexts.includes(label)) continue;
    parts.push(button(x, key, label));
    x += 110;
  }
  if (ctx.legalTexts.some((m) => m.startsWith("polish"))) parts.push(button(x, "polish", "polish"));
  return s("g", {}, parts);
}

function button(x, key, label) {
  return hit(key, label, s("rect", { x, y: 660, width: 100, height: 40, rx: 8, fill: "#d9d2c0", stroke: "#8c7f5c",
    class: "hit-area" }), text(x + 50, 686, label, { class: "label", "text-anchor": "middle" }));
}

export const board = {
  render(view, ctx) {
    const n = view.players.length;
    const width = Math.floor((980 - (n - 1) * 8) / n);
    const parts = [s("rect", { x: 0, y: 0, width: 1000, height: 720, fill: "#faf7ef" }), track(view), galleries(view),
      museum(view), ...view.players.map((info, p) => playerPanel(view, info, p, ctx, width))];
    if (view.building) {
      parts.push(text(14, 604, `${t("building")}: ${view.building.finds.join(" ")}`
        + `${view.building.break ? ` · ${t("breakUp")} ${view.building.break}` : ""} · ${t("cancelsLeft")} ${view.building.cancels_left}`,
      { class: "label" }));
    }
    if (view.scores) parts.push(text(14, 630, `${t("scores")}: ${view.scores.join(" : ")}`, { class: "label" }));
    parts.push(buttons(ctx));
    return svgRoot(1000, 720, "Pergamon board", parts);
  },

  paths(move, view) {
    const me = view.to_act; let m;
    if ((m = /^P(\d+)$/.exec(move))) return [`track:P${m[1]}`];
    if ((m = /^dig ([IV]+)$/.exec(move))) return [`gallery:${m[1]}`];
    if ((m = /^\+(\d\.\d\d)$/.exec(move))) return [`find${me}:${m[1]}`];
    if ((m = /^drop (\d\.\d\d)$/.exec(move))) return [`find${me}:${m[1]}`];
    if ((m = /^break ([I]+)$/.exec(move))) return [`coll${me}:${m[1]}`];
    if (/^polish \d+$/.test(move)) return ["polish"];
    if (["close", "cancel", "end", "pay"].includes(move)) return [move];
    return null;
  },
};
