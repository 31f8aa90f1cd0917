"""Text rendering of an Imhotep table for the terminal (plain text; the CLI frames it).

Stones are shown by colour letter: K black, W white, B brown, G grey; ``.`` is an empty space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from museion.core.game import CHANCE, TERMINAL
from museion.core.i18n import count
from museion.games.imhotep import data
from museion.games.imhotep.data import CARD_CODES, COLOUR_CODES, COLOURS, NUM_CARD_TYPES, SITE_CODES

if TYPE_CHECKING:
    from museion.games.imhotep.state import ImhotepState


def _c(owner: int) -> str:
    return COLOUR_CODES[owner] if owner >= 0 else "."


def _cards(counts: list[int]) -> str:
    parts = [CARD_CODES[t] + (f" x{c}" if c > 1 else "") for t, c in enumerate(counts) if c]
    return ", ".join(parts) or "-"


def render_text(state: ImhotepState, player: int | None = None) -> str:
    """The table as everyone sees it (Imhotep hides nothing, so ``player`` changes nothing)."""
    from museion.games.imhotep.state import PHASE_NAMES

    game = state.game
    n = state.n
    lines = [_headline(state, PHASE_NAMES)]
    if state.to_move == CHANCE:
        lines.append("(chance: " + PHASE_NAMES[state.phase] + ")")
    lines.append("")
    # ships
    if state.caps[0] and state.to_move != TERMINAL:
        lines.append("SHIPS (bow first)")
        for i, cap in enumerate(state.caps):
            spaces = " ".join(_c(o) for o in state.ships[4 * i:4 * i + cap])
            site = state.site_of[i]
            where = f"docked at {data.SITES[site]}" if site >= 0 else "in the harbour"
            lines.append(f"  {i + 1}  cap {cap} min {state.mins[i]}  [{spaces}]{' ' * (2 * (4 - cap))}  {where}")
        free = [SITE_CODES[s] for s in range(5) if not state.docked >> s & 1]
        lines.append(f"  free sites: {' '.join(free)}")
        if state.pending:
            done, todo = " ".join(_c(o) for o in state.order), " ".join(_c(o) for o in state.pending)
            lines.append(f"  Lever unloading at {data.SITES[state.cur_site]}: order so far {done}; to order {todo}")
        lines.append("")
    # market
    market = [CARD_CODES[t] for t in range(NUM_CARD_TYPES) for _ in range(state.market[t])]
    lines.append(f"MARKET     {'  '.join(market) or '(empty)'}")
    lines.append(f"           draw pile {state.draw_n}, discard pile: {_cards(state.discard)}")
    if state.queue:
        lines.append(f"           waiting to pick: {' '.join(_c(o) for o in state.queue)}")
    lines.append("")
    # pyramid
    pyr = state.pyr
    beside = f" ({len(pyr) - 14} beside it)" if len(pyr) > 14 else ""
    lines.append(f"PYRAMID    {count(len(pyr), 'stone', 'stones')}{beside}")
    for row in range(3):
        cells = []
        for first, side in data.PYRAMID_LEVELS:
            if row < side:
                cells.append(" ".join(_cell(pyr, first + col * side + row) for col in range(side)))
            else:
                cells.append("")
        lines.append("  " + "   |   ".join(c.ljust(11) for c in cells).rstrip())
    # temple
    width, temple = game.width, state.temple
    top = ["."] * width
    for k in range(max(0, len(temple) - width), len(temple)):
        top[k % width] = _c(temple[k])
    layers = (len(temple) + width - 1) // width
    lines.append(f"TEMPLE     [{' '.join(top)}]  visible top; {count(len(temple), 'stone', 'stones')}, "
                 f"{count(layers, 'layer', 'layers')}")
    # burial chamber
    burial = state.burial
    lines.append(f"BURIAL     {count(len(burial), 'stone', 'stones')}")
    columns = max(1, (len(burial) + data.BURIAL_ROWS - 1) // data.BURIAL_ROWS)
    for row in range(data.BURIAL_ROWS):
        cells = [_c(burial[k]) if (k := col * data.BURIAL_ROWS + row) < len(burial) else "." for col in range(columns)]
        lines.append("  " + " ".join(cells))
    lines.append("OBELISKS   " + "  ".join(f"{COLOURS[p]} {state.obelisk[p]}" for p in range(n)))
    lines.append("")
    # players
    lines.append("PLAYER        score  quarry  sled  cards")
    for p in range(n):
        mark = ">" if p == state.to_move else " "
        hand = state.hands[p * NUM_CARD_TYPES:(p + 1) * NUM_CARD_TYPES]
        lines.append(f"{mark} {COLOURS[p]:<6} ({COLOUR_CODES[p]}) {state.score[p]:>4}  {state.quarry[p]:>6}  "
                     f"{state.sled[p]:>4}  {_cards(hand)}")
    if state.final:
        lines.append("")
        lines.append("FINAL SCORING  burial obelisks green purple blue wrath")
        for p, row in enumerate(state.final):
            lines.append(f"  {COLOURS[p]:<6}       " + "".join(f"{x:>7}" for x in row))
    return "\n".join(lines)


def _cell(pyr: list[int], k: int) -> str:
    return _c(pyr[k]) if k < len(pyr) else str(data.PYRAMID_VALUES[k])


def _headline(state: ImhotepState, phase_names: tuple[str, ...]) -> str:
    game = state.game
    title = f"Imhotep, {state.n} players" + (", Wrath of the Pharaoh" if game.wrath else "")
    if state.to_move == TERMINAL:
        winners = state.winners()
        names = " and ".join(COLOURS[p] for p in winners)
        return f"{title} - game over: {names} win{'s' if len(winners) == 1 else ''} with {state.score[winners[0]]}"
    card = game.round_names[state.revealed[-1]][2:] if len(state.revealed) > state.rounds_done else "?"
    head = f"{title} - round {state.rounds_done + 1}/{data.ROUNDS} (ships {card}), start player {COLOURS[state.start]}"
    if state.to_move >= 0:
        head += f"; {COLOURS[state.to_move]} to act ({phase_names[state.phase]})"
    return head
