// Seats friends hold for the signed-in player (docs/friends.md): listed on My tables with "Take the seat" and
// "Decline", and announced once each (a notice on the page and, when the browser allows it, a notification)
// when the account wants invitations announced. They come with the My tables answer, polled already
// (mytables.js): no extra request, no extra socket.
import { el, keepSeat } from "./api.js";
import { requestError, t } from "./i18n.js";
import { call, me } from "./session.js";

const SEEN = "museion.invitations.seen";
const key = (inv) => `${inv.table}:${inv.seat}`;

function seen() {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN) || "[]")); } catch (_e) { return new Set(); }
}

function line(inv) {
  return t("web.invite.line", { name: inv.by, title: inv.title, table: inv.table, n: inv.seat + 1 });
}

/** Take a held seat: the seat token is kept like any seat's, then the table opens. */
async function take(inv, status) {
  try {
    await me();  // the CSRF token of this session
    const answer = await call("POST", "/api/friends/invitations/accept", { table: inv.table, seat: inv.seat });
    keepSeat(answer.table, answer.seat, answer.token);
    window.location.href = `/table/${encodeURIComponent(answer.table)}`;
  } catch (error) { status.textContent = requestError(error); }
}

async function decline(inv, status, after) {
  try {
    await me();
    await call("POST", "/api/friends/invitations/decline", { table: inv.table, seat: inv.seat });
    after();
  } catch (error) { status.textContent = requestError(error); }
}

/** The invitations of a My tables answer in `box` (nothing when there are none). */
export function renderInvitations(answer, box, refresh) {
  if (!box) return;
  const invitations = (answer && answer.invitations) || [];
  if (!invitations.length) { box.replaceChildren(); return; }
  const status = el("p", { class: "error", role: "alert" });
  box.replaceChildren(el("h2", { id: "invitations-h" }, t("web.invite.title")),
    el("ul", { class: "invitations", "aria-labelledby": "invitations-h" }, invitations.map((inv) => el("li", { "data-invitation": key(inv) },
      el("span", {}, line(inv)),
      el("button", { type: "button", class: "take-seat", onclick: () => take(inv, status) }, t("web.invite.take")),
      el("button", { type: "button", class: "decline-seat", onclick: () => decline(inv, status, refresh) }, t("web.invite.decline"))))),
    status);
}

/** Announce the invitations not announced before (once each, if the account wants them announced). */
export function announceInvitations(answer) {
  const invitations = (answer && answer.invitations) || [];
  const known = seen();
  const fresh = invitations.filter((inv) => !known.has(key(inv)));
  if (!fresh.length) return;
  try { localStorage.setItem(SEEN, JSON.stringify(invitations.map(key))); } catch (_e) { /* no storage */ }
  if (!answer.notify_invites) return;
  const first = fresh[0];
  const text = t("web.invite.toast", { name: first.by, title: first.title });
  toast(text);
  if ("Notification" in window && Notification.permission === "granted") {
    const note = new Notification(text, { tag: `invite-${key(first)}` });
    note.onclick = () => { window.focus(); window.location.href = "/tables/mine"; };
  }
}

function toast(text) {
  document.getElementById("invite-toast")?.remove();
  const box = el("div", { id: "invite-toast", class: "invite-toast", role: "status" },
    el("span", {}, text),
    window.location.pathname === "/tables/mine" ? null : el("a", { href: "/tables/mine" }, t("web.invite.see")),
    el("button", { type: "button", onclick: () => box.remove() }, t("web.invite.dismiss")));
  document.body.append(box);
}
