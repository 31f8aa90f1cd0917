// The texts of the clocks, the table news and the "My tables" page, in every language of the client. Kept apart
// from i18n.js (the client's catalogue is being moved to the server's museion.core.i18n): one table per language.
import { currentLanguage } from "./i18n.js";

const TEXTS = {
  en: {
    clocks: "Clocks", live: "live: {base} + {increment} per move", turn: "turn-based: {perMove} per move, reserve {base}",
    running: "thinking", waiting: "waiting", low: "low time!", standin: "{bot} bot plays (timed out)",
    forfeit: "forfeited", news: "Table news", days: "{n} d", handToBot: "Give seat {n} to a bot",
    reinvite: "New invite link for seat {n}", inviteLink: "New invite link: {link}", creatorDone: "Done.",
    myTables: "My tables", myTablesTitle: "My tables", noTables: "This browser holds no seat at any table.",
    yourTurn: "Your turn", theirTurn: "{name} to move", finished: "Finished", open: "Waiting for players",
    gone: "This table is gone or your seat was given away.", timeLeft: "time left {time}", noClock: "no clock",
    notify: "Notify me when it is my turn", notifyOn: "Notifications are on", notifyDenied: "Notifications are blocked in this browser",
    notifyTitle: "Your turn at {game}", table: "Table", seatCol: "Your seat", turnCol: "Turn", clockCol: "Your clock",
    waitingCount: "{n} tables wait for your move", lobby: "Lobby", clockMode: "Clock", none: "none",
    liveMode: "live (minutes + seconds per move)", turnMode: "turn-based (hours per move + reserve)",
    minutes: "minutes", increment: "seconds added per move", hoursPerMove: "hours per move", reserveHours: "reserve (hours)",
    onTimeout: "when time runs out", takeover: "a bot plays until the player returns", forfeitChoice: "the seat forfeits",
  },
  es: {
    clocks: "Relojes", live: "en vivo: {base} + {increment} por jugada", turn: "por turnos: {perMove} por jugada, reserva {base}",
    running: "pensando", waiting: "esperando", low: "¡poco tiempo!", standin: "juega el bot {bot} (sin tiempo)",
    forfeit: "abandonó", news: "Noticias de la mesa", days: "{n} d", handToBot: "Ceder el asiento {n} a un bot",
    reinvite: "Nuevo enlace de invitación para el asiento {n}", inviteLink: "Nuevo enlace de invitación: {link}",
    creatorDone: "Hecho.", myTables: "Mis mesas", myTablesTitle: "Mis mesas",
    noTables: "Este navegador no tiene asiento en ninguna mesa.", yourTurn: "Te toca", theirTurn: "Le toca a {name}",
    finished: "Terminada", open: "Esperando jugadores", gone: "Esta mesa ya no existe o tu asiento se cedió a otro.",
    timeLeft: "te quedan {time}", noClock: "sin reloj", notify: "Avísame cuando me toque",
    notifyOn: "Los avisos están activados", notifyDenied: "Este navegador bloquea los avisos",
    notifyTitle: "Te toca en {game}", table: "Mesa", seatCol: "Tu asiento", turnCol: "Turno", clockCol: "Tu reloj",
    waitingCount: "{n} mesas esperan tu jugada", lobby: "Salón", clockMode: "Reloj", none: "ninguno",
    liveMode: "en vivo (minutos + segundos por jugada)", turnMode: "por turnos (horas por jugada + reserva)",
    minutes: "minutos", increment: "segundos que se suman por jugada", hoursPerMove: "horas por jugada",
    reserveHours: "reserva (horas)", onTimeout: "cuando se acaba el tiempo", takeover: "un bot juega hasta que vuelva",
    forfeitChoice: "el asiento abandona",
  },
};

/** The language of these texts: the one chosen with the language switch, else the browser's first language
 * that has them, else the page's (English). */
function language() {
  const wanted = [];
  try { const stored = localStorage.getItem("museion.lang"); if (stored) wanted.push(stored); } catch (_e) { /* none */ }
  for (const code of navigator.languages || [navigator.language || "en"]) wanted.push(code.slice(0, 2).toLowerCase());
  return wanted.find((code) => TEXTS[code]) || currentLanguage();
}

const LANG = language();

/** The clock text of `key` in the page's language, `{name}` placeholders filled from `params`. */
export function ct(key, params = {}) {
  const table = TEXTS[LANG] || TEXTS.en;
  const text = table[key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Seconds as a clock shows them: 1:05:09, 4:07, 0:09; days for turn-based clocks ("2 d 03:00"). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (days > 0) return `${ct("days", { n: days })} ${two(h)}:${two(m)}`;
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
