// Pergamon board drawn from view("pergamon"): the research-funds track (coins requested, deepest gallery, tomb
// raider symbols) with the funds cards, the five galleries, the museum (exhibition plan with the collection
// markers), the finds being laid out, each player's coins, VP (when visible), supply and exhibited collections,
// and the collection being built. Every find is drawn like the physical tile from view.faces ("V63|4J"): the
// right half of an object at its left edge with the number under it, the left half of another object at its
// right edge with the century under it; finds of a collection touch, so matching halves form whole objects (a long
// collection wraps into rows). No text is drawn under 14 units on a desktop, 19.5 on a phone (CSS: .desk-1000,
// .phone-620), so every text is at least 11 px on screen.
// It only draws: what each move touches is said by the game (targets.py: track:PN, gallery:R, findP:CODE, collP:R,
// and the buttons close, cancel, end, pay, polish, drawn when a move targets them), and the table page makes the
// regions under those keys clickable (polish asks how much, in its chooser).
import { t } from "/static/js/i18n.js";
import { hit, s, seatShape, svgRoot, text } from "/static/js/boards/svg.js";

const SEAT = ["#b03a2e", "#1f5f99", "#1e7a45", "#e0b400"];  // red, blue, green, yellow: each also has its shape
const SEAT_INK = ["#ffffff", "#ffffff", "#ffffff", "#1c1c1c"];
const SEAT_COLOUR = ["red", "blue", "green", "yellow"];
const ROMAN = ["I", "II", "III", "IV", "V"];
/** A find tile, in board units, and where its parts go: on a phone (texts 19.5 units) wider and taller, so that its
 * number and century keep clear of its halves, of each other and of the next tile's (in a collection tiles touch). */
const TILES = {
  wide: { w: 64, h: 50, mid: 18, inset: 4 },
  narrow: { w: 84, h: 58, mid: 20, inset: 5 },
};
function tileOf(narrow) { return narrow ? TILES.narrow : TILES.wide; }
const WRAP_GAP = 12;  // between the rows of a long collection: room for the line leading from one row to the next
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

/** A find tile of size `tile` at (x, y); with `key` it is clickable (a find in your supply). `extra`: more classes.
 * Its number and century stand inside its edges (never beside the next tile's); its halves show the objects by
 * shape and colour, its label names them. */
function find(view, tile, x, y, code, key = null, extra = "") {
  const f = face(view, code);
  const label = findLabel(view, code);
  const cy = y + tile.mid;
  const base = y + tile.h - 6;
  const body = [s("rect", { x, y, width: tile.w, height: tile.h, rx: 4, fill: "#f3e6c4", stroke: "#8a6d3b",
    class: key ? "hit-area tile" : "tile" })];
  if (f) {
    body.push(half(f.left, x, cy, "left"), half(f.right, x + tile.w, cy, "right"),
      text(x + tile.inset, base, f.number, { class: "tile-num" }),
      text(x + tile.w - tile.inset, base, f.century, { class: "tile-num", "text-anchor": "end" }));
  } else body.push(text(x + tile.w / 2, y + tile.mid + 8, code, { class: "small", "text-anchor": "middle" }));
  const attrs = { class: `find ${extra}`.trim(), "data-code": code, "data-piece": code, "data-kind": code };
  if (key) return hit(key, label, s("g", attrs, body));
  return s("g", { ...attrs, role: "img", "aria-label": label }, s("title", {}, label), body);
}

/** Rows of a chain of `count` finds, `perRow` to a row, and its height (the closing arc under the last row). */
function chainRows(count, perRow) { return Math.max(1, Math.ceil(count / perRow)); }
function chainHeight(tile, count, perRow) { return chainRows(count, perRow) * (tile.h + WRAP_GAP) - WRAP_GAP + 10; }

/** Finds side by side touching, so that each find's right half meets the next one's left half, `perRow` to a row:
 * a long collection wraps, a dashed line leading from a row's last find to the next row's first (the halves that
 * meet there). A closed ring also joins the last find's right half to the first one's left half (an arc underneath,
 * or a line back to the first row). */
function chain(view, tile, x, y, codes, closed, perRow = codes.length) {
  const at = (k) => [(k % perRow) * tile.w, Math.floor(k / perRow) * (tile.h + WRAP_GAP)];
  const parts = codes.map((code, k) => find(view, tile, ...at(k), code));
  const faces = codes.map((code) => face(view, code));
  for (let k = 0; k + 1 < codes.length; k += 1) {
    const a = faces[k]; const b = faces[k + 1];
    if (!a || !b || a.right !== b.left) continue;
    const [bx, by] = at(k + 1);
    if (bx > 0) parts.push(joint(a.right, bx, by + tile.mid));
    else {
      parts.push(s("g", { class: "joint wrap", "data-type": a.right }, s("title", {}, typeName(a.right)),
        dashed(a.right, wrapPath(tile, perRow * tile.w, by - WRAP_GAP - tile.h, by, WRAP_GAP / 2, 4))));
    }
  }
  const first = faces[0]; const last = faces[faces.length - 1];
  if (closed && codes.length > 1 && first && last && last.right === first.left) {
    const [lx, ly] = at(codes.length - 1);
    const { h } = tile;
    const d = ly === 0 ? `M${lx + tile.w - 8},${h} C${lx + tile.w - 8},${h + 12} 8,${h + 12} 8,${h}`
      : wrapPath(tile, lx + tile.w, ly, 0, 8, 8);
    parts.push(s("g", { class: "ring-close", "data-type": first.left },
      s("title", {}, `${t("web.pergamon.ring_closes")}: ${typeName(first.left)}`), dashed(first.left, d)));
  }
  return s("g", { transform: `translate(${x},${y})`, class: "chain" }, parts);
}

/** From the right edge of a tile (at x `fromX`) in the row at `fromY`, down `below` units under that row, left
 * `out` units past the chain's start, and into the left edge of the first tile of the row at `toY`. */
function wrapPath(tile, fromX, fromY, toY, below, out) {
  return `M${fromX},${fromY + tile.mid} h4 V${fromY + tile.h + below} H${-out} V${toY + tile.mid} H0`;
}

function dashed(type, d) {
  return s("path", { d, fill: "none", stroke: TYPE_FILL[type], "stroke-width": 2.5, "stroke-dasharray": "5 3" });
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
  wide: { width: 58, height: 80, label: 15, coin: [12, 29, 9], deepest: [40.5, 34], figure: 50, raider: 62 },
  narrow: { width: 56, height: 124, label: 18, coin: [28, 38, 12], deepest: [28, 70], figure: 90, raider: 103 },
};

function trackSpace(view, k, x, y, info, narrow) {
  const at = narrow ? SPACE_ROWS.narrow : SPACE_ROWS.wide;
  const who = view.track[k];
  const mid = at.width / 2;
  const parts = [s("rect", { x, y, width: at.width, height: at.height, rx: 6, fill: "#e8eef5", stroke: "#7d8ea3", class: "hit-area" }),
    text(x + mid, y + at.label, `P${k + 1}`, { class: "small strong", "text-anchor": "middle" })];
  let label = `P${k + 1}`;
  if (info) {
    const [cx, cy, r] = at.coin;
    parts.push(s("circle", { cx: x + cx, cy: y + cy, r, fill: "#e3b93c", stroke: "#8a6a12", class: "coin" }),
      text(x + cx, y + cy + 5, info.coins, { class: "coin-num", "text-anchor": "middle" }),
      text(x + at.deepest[0], y + at.deepest[1], `≤${info.deepest}`, { class: "label strong", "text-anchor": "middle", "data-deepest": info.deepest }));
    label = t("web.pergamon.track_space", { space: info.space, coins: info.coins, deepest: info.deepest });
    if (info.raider !== null && info.raider !== undefined) {
      const [a, b] = RAIDER_CARDS[info.raider];
      const top = y + at.raider; const high = narrow ? 18 : 16;
      parts.push(s("g", { class: "raider-symbol", "data-chests": info.raider },
        s("rect", { x: x + 5, y: top, width: 46, height: high, rx: 3, fill: "#2b2b2b" }),
        text(x + 13, top + high - 3, t("web.pergamon.raider_letter"), { class: "badge-small", "text-anchor": "middle" }),
        cardIcon(x + 24, top + high / 2, a), cardIcon(x + 37, top + high / 2, b)));
      label += ` · ${t("web.pergamon.raider_symbol", { cards: t(`web.pergamon.raider_cards${info.raider}`) })}`;
    }
  }
  if (who !== null && who !== undefined) parts.push(figure(x + mid, y + at.figure, who));
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

/** A gallery's height: room for 4 finds (PER-LAYOUT-1), 242 units on a desktop. */
function galleryHeight(tile) { return 26 + 4 * (tile.h + 4); }

function galleries(view, tile) {
  const parts = [text(14, 152, t("web.pergamon.galleries"), { class: "heading" })];
  view.galleries.forEach((gallery, g) => {
    const x = 14 + g * (tile.w + 18); const top = 160;
    parts.push(hit(`gallery:${ROMAN[g]}`, t("web.pergamon.gallery_label", { n: ROMAN[g], finds: gallery.map((c) => findLabel(view, c)).join("; ") || t("web.empty") }),
      s("rect", { x, y: top, width: tile.w + 12, height: galleryHeight(tile), rx: 6, fill: "#efe6d2", stroke: "#b8a77f", class: "hit-area" }),
      text(x + tile.w / 2 + 6, top + 17, ROMAN[g], { class: "label strong", "text-anchor": "middle" }),
      gallery.map((code, k) => find(view, tile, x + 6, top + 24 + k * (tile.h + 4), code))));
  });
  return s("g", {}, parts);
}

/** The finds being laid out (up to 5), below the museum: beside their label on a desktop, under it on a phone. */
function layingOut(view, tile, narrow) {
  if (!view.laying_out.length) return null;
  const [x, y] = narrow ? [432, 328] : [560, 318];
  return s("g", {}, text(432, narrow ? 322 : 348, `${t("web.pergamon.laying_out")}:`, { class: "label" }),
    view.laying_out.map((code, k) => find(view, tile, x + k * (tile.w + 4), y, code)));
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

function supplyPerRow(width, tile) { return Math.max(1, Math.floor((width - 16) / (tile.w + 4))); }

/** A collection's row: its left column (marker, space, value) and its finds, wrapped to the room beside it. On a
 * phone the column is wider and taller (its texts larger: about 10.5 units a character, a line each). */
function collectionLayout(width, narrow) {
  const tile = tileOf(narrow);
  const column = narrow ? 92 : 74;
  return { tile, column, perChar: narrow ? 10.5 : 7.7, lines: narrow ? [62, 84] : [54, 69], least: narrow ? 94 : 74,
    perRow: Math.max(1, Math.floor((width - column - 28) / tile.w)) };
}

function collectionHeight(finds, at) {
  return Math.max(at.least, 10 + chainHeight(at.tile, finds.length, at.perRow));
}

function panelHeight(info, width, narrow) {
  const tile = tileOf(narrow);
  const at = collectionLayout(width, narrow);
  const rows = Math.max(1, Math.ceil(info.finds.length / supplyPerRow(width, tile)));
  const collections = info.collections.length
    ? info.collections.reduce((sum, c) => sum + collectionHeight(c.finds, at) + 4, 0) : at.least + 4;
  return 84 + rows * (tile.h + 4) + 22 + collections;
}

/** A tiny label centred at `cx` that never spreads beyond `room` units (the Spanish words are longer): squeezed
 * when its estimated width (`perChar` units a character) would not fit, so it is never cut at the panel's edge. */
function fitted(cx, y, label, room, perChar) {
  const attrs = { class: "tiny", "text-anchor": "middle" };
  if (String(label).length * perChar > room) Object.assign(attrs, { textLength: room, lengthAdjust: "spacingAndGlyphs" });
  return text(cx, y, label, attrs);
}

function playerPanel(view, info, p, ctx, width, height, top, narrow) {
  const tile = tileOf(narrow);
  const x = narrow ? 10 : 10 + p * (width + 8);  // narrow: one above the other, at `top`
  const acting = view.to_act === p;
  const vp = info.vp ?? "?";
  const vpAt = narrow ? 230 : 144;  // after "17 monedas" in the page's text size
  const parts = [s("rect", { x, y: top, width, height, rx: 10, fill: acting ? "#fff6d6" : "#f3efe6",
    stroke: acting ? "#a27a10" : SEAT[p], "stroke-width": acting ? 4 : 2 }),
  seatShape(p, x + 16, top + 19, 8, { fill: SEAT[p], stroke: "#1c1c1c", "stroke-width": 1.2 }),
  text(x + 30, top + 25, ctx.names[p], { class: "heading" }),
  s("circle", { cx: x + 20, cy: top + 45, r: 9, fill: "#e3b93c", stroke: "#8a6a12" }),
  text(x + 34, top + 50, t("web.pergamon.coins", { n: info.coins }), { class: "label" }),
  s("rect", { x: x + vpAt, y: top + 35, width: 72, height: 20, rx: 10, fill: info.vp === null ? "#ddd6c6" : "#2b2418" }),
  text(x + vpAt + 36, top + 50, t("web.pergamon.vp", { vp }), { class: info.vp === null ? "label strong" : "badge", "text-anchor": "middle",
    "data-vp": info.vp ?? "hidden" }),
  text(x + width - 10, top + 25, t("web.pergamon.space", { space: info.space || "–" }), { class: "label", "text-anchor": "end",
    "data-supply": `figure${p}` }),  // a figure placed on the track comes from here
  text(x + 12, top + 74, t("web.pergamon.supply"), { class: "small strong" })];
  const per = supplyPerRow(width, tile);
  const building = new Set(view.building ? view.building.finds : []);
  info.finds.forEach((code, k) => parts.push(find(view, tile, x + 8 + (k % per) * (tile.w + 4),
    top + 80 + Math.floor(k / per) * (tile.h + 4), code, `find${p}:${code}`,
    building.has(code) && view.to_act === p ? "in-building" : "")));
  const rows = Math.max(1, Math.ceil(info.finds.length / per));
  let cy = top + 80 + rows * (tile.h + 4) + 14;
  parts.push(text(x + 12, cy, t("web.pergamon.collections"), { class: "small strong" }));
  cy += 6;
  const at = collectionLayout(width, narrow);
  info.collections.forEach((c) => {
    const label = t("web.pergamon.collection_title", { marker: c.marker, space: c.space, value: c.value, finds: c.finds.join(", ") });
    const mid = x + 6 + at.column / 2;
    const high = collectionHeight(c.finds, at);
    parts.push(hit(`coll${p}:${c.marker}`, label,
      s("rect", { x: x + 6, y: cy, width: width - 12, height: high, rx: 6, fill: "#efe6d2", class: "hit-area" }),
      marker(mid, cy + 22, p, c.marker, label),
      fitted(mid, cy + at.lines[0], t("web.pergamon.space", { space: c.space }), at.column - 4, at.perChar),
      fitted(mid, cy + at.lines[1], t("web.pergamon.value_short", { value: c.value }), at.column - 4, at.perChar),
      chain(view, tile, x + 12 + at.column, cy + 6, c.finds, true, at.perRow)));
    cy += high + 4;
  });
  return s("g", {}, parts);
}

/** The collection being built, below the players' panels: its finds beside its texts on a desktop, under them on
 * a phone. Returns the drawing and its height (none without a collection being built). */
function buildingRow(view, top, narrow, full) {
  if (!view.building) return [null, 0];
  const b = view.building;
  const tile = tileOf(narrow);
  const info = [b.break ? t("web.pergamon.break_up", { marker: b.break }) : null, t("web.pergamon.cancels_left", { n: b.cancels_left })].filter(Boolean);
  const [x, y] = narrow ? [22, top + 50] : [240, top];
  const perRow = Math.max(1, Math.floor((full - x - 12) / tile.w));
  const high = Math.max(44, y - top + (b.finds.length ? chainHeight(tile, b.finds.length, perRow) : 0)) + 12;
  return [s("g", { class: "building" }, text(14, top + 18, `${t("web.pergamon.building")}:`, { class: "label strong" }),
    text(14, top + 40, info.join(" · "), { class: "small" }),
    b.finds.length ? chain(view, tile, x, y, b.finds, false, perRow) : null), high];
}

function buttons(ctx, top, narrow) {
  const parts = [];
  let k = 0;
  for (const key of ["close", "cancel", "end", "pay", "polish"]) {
    if (!ctx.targets.has(key)) continue;
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
/** On a phone the line is just below the museum, or below what is being laid out there. */
function statusY(view, narrow) { return narrow ? (view.laying_out.length ? 408 : 334) : 394; }

function statusLine(view, narrow) {
  const line = t("web.pergamon.status", { turn: view.turn, stage: t(`web.pergamon.stage.${view.stage}`),
    calendar: view.calendar, box: view.box });
  const squeeze = narrow && line.length * 10.2 > 604;
  return text(432, statusY(view, narrow), line, { class: "label", textLength: squeeze ? 604 : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null });
}

export const board = {
  // its own words' sizes and the marks of a collection being built, beside this module (loaded with it)
  stylesheet: "board.css",

  seatColours(view) {
    return view.players.map((_info, p) => ({ key: SEAT_COLOUR[p], fill: SEAT[p] }));
  },

  render(view, ctx) {
    const n = view.players.length;
    // narrow (a phone): the track in two rows, the museum below the galleries, a board 620 wide instead of 1000
    const narrow = ctx.narrow;
    const full = narrow ? 620 : 1000;
    const tile = tileOf(narrow);
    const down = narrow ? 198 : 0;  // the galleries below the two-row track
    // the museum (and what is laid out, the status) below the galleries
    const museumAt = narrow ? [-418, down + galleryHeight(tile) + 18] : [0, 0];
    const width = narrow ? full - 20 : Math.floor((full - 20 - (n - 1) * 8) / n);
    // side by side of one height on a desktop; one above the other, each its own height, on a phone
    const heights = view.players.map((info) => panelHeight(info, width, narrow));
    const tops = [narrow ? museumAt[1] + statusY(view, narrow) + 24 : PANEL_TOP];
    if (narrow) heights.forEach((high) => tops.push(tops[tops.length - 1] + high + 10));
    else heights.fill(Math.max(...heights));
    let bottom = narrow ? tops[n] : PANEL_TOP + heights[0] + 10;
    const [built, builtHeight] = buildingRow(view, bottom, narrow, full);
    bottom += builtHeight;
    const move = (node, [dx, dy]) => (node && (dx || dy) ? s("g", { transform: `translate(${dx},${dy})` }, node) : node);
    const parts = [track(view, narrow), move(galleries(view, tile), [0, down]),
      move(s("g", {}, museum(view, ctx), layingOut(view, tile, narrow), statusLine(view, narrow)), museumAt),
      ...view.players.map((info, p) => playerPanel(view, info, p, ctx, width, heights[p], tops[narrow ? p : 0], narrow)), built];
    if (view.scores) {
      parts.push(text(14, bottom + 16, `${t("web.scores")}: ${view.scores.join(" : ")}`, { class: "label" }));
      bottom += 24;
    }
    const row = buttons(ctx, bottom, narrow);
    const total = bottom + (row.childNodes.length ? (narrow ? 100 : 50) : 0);
    parts.unshift(s("rect", { x: 0, y: 0, width: full, height: total, fill: "#faf7ef" }));
    parts.push(row);
    const root = svgRoot(full, total, t("web.board_of", { game: "Pergamon" }), parts);
    // its texts drawn larger (CSS): >= 11 px at 360 px, and on a desktop's board (about 930 px, or down to 0.8 of
    // that when the board is fitted to the screen's height)
    if (narrow) root.classList.add("phone", "phone-620");
    else root.classList.add("desk-1000");
    return root;
  },
};
