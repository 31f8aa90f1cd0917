// Imhotep board drawn from view("imhotep"): the four ships, the five sites (market, pyramid, temple, burial
// chamber, obelisks), the market cards and each player's quarry, sled, cards and score. Every stone carries its
// owner's shape (circle, square, triangle, diamond) besides its colour.
// Click paths: S = your sled/quarry; P2.3 = space 3 of ship 2; V1>PYR = ship 1, then the pyramid;
// C:LEVER = the card in your hand; M:STATUE = the market card; U:WHITE = a waiting stone; PASS = the pass button.
import { t } from "/static/js/i18n.js";
import { hit, s, seatShape, svgRoot, text } from "/static/js/boards/svg.js";

const COLOURS = ["black", "white", "brown", "grey"];  // seat p plays COLOURS[p]
const FILL = { black: "#232323", white: "#f6f4ee", brown: "#8b5a2b", grey: "#9a9a9a" };
const MARK = { black: "#f6f4ee", white: "#232323", brown: "#f6f4ee", grey: "#111111" };
const SITES = [["MKT", "market"], ["PYR", "pyramid"], ["TMP", "temple"], ["BUR", "burial chamber"], ["OBL", "obelisks"]];
const SITE_CODE = Object.fromEntries(SITES.map(([code, name]) => [name, code]));
const CARD_FILL = { red: "#f3c4c4", green: "#cfe8c7", purple: "#dccbef", blue: "#c7daf3" };
const CARD_COLOUR = { ENTRANCE: "red", SARCOPHAGUS: "red", PAVED_PATH: "red", DECO_PYR: "green", DECO_TMP: "green",
  DECO_BUR: "green", DECO_OBL: "green", STATUE: "purple", LEVER: "blue", HAMMER: "blue", SAIL: "blue", CHISEL: "blue" };

const siteName = (code) => t(`web.imhotep.site.${code}`);
const cardName = (code) => t(`imhotep.${code}`);
const colourName = (colour) => t(`web.colour.${colour}`);

/** A stone: its owner's colour and, inside it, its owner's shape. */
function stone(x, y, colour, size = 18) {
  const seat = COLOURS.indexOf(colour);
  return s("g", { class: `stone stone-${colour}` },
    s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 3, fill: FILL[colour] || "#fff",
      stroke: "#444", "stroke-width": 1 }),
    seat >= 0 ? seatShape(seat, x, y, size * 0.24, { fill: MARK[colour] }) : null);
}

/** A sailing ship in outline (the board's glyph for "a ship is docked here"). */
function shipGlyph(x, y) {
  return s("g", { class: "ship-glyph", transform: `translate(${x},${y})` },
    s("path", { d: "M0,10 H22 L18,16 H4 Z", fill: "#6b4b2a" }),
    s("path", { d: "M11,0 V10 M11,1 L19,9 H11", fill: "#f6f4ee", stroke: "#6b4b2a", "stroke-width": 1.4 }));
}

function card(x, y, code, key, label) {
  const body = [s("rect", { x, y, width: 86, height: 40, rx: 6, fill: CARD_FILL[CARD_COLOUR[code]] || "#eee",
    stroke: "#7a6a4a", class: "hit-area" }), text(x + 43, y + 25, t(`web.imhotep.card_short.${code}`),
    { class: "small", "text-anchor": "middle" })];
  return key ? hit(key, label || cardName(code), body) : s("g", {}, body);
}

function site(view, code, i) {
  const x = 10 + i * 198; const y = 10; const parts = [];
  parts.push(s("rect", { x, y, width: 190, height: 230, rx: 10, fill: "#f3ead4", stroke: "#8f7a48", class: "hit-area" }));
  parts.push(text(x + 10, y + 22, siteName(code), { class: "heading" }));
  const docked = view.ships.find((ship) => SITE_CODE[ship.sailed_to] === code);
  if (docked) parts.push(shipGlyph(x + 150, y + 6), text(x + 182, y + 22, docked.ship, { class: "label strong", "text-anchor": "end" }));
  const grid = (stones, cols, ox, oy, step = 22) => stones.forEach((c, k) => {
    parts.push(stone(x + ox + (k % cols) * step, y + oy + Math.floor(k / cols) * step, c));
  });
  if (code === "MKT") {
    view.market.forEach((c, k) => parts.push(card(x + 6 + (k % 2) * 92, y + 36 + Math.floor(k / 2) * 46, c,
      `market:${c}`, `${siteName("MKT")}: ${cardName(c)}`)));
    parts.push(text(x + 10, y + 222, `${t("web.imhotep.draw_pile")}: ${view.draw_pile_size}`, { class: "small" }));
  } else if (code === "PYR") grid(view.pyramid, 7, 24, 50);
  else if (code === "TMP") {
    view.temple_visible.forEach((c, k) => {
      const cx = x + 24 + (k % view.temple_width) * 30; const cy = y + 60;
      parts.push(c ? stone(cx, cy, c) : s("rect", { x: cx - 9, y: cy - 9, width: 18, height: 18, rx: 3, fill: "none",
        stroke: "#8f7a48", "stroke-dasharray": "3 2" }));
    });
    parts.push(text(x + 10, y + 222, `${t("web.imhotep.stones_total")}: ${view.temple.length}`, { class: "small" }));
  } else if (code === "BUR") {
    view.burial_chamber.forEach((c, k) => parts.push(stone(x + 24 + Math.floor(k / 3) * 22, y + 50 + (k % 3) * 22, c)));
  } else {
    Object.entries(view.obelisks).forEach(([colour, height], k) => {
      const seat = COLOURS.indexOf(colour);
      parts.push(s("rect", { x: x + 20 + k * 40, y: y + 196 - height * 8, width: 26, height: height * 8,
        fill: FILL[colour], stroke: "#444" }), seatShape(seat, x + 33 + k * 40, y + 188 - height * 8, 6,
        { fill: FILL[colour], stroke: "#444" }),
      text(x + 33 + k * 40, y + 216, height, { class: "small", "text-anchor": "middle" }));
    });
  }
  return hit(`site:${code}`, siteName(code), parts);
}

function ship(view, sh, i) {
  const x = 20 + i * 245; const y = 260;
  const where = sh.sailed_to ? ` → ${siteName(SITE_CODE[sh.sailed_to])}` : "";
  const parts = [s("path", { d: `M${x} ${y + 20} h200 l-20 40 h-160 z`, fill: sh.sailed_to ? "#d9cdb0" : "#c49a6c",
    stroke: "#6b4b2a", class: "hit-area" }),
  text(x + 8, y + 12, `${t("web.imhotep.ship_line", { n: sh.ship, capacity: sh.capacity, minimum: sh.minimum })}${where}`,
    { class: "small" })];
  const spaces = sh.spaces.map((c, j) => {
    const cx = x + 30 + j * 44; const cy = y + 40;
    return hit(`space:${sh.ship}.${j + 1}`, t("web.imhotep.space_label",
      { n: sh.ship, space: j + 1, content: c ? colourName(c) : t("web.free") }),
    s("rect", { x: cx - 18, y: cy - 18, width: 36, height: 36, rx: 4, fill: "#efe2c4", stroke: "#6b4b2a", class: "hit-area" }),
    c ? stone(cx, cy, c, 24) : null);
  });
  return s("g", {}, hit(`ship:${sh.ship}`, t("web.imhotep.ship", { n: sh.ship }), parts), spaces);
}

function player(view, info, i, ctx) {
  const x = 10 + i * 248; const y = 360;
  const mine = view.to_move === info.seat;
  const parts = [s("rect", { x, y, width: 240, height: 220, rx: 10, fill: mine ? "#fff6d6" : "#f3efe6",
    stroke: mine ? "#a27a10" : "#8c7a52", "stroke-width": mine ? 3 : 2 }),
  stone(x + 18, y + 20, info.colour), text(x + 34, y + 26, ctx.names[info.seat], { class: "heading",
    textLength: ctx.names[info.seat].length > 20 ? 196 : null, lengthAdjust: "spacingAndGlyphs" }),
  text(x + 12, y + 52, `${t("web.score")}: ${info.score}`, { class: "label" })];
  parts.push(hit(`quarry:${info.seat}`, t("web.imhotep.quarry_sled", { quarry: info.quarry, sled: info.sled }),
    s("rect", { x: x + 8, y: y + 62, width: 224, height: 44, rx: 6, fill: "#efe6d2", stroke: "#8c7a52", class: "hit-area" }),
    text(x + 14, y + 80, `${t("web.quarry")}: ${info.quarry}`, { class: "small" }),
    text(x + 14, y + 98, `${t("web.imhotep.sled")}:`, { class: "small" }),
    [...Array(info.sled).keys()].map((k) => stone(x + 80 + k * 22, y + 94, info.colour, 16))));
  Object.entries(info.cards).forEach(([code, count], k) => {
    parts.push(card(x + 6 + (k % 2) * 116, y + 114 + Math.floor(k / 2) * 34, code,
      CARD_COLOUR[code] === "blue" ? `hand${info.seat}:${code}` : null, `${cardName(code)} ×${count}`));
    parts.push(text(x + 98 + (k % 2) * 116, y + 138 + Math.floor(k / 2) * 34, `×${count}`, { class: "small" }));
  });
  const at = info.stones_at;
  parts.push(text(x + 12, y + 194, t("web.imhotep.stones_at", { pyramid: at.pyramid, temple: at.temple }),
    { class: "small" }), text(x + 12, y + 212, t("web.imhotep.stones_at2", { burial: at["burial chamber"],
    obelisks: at.obelisks }), { class: "small" }));
  return s("g", {}, parts);
}

export const board = {
  seatColours(view) {
    return view.player_info.map((info) => ({ key: info.colour, fill: FILL[info.colour] }));
  },

  render(view, ctx) {
    const n = view.player_info.length;
    const rows = Math.ceil(n / 2);
    // wide: sites, ships, players in one row each; narrow (a phone): three sites then two, ships and players
    // two by two, so that everything is drawn at a legible size across the phone's width
    const at = (node, dx, dy) => (ctx.narrow && (dx || dy) ? s("g", { transform: `translate(${dx},${dy})` }, node) : node);
    const pair = (i, wide, step, top, height) => [(i % 2) * step - i * wide, top + Math.floor(i / 2) * height];
    const bottom = ctx.narrow ? 700 + rows * 230 - 590 : 0;
    const parts = [...SITES.map(([code], i) => at(site(view, code, i), i < 3 ? 0 : -594, i < 3 ? 0 : 240)),
      ctx.narrow ? s("rect", { x: 0, y: 488, width: 600, height: 204, fill: "#cfe3ee" })
        : s("rect", { x: 0, y: 248, width: 1000, height: 100, fill: "#cfe3ee" }),
      ...view.ships.map((sh, i) => at(ship(view, sh, i), ...pair(i, 245, 290, 242, 100))),
      ...view.player_info.map((info, i) => at(player(view, info, i, ctx), ...pair(i, 248, 296, 340, 230)))];
    const cards = view.round_cards_revealed.length ? ` · ${t("web.imhotep.round_cards")}: ${view.round_cards_revealed.join(", ")}` : "";
    const foot = [text(14, 606, `${t("web.imhotep.round", { n: view.round })} · ${t(`web.imhotep.phase.${view.phase}`)}`,
      { class: "label" })];
    if (cards) foot.push(text(14, 624, cards.slice(3), { class: "small" }));
    if (view.wrath) foot.push(text(14, 642, t("web.imhotep.wrath"), { class: "small" }));
    if (view.lever_unloading) {
      foot.push(text(14, 664, t("web.imhotep.lever_order"), { class: "label" }));
      view.lever_unloading.to_order.forEach((c, k) => foot.push(hit(`order:${c.toUpperCase()}`, colourName(c),
        s("rect", { x: 300 + k * 40, y: 646, width: 36, height: 36, class: "hit-area", fill: "transparent" }),
        stone(318 + k * 40, 664, c, 24))));
    }
    if (ctx.legalTexts.includes("PASS")) {
      foot.push(at(hit("pass", t("web.imhotep.pass"), s("rect", { x: 860, y: 620, width: 120, height: 48, rx: 10,
        fill: "#e6dfcc", stroke: "#6f6346", class: "hit-area" }),
      text(920, 650, t("web.imhotep.pass"), { class: "label", "text-anchor": "middle" })), -400, 0));
    }
    const [width, height] = ctx.narrow ? [600, 700 + rows * 230 + 100] : [1000, 700];
    return svgRoot(width, height, t("web.board_of", { game: "Imhotep" }),
      s("rect", { x: 0, y: 0, width, height, fill: "#faf7ef" }), parts, at(s("g", {}, foot), 0, bottom));
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
