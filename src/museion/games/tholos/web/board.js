// Tholos board drawn from view("tholos"): the temple's seven columns, the quarry and both workshops. It only draws:
// what each move touches is said by the game (targets.py: quarry:C, wsP:C, col:L, decline:L), and the table page
// makes the regions under those keys clickable.
import { t } from "/static/js/i18n.js";
import { hit, s, svgRoot, text } from "/static/js/boards/svg.js";

const LOCS = "ABCDEFG";
const FILL = { W: "#f6f2e6", B: "#262626", G: "#8a8a8a" };
const COLOUR = { W: "white", B: "black", G: "grey" };
const CX = 310; const CY = 350; const R = 225;

const colourName = (c) => t(`web.colour.${COLOUR[c]}`);

/** A stone; `piece`: where it lies ("col:C2", "ws0:1"), so that it glides when a move takes it elsewhere. */
function stone(x, y, colour, w = 52, h = 17, piece = null) {
  return s("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 6, fill: FILL[colour], stroke: "#4a4a4a",
    "stroke-width": 1.2, class: `stone stone-${colour}`, "data-piece": piece, "data-kind": piece && colour });
}

/** Column `loc` (the i-th): around the temple's circle on a wide board; on a narrow one (a phone) the seven stand
 * in a row, named by their letter only (the legend below says their actions). */
function column(view, loc, i, narrow) {
  const angle = (-90 + (i * 360) / 7) * (Math.PI / 180);
  const [x, baseY] = narrow ? [32 + i * 59, 190] : [CX + R * Math.cos(angle), CY + R * Math.sin(angle) + 62];
  const [w, sw] = narrow ? [55, 44] : [88, 52];  // the column's width and its stones'
  const stones = view.columns[loc] || ""; const max = view.max_heights[loc];
  // (the column is marked by its declined extra action too: the decline button is gone once pressed)
  const parts = [s("rect", { x: x - w / 2, y: baseY - 150, width: w, height: 188, rx: 10, class: "hit-area",
    fill: view.extra_at === loc ? "#ffe9a8" : "#efe6d2", stroke: "#8c7a52", "data-hl": `decline:${loc}` })];
  for (let h = 0; h < max; h += 1) {
    const y = baseY - 14 - h * 19;
    parts.push(h < stones.length ? s("g", { "data-hl": `stone:${loc}${h}` }, stone(x, y, stones[h], sw, 17, `col:${loc}${h}`))
      : s("rect", { x: x - sw / 2, y: y - 8.5, width: sw, height: 17, rx: 6, fill: "none", stroke: "#8c7a52",
        "stroke-dasharray": "3 3", "data-hl": `slot:${loc}${h}` }));
  }
  parts.push(s("rect", { x: x - sw / 2 - 6, y: baseY - 4, width: sw + 12, height: 10, fill: "#b8a77f" }));
  parts.push(text(x, baseY + 24, narrow ? loc : `${loc} · ${t(`web.tholos.action.${loc}`)}`,
    { class: narrow ? "label strong" : "label", "text-anchor": "middle" }));
  const orn = view.ornaments && view.ornaments[loc];
  if (orn) {
    parts.push(s("circle", { cx: x + w / 2 - 10, cy: baseY - 138, r: 12, fill: "#6a3d9a" }));
    parts.push(text(x + w / 2 - 10, baseY - 133, orn, { class: "badge", "text-anchor": "middle" }));
  }
  const winner = view.column_winners[loc];
  if (winner !== null && winner !== undefined) {
    const colour = winner === 0 ? "W" : "B";
    parts.push(narrow  // the winner's stone and the points (the column's name for assistive technology says it)
      ? s("g", {}, stone(x - 9, baseY - 131, colour, 14, 12), text(x + 4, baseY - 126, view.column_points[loc], { class: "small" }))
      : text(x, baseY - 126, `${colourName(colour)}: ${view.column_points[loc]}`, { class: "small", "text-anchor": "middle" }));
  }
  const content = stones ? [...stones].map(colourName).join(", ") : t("web.empty");
  const label = t("web.tholos.column_label", { loc, action: t(`web.tholos.action.${loc}`), stones: content })
    + (orn ? ` · ${t("web.tholos.ornament", { n: orn })}` : "");
  return hit(`col:${loc}`, label, parts);
}

function quarry(view) {
  const parts = [text(660, 40, t("web.quarry"), { class: "heading" })];
  ["W", "B", "G"].forEach((c, i) => {
    const x = 690 + i * 95;
    parts.push(hit(`quarry:${c}`, t("web.tholos.quarry_pile", { n: view.quarry[c], colour: colourName(c) }),
      s("rect", { x: x - 40, y: 52, width: 80, height: 70, rx: 8, class: "hit-area", fill: "#efe6d2", stroke: "#8c7a52" }),
      s("g", { "data-supply": c }, stone(x, 76, c, 56, 22)), text(x, 112, `× ${view.quarry[c]}`, { class: "label", "text-anchor": "middle" })));
  });
  return s("g", {}, parts);
}

function workshop(view, p, names) {
  const y0 = 160 + p * 150;
  const counts = view.workshops[p]; const stones = [];
  for (const c of ["W", "B", "G"]) for (let k = 0; k < counts[c]; k += 1) stones.push(c);
  const title = t("web.tholos.workshop", { name: names[p] });
  const parts = [text(660, y0, title, { class: "heading", textLength: title.length > 26 ? 290 : null,
    lengthAdjust: "spacingAndGlyphs" }),
  s("rect", { x: 650, y: y0 + 12, width: 290, height: 90, rx: 10, fill: view.to_move === p ? "#fff6d6" : "#f3efe6",
    stroke: view.to_move === p ? "#a27a10" : "#8c7a52", "stroke-width": 2 })];
  for (let k = 0; k < 3; k += 1) {
    const x = 700 + k * 95; const c = stones[k];
    if (!c) {
      parts.push(s("rect", { x: x - 36, y: y0 + 40, width: 72, height: 34, rx: 8, fill: "none", stroke: "#8c7a52",
        "stroke-dasharray": "4 3" }));
      continue;
    }
    parts.push(hit(`ws${p}:${c}`, `${title}: ${colourName(c)}`,
      s("rect", { x: x - 40, y: y0 + 24, width: 80, height: 66, rx: 8, class: "hit-area", fill: "transparent" }),
      stone(x, y0 + 57, c, 64, 26, `ws${p}:${k}`)));
  }
  return s("g", { "data-hl": `ws${p}` }, parts);
}

function scoreLine(view, names) {
  return `${names[0]} ${view.scores[0]} · ${names[1]} ${view.scores[1]}`;
}

/** What a turn may offer besides the stones: the extra action's location, the decline button (when a move
 * targets it); the ornaments. */
function turnParts(view, ctx) {
  const turn = [];
  if (view.extra_at) turn.push(text(660, 500, t("web.tholos.extra_at", { loc: view.extra_at }), { class: "label" }));
  const decline = `decline:${view.extra_at}`;
  if (view.extra_at && ctx.targets.has(decline)) {
    turn.push(hit(decline, t("web.tholos.decline"), s("rect", { x: 660, y: 520, width: 260, height: 44, rx: 10,
      fill: "#e6dfcc", stroke: "#6f6346", class: "hit-area" }),
    text(790, 548, t("web.tholos.decline"), { class: "label", "text-anchor": "middle" })));
  }
  const ornaments = Object.entries(view.ornaments || {}).map(([loc, n], i) => text(660, 600 + i * 18,
    `${t("web.tholos.ornament", { n })} · ${loc}: ${t(`web.tholos.ornament.${n}`)}`, { class: "small" }));
  return [s("g", {}, turn), s("g", {}, ornaments)];
}

/** Wide: the temple's circle of columns, the quarry, the workshops and the turn beside it. */
function wideBoard(view, ctx) {
  const temple = [text(20, 660, t("web.tholos.temple"), { class: "heading" }),
    text(20, 684, scoreLine(view, ctx.names), { class: "label", id: "tholos-score" }),
    s("circle", { cx: CX, cy: CY + 40, r: 120, fill: "none", stroke: "#e2d6b8", "stroke-width": 3 }),
    ...[...LOCS].map((loc, i) => column(view, loc, i, false))];
  return svgRoot(960, 700, t("web.board_of", { game: "Tholos" }), s("rect", { x: 0, y: 0, width: 960, height: 700, fill: "#faf7ef" }),
    temple, quarry(view), workshop(view, 0, ctx.names), workshop(view, 1, ctx.names), turnParts(view, ctx));
}

const NARROW = 420;  // a phone's board: 420 units across 360 px, so that its texts are at least 11 px (CSS .phone)

/** Narrow (a phone): the columns in a row with a legend of their actions, the score, then the quarry, the
 * workshops and the turn below, each part drawn where the wide board has it and moved. */
function narrowBoard(view, ctx) {
  const move = (node, dx, dy) => s("g", { transform: `translate(${dx},${dy})` }, node);
  const legend = [...LOCS].map((loc, i) => text(14 + Math.floor(i / 4) * 206, 244 + (i % 4) * 20,
    `${loc} · ${t(`web.tholos.action.${loc}`)}`, { class: "label" }));
  const ornaments = Object.keys(view.ornaments || {}).length;
  const height = ornaments ? 845 + ornaments * 18 : 830;
  const root = svgRoot(NARROW, height, t("web.board_of", { game: "Tholos" }),
    s("rect", { x: 0, y: 0, width: NARROW, height, fill: "#faf7ef" }),
    text(14, 22, t("web.tholos.temple"), { class: "heading" }),
    [...LOCS].map((loc, i) => column(view, loc, i, true)), legend,
    text(14, 336, scoreLine(view, ctx.names), { class: "label", id: "tholos-score" }),
    move(quarry(view), -640, 320), move(workshop(view, 0, ctx.names), -640, 300),
    move(workshop(view, 1, ctx.names), -640, 300), turnParts(view, ctx).map((part) => move(part, -640, 250)));
  root.classList.add("phone");
  return root;
}

export const board = {
  /** The seats' colours (localized names: web.colour.KEY) and their fills, for names and marks everywhere. */
  seatColours() { return [{ key: "white", fill: FILL.W }, { key: "black", fill: FILL.B }]; },

  render(view, ctx) {
    return ctx.narrow ? narrowBoard(view, ctx) : wideBoard(view, ctx);
  },
};
