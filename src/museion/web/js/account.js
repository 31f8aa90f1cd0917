// The account pages, one per path: /signup, /signin, /recover, /account and /privacy.
import { el } from "./api.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { call, me } from "./session.js";
import { heldSeats } from "./mytables.js";
import { profileSettings } from "./profile-settings.js";
import { noticeSettings } from "./notices.js";
import { tokenSettings } from "./tokens.js";

const main = document.getElementById("account-main");

function show(title, ...nodes) {
  document.title = `${title} — Museion`;
  renderHeader(title, { back: true });
  main.replaceChildren(...nodes);
}

/** A form page starts in its first field. */
function focusFirst() { main.querySelector("input").focus(); }

/** A labelled input with its help text (read by screen readers with the field). */
function field(id, label, attrs, help = null) {
  return [el("label", { for: id }, label),
    help ? el("p", { id: `${id}-help`, class: "help" }, help) : null,
    el("input", { id, name: id, required: true, ...attrs, "aria-describedby": help ? `${id}-help` : null })];
}

function passwordField(id, label, autocomplete, help = null) {
  const box = el("input", { type: "checkbox", id: `${id}-show`,
    onchange: (e) => { document.getElementById(id).type = e.target.checked ? "text" : "password"; } });
  return [...field(id, label, { type: "password", autocomplete, maxlength: "128" }, help),
    el("label", { class: "show", for: `${id}-show` }, box, t("web.account.show_password"))];
}


/** Submit a form's values; on a refusal its reason is said in the page's language and the form stays. */
function form(id, fields, button, send) {
  return el("form", { id, onsubmit: async (e) => {
    e.preventDefault();
    const error = document.getElementById(`${id}-error`);
    error.textContent = "";
    const submit = e.target.querySelector("button[type=submit]");
    submit.disabled = true;
    try { await send(); } catch (failure) { error.textContent = requestError(failure); } finally { submit.disabled = false; }
  } }, ...fields, el("button", { type: "submit", id: `${id}-submit` }, button),
  el("p", { id: `${id}-error`, class: "error", role: "alert" }));
}

const value = (id) => document.getElementById(id).value;
const link = (href, text, id = null) => el("a", { href, id }, text);
const privacy = () => link("/privacy", t("web.account.privacy"), "privacy-link");

function signUp() {
  show(t("web.account.sign_up"),
    el("p", {}, t("web.account.optional")),
    form("signup", [
      ...field("username", t("web.account.username"), { autocomplete: "username", maxlength: "24" },
        t("web.account.username_help")),
      ...passwordField("password", t("web.account.password"), "new-password", t("web.account.password_help")),
    ], t("web.account.sign_up"), async () => {
      const answer = await call("POST", "/api/accounts", { username: value("username"), password: value("password"),
        seats: heldSeats() });
      showCodes(answer.recovery_codes);
    }),
    el("p", { class: "links" }, link("/signin", t("web.account.have_account")), privacy()));
  focusFirst();
}

/** The recovery codes, shown this once. */
function showCodes(codes) {
  show(t("web.account.codes_title"),
    el("p", { id: "codes-once" }, t("web.account.codes_once")),
    el("ol", { id: "recovery-codes", class: "recovery-codes", "aria-describedby": "codes-once" },
      codes.map((code) => el("li", {}, el("code", {}, code)))),
    el("a", { href: "/account", id: "codes-saved", class: "button" }, t("web.account.codes_saved")));
}

function signIn() {
  show(t("web.account.sign_in"),
    form("signin", [
      ...field("username", t("web.account.username"), { autocomplete: "username", maxlength: "64" }),
      ...passwordField("password", t("web.account.password"), "current-password"),
    ], t("web.account.sign_in"), async () => {
      const code = document.getElementById("totp");
      try {
        await call("POST", "/api/session", { username: value("username"), password: value("password"),
          seats: heldSeats(), totp: code ? code.value : null });  // this browser's guest seats follow the account
      } catch (failure) {
        if (failure.code !== "totp_required" || code) throw failure;
        askCode();  // the password was right: the account's second factor asks for the app's code
        return;
      }
      window.location.assign("/");
    }),
    el("p", { class: "links" }, link("/signup", t("web.account.no_account")), link("/recover", t("web.account.forgot")),
      privacy()));
  focusFirst();
}

/** Sign-in's second step: the authenticator app's code, asked below the password once the server wants it. */
function askCode() {
  const submit = document.getElementById("signin-submit");
  submit.before(...codeField("totp", t("web.account.totp_code"), t("web.account.totp_signin")));
  document.getElementById("totp").focus();
}

/** A field for a one-time code: digits on a phone's keyboard, offered from the phone's own authenticator. */
function codeField(id, label, help = null, maxlength = "16") {
  return field(id, label, { inputmode: maxlength === "16" ? "numeric" : "text", autocomplete: "one-time-code",
    maxlength, spellcheck: "false", class: "code" }, help);
}

/** Two-step sign-in on the account page: set up (password), then the QR code, the key and a first code to turn it
 * on; or, when on, the password and a code (or a recovery code) to turn it off. */
function totpSection(who) {
  const section = el("section", { id: "totp-section", "aria-labelledby": "totp-h" },
    el("h2", { id: "totp-h" }, t("web.account.totp_title")),
    el("p", {}, t("web.account.totp_help")),
    el("p", { id: "totp-status" }, el("strong", {}, t(who.totp ? "web.account.totp_is_on" : "web.account.totp_is_off"))));
  if (who.totp) {
    section.append(form("totp-off", [
      ...passwordField("totp-off-password", t("web.account.password"), "current-password"),
      ...codeField("totp-off-code", t("web.account.totp_off_code"), null, "64"),
    ], t("web.account.totp_off"), async () => {
      await call("DELETE", "/api/me/totp", { password: value("totp-off-password"), code: value("totp-off-code") });
      await account(t("web.account.totp_off_done"));
    }));
  } else {
    section.append(form("totp-start", passwordField("totp-password", t("web.account.password"), "current-password"),
      t("web.account.totp_start"), async () => {
        showSetUp(section, await call("POST", "/api/me/totp", { password: value("totp-password") }));
      }));
  }
  return section;
}

/** The new secret, shown this once: its QR code (an SVG the server made), the key to type, and the first code. */
function showSetUp(section, setup) {
  const svg = new DOMParser().parseFromString(setup.qr_svg, "image/svg+xml").documentElement;
  const key = setup.secret.match(/.{1,4}/g).join(" ");
  section.querySelector("form").replaceWith(
    el("p", { id: "totp-scan" }, t("web.account.totp_scan")),
    el("div", { id: "totp-qr", class: "totp-qr", role: "img", "aria-label": t("web.account.totp_qr") },
      document.importNode(svg, true)),
    el("p", { id: "totp-key" }, t("web.account.totp_key", { key: "" }), el("code", { class: "totp-key" }, key)),
    form("totp-confirm", codeField("totp-code", t("web.account.totp_code")), t("web.account.totp_confirm"),
      async () => {
        await call("POST", "/api/me/totp/confirm", { code: value("totp-code") });
        await account(t("web.account.totp_on_done"));
      }));
  document.getElementById("totp-code").focus();
}

function recover() {
  show(t("web.account.recover_title"),
    form("recover", [
      ...field("username", t("web.account.username"), { autocomplete: "username", maxlength: "64" }),
      ...field("code", t("web.account.code"), { autocomplete: "off", maxlength: "64", spellcheck: "false" }),
      ...passwordField("password", t("web.account.new_password"), "new-password", t("web.account.password_help")),
    ], t("web.account.set_password"), async () => {
      const answer = await call("POST", "/api/accounts/recover",
        { username: value("username"), code: value("code"), password: value("password") });
      await account(t("web.account.codes_left", { n: answer.recovery_codes_left }));
    }),
    el("p", { class: "links" }, link("/signin", t("web.account.sign_in")), privacy()));
  focusFirst();
}

async function account(notice = "") {
  const who = await me();
  if (!who) {
    show(t("web.account.title"), el("p", { role: "status" }, notice || t("web.code.not_signed_in")),
      el("p", { class: "links" }, link("/signin", t("web.account.sign_in")), link("/signup", t("web.account.sign_up")),
        privacy()));
    return;
  }
  const created = new Date(who.created * 1000).toLocaleDateString(currentLanguage());
  const out = async (path) => {
    await call("DELETE", path);
    await account(t("web.account.signed_out"));
  };
  show(t("web.account.title"),
    el("p", { id: "status", role: "status" }, notice),
    el("p", {}, el("strong", { id: "account-name", class: "seat-name" }, who.username)),
    el("ul", {},
      el("li", {}, t("web.account.created", { date: created })),
      el("li", { id: "session-count" }, t("web.account.sessions", { n: who.sessions.length })),
      el("li", {}, t("web.account.codes_left", { n: who.recovery_codes_left }))),
    el("div", { class: "actions" },
      el("a", { href: "/api/me/data", download: `museion-${who.username}.json`, id: "download", class: "button" },
        t("web.account.download")),
      el("button", { type: "button", id: "sign-out", onclick: () => out("/api/session") }, t("web.account.sign_out")),
      el("button", { type: "button", id: "sign-out-everywhere", onclick: () => out("/api/sessions") },
        t("web.account.sign_out_everywhere"))),
    el("h2", {}, t("web.account.change_title")),
    form("change", [
      ...passwordField("current", t("web.account.current_password"), "current-password"),
      ...passwordField("new-password", t("web.account.new_password"), "new-password", t("web.account.password_help")),
    ], t("web.account.change_title"), async () => {
      await call("POST", "/api/me/password", { password: value("current"), new_password: value("new-password") });
      await account(t("web.account.changed"));
    }),
    el("h2", {}, t("web.account.codes_new_title")),
    el("p", {}, t("web.account.codes_new_help")),
    form("codes", passwordField("codes-password", t("web.account.password"), "current-password"),
      t("web.account.codes_new"), async () => {
        showCodes((await call("POST", "/api/me/recovery-codes", { password: value("codes-password") })).recovery_codes);
      }),
    el("h2", { id: "delete-h" }, t("web.account.delete_title")),
    el("p", {}, t("web.account.delete_help")),
    form("delete", passwordField("confirm", t("web.account.confirm_password"), "current-password"),
      t("web.account.delete"), async () => {
        await call("DELETE", "/api/me", { password: value("confirm") });
        show(t("web.account.title"), el("p", { role: "status", id: "status" }, t("web.account.deleted")),
          el("p", { class: "links" }, link("/", t("web.back_to_lobby"))));
      }),
    el("p", { class: "links" }, privacy()));
  main.querySelector("#delete-submit").classList.add("danger");
  main.querySelector("#delete-h").before(totpSection(who), ...await noticeSettings(), ...await profileSettings(who.username),
    ...await tokenSettings());
}

function privacyPage() {
  show(t("web.privacy.title"),
    ...["guests", "account", "friends", "ratings", "notices", "cookies", "guessing", "rights", "operator"].map((part) => el("p", {}, t(`web.privacy.${part}`))));
}

const PAGES = { "/signup": signUp, "/signin": signIn, "/recover": recover, "/account": () => account(), "/privacy": privacyPage };
(PAGES[window.location.pathname] || privacyPage)();
