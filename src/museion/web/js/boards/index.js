// Each game's board module lives in the game's own folder and is served at /games/<game>/board.js (the file its
// descriptor names); a game without one gets the generic board that shows its view as data.
import { board as generic } from "./generic.js";

const loaded = {};

/** The board module of `game`: its own, else the generic fallback. */
export async function boardFor(game) {
  if (!(game in loaded)) {
    try {
      loaded[game] = (await import(`/games/${encodeURIComponent(game)}/board.js`)).board;
    } catch (_e) {
      loaded[game] = generic;
    }
  }
  return loaded[game];
}

export { generic };
