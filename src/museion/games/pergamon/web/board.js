// Pergamon board drawn from view("pergamon"): the research-funds track (coins requested, deepest gallery, tomb
// raider symbols) with the funds cards, the five galleries, the museum (exhibition plan with the collection
// markers), the finds being laid out, each player's coins, VP (when visible), supply and exhibited collections,
// and the collection being built. Every find is drawn like the physical tile from view.faces ("V63|4J"): the
// right half of an object at its left edge with the number under it, the left half of another object at its
// right edge with the century under it; finds of a collection touch, so matching halves form whole objects.
// Click paths: P4 = track space; dig II = gallery II; +4.63 / drop 4.63 = that find in your supply;
// break I = your collection I; close / cancel / end / pay / polish = the buttons (polish asks how much).
import { t } from "/static/js/i18n.js";
import { hit, s, seatShape, svgRoot, text } from "/static/js/boards/svg.js";

const SEAT = ["#b03a2e", "#1f5f99", "#1e7a45", "#e0b400"];  // red, blue, green, yellow: each also has its shape
const SEAT_INK = ["#ffffff", "#ffffff", "#ffffff", "#1c1c1c"];
const SEAT_COLOUR = ["red", "blue", "green", "yellow"];
const ROMAN = ["I", "II", "III", "IV", "V"];
const W = 64;  // a find tile, in board units
const H = 50;
const HALF_SCALE = 1.25;
const TYPE_FILL = { V: "#c4572e", J: "#2f6db5", B: "#c99700", M: "#7d4aa8" };
// The RIGHT half of each object, flat side on x = 0, centred on y = 0 (the left half is its mirror image).
const HALF = {
  V: "M0,-12 H3 V-9 C11,-7 11,3 6,9 L5,12 H0 Z",                       // vase: amphora
  J: "M0,-12 H7 V-9 H4 L10,9 Q10,12 7,12 H0 Z",                        // jug: lip and flared body
  B: "M0,-11 A11,11 0 0 1 0,11 V6 A6,6 0 0 0 0,-6 Z",                  // bracelet: ring
  M: "M0,-12 C7,-12 10,-8 10,-2 C10,6 6,12 0,12 Z M2,-6 H7 V-2 H2 Z",  // mask: face with an eye hole
};

function typeName(type) { return t(`web.pergamon.type.${type}`); }

/** The printed face of a find: {left, number, century, right} from "V63|4J" (null if the view lacks it). */
function face(view, code) {
  const m = /^([VJBM])(\d\d)\|(\d)([VJBM])$/.exec((view.faces || {})[code] || "");
  return m ? { left: m[1], number: m[2], century: m[3], right: m[4] } : null;
}

function findLabel(view, code) {
  const f = face(view, code);
  return f ? t("web.pergamon.find", { code, left: t(`web.pergamon.half.${f.left}`), right: t(`web.pergamon.half.${f.right}`) })
    : code;
}

/** Half an object at a tile edge: edge "left" shows the right half, edge "right" the left half (mirrored). */
function half(type, x, y, edge) {
  const sx = edge === "right" ? -HALF_SCALE : HALF_SCALE;
  return s("path", { d: HALF[type] || "M0,-10 H8 V10 H0 Z", transform: `translate(${x},${y}) scale(${sx},${HALF_SCALE})`,
    fill: TYPE_FILL[type] || "#888", stroke: "#3b2e1a", "stroke-width": 0.7, "fill-rule": "evenodd", class: "half",
    "data-type": type, "data-edge": edge });
}

/** A find tile at (x, y); with `key` it is clickable (a find in your supply). `extra`: more classes. */
function find(view, x, y, code, key = null, extra = "") {
  const f = face(view, code);
  const label = findLabel(view, code);
  const cy = y + 19;
  const body = [s("rect", { x, y, width: W, height: H, rx: 4, fill: "#f3e6c4", stroke: "#8a6d3b",
    class: key ? "hit-area tile" : "tile" })];
  if (f) {
    body.push(half(f.left, x, cy, "left"), half(f.right, x + W, cy, "right"),
      text(x + 23, cy + 4, f.left, { class: "glyph", "text-anchor": "middle" }),
      text(x + W - 23, cy + 4, f.right, { class: "glyph", "text-anchor": "middle" }),
      text(x + 11, y + H - 5, f.number, { class: "tile-num", "text-anchor": "middle" }),
      text(x + W - 9, y + H - 5, f.century, { class: "tile-num", "text-anchor": "middle" }));
  } else body.push(text(x + W / 2, y + 27, code, { class: "small", "text-anchor": "middle" }));
  const attrs = { class: `find ${extra}`.trim(), "data-code": code, "data-piece": code, "data-kind": code };
  if (key) return hit(key, label, s("g", attrs, body));
  return s("g", { ...attrs, role: "img", "aria-label": label }, s("title", {}, label), body);
}

/** Finds side by side touching, so that each find's right half meets the next one's left half; a closed ring
 * also joins the last find's right half to the first one's left half (drawn as an arc underneath). */
function chain(view, x, y, codes, closed, scale = 1) {
  const parts = codes.map((code, k) => find(view, k * W, 0, code));
  const faces = codes.map((code) => face(view, code));
  for (let k = 0; k + 1 < codes.length; k += 1) {
    const a = faces[k]; const b = faces[k + 1];
    if (a && b && a.right === b.left) parts.push(joint(a.right, (k + 1) * W, 19));
  }
  const first = faces[0]; const last = faces[faces.length - 1];
  if (closed && codes.length > 1 && first && last && last.right === first.left) {
    const x1 = codes.length * W - 8; const x0 = 8;
    parts.push(s("path", { d: `M${x1},${H} C${x1},${H + 12} ${x0},${H + 12} ${x0},${H}`, fill: "none",
      stroke: TYPE_FILL[first.left], "stroke-width": 2.5, "stroke-dasharray": "5 3", class: "ring-close",
      "data-type": first.left }, s("title", {}, `${t("web.pergamon.ring_closes")}: ${typeName(first.left)}`)));
  }
  return s("g", { transform: `translate(${x},${y}) scale(${scale})`, class: "chain" }, parts);
}

/** Two matching halves meeting at a tile edge: the whole object, drawn again on top of the edge and ringed. */
function joint(type, x, y) {
  const whole = [half(type, x, y, "left"), half(type, x, y, "right")];
  for (const node of whole) {
    node.setAttribute("class", "whole");
    node.removeAttribute("data-edge");
  }
  return s("g", { class: "joint", "data-type": type }, s("title", {}, typeName(type)), whole,
    s("circle", { cx: x, cy: y, r: 17, fill: "none", stroke: TYPE_FILL[type], "stroke-width": 2 }));
}

/** A player's disc on the track (the owner's colour and shape, ringed in dark ink) or the tomb raider's. */
function figure(x, y, who) {
  if (who === "raider") {
    return s("g", { class: "figure", "data-seat": "raider", "data-piece": "figure:raider", "data-kind": "raider" }, s("circle", { cx: x, cy: y, r: 10, fill: "#222", stroke: "#fff",
      "stroke-width": 2 }), text(x, y + 4, t("web.pergamon.raider_letter"), { class: "badge", "text-anchor": "middle" }));
  }
  return s("g", { class: "figure", "data-seat": who, "data-piece": `figure:${who}`, "data-kind": `figure${who}` }, seatShape(who, x, y, 10, { fill: SEAT[who], stroke: "#1c1c1c",
    "stroke-width": 1.5 }));
}

function cardIcon(x, y, back) {
  return back === "chest"
    ? s("rect", { x, y: y - 5, width: 11, height: 9, rx: 1.5, fill: "#d8b45a", stroke: "#4a3515" })
    : s("path", { d: `M${x + 3},${y - 6} H${x + 8} L${x + 6},${y - 3} C${x + 12},${y - 1} ${x + 11},${y + 5} ${x + 5.5},${y + 5}`
      + ` C${x},${y + 5} ${x - 1},${y - 1} ${x + 5},${y - 3} Z`, fill: "#c9a37a", stroke: "#4a3515" });
}

const RAIDER_CARDS = [["bag", "bag"], ["bag", "chest"], ["chest", "chest"]];

/** Where a track space's parts go (y offsets): on a phone the space is taller, its texts larger, one per row. */
const SPACE_ROWS = {
  wide: { height: 80, label: 14, coin: [14, 28, 9], deepest: [40, 32], figure: 52, raider: 64 },
  narrow: { height: 124, label: 18, coin: [28, 38, 12], deepest: [28, 70], figure: 90, raider: 103 },
};

function trackSpace(view, k, x, y, info, narrow) {
  const at = narrow ? SPACE_ROWS.narrow : SPACE_ROWS.wide;
  const who = view.track[k];
  const parts = [s("rect", { x, y, width: 56, height: at.height, rx: 6, fill: "#e8eef5", stroke: "#7d8ea3", class: "hit-area" }),
    text(x + 28, y + at.label, `P${k + 1}`, { class: "small strong", "text-anchor": "middle" })];
  let label = `P${k + 1}`;
  if (info) {
    const [cx, cy, r] = at.coin;
    parts.push(s("circle", { cx: x + cx, cy: y + cy, r, fill: "#e3b93c", stroke: "#8a6a12", class: "coin" }),
      text(x + cx, y + cy + 4, info.coins, { class: "coin-num", "text-anchor": "middle" }),
      text(x + at.deepest[0], y + at.deepest[1], `≤${info.deepest}`, { class: "label strong", "text-anchor": "middle", "data-deepest": info.deepest }));
    label = t("web.pergamon.track_space", { space: info.space, coins: info.coins, deepest: info.deepest });
    if (info.raider !== null && info.raider !== undefined) {
      const [a, b] = RAIDER_CARDS[info.raider];
      const top = y + at.raider; const high = narrow ? 18 : 13;
      parts.push(s("g", { class: "raider-symbol", "data-chests": info.raider },
        s("rect", { x: x + 5, y: top, width: 46, height: high, rx: 3, fill: "#2b2b2b" }),
        text(x + 13, top + high - 3, t("web.pergamon.raider_letter"), { class: "badge-small", "text-anchor": "middle" }),
        cardIcon(x + 24, top + high / 2, a), cardIcon(x + 37, top + high / 2, b)));
      label += ` · ${t("web.pergamon.raider_symbol", { cards: t(`web.pergamon.raider_cards${info.raider}`) })}`;
    }
  }
  if (who !== null && who !== undefined) parts.push(figure(x + 28, y + at.figure, who));
  return hit(`track:P${k + 1}`, label, parts);
}

function track(view, narrow) {
  const spaces = view.track_spaces || [];
  const parts = [text(14, 22, t("web.pergamon.research_track"), { class: "heading" })];
  for (let k = 12; k >= 0; k -= 1) {
    const i = 12 - k;  // narrow: two rows of 7 and 6 spaces
    parts.push(narrow ? trackSpace(view, k, 14 + (i % 7) * 62, 30 + Math.floor(i / 7) * 132, spaces[k], true)
      : trackSpace(view, k, 14 + i * 62, 30, spaces[k], false));
  }
  const cardsX = narrow ? 454 : 830;
  parts.push(narrow ? text(616, 22, t("web.pergamon.funds_cards"), { class: "heading", "text-anchor": "end" })
    : text(cardsX, 22, t("web.pergamon.funds_cards"), { class: "heading" }));
  view.funds_cards.forEach((c, k) => {
    const x = cardsX + k * 74;
    parts.push(s("rect", { x, y: 30, width: 64, height: 80, rx: 6, fill: c.back === "chest" ? "#d8b45a" : "#c9a37a",
      stroke: "#6b4b2a" }), text(x + 32, 50, t(`web.pergamon.${c.back}`), { class: "small strong ink", "text-anchor": "middle" }),
    text(x + 32, 86, c.value ?? "?", { class: "big", "text-anchor": "middle" }));
  });
  if (view.raider_coins !== undefined) {
    const [rx, ry] = narrow ? [24, 314] : [560, 132];
    parts.push(figure(rx, ry, "raider"), text(rx + 16, ry + 5, t("web.pergamon.raider_coins", { n: view.raider_coins }),
      { class: "label", "data-raider-coins": view.raider_coins }));
  }
  return s("g", {}, parts);
}

function galleries(view) {
  const parts = [text(14, 152, t("web.pergamon.galleries"), { class: "heading" })];
  view.galleries.forEach((gallery, g) => {
    const x = 14 + g * 82; const top = 160;
    parts.push(hit(`gallery:${ROMAN[g]}`, t("web.pergamon.gallery_label", { n: ROMAN[g], finds: gallery.map((c) => findLabel(view, c)).join("; ") || t("web.empty") }),
      s("rect", { x, y: top, width: 76, height: 242, rx: 6, fill: "#efe6d2", stroke: "#b8a77f", class: "hit-area" }),
      text(x + 38, top + 17, ROMAN[g], { class: "label strong", "text-anchor": "middle" }),
      gallery.map((code, k) => find(view, x + 6, top + 24 + k * (H + 4), code))));
  });
  return s("g", {}, parts);
}

function layingOut(view) {
  if (!view.laying_out.length) return null;
  return s("g", {}, text(432, 348, `${t("web.pergamon.laying_out")}:`, { class: "label" }),
    view.laying_out.map((code, k) => find(view, 560 + k * (W + 4), 318, code)));
}

function museum(view, ctx) {
  const parts = [text(432, 152, t("web.pergamon.museum"), { class: "heading" })];
  const at = (k) => [432 + (k % 8) * 70, 160 + Math.floor(k / 8) * 50];
  for (let k = 0; k < 24; k += 1) {
    const [x, top] = at(k);
    parts.push(s("rect", { x, y: top, width: 64, height: 44, rx: 5, fill: "#f6f1e4", stroke: "#b8a77f",
      "data-hl": `museum:${k + 1}` }),
      text(x + 5, top + 14, k + 1, { class: "small" }));
  }
  Object.entries(view.museum).forEach(([space, [seat, roman]]) => {
    const [x, top] = at(Number(space) - 1);  // the plan's spaces are numbered 1-24
    const label = t("web.pergamon.marker_title", { name: ctx.names[seat] ?? seat, marker: roman, space });
    parts.push(marker(x + 40, top + 24, seat, roman, label));
  });
  return s("g", {}, parts);
}

/** A collection marker: the owner's colour and shape with the numeral I/II/III. */
function marker(cx, cy, seat, roman, label) {
  return s("g", { class: "marker", "data-seat": seat, "data-marker": roman, role: "img", "aria-label": label },
    s("title", {}, label), seatShape(seat, cx, cy, 16, { fill: SEAT[seat], stroke: "#1c1c1c", "stroke-width": 1.5 }),
    text(cx, cy + 5, roman, { class: "badge", fill: SEAT_INK[seat], "text-anchor": "middle" }));
}

const PANEL_TOP = 414;

function supplyPerRow(width) { return Math.max(1, Math.floor((width - 16) / (W + 4))); }

/** A collection's row: taller on a phone, whose larger texts need a line each (space, value). */
function rowHeight(narrow) { return narrow ? H + 44 : H + 24; }

function panelHeight(info, width, narrow) {
  const rows = Math.max(1, Math.ceil(info.finds.length / supplyPerRow(width)));
  return 84 + rows * (H + 4) + 22 + Math.max(1, info.collections.length) * (rowHeight(narrow) + 4);
}

const COLUMN = 58;  // the left column of a collection's row: its marker, space and value

/** A tiny label centred at `cx` that never spreads beyond `room` units (the Spanish words are longer): squeezed
 * when its estimated width (5.5 units a character) would not fit, so it is never cut at the panel's edge. */
function fitted(cx, y, label, room, perChar = 5.5) {
  const attrs = { class: "tiny", "text-anchor": "middle" };
  if (String(label).length * perChar > room) Object.assign(attrs, { textLength: room, lengthAdjust: "spacingAndGlyphs" });
  return text(cx, y, label, attrs);
}

function playerPanel(view, info, p, ctx, width, height, top, narrow) {
  const x = narrow ? 10 : 10 + p * (width + 8);  // narrow: one above the other
  top = narrow ? top + p * (height + 10) : top;
  const acting = view.to_act === p;
  const vp = info.vp ?? "?";
  const parts = [s("rect", { x, y: top, width, height, rx: 10, fill: acting ? "#fff6d6" : "#f3efe6",
    stroke: acting ? "#a27a10" : SEAT[p], "stroke-width": acting ? 4 : 2 }),
  seatShape(p, x + 16, top + 19, 8, { fill: SEAT[p], stroke: "#1c1c1c", "stroke-width": 1.2 }),
  text(x + 30, top + 25, ctx.names[p], { class: "heading" }),
  s("circle", { cx: x + 20, cy: top + 45, r: 9, fill: "#e3b93c", stroke: "#8a6a12" }),
  text(x + 34, top + 50, t("web.pergamon.coins", { n: info.coins }), { class: "label" }),
  s("rect", { x: x + 144, y: top + 35, width: 64, height: 20, rx: 10, fill: info.vp === null ? "#ddd6c6" : "#2b2418" }),
  text(x + 176, top + 50, t("web.pergamon.vp", { vp }), { class: info.vp === null ? "label strong" : "badge", "text-anchor": "middle",
    "data-vp": info.vp ?? "hidden" }),
  text(x + width - 10, top + 25, t("web.pergamon.space", { space: info.space || "–" }), { class: "label", "text-anchor": "end",
    "data-supply": `figure${p}` }),  // a figure placed on the track comes from here
  text(x + 12, top + 74, t("web.pergamon.supply"), { class: "small strong" })];
  const per = supplyPerRow(width);
  const building = new Set(view.building ? view.building.finds : []);
  info.finds.forEach((code, k) => parts.push(find(view, x + 8 + (k % per) * (W + 4), top + 80 + Math.floor(k / per) * (H + 4),
    code, `find${p}:${code}`, building.has(code) && view.to_act === p ? "in-building" : "")));
  const rows = Math.max(1, Math.ceil(info.finds.length / per));
  let cy = top + 80 + rows * (H + 4) + 14;
  parts.push(text(x + 12, cy, t("web.pergamon.collections"), { class: "small strong" }));
  cy += 6;
  info.collections.forEach((c) => {
    const label = t("web.pergamon.collection_title", { marker: c.marker, space: c.space, value: c.value, finds: c.finds.join(", ") });
    const column = narrow ? 92 : COLUMN;  // a phone's texts are larger (.phone-620: about 10.5 units a character)
    const perChar = narrow ? 10.5 : 5.5;
    const scale = Math.min(1, (width - column - 16) / (c.finds.length * W));
    const mid = x + 6 + column / 2;
    parts.push(hit(`coll${p}:${c.marker}`, label,
      s("rect", { x: x + 6, y: cy, width: width - 12, height: rowHeight(narrow), rx: 6, fill: "#efe6d2", class: "hit-area" }),
      marker(mid, cy + 22, p, c.marker, label),
      fitted(mid, cy + (narrow ? 62 : 55), t("web.pergamon.space", { space: c.space }), column - 4, perChar),
      fitted(mid, cy + (narrow ? 84 : 67), t("web.pergamon.value_short", { value: c.value }), column - 4, perChar),
      chain(view, x + 10 + column, cy + 6, c.finds, true, scale)));
    cy += rowHeight(narrow) + 4;
  });
  return s("g", {}, parts);
}

function buildingRow(view, top) {
  if (!view.building) return null;
  const b = view.building;
  const info = [b.break ? t("web.pergamon.break_up", { marker: b.break }) : null, t("web.pergamon.cancels_left", { n: b.cancels_left })].filter(Boolean);
  return s("g", { class: "building" }, text(14, top + 18, `${t("web.pergamon.building")}:`, { class: "label strong" }),
    text(14, top + 38, info.join(" · "), { class: "small" }),
    b.finds.length ? chain(view, 230, top, b.finds, false) : null);
}

function buttons(ctx, top, narrow) {
  const parts = [];
  let k = 0;
  for (const key of ["close", "cancel", "end", "pay", "polish"]) {
    if (!ctx.legalTexts.some((m) => m === key || (key === "polish" && m.startsWith("polish ")))) continue;
    const [x, y] = narrow ? [14 + (k % 3) * 198, top + Math.floor(k / 3) * 50] : [14 + k * 190, top];
    parts.push(button(x, y, key, t(`web.pergamon.button.${key}`)));
    k += 1;
  }
  return s("g", {}, parts);
}

function button(x, top, key, label) {
  return hit(key, label, s("rect", { x, y: top, width: 180, height: 44, rx: 8, fill: "#e6dfcc", stroke: "#6f6346",
    class: "hit-area" }), text(x + 90, top + 28, label, { class: "label", "text-anchor": "middle" }));
}

/** The turn, stage, calendar and box; on a phone (larger text, 604 units of room) squeezed rather than cut. */
function statusLine(view, narrow) {
  const line = t("web.pergamon.status", { turn: view.turn, stage: t(`web.pergamon.stage.${view.stage}`),
    calendar: view.calendar, box: view.box });
  const squeeze = narrow && line.length * 10.2 > 604;
  return text(432, 394, line, { class: "label", textLength: squeeze ? 604 : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null });
}

export const board = {
  seatColours(view) {
    return view.players.map((_info, p) => ({ key: SEAT_COLOUR[p], fill: SEAT[p] }));
  },

  render(view, ctx) {
    const n = view.players.length;
    // narrow (a phone): the track in two rows, the museum below the galleries, a board 620 wide instead of 1000
    const narrow = ctx.narrow;
    const full = narrow ? 620 : 1000;
    const down = narrow ? 198 : 0;  // the galleries below the two-row track
    const museumAt = narrow ? [-418, 458] : [0, 0];  // the museum (and what is laid out, the status) below them
    const width = narrow ? full - 20 : Math.floor((full - 20 - (n - 1) * 8) / n);
    const height = Math.max(...view.players.map((info) => panelHeight(info, width, narrow)));
    const top = PANEL_TOP + (narrow ? 508 : 0);
    let bottom = top + (narrow ? n : 1) * (height + 10);
    const built = buildingRow(view, bottom);
    if (built) bottom += H + 22;
    const move = (node, [dx, dy]) => (node && (dx || dy) ? s("g", { transform: `translate(${dx},${dy})` }, node) : node);
    const parts = [track(view, narrow), move(galleries(view), [0, down]),
      move(s("g", {}, museum(view, ctx), layingOut(view), statusLine(view, narrow)), museumAt),
      ...view.players.map((info, p) => playerPanel(view, info, p, ctx, width, height, top, narrow)), built];
    if (view.scores) {
      parts.push(text(14, bottom + 16, `${t("web.scores")}: ${view.scores.join(" : ")}`, { class: "label" }));
      bottom += 24;
    }
    const row = buttons(ctx, bottom, narrow);
    const total = bottom + (row.childNodes.length ? (narrow ? 100 : 50) : 0);
    parts.unshift(s("rect", { x: 0, y: 0, width: full, height: total, fill: "#faf7ef" }));
    parts.push(row);
    const root = svgRoot(full, total, t("web.board_of", { game: "Pergamon" }), parts);
    if (narrow) root.classList.add("phone", "phone-620");  // its texts drawn larger (CSS): >= 11 px at 360 px
    return root;
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
