// The account page's "API tokens" section (docs/bot-api.md): the account's personal API tokens with Revoke, a
// form that makes one (shown once), and the form that makes the account a bot account (for good).
import { el } from "./api.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { call } from "./session.js";

const SCOPES = ["read", "play", "challenge"];

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleDateString(currentLanguage()) : t("botapi.never");
}

/** The section's nodes (before the account deletion, like the other settings). */
export async function tokenSettings() {
  const section = el("section", { id: "tokens-section", "aria-labelledby": "tokens-h" });
  await draw(section, "");
  return [section];
}

async function draw(section, created) {
  let listing;
  try { listing = await call("GET", "/api/me/tokens"); } catch (error) {
    section.replaceChildren(el("p", { class: "error" }, requestError(error)));
    return;
  }
  const status = el("p", { id: "tokens-status", role: "status" });
  const name = el("input", { id: "token-name", maxlength: "64", required: true, autocomplete: "off" });
  const boxes = SCOPES.map((s) => el("input", { type: "checkbox", id: `token-scope-${s}`, value: s, checked: true }));
  const create = el("form", { id: "token-form" },
    el("label", { for: "token-name" }, t("botapi.name")), name,
    el("fieldset", {}, el("legend", {}, t("botapi.scopes")),
      ...SCOPES.map((s, i) => el("label", {}, boxes[i], " ", t(`botapi.scope.${s}`)))),
    el("button", { type: "submit", id: "token-create" }, t("botapi.create")));
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await call("POST", "/api/me/tokens", { name: name.value, scopes: boxes.filter((b) => b.checked).map((b) => b.value) });
      await draw(section, made.token);
    } catch (error) { status.textContent = requestError(error); }
  });
  const revoke = async (id) => {
    try { await call("DELETE", `/api/me/tokens/${id}`); await draw(section, ""); } catch (error) { status.textContent = requestError(error); }
  };
  const items = listing.tokens.map((tok) => el("li", { "data-token": String(tok.id) },
    el("span", {}, t("botapi.line", { name: tok.name, scopes: tok.scopes.join(", "), created: when(tok.created), used: when(tok.last_used) })),
    el("button", { type: "button", class: "token-revoke", onclick: () => revoke(tok.id) }, t("botapi.revoke"))));
  section.replaceChildren(el("h2", { id: "tokens-h" }, t("botapi.title")), el("p", {}, t("botapi.help")),
    created ? el("p", { id: "new-token" }, t("botapi.created", { token: "" }), el("code", {}, created)) : "",
    items.length ? el("ul", { id: "token-list" }, items) : el("p", {}, t("botapi.none")), create, status,
    listing.bot ? el("p", { id: "bot-account" }, t("botapi.is_bot")) : botForm(section, status));
}

function botForm(section, status) {
  const password = el("input", { type: "password", id: "bot-password", autocomplete: "current-password", required: true });
  const form = el("form", { id: "bot-form" }, el("h3", {}, t("botapi.become")), el("p", {}, t("botapi.become_help")),
    el("label", { for: "bot-password" }, t("web.account.password")), password,
    el("button", { type: "submit", id: "bot-submit", class: "danger" }, t("botapi.become")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await call("POST", "/api/me/bot", { password: password.value }); await draw(section, ""); } catch (error) { status.textContent = requestError(error); }
  });
  return form;
}
