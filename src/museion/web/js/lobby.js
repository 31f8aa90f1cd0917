// The lobby: create a table (game, options, seats), list open / running / finished tables, join by link.
import { api, el, keepSeat, literal } from "./api.js";
import { clockFieldset, keepCreator, readClock } from "./clocks.js";
import { myTablesLink } from "./mytables.js";
import { t } from "./i18n.js";

let catalogue = { games: [], bots: [] };
const POLL_MS = 10000;
const LISTS = [["open", "openTables"], ["running", "runningTables"], ["finished", "finishedTables"]];
let lastTag = null;

async function main() {
  document.title = t("appTitle");
  document.getElementById("title").textContent = `${t("appTitle")} · ${t("lobby")}`;
  catalogue = await api("/api/games");
  renderForm();
  await refreshTables();
  // Poll only while the page is visible; the server answers 304 (ETag) while no list changed.
  setInterval(() => { if (document.visibilityState === "visible") refreshTables(); }, POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshTables();
  });
}

function renderForm() {
  const section = document.getElementById("create");
  const select = el("select", { id: "game", name: "game", onchange: () => renderOptions() },
    catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  section.replaceChildren(
    el("h2", { id: "create-h" }, t("newTable")),
    el("form", { id: "create-form", onsubmit: (e) => { e.preventDefault(); createTable(); } },
      el("label", {}, `${t("game")} `, select),
      el("fieldset", { id: "options" }),
      el("fieldset", { id: "seats" }),
      clockFieldset(),
      el("label", {}, `${t("yourName")} `, el("input", { id: "name", maxlength: "40" })),
      el("button", { type: "submit", id: "create-button" }, t("create")),
      el("p", { id: "create-error", class: "error", role: "alert" })));
  renderOptions();
}

function currentGame() {
  const name = document.getElementById("game").value;
  return catalogue.games.find((g) => g.name === name);
}

function renderOptions() {
  const game = currentGame();
  const box = document.getElementById("options");
  box.replaceChildren(el("legend", {}, t("options")), ...game.options.map((opt) => {
    const id = `opt-${opt.name}`;
    const input = opt.type === "bool"
      ? el("input", { type: "checkbox", id, "data-option": opt.name, checked: opt.default === true })
      : el("input", { id, "data-option": opt.name, value: opt.default === null ? "" : String(opt.default),
        placeholder: opt.default === null ? "default" : null });
    input.addEventListener("change", () => checkOptions());
    return el("label", { class: "option", title: opt.doc }, input, ` ${opt.name} `, el("small", {}, opt.doc));
  }));
  checkOptions();
}

function readOptions() {
  const game = currentGame();
  const options = {};
  for (const opt of game.options) {
    const input = document.getElementById(`opt-${opt.name}`);
    if (opt.type === "bool") { if (input.checked !== opt.default) options[opt.name] = input.checked; continue; }
    if (input.value.trim() === "" || input.value === String(opt.default)) continue;
    options[opt.name] = literal(input.value.trim());
  }
  return options;
}

async function checkOptions() {
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  try {
    const checked = await api(`/api/games/${currentGame().name}/check`, { options: readOptions() });
    renderSeats(checked.num_players);
  } catch (error) {
    errorBox.textContent = t("error", { message: error.message });
  }
}

function renderSeats(n) {
  const box = document.getElementById("seats");
  const rows = [];
  for (let i = 0; i < n; i += 1) {
    const choices = [el("option", { value: "human" }, t("human")),
      ...catalogue.bots.map((b) => el("option", { value: `bot:${b}` }, t("bot", { name: b })))];
    const select = el("select", { id: `seat-${i}`, "data-seat": i }, choices);
    if (i > 0 && catalogue.bots.length) select.value = `bot:${catalogue.bots[0]}`;
    rows.push(el("label", {}, `${t("seat", { n: i })} `, select));
  }
  const sit = el("select", { id: "sit" }, el("option", { value: "" }, t("nowhere")),
    [...Array(n).keys()].map((i) => el("option", { value: String(i) }, t("seat", { n: i }))));
  sit.value = "0";
  box.replaceChildren(el("legend", {}, t("seats")), ...rows, el("label", {}, `${t("sitAt")} `, sit));
}

async function createTable() {
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const seats = [...document.querySelectorAll("select[data-seat]")].map((s) => s.value);
  const sit = document.getElementById("sit").value;
  const body = { game: currentGame().name, options: readOptions(), seats,
    name: document.getElementById("name").value || null };
  if (sit !== "") body.join = Number(sit);
  const clock = readClock();
  if (clock) body.clock = clock;
  if (body.name) localStorage.setItem("museion.name", body.name);
  try {
    const table = await api("/api/tables", body);
    if (table.token) keepSeat(table.id, table.seat, table.token);
    keepCreator(table.id, table.creator_token);
    window.location.href = `/table/${table.id}`;
  } catch (error) {
    errorBox.textContent = t("error", { message: error.message });
  }
}

function tableItem(table) {
  const seats = table.seats.map((s) => (s.taken ? s.name : t("free"))).join(", ");
  const link = table.status === "finished" ? `/table/${table.id}#replay` : `/table/${table.id}`;
  const label = table.status === "open" ? t("join") : table.status === "finished" ? t("replay") : t("watch");
  return el("li", { class: "table-item", "data-table": table.id },
    el("a", { href: link }, `${table.title} · ${label}`), " ",
    el("span", {}, `${seats}${table.moves !== undefined ? ` · ${t("moves", { n: table.moves })}` : ""}`),
    table.scores ? el("span", {}, ` · ${table.scores.join(" : ")}`) : null);
}

async function refreshTables() {
  const response = await fetch("/api/tables");  // first page of each list; revalidated with its ETag
  if (!response.ok) return;
  const tag = response.headers.get("ETag");
  if (tag && tag === lastTag) return;
  lastTag = tag;
  const lists = await response.json();
  const box = document.getElementById("tables");
  box.replaceChildren(...LISTS.map(([key, title]) => {
    const list = el("ul", {}, lists[key].map(tableItem));
    const section = el("div", { id: `list-${key}` }, el("h2", {}, t(title)),
      lists[key].length ? list : el("p", {}, t("none")));
    if (lists.total[key] > lists[key].length) section.append(moreButton(key, list, lists[key].length));
    return section;
  }));
}

/** "More" loads the next page of one list (the list stays as it is until the next change). */
function moreButton(key, list, shown) {
  let offset = shown;
  const button = el("button", { type: "button", class: "more", "data-more": key }, t("more"));
  button.addEventListener("click", async () => {
    const page = await api(`/api/tables?status=${key}&offset=${offset}`);
    list.append(...page[key].map(tableItem));
    offset += page[key].length;
    if (offset >= page.total[key] || !page[key].length) button.remove();
  });
  return button;
}

myTablesLink();
main().catch((error) => {
  document.body.append(el("p", { class: "error" }, t("error", { message: error.message })));
});
