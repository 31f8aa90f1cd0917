// A game's rules for players (GET /api/games/NAME/guide): sections of text, some with a picture the game's own
// board module draws from a position the server prepared on the engine, the parts the text speaks of marked.
import { api, el } from "./api.js";
import { mark } from "./boards/svg.js";
import { boardFor } from "./boards/index.js";
import { renderHeader } from "./header.js";
import { currentLanguage, requestError, t } from "./i18n.js";

const game = decodeURIComponent(window.location.pathname.split("/").pop());

async function main() {
  renderHeader(t("web.guide.title", { game }), { back: true });
  let guide;
  try {
    guide = await api(`/api/games/${encodeURIComponent(game)}/guide?lang=${currentLanguage()}`);
  } catch (error) {
    document.getElementById("guide").replaceChildren(el("p", { class: "error" }, t("web.error", { message: requestError(error) })));
    return;
  }
  const board = await boardFor(game);
  const title = t("web.guide.title", { game: guide.title });
  document.title = title;
  renderHeader(title, { back: true, extra: [el("a", { id: "learn-link", href: `/learn/${game}` }, t("web.learn.link"))] });
  const pictures = [];
  const sections = guide.sections.map((section, i) => {
    const figure = section.picture ? el("figure", { class: "guide-picture", id: `picture-${i}` },
      el("div", { class: "guide-board" }), el("figcaption", {}, section.picture.caption)) : null;
    if (figure) pictures.push([figure, section.picture]);
    return el("section", { class: "guide-section" }, el("h2", {}, section.title),
      ...section.text.split("\n").map((line) => el("p", {}, line)), figure);
  });
  document.getElementById("guide").replaceChildren(...sections);
  const draw = () => pictures.forEach(([figure, picture]) => {
    const frame = figure.querySelector(".guide-board");
    const ctx = { names: picture.names, seat: null, toMove: picture.view.to_move ?? null,
      narrow: frame.clientWidth < 600, targets: new Set() };
    const node = board.render(picture.view, ctx);
    frame.replaceChildren(node);
    if (node instanceof SVGElement) mark(node, picture.mark, "guide-mark");
  });
  draw();
  window.addEventListener("resize", draw);
  document.body.dataset.ready = "1";
}

main();
