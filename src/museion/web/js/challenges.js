// Challenges in the browser (docs/organized-play.md "Challenges"): the "Challenge" form on a player's page
// (game, clock, rated), the challenges waiting for the signed-in player's answer in the lobby with Accept and
// Decline, and the table opening for both players once one is accepted. Everything arrives on the account's
// event stream (GET /api/stream, server-sent events): no polling.
import { api, el, keepSeat } from "./api.js";
import { requestError, t } from "./i18n.js";
import { call, me } from "./session.js";

export const CLOCKS = {
  none: null,
  live: { mode: "live", base: 600, increment: 5 },
  turn: { mode: "turn", per_move: 86400, base: 0 },
};
const SETTLED = ["challengeAccepted", "challengeDeclined", "challengeCancelled", "challengeExpired"];

/** Open the account's stream: `onChallenge(list)` gets the challenges waiting for an answer each time they
 * change; a table that starts (a challenge accepted) opens; `onSettled(kind, challenge)` hears the answers. */
export function listen(onChallenge = () => {}, onSettled = () => {}) {
  const source = new EventSource("/api/stream");
  const waiting = new Map();
  source.addEventListener("challenge", (e) => {
    const c = JSON.parse(e.data).challenge;
    waiting.set(c.id, c);
    onChallenge([...waiting.values()]);
  });
  for (const kind of SETTLED) {
    source.addEventListener(kind, (e) => {
      const c = JSON.parse(e.data).challenge;
      waiting.delete(c.id);
      onChallenge([...waiting.values()]);
      onSettled(kind, c);
    });
  }
  source.addEventListener("tableStart", (e) => {
    const start = JSON.parse(e.data);
    if (!start.resumed) window.location.href = `/table/${encodeURIComponent(start.table)}`;
  });
  return source;
}

function clockWords(clock) {
  if (!clock) return "";
  return ` · ${t(clock.mode === "live" ? "challenges.clock.live" : "challenges.clock.turn")}`;
}

/** The lobby's list of challenges waiting for this player's answer (hidden while there are none). */
export async function incomingChallenges(box) {
  if (!box || !(await me())) return;
  const titles = Object.fromEntries((await api("/api/games")).games.map((g) => [g.name, g.title]));
  const status = el("p", { class: "error", role: "alert" });
  const answer = async (c, verdict) => {
    try {
      await me();
      const done = await call("POST", `/api/challenges/${encodeURIComponent(c.id)}/${verdict}`, {});
      if (verdict === "accept") {
        keepSeat(done.table, done.seat, done.token);
        window.location.href = `/table/${encodeURIComponent(done.table)}`;
      }
    } catch (error) { status.textContent = requestError(error); }
  };
  const draw = (list) => {
    box.hidden = !list.length;
    box.replaceChildren(el("h2", { id: "challenges-h" }, t("challenges.incoming")),
      el("ul", { class: "challenges", "aria-labelledby": "challenges-h" }, list.map((c) => el("li", { "data-challenge": c.id },
        el("span", {}, t("challenges.line", { name: c.from_bot ? `${c.from} (${t("botapi.bot")})` : c.from, game: titles[c.game] || c.game,
          clock: clockWords(c.clock), rated: c.rated ? ` · ${t("challenges.rated")}` : "" })),
        el("button", { type: "button", class: "accept-challenge", onclick: () => answer(c, "accept") }, t("challenges.accept")),
        el("button", { type: "button", class: "decline-challenge", onclick: () => answer(c, "decline") }, t("challenges.decline"))))),
      status);
  };
  box.hidden = true;
  listen((list) => draw(list.filter((c) => c.status === "pending")));
}

/** The "Challenge" button and its form on a player's page (signed in, another player's page). */
export async function challengeButton(box, username) {
  const account = await me();
  if (!box || (account && account.username.toLowerCase() === username.toLowerCase())) return;
  if (!account) { box.replaceChildren(el("p", {}, t("challenges.sign_in"))); return; }
  const catalogue = await api("/api/games");
  const game = el("select", { id: "challenge-game" }, catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  const clock = el("select", { id: "challenge-clock" }, Object.keys(CLOCKS).map((k) => el("option", { value: k }, t(`challenges.clock.${k}`))));
  const rated = el("input", { type: "checkbox", id: "challenge-rated" });
  const status = el("p", { id: "challenge-status", role: "status" });
  const form = el("form", { id: "challenge-form", hidden: true },
    el("label", {}, t("challenges.game"), " ", game),
    el("label", {}, t("challenges.clock"), " ", clock),
    el("label", {}, rated, " ", t("challenges.rated")),
    el("button", { type: "submit", id: "challenge-send" }, t("challenges.send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await call("POST", "/api/challenges", { to: username, game: game.value, clock: CLOCKS[clock.value], rated: rated.checked });
      status.textContent = t("challenges.sent", { name: username });
    } catch (error) { status.textContent = requestError(error); }
  });
  const open = el("button", { type: "button", id: "challenge-button", onclick: () => { form.hidden = !form.hidden; } },
    t("challenges.button"));
  box.replaceChildren(el("h2", { id: "challenge-h" }, t("challenges.title", { name: username })), open, form, status);
  listen(() => {}, (kind, c) => {
    if (kind === "challengeDeclined") status.textContent = t("challenges.declined", { name: c.to });
    if (kind === "challengeExpired") status.textContent = t("challenges.expired");
  });
}
