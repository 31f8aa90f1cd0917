// Imhotep board drawn from view("imhotep"): the four ships, the five sites (market, pyramid, temple, burial
// chamber, obelisks), the market cards and each player's quarry, sled, cards and score. Every stone carries its
// owner's shape (circle, square, triangle, diamond) besides its colour.
// It only draws: what each move touches is said by the game (targets.py: quarry:P, space:S.K, ship:S then site:CODE,
// handP:CARD, market:CARD, order:COLOUR, pass), and the table page makes the regions under those keys clickable.
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

/** A stone: its owner's colour and, inside it, its owner's shape; `piece`: where it lies ("space:2.3", "sled:0:1"),
 * so that it glides when a move takes it elsewhere. */
function stone(x, y, colour, size = 18, piece = null) {
  const seat = COLOURS.indexOf(colour);
  return s("g", { class: `stone stone-${colour}`, "data-piece": piece, "data-kind": piece && colour },
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

function card(x, y, code, key, label, piece = null) {
  const body = [s("rect", { x, y, width: 86, height: 40, rx: 6, fill: CARD_FILL[CARD_COLOUR[code]] || "#eee",
    stroke: "#7a6a4a", class: "hit-area" }), text(x + 43, y + 25, t(`web.imhotep.card_short.${code}`),
    { class: "small", "text-anchor": "middle" })];
  const drawn = s("g", { "data-piece": piece, "data-kind": piece && code }, body);
  return key ? hit(key, label || cardName(code), drawn) : drawn;
}

function site(view, code, i) {
  const x = 10 + i * 198; const y = 10; const parts = [];
  parts.push(s("rect", { x, y, width: 190, height: 230, rx: 10, fill: "#f3ead4", stroke: "#8f7a48", class: "hit-area" }));
  parts.push(text(x + 10, y + 22, siteName(code), { class: "heading" }));
  const docked = view.ships.find((ship) => SITE_CODE[ship.sailed_to] === code);
  if (docked) parts.push(s("g", { "data-piece": `docked:${docked.ship}`, "data-kind": `ship${docked.ship}` }, shipGlyph(x + 150, y + 6)), text(x + 182, y + 22, docked.ship, { class: "label strong", "text-anchor": "end" }));
  const grid = (stones, cols, ox, oy, step = 22) => stones.forEach((c, k) => {
    parts.push(stone(x + ox + (k % cols) * step, y + oy + Math.floor(k / cols) * step, c, 18, `${code}:${k}`));
  });
  if (code === "MKT") {
    view.market.forEach((c, k) => parts.push(card(x + 6 + (k % 2) * 92, y + 36 + Math.floor(k / 2) * 46, c,
      `market:${c}`, `${siteName("MKT")}: ${cardName(c)}`, `market:${k}`)));
    parts.push(text(x + 10, y + 222, `${t("web.imhotep.draw_pile")}: ${view.draw_pile_size}`, { class: "small" }));
  } else if (code === "PYR") grid(view.pyramid, 7, 24, 50);
  else if (code === "TMP") {
    view.temple_visible.forEach((c, k) => {
      const cx = x + 24 + (k % view.temple_width) * 30; const cy = y + 60;
      parts.push(c ? stone(cx, cy, c, 18, `TMP:${k}`) : s("rect", { x: cx - 9, y: cy - 9, width: 18, height: 18, rx: 3, fill: "none",
        stroke: "#8f7a48", "stroke-dasharray": "3 2" }));
    });
    parts.push(text(x + 10, y + 222, `${t("web.imhotep.stones_total")}: ${view.temple.length}`, { class: "small" }));
  } else if (code === "BUR") {
    view.burial_chamber.forEach((c, k) => parts.push(stone(x + 24 + Math.floor(k / 3) * 22, y + 50 + (k % 3) * 22, c, 18,
      `BUR:${k}`)));
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
    stroke: "#6b4b2a", class: "hit-area", "data-supply": `ship${sh.ship}` }),
  text(x + 8, y + 12, `${t("web.imhotep.ship_line", { n: sh.ship, capacity: sh.capacity, minimum: sh.minimum })}${where}`,
    { class: "small" })];
  const spaces = sh.spaces.map((c, j) => {
    const cx = x + 30 + j * 44; const cy = y + 40;
    return hit(`space:${sh.ship}.${j + 1}`, t("web.imhotep.space_label",
      { n: sh.ship, space: j + 1, content: c ? colourName(c) : t("web.free") }),
    s("rect", { x: cx - 18, y: cy - 18, width: 36, height: 36, rx: 4, fill: "#efe2c4", stroke: "#6b4b2a", class: "hit-area" }),
    c ? stone(cx, cy, c, 24, `space:${sh.ship}.${j + 1}`) : null);
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
    s("rect", { x: x + 8, y: y + 62, width: 224, height: 44, rx: 6, fill: "#efe6d2", stroke: "#8c7a52", class: "hit-area",
      "data-supply": info.colour }),
    text(x + 14, y + 80, `${t("web.quarry")}: ${info.quarry}`, { class: "small" }),
    text(x + 14, y + 98, `${t("web.imhotep.sled")}:`, { class: "small" }),
    [...Array(info.sled).keys()].map((k) => stone(x + 80 + k * 22, y + 94, info.colour, 16, `sled:${info.seat}:${k}`))));
  Object.entries(info.cards).forEach(([code, count], k) => {
    parts.push(card(x + 6 + (k % 2) * 116, y + 114 + Math.floor(k / 2) * 34, code,
      CARD_COLOUR[code] === "blue" ? `hand${info.seat}:${code}` : null, `${cardName(code)} ×${count}`,
      `hand${info.seat}:${code}`));
    parts.push(text(x + 98 + (k % 2) * 116, y + 138 + Math.floor(k / 2) * 34, `×${count}`, { class: "small" }));
  });
  const at = info.stones_at;
  parts.push(text(x + 12, y + 194, t("web.imhotep.stones_at", { pyramid: at.pyramid, temple: at.temple }),
    { class: "small" }), text(x + 12, y + 212, t("web.imhotep.stones_at2", { burial: at["burial chamber"],
    obelisks: at.obelisks }), { class: "small" }));
  return s("g", {}, parts);
}

/** Round, phase, round cards, the Wrath, the lever's order and the pass button, from y = 606 down. */
function footer(view, ctx, orderX, passX) {
  const cards = view.round_cards_revealed.length ? `${t("web.imhotep.round_cards")}: ${view.round_cards_revealed.join(", ")}` : "";
  const foot = [text(14, 606, `${t("web.imhotep.round", { n: view.round })} · ${t(`web.imhotep.phase.${view.phase}`)}`,
    { class: "label" })];
  if (cards) foot.push(text(14, 624, cards, { class: "small" }));
  if (view.wrath) foot.push(text(14, 642, t("web.imhotep.wrath"), { class: "small" }));
  if (view.lever_unloading) {
    const y = orderX < 100 ? 694 : 664;  // below its label when the board is narrow
    foot.push(text(14, 664, t("web.imhotep.lever_order"), { class: "label" }));
    view.lever_unloading.to_order.forEach((c, k) => foot.push(hit(`order:${c.toUpperCase()}`, colourName(c),
      s("rect", { x: orderX + k * 40, y: y - 18, width: 36, height: 36, class: "hit-area", fill: "transparent" }),
      stone(orderX + 18 + k * 40, y, c, 24))));
  }
  const pass = "pass";  // the pass button's key (targets.py), drawn when the move is legal
  if (ctx.targets.has(pass)) {
    foot.push(hit(pass, t("web.imhotep.pass"), s("rect", { x: passX, y: 620, width: 120, height: 48, rx: 10,
      fill: "#e6dfcc", stroke: "#6f6346", class: "hit-area" }),
    text(passX + 60, 650, t("web.imhotep.pass"), { class: "label", "text-anchor": "middle" })));
  }
  return s("g", {}, foot);
}

/** Wide: the sites, the ships and the players in one row each. */
function wideBoard(view, ctx) {
  return svgRoot(1000, 700, t("web.board_of", { game: "Imhotep" }), s("rect", { x: 0, y: 0, width: 1000, height: 700, fill: "#faf7ef" }),
    SITES.map(([code], i) => site(view, code, i)), s("rect", { x: 0, y: 248, width: 1000, height: 100, fill: "#cfe3ee" }),
    view.ships.map((sh, i) => ship(view, sh, i)), view.player_info.map((info, i) => player(view, info, i, ctx)),
    footer(view, ctx, 300, 860));
}

const NARROW = 420;  // a phone's board: 420 units across 360 px, so that its texts are at least 11 px (CSS .phone)

/** Narrow (a phone): two sites a row, then one ship a row on the water, one player a row, then the footer; each
 * part is drawn where the wide board has it and moved. */
function narrowBoard(view, ctx) {
  const move = (node, dx, dy) => s("g", { transform: `translate(${dx},${dy})` }, node);
  const water = 730;
  const playersTop = water + view.ships.length * 90 + 20;
  const footTop = playersTop + view.player_info.length * 230 + 10;
  const height = footTop + (view.lever_unloading ? 120 : 90);
  const root = svgRoot(NARROW, height, t("web.board_of", { game: "Imhotep" }),
    s("rect", { x: 0, y: 0, width: NARROW, height, fill: "#faf7ef" }),
    SITES.map(([code], i) => move(site(view, code, i), (i % 2) * 198 - i * 198, Math.floor(i / 2) * 240)),
    s("rect", { x: 0, y: water - 10, width: NARROW, height: view.ships.length * 90 + 20, fill: "#cfe3ee" }),
    view.ships.map((sh, i) => move(ship(view, sh, i), -i * 245, water - 250 + i * 90)),
    view.player_info.map((info, i) => move(player(view, info, i, ctx), -i * 248, playersTop - 360 + i * 230)),
    move(footer(view, ctx, 14, 290), 0, footTop - 596));
  root.classList.add("phone");
  return root;
}

export const board = {
  seatColours(view) {
    return view.player_info.map((info) => ({ key: info.colour, fill: FILL[info.colour] }));
  },

  render(view, ctx) {
    return ctx.narrow ? narrowBoard(view, ctx) : wideBoard(view, ctx);
  },
};
