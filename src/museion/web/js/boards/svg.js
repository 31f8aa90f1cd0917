// Small SVG helpers shared by the boards: elements, text, regions a move's click path names, the seats' marks.
const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** A region of the board: `key` identifies what it stands for in a move's click path, `label` says in words what
 * it shows. It is drawn as given; the table page makes it a button when a move starts there (see activate). */
export function hit(key, label, ...children) {
  return s("g", { "data-key": key, "data-label": label, class: "spot" }, s("title", {}, label), children);
}

/** The board's root: a labelled group of regions (never role="img", since some regions are buttons). */
export function svgRoot(width, height, label, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "group", "aria-label": label,
    class: "board-svg", "data-width": width }, children);
}

// -- the seats' marks: a colour AND a shape per seat, so that nothing is told by colour alone ---------------
const SHAPES = ["circle", "square", "triangle", "diamond"];

/** The mark of seat `p` centred at (x, y) with radius r: a circle, square, triangle or diamond. */
export function seatShape(p, x, y, r, attrs = {}) {
  const shape = SHAPES[p % SHAPES.length];
  if (shape === "circle") return s("circle", { cx: x, cy: y, r, ...attrs });
  if (shape === "square") return s("rect", { x: x - r * 0.88, y: y - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.2, ...attrs });
  if (shape === "triangle") {
    return s("path", { d: `M${x},${y - r * 1.1} L${x + r * 1.05},${y + r * 0.75} L${x - r * 1.05},${y + r * 0.75} Z`, ...attrs });
  }
  return s("path", { d: `M${x},${y - r * 1.15} L${x + r * 1.15},${y} L${x},${y + r * 1.15} L${x - r * 1.15},${y} Z`, ...attrs });
}

/** The seat's mark as a small inline SVG for HTML text (seat lists, the log, the final table). */
export function seatBadge(p, fill, label = null) {
  return s("svg", { class: "seat-badge", viewBox: "0 0 20 20", width: 16, height: 16, role: label ? "img" : null,
    "aria-label": label, "aria-hidden": label ? null : "true", focusable: "false" },
  seatShape(p, 10, 10.5, 7.5, { fill, stroke: "#2b2418", "stroke-width": 1.5 }));
}

// -- interactive regions ------------------------------------------------------------------------------------
const MIN_TARGET = 24;  // CSS px: WCAG 2.2 target size (minimum); smaller regions stay pointer-only

/** Make the regions whose key is in `keys` clickable: each gets a transparent target in a layer on top of the drawing that is a
 * button (role, name, keyboard) when it is drawn at least 24 px on each side; smaller ones (a phone's whole board)
 * take clicks and taps but are left out of the tab order, the move list being their equivalent. */
export function activate(root, keys, selected, onKey) {
  const small = [];
  const targets = [];
  const toRoot = root.getScreenCTM().inverse();
  for (const spot of root.querySelectorAll("[data-key]")) {
    const key = spot.getAttribute("data-key");
    spot.classList.toggle("selected", selected.includes(key));
    if (!keys.has(key)) continue;
    spot.classList.add("clickable");
    const rect = spot.getBoundingClientRect();
    const a = new DOMPoint(rect.left, rect.top).matrixTransform(toRoot);
    const b = new DOMPoint(rect.right, rect.bottom).matrixTransform(toRoot);
    const target = s("rect", { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y, class: "hit-target",
      "data-focus": `board:${key}`, "data-for": key });
    if (rect.width < MIN_TARGET || rect.height < MIN_TARGET) small.push(target);
    else Object.entries({ role: "button", tabindex: "0", "aria-label": spot.getAttribute("data-label") })
      .forEach(([k, v]) => target.setAttribute(k, v));
    target.addEventListener("click", (e) => { e.stopPropagation(); onKey(key); });
    target.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); onKey(key); }
    });
    target.addEventListener("mouseenter", () => spot.classList.add("hovered"));
    target.addEventListener("mouseleave", () => spot.classList.remove("hovered"));
    // in reading order, except that a target goes before the targets it contains: a region drawn inside another
    // (a ship's space inside the ship) stays on top of it and reachable
    const inside = targets.findIndex((other) => contains(rect, other.rect));
    targets.splice(inside < 0 ? targets.length : inside, 0, { target, rect });
  }
  root.append(s("g", { class: "targets" }, targets.map((x) => x.target)));
  root.dataset.pointerOnly = small.length ? "1" : "";
}

function contains(outer, inner) {
  return outer.left <= inner.left && outer.top <= inner.top && outer.right >= inner.right && outer.bottom >= inner.bottom;
}

/** Mark what a move would change: the regions named by `keys` get the class "preview". */
export function preview(root, keys) { mark(root, keys, "preview"); }

/** Mark the board's parts named by `keys` with the class `cls` (and only those): the hover preview, the coach's
 * hinted moves. */
export function mark(root, keys, cls) {
  for (const node of root.querySelectorAll(`.${cls}`)) node.classList.remove(cls);
  for (const key of keys) {
    for (const node of root.querySelectorAll(`[data-key="${CSS.escape(key)}"], [data-hl~="${CSS.escape(key)}"]`)) {
      node.classList.add(cls);
    }
  }
}

// -- pieces that travel: a move's pieces glide from their old places to their new ones --------------------------
// A board names its pieces: `data-piece` (where it is, or what it is when it is one of a kind: a find's code) and
// `data-kind` (what it looks like: a stone's colour). A piece with the same name and kind in the next drawing
// glides from its old place; a new one takes the place of a vanished one of its kind, else comes from a supply of
// its kind (`data-supply`: the Tholos quarry's pile). Pieces that leave the board simply go.
const GLIDE_MS = 260;

/** Where the pieces and supplies of the drawing `root` are on screen, before it is replaced. */
export function placesOf(root) {
  const pieces = new Map();
  const supplies = new Map();
  if (!root) return { pieces, supplies };
  for (const node of root.querySelectorAll("[data-piece]")) {
    const id = `${node.dataset.piece}|${node.dataset.kind || ""}`;
    if (!pieces.has(id)) pieces.set(id, { rect: node.getBoundingClientRect(), kind: node.dataset.kind || "" });
  }
  for (const node of root.querySelectorAll("[data-supply]")) {
    if (!supplies.has(node.dataset.supply)) supplies.set(node.dataset.supply, node.getBoundingClientRect());
  }
  return { pieces, supplies };
}

/** Glide the pieces of the new drawing `root` from their places in `before` (placesOf the old one); none when the
 * player asked for less motion. Returns how many glide. */
export function glide(root, before) {
  if (!before.pieces.size || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  const now = new Map();
  for (const node of root.querySelectorAll("[data-piece]")) {
    const id = `${node.dataset.piece}|${node.dataset.kind || ""}`;
    if (!now.has(id)) now.set(id, node);
  }
  const gone = {};  // the vanished pieces' places, by kind
  for (const [id, { rect, kind }] of before.pieces) if (!now.has(id)) (gone[kind] = gone[kind] || []).push(rect);
  let moved = 0;
  for (const [id, node] of now) {
    const kind = node.dataset.kind || "";
    const was = before.pieces.get(id);
    const from = was ? was.rect : (gone[kind] && gone[kind].shift()) || before.supplies.get(kind);
    if (from && travel(node, from)) moved += 1;
  }
  return moved;
}

/** Animate `node` from the screen rectangle `from` to where it is drawn now (in its parent's units). */
function travel(node, from) {
  const to = node.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) + Math.abs(dy) < 1) return false;
  const ctm = node.parentNode.getScreenCTM();
  const scale = ctm ? Math.hypot(ctm.a, ctm.b) || 1 : 1;
  node.animate([{ transform: `translate(${dx / scale}px, ${dy / scale}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: GLIDE_MS, easing: "ease-out" });
  return true;
}
