// The account page's section "Notices while you are away": the e-mail address and its code, what the account is
// told, and "notify this browser" (Web Push through /sw.js). The API: GET/PUT /api/me/notifications,
// POST/DELETE /api/me/email, POST /api/me/email/verify, POST/DELETE /api/me/push (docs/protocol.md).
import { el } from "./api.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { call } from "./session.js";

const CHOICES = ["turn", "invite", "friend", "digest"];

/** The browser's push subscription, if it can have one (a service worker, PushManager, notifications allowed). */
async function registration() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  return navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

function base64url(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function subscribe(key) {
  const reg = await registration();
  if (!reg || (await Notification.requestPermission()) !== "granted") return null;
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64url(key) });
  const json = sub.toJSON();
  return call("POST", "/api/me/push", { endpoint: json.endpoint, keys: json.keys, lang: currentLanguage() });
}

async function current() {
  const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
  return reg && reg.pushManager ? reg.pushManager.getSubscription() : null;
}

/** The section's nodes; ``redraw`` draws it again after a change (with a status line). */
export async function noticeSettings() {
  const section = el("section", { id: "notices-section", "aria-labelledby": "notices-h" });
  await draw(section, "");
  return [section];
}

async function draw(section, said) {
  const state = await call("GET", "/api/me/notifications");
  const status = el("p", { id: "notices-status", role: "status" }, said);
  const again = async (text, action) => {
    try { await action(); await draw(section, text); } catch (failure) { status.textContent = requestError(failure); }
  };
  section.replaceChildren(el("h2", { id: "notices-h" }, t("web.notices.heading")),
    el("p", {}, t("web.notices.intro")), status, ...mailPart(state, again), ...choicesPart(state, again),
    ...await pushPart(state, again));
}

function mailPart(state, again) {
  if (!state.mail) return [el("p", { id: "no-mail", class: "help" }, t("web.notices.no_smtp"))];
  const email = state.email;
  const parts = [];
  if (email) {
    parts.push(el("p", { id: "email-state" }, t(email.verified ? "web.notices.verified" : "web.notices.unverified",
      { email: email.address })));
    if (state.stopped) parts.push(el("p", { id: "mail-stopped", class: "help" }, t("web.notices.stopped")));
  }
  const input = el("input", { id: "email", type: "email", autocomplete: "email", maxlength: "254", required: true,
    value: email ? email.address : "" });
  parts.push(el("form", { id: "email-form", onsubmit: (e) => {
    e.preventDefault();
    const address = input.value.trim();
    again(t("web.notices.code_sent", { email: address }),
      () => call("POST", "/api/me/email", { email: address, lang: currentLanguage() }));
  } }, el("label", { for: "email" }, t("web.notices.email")), input,
  el("button", { type: "submit", id: "email-submit" }, t("web.notices.send_code"))));
  if (email && !email.verified) {
    const code = el("input", { id: "email-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "8",
      required: true });
    parts.push(el("form", { id: "verify-form", onsubmit: (e) => {
      e.preventDefault();
      again("", () => call("POST", "/api/me/email/verify", { code: code.value.trim() }));
    } }, el("label", { for: "email-code" }, t("web.notices.code")), code,
    el("button", { type: "submit", id: "verify-submit" }, t("web.notices.verify"))));
  }
  if (email) {
    parts.push(el("button", { type: "button", id: "email-remove", onclick: () => again("",
      () => call("DELETE", "/api/me/email")) }, t("web.notices.remove")));
  }
  return parts;
}

function choicesPart(state, again) {
  const boxes = CHOICES.map((key) => el("label", { class: "show", for: `notice-${key}` },
    el("input", { type: "checkbox", id: `notice-${key}`, checked: state[key] }), t(`web.notices.${key}`)));
  return [el("form", { id: "notices-form", onsubmit: (e) => {
    e.preventDefault();
    const body = Object.fromEntries(CHOICES.map((key) => [key, document.getElementById(`notice-${key}`).checked]));
    again(t("web.notices.saved"), () => call("PUT", "/api/me/notifications", { ...body, lang: currentLanguage() }));
  } }, ...boxes, el("button", { type: "submit", id: "notices-submit" }, t("web.notices.save")))];
}

async function pushPart(state, again) {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
    && Notification.permission !== "denied";
  if (!supported) return [el("p", { id: "push-none", class: "help" }, t("web.notices.push_none"))];
  const sub = await current();
  if (sub) {
    return [el("p", { id: "push-on" }, t("web.notices.push_on")),
      el("button", { type: "button", id: "push-stop", onclick: () => again("", async () => {
        await call("DELETE", "/api/me/push", { endpoint: sub.endpoint });
        await sub.unsubscribe();
      }) }, t("web.notices.push_stop"))];
  }
  return [el("button", { type: "button", id: "push-start", onclick: () => again(t("web.notices.push_on"),
    async () => { if (!(await subscribe(state.vapid_public_key))) throw new Error(t("web.notices.push_none")); }) },
  t("web.notices.push")), el("p", { class: "help" }, t("web.notices.install"))];
}
