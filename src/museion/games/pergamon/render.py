"""Plain-text rendering of the Pergamon table (built from a view, so it never shows hidden information)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from museion.core.i18n import count
from museion.games.pergamon import data
from museion.games.pergamon.actions import ROMAN, SPACES

if TYPE_CHECKING:
    from museion.games.pergamon.state import PergamonState


def tile_face(state: PergamonState, code: str) -> str:
    """A find as it lies, named as the notation names it: ``V|4.63|J`` (left edge: the right half of a vase;
    century 4, number 63; right edge: the left half of a jug). ``+4.63`` takes it."""
    lt, _num, _cen, rt = state.game.tiles[state.game.code_index[code]]
    return f"{lt}|{code}|{rt}"


def render_text(state: PergamonState, player: int | None = None) -> str:
    """The whole table as ``player`` sees it (``None``: a spectator; victory points hidden unless open/over)."""
    from museion.games.pergamon.view import view

    v = view(state, player)
    g = state.game
    n = g.n
    face = lambda c: tile_face(state, c)  # noqa: E731
    who = v["to_act"]
    acting = {-1: "chance", -4: "game over"}.get(who, f"player {who} to act")
    lines = [f"Pergamon, {n} players - turn {v['turn']}/12, {v['stage']} - {acting} (first player {v['first_player']})"]
    cards = ", ".join(f"{c['back']} {c['value'] if c['value'] is not None else '?'}" for c in v["funds_cards"])
    used = " ".join(f"{k + 1}x{c}" for k, c in enumerate(v["funds_used"]) if c)
    lines.append(f"Funds cards: {cards or '-'}   used: {used or '-'}")
    occ = []
    for s in range(SPACES - 1, -1, -1):
        x = v["track"][s]
        req, deep, _ = g.track[s]
        mark = "." if x is None else ("R" if x == "raider" else str(x))
        occ.append(f"P{s + 1}({req},{ROMAN[deep - 1]}):{mark}")
    lines.append("Track (left to right): " + " ".join(occ))
    if "raider_coins" in v:
        lines.append(f"Tomb raider: {count(v['raider_coins'], 'coin', 'coins')}")
    lines.append("Galleries:")
    for k, gal in enumerate(v["galleries"]):
        lines.append(f"  {ROMAN[k]:<3} " + " ".join(face(c) for c in gal))
    if v["laying_out"]:
        lines.append("Laying out: " + " ".join(face(c) for c in v["laying_out"]))
    museum = v["museum"]
    shown = [f"{s}:p{museum[s][0]}/{museum[s][1]}" for s in sorted(museum, key=int, reverse=True)]
    lines.append("Museum (space:player/marker): " + (" ".join(shown) or "empty"))
    for p, pl in enumerate(v["players"]):
        vp = "?" if pl["vp"] is None else pl["vp"]
        lines.append(f"Player {p}: {count(pl['coins'], 'coin', 'coins')}, {vp} VP, space {pl['space'] or '-'}")
        lines.append("   finds: " + (" ".join(face(c) for c in pl["finds"]) or "-"))
        for col in pl["collections"]:
            lines.append(f"   collection {col['marker']} on {col['space']} (value {col['value']}): "
                         + " ".join(face(c) for c in col["finds"]))
    if "building" in v:
        b = v["building"]
        extra = f", breaking up {b['break']}" if b["break"] else ""
        lines.append(f"Building: {' '.join(face(c) for c in b['finds'])}{extra} ({b['cancels_left']} cancels left)")
    lines.append(f"Calendar: {count(v['calendar'], 'tile', 'tiles')}; box: {v['box']} seen + {v['box_unseen']} unseen")
    if "winners" in v:
        lines.append(f"Final VP: {v['scores']}; winner(s): {v['winners']}")
    return "\n".join(lines)


__all__ = ["render_text", "tile_face", "data"]
