// The table chat (issue 26): the players' and the spectators' channel over the table's WebSocket. A seated player
// reads and writes the players' channel, a spectator the spectators'; the other tab only says who talks there.
// Every text is shown as text (el() appends text nodes; nothing here sets innerHTML), so markup and links are
// inert. Muting is this browser's own: the muted authors are remembered per table in localStorage.
import { el } from "./api.js";
import { announce } from "./announce.js";
import { t } from "./i18n.js";

const CHANNELS = ["players", "spectators"];
const MAX = 300;
const MUTED = (tableId) => `museion.chat.muted.${tableId}`;

/** Build the chat panel into `container` (it appends itself) and return its hooks for the table page:
 * `receive(msg)` (true when the message was the chat's), `update(state, names)` after every state message. */
export function chatPanel(container, tableId, send) {
  const chat = { lines: { players: [], spectators: [] }, seat: null, guest: null, names: [], tab: null, status: "",
    muted: new Set(loadMuted(tableId)), open: !window.matchMedia("(max-width: 600px)").matches, drawn: false };
  const root = el("section", { id: "chat", class: "chat", "aria-labelledby": "chat-toggle" });
  container.append(root);

  function own() { return chat.seat === null ? "spectators" : "players"; }

  function receive(msg) {
    if (msg.type === "reported") { chat.status = t("web.chat.reported"); draw(); return true; }
    if (msg.type === "error" && (msg.code.startsWith("chat_") || msg.code === "no_message")) {
      chat.status = t(`web.code.${msg.code}`);
      draw();
      return false;
    }
    if (msg.type !== "chat") return false;
    if (msg.you) chat.guest = msg.you;
    for (const line of msg.messages) {
      const lines = chat.lines[line.channel];
      if (msg.backlog && lines.some((old) => old.id === line.id)) continue;
      lines.push(line);
      if (!msg.backlog && !mine(line) && !chat.muted.has(author(line))) {
        announce(t("web.chat.new", { name: nameOf(line), text: line.text }));
      }
    }
    draw();
    return true;
  }

  function update(state, names) {
    const seat = state.seat ?? null;
    const renamed = names.join("\n") !== chat.names.join("\n");
    chat.names = names;
    if (seat !== chat.seat || renamed || !chat.drawn) {
      if (seat !== chat.seat) chat.tab = null;
      chat.seat = seat;
      chat.tab = chat.tab || own();
      draw();
    }
  }

  function mine(line) {
    return chat.seat !== null ? line.seat === chat.seat : line.seat === null && line.guest === chat.guest;
  }

  function nameOf(line) {
    if (line.name) return line.name;
    if (line.seat !== null) return chat.names[line.seat] || t("web.player_n", { n: line.seat + 1 });
    return t("web.chat.spectator", { label: line.guest });
  }

  function toggleMute(line) {
    const key = author(line);
    if (chat.muted.has(key)) chat.muted.delete(key); else chat.muted.add(key);
    saveMuted();
    draw();
  }

  function report(line) {
    chat.status = "";
    send({ type: "report", id: line.id });
  }

  function submit(event) {
    event.preventDefault();
    const input = root.querySelector("#chat-input");
    const text = input.value.trim();
    if (!text) { chat.status = t("web.code.chat_empty"); draw(); return; }
    if (send({ type: "chat", text, channel: own() })) { input.value = ""; chat.status = ""; draw(); }
  }

  function draw() {
    chat.drawn = true;
    const active = document.activeElement && root.contains(document.activeElement) ? document.activeElement : null;
    const old = root.querySelector("#chat-input");
    const typed = old ? old.value : "";
    const caret = old ? [old.selectionStart, old.selectionEnd] : null;
    root.replaceChildren(header(), el("div", { id: "chat-body", hidden: !chat.open }, tabs(), panel(typed)));
    root.dataset.channel = own();
    const again = active && active.id ? document.getElementById(active.id) : null;
    if (again) again.focus();
    if (again && again.id === "chat-input" && caret) again.setSelectionRange(...caret);
  }

  function header() {
    return el("h2", { class: "chat-title" }, el("button", { id: "chat-toggle", type: "button", class: "chat-toggle",
      "aria-expanded": String(chat.open), "aria-controls": "chat-body",
      onclick: () => { chat.open = !chat.open; draw(); } }, t("web.chat.title")));
  }

  function tabs() {
    const list = el("div", { role: "tablist", class: "chat-tabs", "aria-label": t("web.chat.title") });
    for (const channel of CHANNELS) {
      const selected = channel === chat.tab;
      list.append(el("button", { id: `chat-tab-${channel}`, type: "button", role: "tab", class: "chat-tab",
        "aria-selected": String(selected), "aria-controls": "chat-panel", tabindex: selected ? "0" : "-1",
        onclick: () => { chat.tab = channel; draw(); }, onkeydown: (event) => moveTab(event, channel) },
        t(`web.chat.${channel}`)));
    }
    return list;
  }

  function moveTab(event, channel) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    chat.tab = CHANNELS[(CHANNELS.indexOf(channel) + 1) % CHANNELS.length];
    draw();
    document.getElementById(`chat-tab-${chat.tab}`).focus();
  }

  function panel(typed) {
    const readable = chat.tab === own();
    const box = el("div", { id: "chat-panel", role: "tabpanel", class: "chat-panel",
      "aria-labelledby": `chat-tab-${chat.tab}` },
      el("p", { class: "chat-note" }, t(`web.chat.${chat.tab}_only`)));
    if (!readable) return box;
    const shown = chat.lines[chat.tab].filter((line) => !chat.muted.has(author(line)));
    const hidden = chat.lines[chat.tab].length - shown.length;
    const empty = chat.lines[chat.tab].length ? null : el("li", { class: "chat-empty" }, t("web.chat.empty"));
    box.append(el("ol", { id: "chat-lines", class: "chat-lines", tabindex: "0", "aria-label": t(`web.chat.${chat.tab}`) },
      shown.map(lineItem), empty));
    if (hidden) box.append(el("p", { class: "chat-hidden" }, t("web.chat.muted", { n: hidden })), mutedList());
    box.append(form(typed), el("p", { id: "chat-status", class: "chat-status", role: "status" }, chat.status));
    return box;
  }

  function lineItem(line) {
    const name = nameOf(line);
    const item = el("li", { class: "chat-line", "data-author": author(line), "data-id": line.id },
      el("span", { class: "chat-who" }, mine(line) ? t("web.chat.you", { name }) : name), " ",
      el("span", { class: "chat-text" }, line.text));
    if (!mine(line)) {
      item.append(el("span", { class: "chat-actions" },
        el("button", { type: "button", class: "chat-mute", "aria-label": t("web.chat.mute", { name }),
          onclick: () => toggleMute(line) }, t("web.chat.mute_short")),
        el("button", { type: "button", class: "chat-report", id: `chat-report-${line.id}`,
          "aria-label": t("web.chat.report", { name }), onclick: () => report(line) }, t("web.chat.report_short"))));
    }
    return item;
  }

  function mutedList() {
    const authors = new Map();
    for (const line of chat.lines[chat.tab]) if (chat.muted.has(author(line))) authors.set(author(line), nameOf(line));
    if (!authors.size) return null;
    return el("p", { class: "chat-muted" }, [...authors].map(([key, name]) => el("button", { type: "button",
      class: "chat-unmute", "data-author": key, "aria-label": t("web.chat.unmute", { name }),
      onclick: () => { chat.muted.delete(key); saveMuted(); draw(); } }, t("web.chat.unmute_short"), " ", name)));
  }

  function saveMuted() {
    try { localStorage.setItem(MUTED(tableId), JSON.stringify([...chat.muted])); } catch (_e) { /* no storage */ }
  }

  function form(typed) {
    const left = MAX - typed.length;
    const input = el("input", { id: "chat-input", type: "text", maxlength: String(MAX), autocomplete: "off",
      "aria-describedby": "chat-left", value: typed,
      oninput: (event) => { root.querySelector("#chat-left").textContent = t("web.chat.left", { n: MAX - event.target.value.length }); } });
    return el("form", { class: "chat-form", onsubmit: submit },
      el("label", { for: "chat-input" }, t("web.chat.message")), input,
      el("button", { type: "submit", id: "chat-send" }, t("web.chat.send")),
      el("span", { id: "chat-left", class: "chat-left" }, t("web.chat.left", { n: left })));
  }

  return { receive, update };
}

/** Who wrote a line, as muting remembers it: a seat, or a spectator's label at this table. */
function author(line) { return line.seat !== null ? `seat:${line.seat}` : `guest:${line.guest}`; }

function loadMuted(tableId) {
  try { return JSON.parse(localStorage.getItem(MUTED(tableId)) || "[]"); } catch (_e) { return []; }
}
