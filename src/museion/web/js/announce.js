// The live region: every move (yours, the opponents', chance, replay steps) and turn change is said in words.
// One polite region with the latest news; identical news twice in a row is still read (the text is cleared first).
let pending = [];
let timer = null;

/** Say `texts` (one or more sentences) to screen readers through the live region #announce. */
export function announce(...texts) {
  pending.push(...texts.filter(Boolean));
  if (timer !== null) return;
  // gather what one state message brings (several moves and events) into one announcement
  timer = setTimeout(() => {
    const region = document.getElementById("announce");
    const news = pending.join(" ");
    pending = [];
    timer = null;
    if (!region || !news) return;
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = news; });
  }, 0);
}
