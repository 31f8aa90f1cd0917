// Your moves: the list of legal moves (each in words, its notation secondary), the chooser that appears when a
// click on the board fits several moves, and the preview of a move on the board while it is hovered or focused.
// A move is the server's one shape (messages.LegalMove): {id, notation, text, targets}; a hinted move adds its
// chance (messages.HintedMove), so legal and hinted moves are drawn and previewed by the same code.
import { el } from "./api.js";
import { t } from "./i18n.js";

function moveButton(move, cls, { onPlay, onPreview, disabled }) {
  const showNotation = move.text !== move.notation;
  return el("button", { class: cls, type: "button", "data-action": move.id, "data-notation": move.notation,
    "data-focus": `${cls}:${move.id}`, disabled, onclick: () => onPlay(move.id),
    onmouseenter: () => onPreview(move), onmouseleave: () => onPreview(null),
    onfocus: () => onPreview(move), onblur: () => onPreview(null) },
  el("span", { class: "desc" }, move.text), showNotation ? el("span", { class: "notation" }, move.notation) : null);
}

/** The moves panel: hidden entirely when this page cannot move (not its turn, spectator, game over, offline). */
export function renderMoves(box, moves, { pending, paths, onPlay, onPreview }) {
  if (!moves.length) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(el("h2", { id: "moves-h" }, t("web.your_moves")),
    el("p", { class: "hint" }, t(moves.some((m) => paths(m)) ? "web.moves_hint" : "web.moves_hint_list")),
    el("ul", { class: "move-list", "aria-labelledby": "moves-h" }, moves.map((move) => {
      const path = paths(move);
      const button = moveButton(move, "move", { onPlay, onPreview, disabled: pending });
      if (path) button.dataset.path = path.join("|");
      return el("li", {}, button);
    })));
}

/** The chooser: the moves a board click could mean, in words, and Cancel; it sits above the board (never on it). */
export function renderChooser(box, moves, { onPlay, onPreview, onCancel }) {
  if (!moves || !moves.length) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(el("p", { id: "chooser-h" }, t("web.choose_move")),
    el("div", { class: "choices", role: "group", "aria-labelledby": "chooser-h" },
      moves.map((move) => moveButton(move, "choice", { onPlay, onPreview, disabled: false })),
      el("button", { class: "cancel", type: "button", "data-focus": "chooser:cancel", onclick: onCancel }, t("web.cancel"))));
}
