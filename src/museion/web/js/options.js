// A game option as a form control, built from the option's metadata (GET /api/games): its kind (bool, choice,
// int, seat, text), its label and help in the page's language, its choices and bounds, its default.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** The option's metadata with every field present (older servers send only name, default, doc and type). */
function meta(opt) {
  return { ...opt, kind: opt.kind || opt.type || "text", label: opt.label || opt.name, help: opt.help ?? opt.doc ?? "",
    choices: opt.choices || null, min: opt.min ?? null, max: opt.max ?? null };
}

/** The choices of an option shown as a list: its own, or every number of a small range. */
function listed(m) {
  if (m.choices && m.choices.length) return m.choices;
  if (m.kind === "int" && m.min !== null && m.max !== null && m.max - m.min <= 12) {
    return Array.from({ length: m.max - m.min + 1 }, (_v, k) => ({ value: m.min + k, label: String(m.min + k) }));
  }
  return null;
}

/** The control of `opt` with its label and help; `onChange` runs after every change. */
export function optionControl(opt, onChange) {
  const m = meta(opt);
  const id = `opt-${m.name}`;
  const help = m.help ? el("small", { id: `${id}-help`, class: "help" }, m.help) : null;
  const described = help ? `${id}-help` : null;
  const choices = listed(m);
  let input;
  if (m.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-option": m.name, checked: m.default === true,
      "aria-describedby": described });
    return el("div", { class: "option option-bool" }, input, el("label", { for: id }, m.label), help);
  }
  if (choices) {
    input = el("select", { id, "data-option": m.name, "aria-describedby": described },
      choices.map((c) => el("option", { value: JSON.stringify(c.value) }, c.label)));
    input.value = JSON.stringify(m.default);
  } else if (m.kind === "int") {
    input = el("input", { type: "number", id, "data-option": m.name, min: m.min, max: m.max, step: 1,
      value: m.default ?? "", "aria-describedby": described, inputmode: "numeric" });
  } else {
    input = el("input", { id, "data-option": m.name, value: m.default === null ? "" : display(m.default),
      placeholder: m.default === null ? t("web.default_value") : null, "aria-describedby": described });
  }
  input.addEventListener("change", onChange);
  return el("div", { class: `option option-${m.kind}` }, el("label", { for: id }, m.label), input, help);
}

function display(value) { return typeof value === "string" ? value : JSON.stringify(value); }

/** The value chosen for `opt`, or undefined when it is the default (the request then leaves it out). */
export function readOption(opt) {
  const m = meta(opt);
  const input = document.getElementById(`opt-${m.name}`);
  let value;
  if (m.kind === "bool") value = input.checked;
  else if (input.tagName === "SELECT") value = JSON.parse(input.value);
  else if (input.value.trim() === "") return undefined;
  else if (m.kind === "int") value = Number(input.value);
  else value = literal(input.value.trim());
  return JSON.stringify(value) === JSON.stringify(m.default) ? undefined : value;
}

/** A value typed in a text field: JSON when it parses (numbers, {"C": 1}), else the text itself. */
function literal(text) {
  try { return JSON.parse(text); } catch (_e) { return text; }
}
