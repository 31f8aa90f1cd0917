"""Plain-text rendering of the Pergamon table (built from a view, so it never shows hidden information)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from museion.core.i18n import text
from museion.games.pergamon import data
from museion.games.pergamon.actions import ROMAN, SPACES
from museion.games.pergamon.view import view

if TYPE_CHECKING:
    from museion.games.pergamon.state import PergamonState


def tile_face(state: PergamonState, code: str) -> str:
    """A find as it lies, named as the notation names it: ``V|4.63|J`` (left edge: the right half of a vase;
    century 4, number 63; right edge: the left half of a jug). ``+4.63`` takes it."""
    lt, _num, _cen, rt = state.game.tiles[state.game.code_index[code]]
    return f"{lt}|{code}|{rt}"


def render_text(state: PergamonState, player: int | None = None, lang: str = "en") -> str:
    """The whole table as ``player`` sees it (``None``: a spectator; victory points hidden unless open/over),
    labelled in ``lang`` (texts ``pergamon.b.*``); spaces, galleries and finds are named as the notation names them."""
    def t(key: str, **args: Any) -> str:
        return text(f"pergamon.b.{key}", lang, **args)

    def face(c: str) -> str:
        return tile_face(state, c)

    v = view(state, player)
    seat = [state.game.seat_label(p, lang) for p in range(state.game.n)]
    lines = _funds(state, v, t, seat) + _finds(v, t, face)
    lines += _players(v, t, face, seat)
    lines.append(t("calendar", tiles=v["calendar"], box=v["box"], unseen=v["box_unseen"]))
    if "winners" in v:
        lines.append(t("final", scores=" ".join(f"{seat[p]} {x}" for p, x in enumerate(v["scores"])),
                       winners=", ".join(seat[p] for p in v["winners"])))
    return "\n".join(lines)


def _funds(state: PergamonState, v: dict[str, Any], t: Callable[..., str], seat: list[str]) -> list[str]:
    """The headline, the funds cards and the research track (with the raider's coins)."""
    g = state.game
    n = g.n
    who = v["to_act"]
    acting = t("chance") if who == -1 else t("over") if who == -4 else t("to_act", who=seat[who])
    lines = [t("headline", n=n, turn=v["turn"], stage=t(f"st_{v['stage']}"), acting=acting,
               first=seat[v["first_player"]] if 0 <= (v["first_player"] or 0) < n else "-")]
    cards = ", ".join(t("card", back=c["back"], value=c["value"] if c["value"] is not None else "?")
                      for c in v["funds_cards"])
    used = " ".join(f"{k + 1}x{c}" for k, c in enumerate(v["funds_used"]) if c)
    lines.append(t("funds", cards=cards or "-", used=used or "-"))
    occ = []
    for s in range(SPACES - 1, -1, -1):
        x = v["track"][s]
        req, deep, _ = g.track[s]
        mark = "." if x is None else ("R" if x == "raider" else str(x))
        occ.append(f"P{s + 1}({req},{ROMAN[deep - 1]}):{mark}")
    lines.append(t("track") + " " + " ".join(occ))
    if "raider_coins" in v:
        lines.append(t("raider", coins=v["raider_coins"]))
    return lines


def _finds(v: dict[str, Any], t: Callable[..., str], face: Callable[[str], str]) -> list[str]:
    """The galleries, the finds being laid out and the museum's spaces."""
    lines = [t("galleries")]
    for k, gal in enumerate(v["galleries"]):
        lines.append(f"  {ROMAN[k]:<3} " + " ".join(face(c) for c in gal))
    if v["laying_out"]:
        lines.append(t("laying_out") + " " + " ".join(face(c) for c in v["laying_out"]))
    museum = v["museum"]
    shown = [f"{s}:p{museum[s][0]}/{museum[s][1]}" for s in sorted(museum, key=int, reverse=True)]
    lines.append(t("museum") + " " + (" ".join(shown) or t("empty")))
    return lines


def _players(v: dict[str, Any], t: Callable[..., str], face: Callable[[str], str], seat: list[str]) -> list[str]:
    """Each seat's coins, victory points (as far as shown), finds and collections; the collection being built."""
    lines = []
    for p, pl in enumerate(v["players"]):
        vp = "?" if pl["vp"] is None else pl["vp"]
        lines.append(t("player", who=seat[p], p=p, coins=pl["coins"], vp=vp, space=pl["space"] or "-"))
        lines.append("   " + t("finds") + " " + (" ".join(face(c) for c in pl["finds"]) or "-"))
        for col in pl["collections"]:
            lines.append("   " + t("collection", marker=col["marker"], space=col["space"], value=col["value"]) + " "
                         + " ".join(face(c) for c in col["finds"]))
    if "building" in v:
        b = v["building"]
        extra = t("breaking", which=b["break"]) if b["break"] else ""
        lines.append(t("building", finds=" ".join(face(c) for c in b["finds"]), extra=extra, left=b["cancels_left"]))
    return lines


__all__ = ["render_text", "tile_face", "data"]
