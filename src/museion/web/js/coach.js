// The coach: hints on your turn (the 3 best moves with their chances, highlighted on the board) and, on a finished
// table, the analysis of the game (a win-chance chart per seat, mistakes and blunders marked; a mark jumps the
// replay there).
import { el } from "./api.js";
import { t } from "./i18n.js";

/** "62 %": a chance as whole percent points. */
export function percent(chance) { return `${Math.round(100 * chance)} %`; }

/** The board keys a move's highlights name ("col:C", or {kind, id}). */
export function highlightKeys(move) {
  return (move.highlights || []).map((h) => (typeof h === "string" ? h : `${h.kind}:${h.id}`));
}

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
        el("span", { class: "chance" }, t("web.hint_chance", { chance: percent(move.chance) })))))));
  }
  box.replaceChildren(...children);
}
