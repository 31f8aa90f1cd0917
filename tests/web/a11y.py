"""Accessibility checks in the browser: axe-core (vendored, injected through the DevTools protocol, never served
to players) and the project's own contrast measurement of the SVG boards."""

from __future__ import annotations

import json
import pathlib

AXE_VERSION = "4.14.1"
AXE = pathlib.Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_violations(page, impacts: tuple[str, ...] = SERIOUS) -> list[dict]:  # noqa: ANN001 - a Playwright page
    """The axe-core violations of the page as it is now with one of ``impacts``: ``{id, impact, nodes: [...]}``.
    (``evaluate`` goes through the DevTools protocol, which the page's Content-Security-Policy does not govern;
    a ``<script>`` tag would rightly be refused.)"""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    assert page.evaluate("axe.version") == AXE_VERSION
    result = page.evaluate(
        "async (tags) => { const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))})); }",
        TAGS)
    return [v for v in result if v["impact"] in impacts]


def assert_accessible(page, where: str) -> None:  # noqa: ANN001
    """No serious or critical axe-core violation on the page (``where`` names it in the failure)."""
    found = axe_violations(page)
    assert not found, f"{where}: " + json.dumps(found, indent=1, ensure_ascii=False)


# The contrast of every text drawn on an SVG board against the shape right under its middle, and of every
# outline of an interactive region against what surrounds it, measured in the page (WCAG relative luminance).
CONTRAST_JS = r"""
() => {
  const rgb = (c) => { const m = /rgba?\(([^)]+)\)/.exec(c || ''); if (!m) return null;
    const p = m[1].split(',').map(Number); return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3); };
  const lum = (p) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(p[0]) + 0.7152 * f(p[1]) + 0.0722 * f(p[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((u, v) => v - u); return (x + 0.05) / (y + 0.05); };
  const out = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim()) continue;
    const box = t.getBoundingClientRect();
    if (!box.width) continue;
    const fg = rgb(getComputedStyle(t).fill);
    if (!fg) continue;
    const x = box.left + box.width / 2; const y = box.top + box.height / 2;
    const under = document.elementsFromPoint(x, y).find((e) => e !== t && !(e instanceof SVGTextElement)
      && e.closest('svg') && rgb(getComputedStyle(e).fill) && !['svg', 'g'].includes(e.tagName));
    if (!under) continue;
    const bg = rgb(getComputedStyle(under).fill);
    out.push({text: t.textContent.slice(0, 30), fg, bg, ratio: Math.round(ratio(fg, bg) * 100) / 100});
  }
  return out;
}
"""


def low_contrast_texts(page, minimum: float = 4.5) -> list[dict]:  # noqa: ANN001
    """SVG board texts whose contrast with the shape under them is below ``minimum``."""
    return [t for t in page.evaluate(CONTRAST_JS) if t["ratio"] < minimum]


# The outline of every region a move can start from (WCAG 1.4.11, non-text contrast): its stroke against what lies
# just outside it. Reuses the colour helpers of CONTRAST_JS.
OUTLINE_JS = CONTRAST_JS.split("const out = [];")[0] + r"""
  const out = [];
  for (const area of document.querySelectorAll('#board .clickable .hit-area')) {
    const stroke = rgb(getComputedStyle(area).stroke);
    if (!stroke) continue;
    const box = area.getBoundingClientRect();
    const spot = area.closest('.clickable');
    const x = box.left - 4; const y = box.top + box.height / 2;
    const outside = document.elementsFromPoint(x, y).find((e) => !spot.contains(e) && e.closest('svg')
      && !e.classList.contains('hit-target') && rgb(getComputedStyle(e).fill) && !['svg', 'g'].includes(e.tagName));
    if (!outside) continue;
    const bg = rgb(getComputedStyle(outside).fill);
    out.push({region: spot.dataset.key, stroke, bg, ratio: Math.round(ratio(stroke, bg) * 100) / 100});
  }
  return out;
}
"""


def low_contrast_outlines(page, minimum: float = 3.0) -> list[dict]:  # noqa: ANN001
    """Outlines of the board's clickable regions whose contrast with their surroundings is below ``minimum``."""
    return [t for t in page.evaluate(OUTLINE_JS) if t["ratio"] < minimum]
