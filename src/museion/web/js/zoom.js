// Zoom and pan of the board: on a phone the board fills the width and the zoom buttons enlarge it up to three
// times; the enlarged board scrolls (drag with a finger or the scroll bars) inside its frame.
import { el } from "./api.js";
import { t } from "./i18n.js";

const LEVELS = [1, 1.5, 2, 3];
let level = 0;

/** Draw the zoom buttons into `box`; `redraw()` is called after a change (regions become buttons when large). */
export function renderZoom(box, redraw) {
  const set = (next) => { level = Math.max(0, Math.min(LEVELS.length - 1, next)); redraw(); };
  box.replaceChildren(
    el("button", { type: "button", id: "zoom-out", "aria-label": t("web.zoom_out"), title: t("web.zoom_out"),
      onclick: () => set(level - 1) }, "−"),
    el("span", { class: "zoom-level" }, `${Math.round(LEVELS[level] * 100)} %`),
    el("button", { type: "button", id: "zoom-in", "aria-label": t("web.zoom_in"), title: t("web.zoom_in"),
      onclick: () => set(level + 1) }, "+"),
    el("button", { type: "button", id: "zoom-fit", onclick: () => set(0) }, t("web.zoom_fit")));
}

/** Size the board's SVG for the current zoom level (1: the frame's width). */
export function applyZoom(frame) {
  const svg = frame.querySelector("svg");
  if (!svg) return;
  frame.dataset.zoom = LEVELS[level];
  svg.style.width = `${LEVELS[level] * 100}%`;
}
