// The signed-in account (GET /api/me) and changes made with its session cookie: every one carries the session's
// CSRF token in the X-CSRF-Token header (docs/accounts.md). The token is kept in memory only.
import { t } from "./i18n.js";

let csrf = null;

/** A JSON request; `error.code`/`error.reason` on a refusal, like api() (requestError says it). */
export async function call(method, path, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (method !== "GET") {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body || {});
    if (csrf) init.headers["X-CSRF-Token"] = csrf;
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.message) || `${response.status} ${response.statusText}`);
    error.code = data && data.error;
    error.reason = data && data.reason;
    error.status = response.status;
    throw error;
  }
  if (data && data.csrf) csrf = data.csrf;
  return data;
}

/** The signed-in account ({username, created, sessions, recovery_codes_left}) or null for a guest: GET
 *  /api/session answers a guest with 200 {"account": null}, so a guest's page logs no failed request. */
export async function me() {
  const { account } = await call("GET", "/api/session");
  if (account) csrf = account.csrf;
  return account;
}

/** The lobby's link to the account: "Account: NAME" when signed in, else "Sign in". */
export async function accountLink() {
  const link = document.getElementById("account-link");
  if (!link) return;
  link.textContent = t("web.account.sign_in");
  const account = await me().catch(() => null);
  if (account) {
    link.textContent = t("web.account.link", { name: account.username });
    link.href = "/account";
  }
}
