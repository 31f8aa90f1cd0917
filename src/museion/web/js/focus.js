// Keyboard focus across redraws: the page redraws whole panels on every state message, so the element that had
// the focus is replaced; its successor (same id, or same data-focus / data-key / data-action) gets it back, and
// when it is gone (the move was played) a stable fallback does, never the page itself.

/** A selector that finds `node`'s successor after a redraw, or null. */
function keyOf(node) {
  if (!node || node === document.body || node === document.documentElement) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  for (const attr of ["data-focus", "data-action", "data-more", "data-table"]) {
    if (node.hasAttribute(attr)) return `[${attr}="${CSS.escape(node.getAttribute(attr))}"]`;
  }
  return null;
}

/** Run `render` and give the focus back to what had it (or to `fallback()` when that is gone). */
export function keepFocus(render, fallback = null) {
  const active = document.activeElement;
  const key = keyOf(active);
  render();
  if (!key || (active.isConnected && document.activeElement === active)) return;
  const again = document.querySelector(key);
  const target = again && isFocusable(again) ? again : fallback && fallback();
  if (target) target.focus({ preventScroll: true });
}

function isFocusable(node) {
  return !node.disabled && !node.closest("[hidden]") && (node.tabIndex >= 0 || node.hasAttribute("tabindex"));
}
