// The coach: hints on your turn (the 3 best moves with their chances, highlighted on the board) and, on a finished
// table, the analysis of the game (a win-chance chart per seat, mistakes and blunders marked; a mark jumps the
// replay there).
import { el } from "./api.js";
import { t, term } from "./i18n.js";

/** "62 %": a chance as whole percent points. */
export function percent(chance) { return `${Math.round(100 * chance)} %`; }

/** The hint panel: the button on your turn at a table that allows hints, the coach at work, then the moves. */
export function renderHint(box, { allowed, canAsk, hint }, { onAsk, onPlay, onPreview }) {
  if (!allowed || (!canAsk && !hint)) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const waiting = Boolean(hint && hint.waiting);
  const children = [el("h2", { id: "coach-h" }, t("web.coach")),
    el("button", { id: "hint-button", type: "button", disabled: !canAsk || waiting, onclick: onAsk }, t("web.hint"))];
  if (waiting) children.push(el("p", { id: "hint-status", role: "status" }, t("web.hint_thinking")));
  if (hint && hint.moves) {
    children.push(el("p", { class: "hint" }, t("web.hint_intro")),
      el("ol", { id: "hint-list", "aria-labelledby": "coach-h" }, hint.moves.map((move, i) => el("li", {},
        el("button", { class: "hinted-move", type: "button", "data-action": move.id, "data-rank": i + 1,
          "data-focus": `hint:${move.id}`, disabled: !canAsk, onclick: () => onPlay(move.id),
          onmouseenter: () => onPreview(move), onmouseleave: () => onPreview(null),
          onfocus: () => onPreview(move), onblur: () => onPreview(null) },
        el("span", { class: "desc" }, move.text),
        el("span", { class: "chance" }, t("web.hint_chance", { chance: percent(move.chance) })),
        // the search cannot tell this move from the first (coach.Suggestion.tied): say so instead of ranking noise
        move.tied ? el("span", { class: "tied" }, t("web.hint_tied")) : null)))));
    // the best moves at the same chance as shown, or told apart by noise only: say so, rather than let the order
    // suggest a preference
    const tied = hint.moves.filter((m, i) => i > 0 && (m.tied || percent(m.chance) === percent(hint.moves[0].chance)));
    if (tied.length) children.push(el("p", { id: "hint-tie", class: "hint" }, t("web.hint_tie")));
  }
  box.replaceChildren(...children);
}

const SVG = "http://www.w3.org/2000/svg";
const LINES = [{ colour: "#1f5fbf", dash: "" }, { colour: "#b34700", dash: "6 3" }, { colour: "#2a7d2a", dash: "2 3" },
  { colour: "#7a3aa0", dash: "9 3 2 3" }];
const W = 640; const H = 220; const PAD = { l: 44, r: 12, t: 12, b: 30 };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const child of children.flat()) if (child) node.append(child instanceof Node ? child : String(child));
  return node;
}

/** A mark in words: "Blunder by Ana at move 12: played …; best: …". */
function markText(d, names) {
  return t("web.analysis.mark_text", { mark: t(`web.analysis.${d.mark}`), name: names[d.player], n: d.n + 1,
    played: d.text, best: d.best_text, loss: Math.round(100 * d.loss) });
}

/** The analysis panel of a finished table: the button, the progress, then the chart, the marks and the summary.
 * `step` is the replay's position (a cursor on the chart), `onJump(step)` moves the replay there. */
export function renderAnalysis(box, state, { step, names, total, onAsk, onJump }) {
  if (!state || state.status === "loading") { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const head = el("h2", { id: "analysis-h" }, t("web.analysis.title"));
  if (state.status === "none" || state.status === "failed") {
    box.replaceChildren(head, el("p", { class: "hint" }, t("web.analysis.intro")),
      ...(state.status === "failed" ? [el("p", { class: "error" }, t("web.analysis.failed"))] : []),
      el("button", { id: "analyse-button", type: "button", onclick: onAsk }, t("web.analysis.ask")));
    return;
  }
  if (state.status !== "done") {
    const [done, all] = state.progress || [0, 0];
    box.replaceChildren(head, el("p", { id: "analysis-status", role: "status" },
      all ? t("web.analysis.progress", { done, total: all }) : t("web.analysis.queued")),
    el("progress", { max: String(all || 1), value: String(done), "aria-labelledby": "analysis-status" }));
    return;
  }
  const analysis = state.analysis;
  const marks = analysis.decisions.filter((d) => d.mark);
  box.replaceChildren(head, chart(analysis, marks, { step, names, total, onJump }),
    el("h3", { id: "marks-h" }, t("web.analysis.marks")),
    marks.length ? el("ol", { id: "analysis-marks", "aria-labelledby": "marks-h" }, marks.map((d) => el("li", {},
      el("button", { type: "button", class: `mark-button ${d.mark}`, "data-step": d.n + 1, "data-focus": `mark:${d.n}`,
        onclick: () => onJump(d.n + 1) }, markText(d, names)))))
      : el("p", { id: "analysis-marks-none" }, t("web.analysis.no_marks")),
    ...unmarked(analysis, names),
    summary(analysis, names),
    el("p", { class: "hint" }, t("web.analysis.about", { bot: term(`web.level.${analysis.bot.split(":")[0]}`, analysis.bot), seconds: analysis.seconds.toFixed(1),
      mistake: Math.round(100 * analysis.thresholds.mistake), blunder: Math.round(100 * analysis.thresholds.blunder) })));
}

/** The decisions that lost a mistake's worth but are not marked: the search could not tell the played move from
 * the best (coach.Decision.tied), so the page says so rather than hide why. */
function unmarked(analysis, names) {
  const tied = analysis.decisions.filter((d) => d.tied && d.loss >= analysis.thresholds.mistake);
  if (!tied.length) return [];
  return [el("ul", { id: "analysis-tied", class: "hint" }, tied.map((d) => el("li", {},
    t("web.analysis.tied", { n: d.n + 1, name: names[d.player], played: d.text, best: d.best_text,
      loss: Math.round(100 * d.loss) }))))];
}

function chart(analysis, marks, { step, names, total, onJump }) {
  const decisions = analysis.decisions;
  const last = Math.max(total, 1);
  const x = (n) => PAD.l + ((W - PAD.l - PAD.r) * n) / last;
  const y = (p) => PAD.t + (H - PAD.t - PAD.b) * (1 - p);
  const grid = [0, 0.5, 1].map((p) => svg("g", {}, svg("line", { x1: PAD.l, x2: W - PAD.r, y1: y(p), y2: y(p), class: "grid" }),
    svg("text", { x: PAD.l - 6, y: y(p) + 4, "text-anchor": "end", class: "axis" }, `${100 * p} %`)));
  const lines = names.map((name, seat) => {
    const points = decisions.length ? [[decisions[0].n, decisions[0].before[seat]],
      ...decisions.map((d) => [d.n + 1, d.after[seat]])] : [];
    const style = LINES[seat % LINES.length];
    return svg("polyline", { points: points.map(([n, p]) => `${x(n).toFixed(1)},${y(p).toFixed(1)}`).join(" "),
      class: "seat-line", "data-seat": seat, stroke: style.colour, "stroke-dasharray": style.dash || null });
  });
  const dots = marks.map((d) => svg("circle", { cx: x(d.n + 1), cy: y(d.after[d.player]), r: d.mark === "blunder" ? 7 : 5,
    class: `mark ${d.mark}`, "data-step": d.n + 1, tabindex: "-1", onclick: () => onJump(d.n + 1) },
  svg("title", {}, markText(d, names))));
  const cursor = step === null || step === undefined ? null
    : svg("line", { id: "analysis-cursor", x1: x(step), x2: x(step), y1: PAD.t, y2: H - PAD.b, "data-step": step });
  const xLabel = svg("text", { x: (W + PAD.l) / 2, y: H - 6, "text-anchor": "middle", class: "axis" }, t("web.analysis.x"));
  const figure = el("figure", { id: "analysis-chart" });
  const description = t("web.analysis.chart_alt", { marks: marks.length
    ? marks.map((d) => markText(d, names)).join("; ") : t("web.analysis.no_marks") });
  figure.append(svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": description, class: "analysis-svg" },
    grid, lines, dots, cursor, xLabel));
  figure.append(el("figcaption", {}, names.map((name, seat) => el("span", { class: "legend-item" },
    el("span", { class: "swatch", style: null, "data-seat": seat }), name))));
  return figure;
}

function summary(analysis, names) {
  return el("div", { class: "table-frame", tabindex: "0" }, el("table", { id: "analysis-summary", class: "breakdown" },
    el("caption", {}, t("web.analysis.summary")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web.analysis.player")),
      ["decisions", "average_loss", "mistakes", "blunders"].map((k) => el("th", { scope: "col" }, t(`web.analysis.${k}`))))),
    el("tbody", {}, analysis.summary.map((s) => el("tr", {}, el("th", { scope: "row" }, names[s.seat]),
      el("td", { class: "num" }, s.decisions), el("td", { class: "num" }, s.average_loss.toFixed(1)),
      el("td", { class: "num" }, s.mistakes), el("td", { class: "num" }, s.blunders))))));
}
