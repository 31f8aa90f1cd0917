// The move log: each move as this seat learned it, in words (its notation kept as data), with the events it set
// off.
import { el } from "./api.js";
import { t } from "./i18n.js";

/** A log entry as words: who made it (chance: "chance"), what it was, its notation and its events' texts. */
export function describeEntry(entry, names) {
  const chance = entry.p === null || entry.p === undefined;
  const words = entry.text || entry.t;
  return { chance, who: chance ? t("web.chance") : names[entry.p], words, notation: entry.t,
    events: (entry.ev || []).map((e) => e.text) };
}

/** One sentence (or a few) for the live region: "Ana: Take 2 white stones. Location C is complete." */
export function entrySpeech(entry, names) {
  const d = describeEntry(entry, names);
  return [`${d.who}: ${d.words}.`, ...d.events].join(" ");
}

/** Draw the log; `current` (replay) is the index of the entry to mark and scroll to, else the end is shown.
 * `lastFrom`: the entries from this index on are the last move (marked); `notices`: the table's notices, of which
 * take-backs are shown where they happened, among the moves. */
export function renderLog(list, log, names, current = -1, { lastFrom = null, notices = [] } = {}) {
  const takebacks = notices.filter((n) => n.key.startsWith("notice.takeback"));  // by the mover, or agreed
  const takeback = (n) => el("li", { class: "takeback", "data-key": n.key, "data-n": n.n }, n.text);
  const items = log.flatMap((entry, i) => {
    const d = describeEntry(entry, names);
    const cls = [i === current ? "current" : "", lastFrom !== null && i >= lastFrom ? "last" : ""].join(" ").trim();
    const before = takebacks.filter((n) => n.n === entry.n).map(takeback);
    // the move in words; its notation (the code of the terminal and the records, English words among them) is
    // no player's business here, so it is only data
    return [...before, el("li", { value: entry.n + 1, class: cls, "data-n": entry.n, "data-notation": d.notation },
      el("span", { class: d.chance ? "who chance" : "who" }, `${d.who}: `),
      el("span", { class: d.words === d.notation ? "words notation" : "words" }, d.words),
      // what happened automatically, as the server wrote it for this seat (and only what this seat may learn)
      d.events.length ? el("ul", { class: "events" }, (entry.ev || []).map((e) => el("li", { "data-key": e.key }, e.text)))
        : null)];
  });
  items.push(...takebacks.filter((n) => n.n >= log.length).map(takeback));
  list.replaceChildren(...items);
  const marked = list.querySelector("li.current");
  if (marked) list.scrollTop = marked.offsetTop - list.clientHeight / 2;
  else list.scrollTop = list.scrollHeight;
}
