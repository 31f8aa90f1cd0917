// One board module per game (a game without one gets the generic board that shows its view as data).
import { board as generic } from "./generic.js";
import { board as imhotep } from "./imhotep.js";
import { board as pergamon } from "./pergamon.js";
import { board as tholos } from "./tholos.js";

const BOARDS = { imhotep, pergamon, tholos };
const loaded = {};

/** The board module of `game`: built-in ones, then an optional ./<game>.js, then the generic fallback. */
export async function boardFor(game) {
  if (BOARDS[game]) return BOARDS[game];
  if (!(game in loaded)) {
    try { loaded[game] = (await import(`./${game}.js`)).board; } catch (_e) { loaded[game] = generic; }
  }
  return loaded[game];
}

export { generic };
