// This browser's table settings (kept in localStorage, for every table): how long others' moves stay on the board
// before the next one is drawn (a bot's replies are paced so a person can follow them), and a short beep when it
// becomes this player's turn (off unless chosen; WebAudio, no sound file).
import { el } from "./api.js";
import { t } from "./i18n.js";

const PACES = [0, 600, 1200];
const DEFAULT_PACE = 600;

/** Milliseconds to hold each drawn move of another player before drawing the next. */
export function pace() {
  const stored = Number(localStorage.getItem("museion.pace"));
  return PACES.includes(stored) && localStorage.getItem("museion.pace") !== null ? stored : DEFAULT_PACE;
}

export function soundOn() { return localStorage.getItem("museion.sound") === "1"; }

/** A short soft beep (the turn has come); nothing when sound is off or the browser has no WebAudio. */
export function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!soundOn() || !Context) return;
  const audio = new Context();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 660;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.25);
  tone.onended = () => audio.close();
}

/** The settings panel: the pace select and the sound checkbox. */
export function renderSettings(box) {
  const select = el("select", { id: "pace", onchange: (e) => localStorage.setItem("museion.pace", e.target.value) },
    PACES.map((ms) => el("option", { value: String(ms), selected: ms === pace() }, t(`web.pace.${ms}`))));
  const sound = el("input", { type: "checkbox", id: "sound", checked: soundOn(),
    onchange: (e) => localStorage.setItem("museion.sound", e.target.checked ? "1" : "0") });
  box.replaceChildren(el("summary", {}, t("web.settings")),
    el("div", { class: "field" }, el("label", { for: "pace" }, t("web.pace")), select),
    el("div", { class: "field" }, sound, el("label", { for: "sound" }, t("web.sound"))));
}
