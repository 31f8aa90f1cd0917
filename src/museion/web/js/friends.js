// The friends page (/friends): requests both ways, friends (invite one to a free seat of a table you sit at),
// blocked players, the seats you hold for friends and the notification setting. Every change goes through the
// friends API with the session's CSRF token (session.js); docs/friends.md.
import { el } from "./api.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { myTables } from "./mytables.js";
import { call, me } from "./session.js";

const main = () => document.getElementById("friends-main");
let note = null;  // the status line: what the last action did, or why it was refused

async function act(method, path, body, done) {
  try {
    const answer = await call(method, path, body);
    note.className = "";
    note.textContent = done ? done(answer) : t("web.friends.saved");
    await draw();
  } catch (error) {
    note.className = "error";
    note.textContent = requestError(error);
  }
}

const button = (text, onclick, cls = null) => el("button", { type: "button", class: cls, onclick }, text);
const since = (time) => t("web.friends.since", {
  date: new Date(time * 1000).toLocaleDateString(currentLanguage(), { dateStyle: "medium" }) });

function people(id, title, rows, actions) {
  return el("section", { "aria-labelledby": `${id}-h`, id },
    el("h2", { id: `${id}-h` }, title),
    rows.length ? el("ul", { class: "people" }, rows.map((row) => el("li", { "data-name": row.username },
      el("span", { class: "who" }, row.username), el("span", { class: "since" }, since(row.since)), ...actions(row))))
      : el("p", {}, t("web.friends.none")));
}

/** Names starting with what was typed (GET /api/players?prefix=, 2+ characters), offered in a datalist. */
function suggest(input, list) {
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const prefix = input.value.trim();
    if (!/^[A-Za-z0-9_.-]{2,24}$/.test(prefix)) return;
    timer = setTimeout(async () => {
      const found = await call("GET", `/api/players?prefix=${encodeURIComponent(prefix)}`)
        .catch(() => ({ players: [], bots: [] }));
      const label = (name) => (found.bots.includes(name) ? t("web.bot_account_name", { name }) : name);  // a program
      list.replaceChildren(...found.players.map((name) => el("option", { value: name, label: label(name) })));
    }, 250);
  });
}

/** A friend's presence, for friends only: "playing" or "online" (nothing when away). */
function presenceTag(presence, name) {
  const seen = presence.find((p) => p.username === name);
  if (!seen || !seen.online) return null;
  return el("span", { class: `presence ${seen.playing ? "playing" : "online"}` },
    t(seen.playing ? "web.friends.playing" : "web.friends.online"));
}

function nameForm(id, label, submit, path, done) {
  const list = el("datalist", { id: `${id}-names` });
  const input = el("input", { id: `${id}-name`, maxlength: "24", autocomplete: "off", spellcheck: "false",
    autocapitalize: "none", required: true, list: `${id}-names` });
  suggest(input, list);
  return el("form", { class: "inline-form", id: `${id}-form`, onsubmit: (e) => {
    e.preventDefault();
    act("POST", path, { username: input.value.trim() }, done);
  } }, el("div", { class: "field" }, el("label", { for: `${id}-name` }, label), input, list),
  el("button", { type: "submit", id: `${id}-submit` }, submit));
}

/** The free seats of the tables where the account sits, not held for anyone yet. */
function freeSeats(tables, invited) {
  const held = new Set(invited.map((inv) => `${inv.table}:${inv.seat}`));
  return tables.filter((tb) => !tb.error && tb.account && tb.status === "open").flatMap((tb) => tb.seats
    .filter((s) => s.kind === "human" && !s.taken && !held.has(`${tb.table}:${s.seat}`))
    .map((s) => ({ table: tb.table, seat: s.seat, title: tb.title })));
}

function inviteControl(row, seats) {
  if (!seats.length) return [];
  const id = `invite-${row.username}`;
  const select = el("select", { id, class: "invite-seat" }, seats.map((s) => el("option", { value: `${s.table}:${s.seat}` },
    t("web.friends.invite_seat", { title: s.title, table: s.table, n: s.seat + 1 }))));
  return [el("label", { for: id, class: "visually-hidden" }, t("web.friends.invite_to", { name: row.username })), select,
    button(t("web.friends.invite"), () => {
      const [table, seat] = select.value.split(":");
      act("POST", "/api/friends/invitations", { table, seat: Number(seat), username: row.username },
        () => t("web.friends.invited", { name: row.username }));
    }, "invite")];
}

function invitedSection(invited) {
  return el("section", { id: "invited", "aria-labelledby": "invited-h" },
    el("h2", { id: "invited-h" }, t("web.friends.your_invitations")),
    invited.length ? el("ul", { class: "people" }, invited.map((inv) => el("li", {},
      el("span", {}, t("web.friends.invitation_out", { name: inv.to, title: inv.title, table: inv.table, n: inv.seat + 1 })),
      button(t("web.friends.withdraw"), () => act("POST", "/api/friends/invitations/decline", { table: inv.table, seat: inv.seat }))))
    ) : el("p", {}, t("web.friends.none")));
}

function settings(data) {
  const box = el("input", { type: "checkbox", id: "notify-invites", checked: data.notify_invites,
    onchange: () => act("POST", "/api/friends/settings", { notify_invites: box.checked }) });
  return el("section", { id: "settings", "aria-labelledby": "settings-h" },
    el("h2", { id: "settings-h" }, t("web.friends.settings")),
    el("label", { class: "setting", for: "notify-invites" }, box, t("web.friends.notify_invites")));
}

async function draw() {
  const [data, mine, presence] = await Promise.all([call("GET", "/api/friends"), myTables().catch(() => ({ tables: [] })),
    call("GET", "/api/friends/presence").catch(() => ({ friends: [] }))]);
  const seats = freeSeats(mine.tables, data.invited);
  const name = (row) => ({ username: row.username });
  main().replaceChildren(...[note,
    el("section", { id: "add", "aria-labelledby": "add-h" }, el("h2", { id: "add-h" }, t("web.friends.add")),
      nameForm("friend", t("web.friends.username"), t("web.friends.send"), "/api/friends/requests",
        (answer) => t(answer.status === "friends" ? "web.friends.now_friends" : "web.friends.sent", { name: answer.username }))),
    people("incoming", t("web.friends.incoming"), data.incoming, (row) => [
      button(t("web.friends.accept"), () => act("POST", "/api/friends/requests/accept", name(row)), "accept"),
      button(t("web.friends.decline"), () => act("POST", "/api/friends/requests/decline", name(row)), "decline"),
      button(t("web.friends.block"), () => act("POST", "/api/friends/blocks", name(row)), "block danger")]),
    people("friends", t("web.friends.friends"), data.friends, (row) => [presenceTag(presence.friends, row.username),
      ...inviteControl(row, seats),
      button(t("web.friends.unfriend"), () => act("DELETE", "/api/friends", name(row)), "unfriend"),
      button(t("web.friends.block"), () => act("POST", "/api/friends/blocks", name(row)), "block danger")]),
    data.friends.length > 0 && !seats.length ? el("p", { class: "help" }, t("web.friends.no_free_seat")) : null,
    invitedSection(data.invited),
    people("outgoing", t("web.friends.outgoing"), data.outgoing, (row) => [
      button(t("web.friends.withdraw"), () => act("DELETE", "/api/friends/requests", name(row)), "withdraw")]),
    people("blocked", t("web.friends.blocked"), data.blocked, (row) => [
      button(t("web.friends.unblock"), () => act("DELETE", "/api/friends/blocks", name(row)), "unblock")]),
    el("section", { id: "block", "aria-labelledby": "block-h" }, el("h2", { id: "block-h" }, t("web.friends.block_name")),
      el("p", { class: "help" }, t("web.friends.block_help")),
      nameForm("block", t("web.friends.username"), t("web.friends.block"), "/api/friends/blocks")),
    settings(data)].filter(Boolean));
}

async function start() {
  document.documentElement.lang = currentLanguage();
  document.title = `${t("web.friends.title")} · Museion`;
  renderHeader(t("web.friends.title"), { back: true });
  note = el("p", { id: "friends-status", role: "status", "aria-live": "polite" });
  const account = await me().catch(() => null);
  if (!account) {
    main().replaceChildren(el("p", {}, t("web.friends.signed_out")),
      el("p", { class: "links" }, el("a", { href: "/signin", class: "button" }, t("web.account.sign_in"))));
    return;
  }
  await draw();
}

start();
