// Each game's board module lives in the game's own folder and is served at /games/<game>/board.js (the file its
// descriptor names); a game without one gets the generic board that shows its view as data. A board that names a
// `stylesheet` (a file beside it, such as "board.css", served at /games/<game>/board.css) has it loaded before it
// first draws: what only one game's board draws is styled in that game's folder.
import { board as generic } from "./generic.js";

const loaded = {};

/** The board module of `game`: its own, else the generic fallback. */
export async function boardFor(game) {
  if (!(game in loaded)) {
    const url = `/games/${encodeURIComponent(game)}/board.js`;
    try {
      loaded[game] = (await import(url)).board;
    } catch (_e) {
      loaded[game] = generic;
    }
    if (loaded[game].stylesheet) await addStylesheet(new URL(loaded[game].stylesheet, new URL(url, location.href)));
  }
  return loaded[game];
}

/** A `<link rel="stylesheet">` for `href`, resolved once it has loaded (or failed: the board still draws). */
function addStylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href.href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

export { generic };
