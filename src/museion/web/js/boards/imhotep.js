// Imhotep board drawn from view("imhotep"): the four ships, the five sites (market, pyramid, temple, burial
// chamber, obelisks), the market cards and each player's quarry, sled, cards and score.
// Click paths: S = your sled/quarry; P2.3 = space 3 of ship 2; V1>PYR = ship 1, then the pyramid;
// C:LEVER = the card in your hand; M:STATUE = the market card; U:WHITE = a waiting stone; PASS = the pass button.
import { t } from "../i18n.js";
import { hit, s, svgRoot, text } from "./svg.js";

const FILL = { black: "#232323", white: "#f6f4ee", brown: "#8b5a2b", grey: "#9a9a9a" };
const SITES = [["MKT", "market"], ["PYR", "pyramid"], ["TMP", "temple"], ["BUR", "burial chamber"], ["OBL", "obelisks"]];
const CARD_FILL = { red: "#f3c4c4", green: "#cfe8c7", purple: "#dccbef", blue: "#c7daf3" };
const CARD_COLOUR = { ENTRANCE: "red", SARCOPHAGUS: "red", PAVED_PATH: "red", DECO_PYR: "green", DECO_TMP: "green",
  DECO_BUR: "green", DECO_OBL: "green", STATUE: "purple", LEVER: "blue", HAMMER: "blue", SAIL: "blue", CHISEL: "blue" };

function stone(x, y, colour, size = 18) {
  return s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 3, fill: FILL[colour] || "#fff",
    stroke: "#444", "stroke-width": 1, class: `stone stone-${colour}` });
}

function card(x, y, code, key, label) {
  const body = [s("rect", { x, y, width: 86, height: 40, rx: 6, fill: CARD_FILL[CARD_COLOUR[code]] || "#eee",
    stroke: "#7a6a4a", class: "hit-area" }), text(x + 43, y + 25, code.replace("_", " "),
    { class: "small", "text-anchor": "middle" })];
  return key ? hit(key, label || code, body) : s("g", {}, body);
}

function site(view, code, name, i) {
  const x = 10 + i * 198; const y = 10; const parts = [];
  parts.push(s("rect", { x, y, width: 190, height: 230, rx: 10, fill: "#f3ead4", stroke: "#b59f6c", class: "hit-area" }));
  parts.push(text(x + 10, y + 22, name, { class: "heading" }));
  const docked = view.ships.find((ship) => ship.sailed_to === name);
  if (docked) parts.push(text(x + 180, y + 22, `⛵${docked.ship}`, { class: "label", "text-anchor": "end" }));
  const grid = (stones, cols, ox, oy, step = 22) => stones.forEach((c, k) => {
    parts.push(stone(x + ox + (k % cols) * step, y + oy + Math.floor(k / cols) * step, c));
  });
  if (code === "MKT") {
    view.market.forEach((c, k) => parts.push(card(x + 6 + (k % 2) * 92, y + 36 + Math.floor(k / 2) * 46, c,
      `market:${c}`, `${t("market")}: ${c}`)));
    parts.push(text(x + 10, y + 222, `${t("drawPile")}: ${view.draw_pile_size}`, { class: "small" }));
  } else if (code === "PYR") grid(view.pyramid, 7, 24, 50);
  else if (code === "TMP") {
    view.temple_visible.forEach((c, k) => {
      const cx = x + 24 + (k % view.temple_width) * 30; const cy = y + 60;
      parts.push(c ? stone(cx, cy, c) : s("rect", { x: cx - 9, y: cy - 9, width: 18, height: 18, rx: 3, fill: "none",
        stroke: "#b59f6c", "stroke-dasharray": "3 2" }));
    });
    parts.push(text(x + 10, y + 222, `${t("stonesTotal")}: ${view.temple.length}`, { class: "small" }));
  } else if (code === "BUR") {
    view.burial_chamber.forEach((c, k) => parts.push(stone(x + 24 + Math.floor(k / 3) * 22, y + 50 + (k % 3) * 22, c)));
  } else {
    Object.entries(view.obelisks).forEach(([colour, height], k) => {
      parts.push(s("rect", { x: x + 20 + k * 40, y: y + 210 - height * 8, width: 26, height: height * 8,
        fill: FILL[colour], stroke: "#444" }), text(x + 33 + k * 40, y + 224, height, { class: "small", "text-anchor": "middle" }));
    });
  }
  return hit(`site:${code}`, name, parts);
}

function ship(view, sh, i) {
  const x = 20 + i * 245; const y = 260;
  const parts = [s("path", { d: `M${x} ${y + 20} h200 l-20 40 h-160 z`, fill: sh.sailed_to ? "#d9cdb0" : "#c49a6c",
    stroke: "#6b4b2a", class: "hit-area" }),
  text(x + 8, y + 12, `${t("ship")} ${sh.ship} · ${sh.capacity} (${t("minimum")} ${sh.minimum})${sh.sailed_to ? ` → ${sh.sailed_to}` : ""}`,
    { class: "small" })];
  const spaces = sh.spaces.map((c, j) => {
    const cx = x + 30 + j * 44; const cy = y + 40;
    return hit(`space:${sh.ship}.${j + 1}`, `${t("ship")} ${sh.ship}, ${t("space")} ${j + 1}: ${c || t("free")}`,
      s("rect", { x: cx - 16, y: cy - 16, width: 32, height: 32, rx: 4, fill: "#efe2c4", stroke: "#6b4b2a", class: "hit-area" }),
      c ? stone(cx, cy, c, 24) : null);
  });
  return s("g", {}, hit(`ship:${sh.ship}`, `${t("ship")} ${sh.ship}`, parts), spaces);
}

function player(view, info, i, ctx) {
  const x = 10 + i * 248; const y = 360;
  const mine = view.to_move === info.seat;
  const parts = [s("rect", { x, y, width: 240, height: 220, rx: 10, fill: mine ? "#fff6d6" : "#f3efe6",
    stroke: mine ? "#d4a017" : "#b8a77f", "stroke-width": 2 }),
  stone(x + 18, y + 20, info.colour), text(x + 34, y + 26, ctx.names[info.seat], { class: "heading" }),
  text(x + 12, y + 52, `${t("score")}: ${info.score}`, { class: "label" })];
  parts.push(hit(`quarry:${info.seat}`, `${t("quarry")} ${info.quarry}, ${t("sled")} ${info.sled}`,
    s("rect", { x: x + 8, y: y + 62, width: 224, height: 44, rx: 6, fill: "#efe6d2", stroke: "#b8a77f", class: "hit-area" }),
    text(x + 14, y + 80, `${t("quarry")}: ${info.quarry}`, { class: "small" }),
    text(x + 14, y + 98, `${t("sled")}:`, { class: "small" }),
    [...Array(info.sled).keys()].map((k) => stone(x + 70 + k * 22, y + 94, info.colour, 16))));
  Object.entries(info.cards).forEach(([code, count], k) => {
    parts.push(card(x + 6 + (k % 2) * 116, y + 114 + Math.floor(k / 2) * 34, code,
      CARD_COLOUR[code] === "blue" ? `hand${info.seat}:${code}` : null, `${code} ×${count}`));
    parts.push(text(x + 98 + (k % 2) * 116, y + 138 + Math.floor(k / 2) * 34, `×${count}`, { class: "small" }));
  });
  const at = info.stones_at;
  parts.push(text(x + 12, y + 212, `PYR ${at.pyramid} · TMP ${at.temple} · BUR ${at["burial chamber"]} · OBL ${at.obelisks}`,
    { class: "small" }));
  return s("g", {}, parts);
}

export const board = {
  render(view, ctx) {
    const parts = [s("rect", { x: 0, y: 0, width: 1000, height: 700, fill: "#faf7ef" }),
      ...SITES.map(([code, name], i) => site(view, code, name, i)),
      s("rect", { x: 0, y: 248, width: 1000, height: 100, fill: "#cfe3ee" }),
      ...view.ships.map((sh, i) => ship(view, sh, i)),
      ...view.player_info.map((info, i) => player(view, info, i, ctx))];
    const info = `${t("round")} ${view.round}/6 · ${t("phase")}: ${view.phase} · ${t("roundCards")}: ${view.round_cards_revealed.join(", ")}`;
    parts.push(text(14, 604, info, { class: "label" }));
    if (view.wrath) parts.push(text(14, 624, t("wrath"), { class: "small" }));
    if (view.lever_unloading) {
      parts.push(text(14, 650, t("leverOrder"), { class: "label" }));
      view.lever_unloading.to_order.forEach((c, k) => parts.push(hit(`order:${c.toUpperCase()}`, c,
        s("rect", { x: 190 + k * 34, y: 634, width: 28, height: 28, class: "hit-area", fill: "transparent" }), stone(204 + k * 34, 648, c, 22))));
    }
    if (ctx.legalTexts.includes("PASS")) {
      parts.push(hit("pass", "PASS", s("rect", { x: 860, y: 620, width: 120, height: 44, rx: 10, fill: "#d9d2c0",
        stroke: "#8c7f5c", class: "hit-area" }), text(920, 648, "PASS", { class: "label", "text-anchor": "middle" })));
    }
    if (view.final_scoring) {
      view.final_scoring.forEach((row, p) => parts.push(text(500, 604 + p * 18,
        `${ctx.names[p]}: ${Object.entries(row).map(([k, v]) => `${k} ${v}`).join(" · ")}`, { class: "small" })));
    }
    return svgRoot(1000, 700, "Imhotep board", parts);
  },

  paths(move, view) {
    const me = view.to_move; let m;
    if (move === "S") return [`quarry:${me}`];
    if (move === "PASS") return ["pass"];
    if ((m = /^P(\d)\.(\d)$/.exec(move))) return [`space:${m[1]}.${m[2]}`];
    if ((m = /^V(\d)>([A-Z]+)$/.exec(move))) return [`ship:${m[1]}`, `site:${m[2]}`];
    if ((m = /^C:([A-Z_]+)$/.exec(move))) return [`hand${me}:${m[1]}`];
    if ((m = /^M:([A-Z_]+)$/.exec(move))) return [`market:${m[1]}`];
    if ((m = /^U:([A-Z]+)$/.exec(move))) return [`order:${m[1]}`];
    return null;
  },
};
