// The preview dock (phones): the move list sits below the board, so a move focused or hovered there would mark a
// board that is scrolled out of view. Instead of scrolling (the player would lose their place in the list), a
// compact copy of the board appears fixed at the screen's top or bottom (the side with more room beside the move),
// zoomed on what the move would change, with the move in words. It never takes focus and never moves the page;
// it goes when the move loses focus or the pointer.
import { el } from "./api.js";

const PHONE = "(max-width: 900px)";
const PAD = 40;  // board units around the marks
const MIN_SIZE = 260;  // the smallest part of the board shown, in board units (context around the marks)

/** Whether `rect` lies inside the window. */
function inView(rect) {
  return rect.bottom > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight && rect.width > 0;
}

/** The part of `svg` (in its viewBox units) that holds `marks`, padded and at least MIN_SIZE wide and high. */
function focusBox(svg, marks) {
  const box = svg.viewBox.baseVal;
  const frame = svg.getBoundingClientRect();
  if (!marks.length || !frame.width) return [box.x, box.y, box.width, box.height];
  const k = box.width / frame.width;
  const rects = marks.map((m) => m.getBoundingClientRect()).filter((r) => r.width || r.height);
  if (!rects.length) return [box.x, box.y, box.width, box.height];
  let x0 = Math.min(...rects.map((r) => r.left)); let x1 = Math.max(...rects.map((r) => r.right));
  let y0 = Math.min(...rects.map((r) => r.top)); let y1 = Math.max(...rects.map((r) => r.bottom));
  [x0, x1, y0, y1] = [(x0 - frame.left) * k - PAD, (x1 - frame.left) * k + PAD, (y0 - frame.top) * k - PAD,
    (y1 - frame.top) * k + PAD];
  const grow = (lo, hi, size, limit) => {
    const want = Math.min(Math.max(hi - lo, size), limit);
    const mid = (lo + hi) / 2;
    const start = Math.max(0, Math.min(mid - want / 2, limit - want));
    return [start, want];
  };
  const [x, w] = grow(x0, x1, MIN_SIZE, box.width);
  const [y, h] = grow(y0, y1, MIN_SIZE * 0.75, box.height);
  return [box.x + x, box.y + y, w, h];
}

/** Show (or hide, `move` null) the dock for `move` previewed on `svg` from the list button `button`. */
export function dockPreview(dock, svg, move, button, line) {
  const marks = svg ? [...svg.querySelectorAll(".preview")] : [];
  const visible = svg && (marks.length ? marks.every((m) => inView(m.getBoundingClientRect()))
    : inView(svg.getBoundingClientRect()));
  if (!move || !svg || !button || !window.matchMedia(PHONE).matches || visible) {
    dock.hidden = true;
    dock.replaceChildren();
    return;
  }
  const copy = svg.cloneNode(true);
  for (const node of copy.querySelectorAll("[id], [tabindex]")) { node.removeAttribute("id"); node.removeAttribute("tabindex"); }
  copy.removeAttribute("style");
  copy.setAttribute("viewBox", focusBox(svg, marks).join(" "));
  copy.setAttribute("class", "dock-board");
  // the side of the screen with more room beside the focused move; the dock never covers it
  const spot = button.getBoundingClientRect();
  const below = window.innerHeight - spot.bottom;
  const room = Math.max(spot.top, below) - 4;
  dock.classList.toggle("bottom", below > spot.top);
  dock.replaceChildren(el("p", {}, line), copy);
  dock.hidden = false;
  const over = dock.getBoundingClientRect().height - room;
  if (over > 0) copy.style.height = `${Math.max(60, copy.getBoundingClientRect().height - over)}px`;
  if (overlaps(dock, document.getElementById("chooser"))) { dock.hidden = true; dock.replaceChildren(); }
}

/** Whether `node` (shown) covers any part of `other` on screen: the dock never covers the move chooser. */
function overlaps(node, other) {
  if (!other || other.hidden) return false;
  const a = node.getBoundingClientRect(); const b = other.getBoundingClientRect();
  return b.width > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}
