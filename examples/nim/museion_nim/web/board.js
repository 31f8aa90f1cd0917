// Nim's board on the web table (the descriptor's `board`, served at /games/nim/board.js): the pile as a row of
// stones and one button per move. A board module exports `board` with render(view, ctx) -> an SVG element and
// seatColours(view); it only draws: the keys each move touches come from the game (targets.py, `take:1`), and
// ctx.targets holds those of the legal moves, so the board draws the buttons they name. Its words are the game's
// web.nim.* texts (text.py), looked up with t(); the helpers come from the table's own modules.
import { t } from "/static/js/i18n.js";
import { hit, s, svgRoot, text } from "/static/js/boards/svg.js";

function stones(pile) {
  return [...Array(pile).keys()].map((i) => s("circle", { cx: 40 + (i % 10) * 44, cy: 50 + Math.floor(i / 10) * 44,
    r: 17, fill: "#8a8a8a", stroke: "#4a4a4a", "stroke-width": 1.5, "data-hl": `stone:${pile - 1 - i}` }));
}

function button(n, x) {
  const label = t("web.nim.take", { n });
  return hit(`take:${n}`, label,
    s("rect", { x, y: 150, width: 150, height: 44, rx: 10, fill: "#e6dfcc", stroke: "#6f6346", class: "hit-area" }),
    text(x + 75, 178, label, { class: "label", "text-anchor": "middle" }));
}

export const board = {
  render(view, ctx) {
    return svgRoot(480, 210, t("web.board_of", { game: "Nim" }),
      s("rect", { x: 0, y: 0, width: 480, height: 210, fill: "#faf7ef" }),
      s("g", { "aria-label": t("web.nim.pile", { n: view.pile }), role: "img" }, stones(view.pile)),
      [1, 2].filter((n) => ctx.targets.has(`take:${n}`)).map((n, i) => button(n, 60 + i * 200)));
  },

  seatColours() { return []; },
};
