// The lobby: create a table (game, options, seats), list open / running / finished tables, join by link.
import { api, el, heldSeat, keepSeat } from "./api.js";
import { clockFieldset, keepCreator, readClock } from "./clocks.js";
import { keepFocus } from "./focus.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";
import { myTablesLink } from "./mytables.js";
import { optionControl, readOption } from "./options.js";
import { refreshSeeks, renderOpenTables, renderQuick } from "./quick.js";
import { playerName } from "./seats.js";
import { accountLink, me } from "./session.js";

let catalogue = { games: [] };
const POLL_MS = 10000;
const LISTS = ["open", "running", "finished"];
let lastTag = null;
const chosen = { seats: [], sit: "0" };  // the seat choices, kept when the options (and so the seats) change

async function main() {
  document.title = t("web.lobby_title");
  renderHeader(t("web.lobby_title"), { extra: [el("nav", { class: "top-links" }, el("a", { id: "my-tables-link", href: "/tables/mine" }),
    el("a", { id: "account-link", href: "/signin" }), el("a", { id: "friends-link", href: "/friends" }, t("web.friends.link")),
    el("a", { id: "tournaments-link", href: "/tournaments" }, t("web.tournaments.title")),
    el("a", { id: "privacy-link", href: "/privacy" }, t("web.account.privacy")))] });
  myTablesLink((answer) => {
    const before = JSON.stringify([...mine]);
    mine.clear();
    for (const table of answer.tables) if (!table.error) mine.set(table.table, table.seat);
    if (JSON.stringify([...mine]) !== before) refreshTables(true);
  });
  accountLink();
  catalogue = await api(`/api/games?lang=${currentLanguage()}`);
  renderQuick(catalogue.games, await me().catch(() => null));
  renderForm();
  await refreshTables();
  // Poll only while the page is visible; the server answers 304 (ETag) while no list changed.
  setInterval(() => { if (document.visibilityState === "visible") { refreshTables(); refreshSeeks(); } }, POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshTables();
  });
}

// -- creating a table ---------------------------------------------------------------------------------------
function renderForm() {
  const select = el("select", { id: "game", name: "game", "aria-describedby": "game-description",
    onchange: () => { renderGame(); } }, catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  const name = el("input", { id: "name", maxlength: "40", autocomplete: "nickname",
    value: localStorage.getItem("museion.name") || "" });
  document.getElementById("create").replaceChildren(
    el("h2", { id: "create-h" }, t("web.new_table")),
    el("form", { id: "create-form", onsubmit: (e) => { e.preventDefault(); createTable(); } },
      el("div", { class: "field" }, el("label", { for: "game" }, t("web.game")), select),
      el("p", { id: "game-description", class: "description" }),
      el("p", { id: "game-learn", class: "learn-links" }),
      el("fieldset", { id: "options" }),
      el("fieldset", { id: "seats" }),
      clockFieldset(),
      el("div", { class: "field" }, el("label", { for: "hints-choice" }, t("web.hints_choice")),
        el("select", { id: "hints-choice" }, ["auto", "on", "off"].map((v) => el("option", { value: v }, t(`web.hints.${v}`))))),
      el("div", { class: "field" }, el("label", { for: "undo-choice" }, t("web.undo_choice")),
        el("select", { id: "undo-choice" }, ["off", "on"].map((v) => el("option", { value: v }, t(`web.undo.${v}`))))),
      el("div", { class: "field" }, el("label", { for: "rated-choice" }, t("web.rated_choice")),
        el("select", { id: "rated-choice" }, ["off", "on"].map((v) => el("option", { value: v }, t(`web.rated.${v}`))))),
      el("div", { class: "field" }, el("label", { for: "accounts-choice" }, t("web.accounts_only")),
        el("select", { id: "accounts-choice" }, ["auto", "on", "off"].map((v) => el("option", { value: v }, t(`web.accounts_only.${v}`))))),
      el("div", { class: "field" }, el("label", { for: "name" }, t("web.your_name")), name),
      el("button", { type: "submit", id: "create-button" }, t("web.create")),
      el("p", { id: "create-error", class: "error", role: "alert" })));
  renderGame();
}

/** The game's tutorial and rules pages, when it has them (its descriptor names a tutorial, a guide). */
function learnLinks(game) {
  return [game.tutorial ? el("a", { id: "learn-link", href: `/learn/${game.name}` }, t("web.learn.link")) : null,
    game.guide ? el("a", { id: "guide-link", href: `/rules/${game.name}` }, t("web.guide.link")) : null,
    el("a", { id: "ratings-link", href: `/ratings/${game.name}` }, t("web.rating.leaderboard"))].filter(Boolean);
}

function currentGame() {
  const name = document.getElementById("game").value;
  return catalogue.games.find((g) => g.name === name);
}

function renderGame() {
  const game = currentGame();
  document.getElementById("game-description").textContent = game.description || "";
  document.getElementById("game-learn").replaceChildren(...learnLinks(game));
  const box = document.getElementById("options");
  box.replaceChildren(el("legend", {}, t("web.options")),
    ...game.options.map((opt) => optionControl(opt, () => checkOptions())));
  checkOptions();
}

/** The options of the chosen game by name: their labels in the page's language (for error texts). */
function optionLabels() {
  const game = currentGame();
  return Object.fromEntries((game ? game.options : []).map((opt) => [opt.name, opt.label]));
}

function readOptions() {
  const options = {};
  for (const opt of currentGame().options) {
    const value = readOption(opt);
    if (value !== undefined) options[opt.name] = value;
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
    errorBox.textContent = t("web.error", { message: requestError(error, optionLabels()) });
  }
}

function remember() {
  const selects = [...document.querySelectorAll("select[data-seat]")];
  if (selects.length) chosen.seats = selects.map((s) => s.value);
  const sit = document.getElementById("sit");
  if (sit) chosen.sit = sit.value;
}

function botLabel(level) {
  return playerName({ kind: "bot", bot: level, taken: true }, 0);
}

/** The bots a seat may name at a table of the chosen game with `n` players (master only where the server offers it). */
function botsFor(n) {
  const found = currentGame().bots.find((b) => b.players === n);
  return found ? found.levels : [];
}

/** The seat rows for `n` players; what was chosen for each seat before stays chosen where it is still offered. */
function renderSeats(n) {
  remember();
  const box = document.getElementById("seats");
  const rows = [];
  const bots = botsFor(n);
  for (let i = 0; i < n; i += 1) {
    const choices = [el("option", { value: "human" }, t("web.human")),
      ...bots.map((b) => el("option", { value: `bot:${b}` }, botLabel(b)))];
    const select = el("select", { id: `seat-${i}`, "data-seat": i, onchange: remember }, choices);
    // the default opponent: the easy bot (a newcomer's fair first game), else the first level offered
    const level = bots.includes("easy") ? "easy" : bots[0];
    const fallback = i > 0 && level ? `bot:${level}` : "human";
    const before = chosen.seats[i];
    select.value = before && [...select.options].some((o) => o.value === before) ? before : fallback;
    rows.push(el("div", { class: "field" }, el("label", { for: `seat-${i}` }, t("web.player_n", { n: i + 1 })), select));
  }
  const sit = el("select", { id: "sit", onchange: remember }, el("option", { value: "" }, t("web.nowhere")),
    [...Array(n).keys()].map((i) => el("option", { value: String(i) }, t("web.player_n", { n: i + 1 }))));
  sit.value = Number(chosen.sit) < n || chosen.sit === "" ? chosen.sit : "0";
  box.replaceChildren(el("legend", {}, t("web.players")), ...rows,
    el("div", { class: "field" }, el("label", { for: "sit" }, t("web.sit_at")), sit));
  remember();
}

async function createTable() {
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const seats = [...document.querySelectorAll("select[data-seat]")].map((s) => s.value);
  const sit = document.getElementById("sit").value;
  const body = { game: currentGame().name, options: readOptions(), seats,
    name: document.getElementById("name").value.trim() || null };
  if (sit !== "") body.join = Number(sit);
  const clock = readClock();
  if (clock) body.clock = clock;
  const hints = document.getElementById("hints-choice").value;
  if (hints !== "auto") body.hints = hints === "on";
  if (document.getElementById("undo-choice").value === "on") body.undo = true;
  if (document.getElementById("rated-choice").value === "on") body.rated = true;
  const accountsOnly = document.getElementById("accounts-choice").value;
  if (accountsOnly !== "auto") body.accounts_only = accountsOnly === "on";
  if (body.name) localStorage.setItem("museion.name", body.name);
  try {
    const table = await api("/api/tables", body);
    if (table.token) keepSeat(table.id, table.seat, table.token);
    keepCreator(table.id, table.creator_token);
    window.location.href = `/table/${table.id}`;
  } catch (error) {
    errorBox.textContent = t("web.error", { message: requestError(error, optionLabels()) });
  }
}

// -- the lists ----------------------------------------------------------------------------------------------
const mine = new Map();  // table -> the seat this browser or the signed-in account holds there (My tables)

function seatText(table, s, i) {
  if (!s.taken) return t("web.free_seat");
  const held = heldSeat(table.id);
  const yours = (held && held.seat === i) || mine.get(table.id) === i;
  return yours ? `${playerName(s, i)} (${t("web.mine")})` : playerName(s, i);
}

function tableItem(table) {
  const seats = table.seats.map((s, i) => seatText(table, s, i)).join(t("web.versus"));
  const link = table.status === "finished" ? `/table/${table.id}#replay` : `/table/${table.id}`;
  const action = t(`web.list_action.${table.status}`);
  const scores = (table.scores ? ` · ${table.scores.join(" : ")}` : "") + (table.rated ? ` · ${t("web.rated")}` : "");
  return el("li", { class: "table-item", "data-table": table.id },
    el("a", { href: link, "data-focus": `table:${table.id}` }, `${action}: ${table.title}`),
    el("span", { class: "players" }, ` — ${seats}${scores}`));
}

async function refreshTables(redraw = false) {
  const response = await fetch("/api/tables", redraw ? { cache: "no-store" } : {});  // revalidated with its ETag
  if (!response.ok) return;
  const tag = response.headers.get("ETag");
  if (tag && tag === lastTag && !redraw) return;
  lastTag = tag;
  const lists = await response.json();
  renderOpenTables(lists.open);
  const box = document.getElementById("tables");
  keepFocus(() => box.replaceChildren(el("h2", { id: "tables-h", class: "sr-only" }, t("web.tables")),
    ...LISTS.map((key) => {
      const list = el("ul", {}, lists[key].map(tableItem));
      const section = el("section", { id: `list-${key}`, "aria-labelledby": `list-${key}-h` },
        el("h3", { id: `list-${key}-h` }, t(`web.list.${key}`)), lists[key].length ? list : el("p", {}, t("web.none")));
      if (lists.total[key] > lists[key].length) section.append(moreButton(key, list, lists[key].length));
      return section;
    })));
}

/** "More" loads the next page of one list (the list stays as it is until the next change). */
function moreButton(key, list, shown) {
  let offset = shown;
  const button = el("button", { type: "button", class: "more", "data-more": key }, t("web.more"));
  button.addEventListener("click", async () => {
    const page = await api(`/api/tables?status=${key}&offset=${offset}`);
    list.append(...page[key].map(tableItem));
    offset += page[key].length;
    if (offset >= page.total[key] || !page[key].length) {
      list.lastElementChild?.querySelector("a")?.focus();
      button.remove();
    }
  });
  return button;
}

main().catch((error) => {
  document.body.append(el("p", { class: "error", role: "alert" }, t("web.error", { message: requestError(error) })));
});
