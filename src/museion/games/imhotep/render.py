"""Text rendering of an Imhotep table for the terminal (plain text; the CLI frames it).

Stones are shown by colour letter: K black, W white, B brown, G grey; ``.`` is an empty space. Cards and sites
are named in words, the web table's short names (``web.imhotep.card_short.*``, ``web.imhotep.site.*``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from museion.core.game import CHANCE, TERMINAL
from museion.core.i18n import text
from museion.games.imhotep import data
from museion.games.imhotep.data import CARD_CODES, COLOUR_CODES, NUM_CARD_TYPES, SITE_CODES

if TYPE_CHECKING:
    from museion.games.imhotep.state import ImhotepState


def _c(owner: int) -> str:
    return COLOUR_CODES[owner] if owner >= 0 else "."


def _card(kind: int, lang: str) -> str:
    return text(f"web.imhotep.card_short.{CARD_CODES[kind]}", lang)


def _cards(counts: list[int], lang: str) -> str:
    parts = [_card(t, lang) + (f" x{c}" if c > 1 else "") for t, c in enumerate(counts) if c]
    return ", ".join(parts) or "-"


def _site(site: int, lang: str) -> str:
    return text(f"web.imhotep.site.{SITE_CODES[site]}", lang)


def render_text(state: ImhotepState, player: int | None = None, lang: str = "en") -> str:
    """The table as everyone sees it (Imhotep hides nothing, so ``player`` changes nothing), labelled in ``lang``
    (texts ``imhotep.b.*``); colour letters are notation and stay as they are."""
    def t(key: str, **args: Any) -> str:
        return text(f"imhotep.b.{key}", lang, **args)

    colour = [state.game.seat_label(p, lang) for p in range(state.player_count)]
    lines = [_headline(state, lang)]
    if state.to_move == CHANCE:
        lines.append(t("chance", phase=t(f"ph{state.phase}")))
    lines.append("")
    if state.ship_sizes[0] and state.to_move != TERMINAL:
        lines += _ships(state, t, lang)
    lines += _market(state, t, lang)
    lines += _sites(state, t, colour)
    lines += _players(state, t, colour, lang)
    return "\n".join(lines)


def _ships(state: ImhotepState, t: Callable[..., str], lang: str) -> list[str]:
    """The ships with their stones and where they are docked, the free sites, the lever's unloading."""
    lines = [t("ships")]
    for i, cap in enumerate(state.ship_sizes):
        spaces = " ".join(_c(o) for o in state.ship_spaces[4 * i:4 * i + cap])
        site = state.ship_sites[i]
        where = t("docked", site=data.SITES[site]) if site >= 0 else t("harbour")
        minimum = state.ship_minimums[i]
        lines.append(f"  {i + 1}  {t('cap')} {cap} {t('min')} {minimum}  [{spaces}]{' ' * (2 * (4 - cap))}"
                     f"  {where}")
    free = [_site(s, lang) for s in range(5) if not state.docked_sites >> s & 1]
    lines.append(f"  {t('free_sites')}: {', '.join(free)}")
    if state.lever_stones:
        done, todo = " ".join(_c(o) for o in state.lever_unloaded), " ".join(_c(o) for o in state.lever_stones)
        lines.append("  " + t("lever", site=data.SITES[state.lever_site], done=done, todo=todo))
    lines.append("")
    return lines


def _market(state: ImhotepState, t: Callable[..., str], lang: str) -> list[str]:
    """The market's cards, the piles and the seats waiting to take a card."""
    market = [_card(c, lang) for c in range(NUM_CARD_TYPES) for _ in range(state.market[c])]
    lines = [f"{t('market'):<11}{' · '.join(market) or t('empty')}",
             " " * 11 + t("piles", draw=state.draw_pile_size, discard=_cards(state.discard_pile, lang))]
    if state.market_queue:
        lines.append(" " * 11 + t("waiting", who=" ".join(_c(o) for o in state.market_queue)))
    lines.append("")
    return lines


def _sites(state: ImhotepState, t: Callable[..., str], colour: list[str]) -> list[str]:
    """The pyramid, the temple's top layer, the burial chamber and the obelisks."""
    pyr = state.pyramid
    beside = t("beside", n=len(pyr) - 14) if len(pyr) > 14 else ""
    lines = [f"{t('pyramid'):<11}{t('stones', n=len(pyr))}{beside}"]
    for row in range(3):
        cells = []
        for first, side in data.PYRAMID_LEVELS:
            if row < side:
                cells.append(" ".join(_cell(pyr, first + col * side + row) for col in range(side)))
            else:
                cells.append("")
        lines.append("  " + "   |   ".join(c.ljust(11) for c in cells).rstrip())
    width, temple = state.game.width, state.temple
    top = ["."] * width
    for k in range(max(0, len(temple) - width), len(temple)):
        top[k % width] = _c(temple[k])
    layers = (len(temple) + width - 1) // width
    lines.append(f"{t('temple'):<11}[{' '.join(top)}]  " + t("temple_top", n=len(temple), layers=layers))
    burial = state.burial_chamber
    lines.append(f"{t('burial'):<11}{t('stones', n=len(burial))}")
    columns = max(1, (len(burial) + data.BURIAL_ROWS - 1) // data.BURIAL_ROWS)
    for row in range(data.BURIAL_ROWS):
        cells = [_c(burial[k]) if (k := col * data.BURIAL_ROWS + row) < len(burial) else "." for col in range(columns)]
        lines.append("  " + " ".join(cells))
    n = state.player_count
    lines.append(f"{t('obelisks'):<11}" + "  ".join(f"{colour[p]} {state.obelisks[p]}" for p in range(n)))
    lines.append("")
    return lines


def _players(state: ImhotepState, t: Callable[..., str], colour: list[str], lang: str) -> list[str]:
    """Each seat's score, quarry, sled and cards, then the final scoring table once there is one."""
    heads = [t(k) for k in ("score", "quarry", "sled")]
    width = max(6, *(len(c) for c in colour))
    cell = max(6, *(len(h) for h in heads))  # as wide as the longest heading ("Steinbruch")
    lines = [f"{t('player'):<{width + 6}}  " + "  ".join(f"{h:>{cell}}" for h in heads) + f"  {t('cards')}"]
    for p in range(state.player_count):
        mark = ">" if p == state.to_move else " "
        hand = state.hands[p * NUM_CARD_TYPES:(p + 1) * NUM_CARD_TYPES]
        values = (state.score_track[p], state.quarry[p], state.sled[p])
        lines.append(f"{mark} {colour[p]:<{width}} ({COLOUR_CODES[p]})  " + "  ".join(f"{v:>{cell}}" for v in values)
                     + f"  {_cards(hand, lang)}")
    if state.final_score_rows:
        lines.append("")
        lines.append(t("final_scoring"))
        heads = t("final_heads").split()
        lines.append(" " * (width + 4) + "".join(f"{h:>10}" for h in heads))
        for p, final_row in enumerate(state.final_score_rows):
            lines.append(f"  {colour[p]:<{width + 2}}" + "".join(f"{x:>10}" for x in final_row))
    return lines


def _cell(pyr: list[int], k: int) -> str:
    return _c(pyr[k]) if k < len(pyr) else str(data.PYRAMID_VALUES[k])


def _headline(state: ImhotepState, lang: str) -> str:
    game = state.game
    title = text("imhotep.b.wrath_title" if game.wrath else "imhotep.b.title", lang, n=state.player_count)
    name = [game.seat_label(p, lang) for p in range(state.player_count)]
    if state.to_move == TERMINAL:
        winners = state.winners()
        key = "imhotep.b.over" if len(winners) == 1 else "imhotep.b.over_shared"
        return title + text(key, lang, who=text("imhotep.b.and", lang).join(name[p] for p in winners),
                            points=state.score_track[winners[0]])
    revealed = state.round_cards_revealed
    card = game.round_names[revealed[-1]][2:] if len(revealed) > state.rounds_played else "?"
    head = title + text("imhotep.b.round", lang, n=state.rounds_played + 1, rounds=data.ROUNDS, card=card,
                        start=name[state.round_start_player])
    if state.to_move >= 0:
        head += text("imhotep.b.to_act", lang, who=name[state.to_move],
                     phase=text(f"imhotep.b.ph{state.phase}", lang))
    return head
