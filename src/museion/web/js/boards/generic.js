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
    return el("section", { class: "generic-board", "aria-label": t("web.view_as_data") }, el("h3", {}, t("web.view_as_data")),
      show(view));
  },
  seatColours() { return []; },
};

export { show };
