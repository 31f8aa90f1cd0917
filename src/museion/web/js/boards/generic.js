// Fallback board for any game: the view JSON as a readable nested structure; moves via the move list.
import { el } from "../api.js";
import { t } from "../i18n.js";

function show(value) {
  if (value === null || value === undefined) return el("span", { class: "nil" }, "–");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", {}, value.map((v) => v ?? "–").join(", "));
    return el("ol", { start: "0" }, value.map((v) => el("li", {}, show(v))));
  }
  if (typeof value === "object") {
    return el("dl", {}, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, show(v))]));
  }
  return el("span", {}, String(value));
}

export const board = {
  render(view) {
    return el("div", { class: "generic-board", "aria-label": t("viewAsData") }, el("h3", {}, t("viewAsData")), show(view));
  },
  paths() { return null; },
};

export { show };
