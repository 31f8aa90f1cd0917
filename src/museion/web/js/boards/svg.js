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
