// The page's language and its texts. The texts are the project's gettext catalogues (museion.core.i18n: the web
// client's web.* keys, the shared ui.* keys and each game's terms), served by GET /api/texts in one language:
// `texts` by key, `plurals` (a counted text's forms and the argument that counts), `plural` (the form of each count).
// The language: the one a link asks for (?lang=es), else the one stored by the switch (localStorage), else the first of the browser's languages
// (navigator.languages) the server supports, else English.
const STORE = "museion.lang";

function preferred() {
  const wanted = [];
  const asked = new URLSearchParams(window.location.search).get("lang");  // a shared link: /rules/tholos?lang=es
  if (asked) wanted.push(asked.slice(0, 2).toLowerCase());
  try { const stored = localStorage.getItem(STORE); if (stored) wanted.push(stored); } catch (_e) { /* no storage */ }
  for (const code of navigator.languages || [navigator.language || "en"]) wanted.push(code.slice(0, 2).toLowerCase());
  return wanted;
}

async function load() {
  const wanted = preferred();
  const answer = await (await fetch(`/api/texts?lang=${encodeURIComponent(wanted.join(","))}`)).json();
  return answer;
}

const catalogue = await load();
document.documentElement.lang = catalogue.lang;

/** The text of `key` with its placeholders filled like Python's (museion.core.i18n.text): `{name}`, a counted
 * text's form for its count (the catalogue's plurals), `{value!t}` (the term `<namespace>.<value>`), `{seat!p}`
 * (names[seat]).
 * An unknown key shows as itself, so a missing text is visible rather than fatal. */
export function t(key, params = {}, names = null) {
  const counted = (catalogue.plurals || {})[key];
  const template = counted ? counted.forms[pluralForm(params[counted.counter])] : catalogue.texts[key];
  if (template === undefined) return key;
  const parts = (catalogue.parts || {})[key];
  if (parts) {  // a text with several counted words: each is its own counted text <key>.<field>, said first
    params = { ...params };
    for (const field of parts) if (field in params) params[field] = t(`${key}.${field}`, params, names);
  }
  return format(template, params, key.split(".", 1)[0], names);
}

/** The plural form of a count in this language: the server's table of the catalogue's Plural-Forms for 0-199
 * (gettext's rules repeat every hundred beyond); a fraction is said like 2 (museion.core.i18n does the same). */
function pluralForm(value) {
  const n = Math.abs(Number(value));
  const whole = Number.isInteger(n) ? n : 2;
  const table = catalogue.plural;
  return table[whole < table.length ? whole : 100 + (whole % 100)];
}

/** A refused REST request in the page's language: its `reason` ({key, args} of the catalogue; an argument may
 * itself be {key, args}, said first), else this page's text for its code, else the server's English message.
 * `labels` shows an option by its label ({start_player: "Start player"}) where a reason names it. */
export function requestError(error, labels = {}) {
  const say = (reason) => {
    const args = {};
    for (const [name, value] of Object.entries(reason.args || {})) {
      args[name] = value && typeof value === "object" && "key" in value ? say(value)
        : name === "option" && labels[value] ? labels[value] : value;
    }
    return t(reason.key, args);
  };
  if (error.reason && has(error.reason.key)) return say(error.reason);
  if (error.code && has(`web.code.${error.code}`)) return t(`web.code.${error.code}`);
  return error.message;
}

/** Whether the catalogue has `key` (e.g. an optional term such as web.bot.greedy). */
export function has(key) { return key in catalogue.texts; }

/** `t(key)` when the catalogue has it, else `fallback` (names that may or may not have a translation). */
export function term(key, fallback) { return has(key) ? t(key) : fallback; }

function format(template, params, namespace, names) {
  return template.replace(/\{\{|\}\}|\{(\w+)(?:!([tp]))?(?::([^{}]*))?\}/g, (whole, name, conversion, spec) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(name in params)) return whole;
    let value = params[name];
    if (conversion === "t") {
      const termKey = `${namespace}.${value}`;
      value = termKey in catalogue.texts ? t(termKey) : value;
    } else if (conversion === "p") {
      value = names && Number.isInteger(value) && names[value] !== undefined ? names[value] : t("ui.seat", { n: value });
    }
    if (spec && spec.includes("|")) {
      const [one, many] = spec.split("|");
      return `${value} ${Math.abs(Number(value)) === 1 ? one : many}`;
    }
    return String(value);
  });
}

/** The language of this page (sent to the server, which writes the log's and the moves' texts in it). */
export function currentLanguage() { return catalogue.lang; }

/** The languages the server offers, each named in itself: {en: "English", es: "Español"}. */
export function languages() { return catalogue.languages; }

/** Choose a language for this browser (kept in localStorage) and show the page again in it. */
export function chooseLanguage(code) {
  try { localStorage.setItem(STORE, code); } catch (_e) { /* no storage: only this page */ }
  window.location.reload();
}
