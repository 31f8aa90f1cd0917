// Small SVG helpers shared by the boards.
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

/** A clickable region: `key` identifies what it stands for in a move's click path; `label` is read aloud. */
export function hit(key, label, ...children) {
  return s("g", { "data-key": key, role: "button", "aria-label": label, tabindex: "-1" }, s("title", {}, label), children);
}

export function svgRoot(width, height, label, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": label,
    class: "board-svg" }, children);
}
