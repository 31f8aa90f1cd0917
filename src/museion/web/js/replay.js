// Stepping through a finished game: first / back / forward / last (and the arrow keys); each step is announced.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** Draw the replay controls for step `step` of `replay` into `box`; `go(n)` moves to step n. */
export function renderReplay(box, replay, step, names, go) {
  document.body.dataset.replayStep = replay ? step : "";
  if (!replay) { box.replaceChildren(); return; }
  const total = replay.steps.length - 1;
  box.replaceChildren(el("h2", {}, t("web.replay")),
    el("p", { id: "replay-position" }, t("web.step", { n: step, total }), moveText(replay.steps[step], names, " · ")),
    // the moves taken back at this step (a friendly table's undo), as the log says them
    ...(replay.steps[step].takebacks || []).map((text) => el("p", { class: "replay-takeback" }, text)),
    el("div", { class: "replay-buttons", role: "group", "aria-label": t("web.replay") },
      el("button", { id: "replay-first", onclick: () => go(0) }, t("web.first")),
      el("button", { id: "replay-prev", onclick: () => go(step - 1) }, t("web.back")),
      el("button", { id: "replay-next", onclick: () => go(step + 1) }, t("web.forward")),
      el("button", { id: "replay-last", onclick: () => go(total) }, t("web.last"))));
}

/** The words of a replay step's move, as the log says it: "Ana (white): Place a white stone on C" (the notation
 * where the server sent no words). */
export function moveText(step, names, prefix = "") {
  if (!step || !step.move) return "";
  const who = step.move.p === null || step.move.p === undefined ? t("web.chance") : names[step.move.p];
  return `${prefix}${who}: ${step.move.text || step.move.t}`;
}
