// The top bar of every page: the way back to the lobby, the page's heading and the language switch.
import { el } from "./api.js";
import { chooseLanguage, currentLanguage, languages, t } from "./i18n.js";

/** Draw the top bar: `title` (the h1), `extra` nodes after it, a lobby link when `back`. */
export function renderHeader(title, { back = false, extra = [] } = {}) {
  document.getElementById("top").replaceChildren(...[
    back ? el("a", { href: "/", id: "lobby-link" }, t("web.back_to_lobby")) : null,
    el("h1", { id: "title" }, title), ...extra, languageSwitch()].filter(Boolean));
}

function languageSwitch() {
  const select = el("select", { id: "lang-select", onchange: (e) => chooseLanguage(e.target.value) },
    Object.entries(languages()).map(([code, name]) => el("option", { value: code, lang: code,
      selected: code === currentLanguage() }, name)));
  return el("div", { class: "lang" }, el("label", { for: "lang-select" }, t("web.language")), select);
}
