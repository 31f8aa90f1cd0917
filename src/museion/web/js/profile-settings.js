// The account page's section "Your public page": what others see at /players/NAME (GET and POST /api/me/profile,
// the second with the session's CSRF token). The ratings are public; the player chooses whether the leaderboards
// list them (yes by default) and whether the page shows games and languages.
import { el } from "./api.js";
import { requestError, t } from "./i18n.js";
import { call } from "./session.js";

const CHOICES = ["ratings", "games", "languages"];

/** The section's nodes, filled with the account's current choices. */
export async function profileSettings(username) {
  const chosen = await call("GET", "/api/me/profile");
  const status = el("p", { id: "profile-status", role: "status" });
  const boxes = CHOICES.map((key) => el("label", { class: "show", for: `show-${key}` },
    el("input", { type: "checkbox", id: `show-${key}`, checked: chosen[key] }), t(`web.profile.show_${key}`)));
  const spoken = el("input", { id: "spoken", maxlength: "40", autocomplete: "off", spellcheck: "false",
    value: chosen.spoken.join(", ") });
  const form = el("form", { id: "profile", onsubmit: async (e) => {
    e.preventDefault();
    status.textContent = "";
    const body = Object.fromEntries(CHOICES.map((key) => [key, document.getElementById(`show-${key}`).checked]));
    body.spoken = spoken.value.split(",").map((code) => code.trim().toLowerCase()).filter(Boolean);
    try {
      await call("POST", "/api/me/profile", body);
      status.textContent = t("web.profile.saved");
    } catch (failure) { status.textContent = requestError(failure); }
  } }, ...boxes, el("label", { for: "spoken" }, t("web.profile.spoken")), spoken,
  el("button", { type: "submit", id: "profile-submit" }, t("web.profile.save")));
  return [el("h2", { id: "profile-h" }, t("web.profile.settings")), el("p", {}, t("web.profile.settings_help")),
    form, status, el("p", { class: "links" }, el("a", { href: `/players/${encodeURIComponent(username)}`, id: "profile-link" },
      t("web.profile.see")))];
}
