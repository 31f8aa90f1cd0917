// Who sits where: each seat's name (a bot by its level, in the page's language) with its colour and shape, the
// seat list with join buttons and invite links, and the page title "Tholos — Ana vs easy bot".
import { el } from "./api.js";
import { t, term } from "./i18n.js";
import { seatBadge } from "./boards/svg.js";

/** A seat's player as a name: the name given, a bot's level ("easy bot"), or "Player 2" for an unnamed human. */
export function playerName(seat, i) {
  if (seat.kind === "bot") return t("web.bot_name", { level: term(`web.level.${seat.bot}`, seat.bot) });
  if (!seat.taken) return t("web.player_n", { n: i + 1 });
  if (seat.account && seat.bot_account) return t("web.bot_account_name", { name: seat.name });  // a program
  if (seat.account) return seat.name;  // a signed-in player: the account's name
  if (seat.name === "deleted player") return t("web.deleted_player");  // a deleted account's seat
  return !seat.name || /^Player \d+$/.test(seat.name) ? t("web.player_n", { n: i + 1 }) : seat.name;
}

/** Every seat's display name, with its colour where the game has colours ("easy bot (black)"); names that are
 * still alike get their seat number, so two bots of one level are always told apart. */
export function seatNames(seats, colours) {
  const names = seats.map((seat, i) => {
    const name = playerName(seat, i);
    return colours[i] ? t("web.name_colour", { name, colour: t(`web.colour.${colours[i].key}`) }) : name;
  });
  return names.map((name, i) => (names.indexOf(name) !== names.lastIndexOf(name)
    ? t("web.name_number", { name, n: i + 1 }) : name));
}

/** The page title: "Tholos — Ana vs easy bot". */
export function tableTitle(gameTitle, seats) {
  const names = seats.map((seat, i) => (seat.taken ? playerName(seat, i) : t("web.free_seat")));
  return t("web.table_title", { game: gameTitle, players: names.join(t("web.versus")) });
}

/** A seat's mark (colour and shape) followed by its name, for HTML lists and tables. */
export function seatLabel(i, names, colours) {
  return el("span", { class: "seat-name" }, colours[i] ? seatBadge(i, colours[i].fill) : null, names[i]);
}

/** A rating as a table shows it: "1516", or "1500?" while provisional. */
export function ratingText(rating) {
  return rating.provisional ? `${rating.rating}?` : String(rating.rating);
}

/** An account's seat: its name linked to the player's page, and at a rated table its rating ("ana (white) · 1516"). */
function accountLabel(seat, i, names, colours) {
  const link = el("a", { class: "player-link", href: `/players/${encodeURIComponent(seat.name)}` }, seatLabel(i, names, colours));
  return seat.rating ? el("span", {}, link, el("span", { class: "seat-rating", title: t("web.seat_rating") },
    ` · ${ratingText(seat.rating)}`)) : link;
}

/** The seat list: names, "you", whose turn, join buttons for free seats (spectators), invite links, leave. */
export function renderSeats(box, msg, names, colours, { invitedSeat, onJoin, onLeave, leaving = false, onCopy }) {
  const rows = msg.seats.map((seat, i) => {
    const parts = [seat.account ? accountLabel(seat, i, names, colours) : seatLabel(i, names, colours)];
    if (i === msg.seat) parts.push(el("em", {}, ` (${t("web.you")})`));
    if (!seat.taken && msg.status !== "finished") parts.push(el("em", { class: "free-tag" }, ` (${t("web.free")})`));
    if (i === msg.to_move && msg.status === "running") parts.push(el("span", { class: "to-move-tag" }, ` · ${t("web.to_move")}`));
    if (!seat.taken && msg.status !== "finished") {
      if (msg.seat === null) {
        parts.push(" ", el("button", { class: "join", "data-seat": i, "data-focus": `join:${i}`, onclick: () => onJoin(i),
          autofocus: String(i) === invitedSeat }, t("web.join_seat", { n: i + 1 })));
      }
      const link = `${window.location.origin}/table/${msg.table}?seat=${i}`;
      parts.push(el("div", { class: "invite" }, `${t("web.invite_link", { n: i + 1 })}: `, el("code", { class: "link" }, link),
        " ", el("button", { type: "button", class: "copy-link", "data-seat": i, onclick: () => onCopy(link) }, t("web.copy_link"))));
    }
    return el("li", { class: i === msg.to_move ? "to-move" : "" }, parts);
  });
  let leave = null;
  if (msg.seat !== null && msg.status !== "finished" && leaving) {
    leave = el("div", { id: "leave-confirm", role: "alert" }, el("p", {}, t("web.leave_confirm")),
      el("button", { id: "leave-yes", onclick: () => onLeave(true) }, t("web.leave_yes")), " ",
      el("button", { id: "leave-no", onclick: () => onLeave(false), autofocus: true }, t("web.leave_no")));
  } else if (msg.seat !== null && msg.status !== "finished") {
    leave = el("button", { id: "leave", onclick: () => onLeave() }, t("web.leave"));
  }
  box.replaceChildren(...[el("h2", {}, t("web.players")), el("ul", {}, rows), leave].filter(Boolean));
}
