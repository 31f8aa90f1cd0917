"""Each game's board draws every target its moves name (issue 43): random games of every installed game with a board
(seeded), each position drawn by the game's own board module in a real browser, on a desktop and on a phone, as the
table draws it for the seat to move (``ctx.targets``: the keys of its legal moves); every key a legal move targets
is a region of that drawing (``data-key``, what the table makes clickable), and a declined Tholos extra action
still marks its column for everyone once its button is gone. That the keys are right for each move (and shared only
at a choice) is tests/core/test_targets.py; that clicking them plays the games is the games' browser tests."""

from __future__ import annotations

import random

import pytest

import museion
from museion.core.descriptor import descriptors
from museion.core.play import sample_chance
from museion.core.registry import entry

CONFIGS = {"tholos": [{"advanced": True}], "imhotep": [{"players": 4, "wrath": True}], "pergamon": [{"players": 3}]}
BOARDS = [(name, options) for name, found in descriptors().items() if found.board
          for options in CONFIGS.get(name, [{}])]

# Draw each case with the game's board as the table does (boards/index.js serves /games/<game>/board.js) and say
# which targets are not a region of the drawing, and which marks of the move before are drawn nowhere.
DRAW_JS = """
async ([game, cases]) => {
  const { board } = await import(`/games/${encodeURIComponent(game)}/board.js`);
  const frame = document.createElement("div");
  document.body.append(frame);
  const wrong = [];
  let drawn = 0;
  for (const c of cases) {
    for (const narrow of [false, true]) {
      const svg = board.render(c.view, { names: c.names, seat: c.seat, toMove: c.seat, narrow,
        targets: new Set(c.targets) });
      frame.replaceChildren(svg);
      const keys = new Set([...svg.querySelectorAll("[data-key]")].map((n) => n.dataset.key));
      const hl = new Set([...svg.querySelectorAll("[data-hl]")].flatMap((n) => n.dataset.hl.split(" ")));
      const missing = c.targets.filter((k) => !keys.has(k));
      const unmarked = c.marks.filter((k) => !keys.has(k) && !hl.has(k));
      if (missing.length || unmarked.length) wrong.push({ n: c.n, narrow, missing, unmarked });
      drawn += 1;
    }
  }
  frame.remove();
  return { drawn, wrong };
}
"""


def _cases(name: str, options: dict, seed: int = 43) -> list[dict]:
    """One random game: each player decision as its mover sees it, with the targets of its legal moves; after a
    Tholos decline, the declined column's mark (``decline:L``) to find in the next drawing."""
    game = museion.load(name, **options)
    parts = entry(game)
    names = [game.seat_label(p, "en") for p in range(game.num_players())]
    rng = random.Random(seed)
    state, cases, marks = game.new_initial_state(), [], []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        targets = sorted({key for action in legal for key in parts.targets(state, action)})
        cases.append({"n": len(cases), "view": parts.observer.view(state, seat), "seat": seat, "names": names,
                      "targets": targets, "marks": marks})
        action = rng.choice(legal)
        marks = parts.targets(state, action) if state.action_to_string(action) == "x-" else []
        state.apply_action(action)
    return cases


@pytest.mark.parametrize(("name", "options"), BOARDS)
def test_every_target_of_a_legal_move_is_drawn_by_the_board(server, browser, name, options):
    cases = _cases(name, options)
    assert len(cases) > 5
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.wait_for_load_state("networkidle")
    found = page.evaluate(DRAW_JS, [name, cases])
    context.close()
    assert found["drawn"] == 2 * len(cases)
    assert found["wrong"] == [], found["wrong"][:5]
    if name == "tholos":
        assert any(c["marks"] for c in cases), "a random game of Tholos declines an extra action"
