"""Imhotep views and observations.

Nothing hidden is stored in a state: the order of the market draw pile and of the round cards, and the round card
left in the box, are not decided until a chance node draws them (IMH-HIDDEN-1). A view therefore shows the whole
table to every seat and to spectators, except what the rules hide: it gives the size of the draw pile but not
which cards are in it, and the round cards revealed so far but not the ones still in the stack. ``resample`` is a
clone.

Observation tensor (``observation_tensor(player)``): the pieces of ``observation_layout(n)`` in order, n = number
of players, seats relative to the observer (block k is seat ``(observer + k) % n``); a player block is laid out as
``PLAYER``, a ship block as ``ship_layout(n)``. docs/rl.md shows the layouts for 2, 3 and 4 players, generated from
the same declarations (``tools/generate_observation_docs.py``).
"""

from __future__ import annotations

from typing import Any, Final

from librt.strings import BytesWriter, write_f64_le, write_i64_le

from museion.core.batch import dense
from museion.core.game import TERMINAL
from museion.core.observation import Layout, Piece
from museion.games.imhotep import data
from museion.games.imhotep.data import (
    CARD_CODES,
    COLOURS,
    FREE_SITES,
    NUM_CARD_TYPES,
    PHASE_NAMES,
    SITES,
)
from museion.games.imhotep.scoring import site_stones
from museion.games.imhotep.state_base import ImhotepStateBase

PLAYER: Final = Layout((
    Piece("quarry", 1, "stones in the quarry / 29"),
    Piece("sled", 1, "stones on the supply sled / 5"),
    Piece("score", 1, "score track / 100"),
    Piece("cards", NUM_CARD_TYPES, "market cards held by type (statues / 10, the others / 3)"),
    Piece("stones_at_sites", 4, "own stones at the pyramid, temple, burial chamber, obelisks, each / 29"),
    Piece("temple_visible", 1, "own visible temple stones / 5"),
    Piece("to_act", 1, "1 when this seat is to act"),
    Piece("turn", 1, "1 when it is this seat's turn (0 once the game is over)"),
))
"""One player block (``players`` holds n of them, by relative seat)."""


def ship_layout(n: int) -> Layout:
    """One ship block (``ships`` holds 4 of them, ships 1-4 of the round)."""
    return Layout((
        Piece("capacity", data.MAX_SHIP_CAPACITY, "one-hot capacity 1..4 (all 0: no ship this round)"),
        Piece("sailed", 1, "1 once the ship has sailed"),
        Piece("site", len(SITES), "one-hot site the ship docked at"),
        Piece("can_sail", 1, "1 while in the harbour with its minimum load and a free site"),
        Piece("spaces", data.MAX_SHIP_CAPACITY * n, "per space (bow first): owner one-hot by relative seat"),
    ))


# Offsets within a block as compiled-in constants (the tensor is written often; a block's inner offsets do not
# depend on the player count, only the ship's last piece grows).
_PLAYER_SIZE: Final = PLAYER.size
_QUARRY: Final = PLAYER.offset["quarry"]
_SLED: Final = PLAYER.offset["sled"]
_SCORE: Final = PLAYER.offset["score"]
_CARDS: Final = PLAYER.offset["cards"]
_SITES: Final = PLAYER.offset["stones_at_sites"]
_TEMPLE: Final = PLAYER.offset["temple_visible"]
_TO_ACT: Final = PLAYER.offset["to_act"]
_TURN: Final = PLAYER.offset["turn"]
_SHIP: Final = ship_layout(1).offset
_CAPACITY: Final = _SHIP["capacity"]
_SAILED: Final = _SHIP["sailed"]
_SITE: Final = _SHIP["site"]
_CAN_SAIL: Final = _SHIP["can_sail"]
_SPACES: Final = _SHIP["spaces"]
_SHIPS: Final = data.SHIPS_PER_ROUND
_SHIP_SPACES: Final = data.MAX_SHIP_CAPACITY
_PYRAMID_SPACES: Final = len(data.PYRAMID_VALUES)
_SITE_COUNT: Final = len(SITES)


def _declare(n: int) -> Layout:
    return Layout((
        Piece("players", n * PLAYER.size, "n player blocks (`PLAYER`), the observer's first"),
        Piece("ships", data.SHIPS_PER_ROUND * ship_layout(n).size, "4 ship blocks (`ship_layout(n)`)"),
        Piece("docked_sites", len(SITES), "1 per site a ship docked at this round"),
        Piece("market", NUM_CARD_TYPES, "face-up market cards by type / 4"),
        Piece("draw_pile", 1, "cards in the draw pile / 34"),
        Piece("discard_pile", NUM_CARD_TYPES, "discarded cards by type / the deck's count of that type"),
        Piece("rounds_finished", data.ROUNDS + 1, "one-hot rounds finished 0..6"),
        Piece("round_cards", len(data.ROUND_CARDS[n]), "1 per round card of this player count revealed so far"),
        Piece("phase", len(PHASE_NAMES), "one-hot phase (`PHASE_NAMES`)"),
        Piece("pyramid", len(data.PYRAMID_VALUES) * n, "per pyramid space 1-14: owner one-hot by relative seat"),
        Piece("pyramid_beside", 1, "stones beside the pyramid / 29"),
        Piece("temple", max(data.TEMPLE_WIDTH.values()) * n,
              "per temple column: owner of the visible stone one-hot by relative seat"),
        Piece("burial_chamber", data.PLAYABLE_STONES * n * n,
              "per cell (k-th stone: column k // 3, row k % 3): owner one-hot by relative seat"),
        Piece("unloading", 3 * n,
              "stones waiting for the Lever order, ordered, waiting to pick a market card: by relative owner, / 4"),
        Piece("passes", 1, "consecutive passes / n"),
        Piece("wrath", 1, "1 with the Wrath of the Pharaoh variant"),
    ))


_LAYOUTS: Final[dict[int, tuple[Layout, Layout]]] = {}


def observation_layout(n: int) -> Layout:
    """The observation tensor's pieces for ``n`` players (declared once, built once per player count)."""
    return _layouts(n)[0]


def _layouts(n: int) -> tuple[Layout, Layout]:
    layouts = _LAYOUTS.get(n)
    if layouts is None:
        layouts = _LAYOUTS[n] = (_declare(n), ship_layout(n))
    return layouts


_PIECES: Final = ("players", "ships", "docked_sites", "market", "draw_pile", "discard_pile", "rounds_finished",
                  "round_cards", "phase", "pyramid", "pyramid_beside", "temple", "burial_chamber", "unloading",
                  "passes", "wrath")
_OFFSETS: Final[dict[int, tuple[int, ...]]] = {}


def _offsets(n: int) -> tuple[int, ...]:
    """The offsets of ``_PIECES`` for ``n`` players, then a ship block's size (one tuple: no lookup by name when
    the tensor is written)."""
    found = _OFFSETS.get(n)
    if found is None:
        layout, ship = _layouts(n)
        found = _OFFSETS[n] = (*(layout.offset[piece] for piece in _PIECES), ship.size)
    return found


def _colour(owner: int) -> str | None:
    return COLOURS[owner] if owner >= 0 else None


def _cards(counts: list[int]) -> dict[str, int]:
    return {CARD_CODES[t]: c for t, c in enumerate(counts) if c}


def _temple_top(temple: list[int], width: int) -> list[str | None]:
    """The visible stone of each temple column, left to right (IMH-TEMPLE-2)."""
    top: list[str | None] = [None] * width
    for k in range(max(0, len(temple) - width), len(temple)):
        top[k % width] = COLOURS[temple[k]]
    return top


def view(state: ImhotepStateBase[Any], player: int | None) -> dict[str, Any]:
    """Everything on the table, in plain JSON data (the same for every viewer)."""
    game = state.game
    n = state.player_count
    to_move = state.to_move
    over = to_move == TERMINAL
    ships = []
    if state.ship_sizes[0]:
        for i, cap in enumerate(state.ship_sizes):
            site = state.ship_sites[i]
            ships.append({
                "ship": i + 1,
                "capacity": cap,
                "minimum": state.ship_minimums[i],
                "spaces": [_colour(o) for o in state.ship_spaces[4 * i:4 * i + cap]],
                "sailed_to": SITES[site] if site >= 0 else None,
            })
    width = game.width
    players = []
    for p in range(n):
        hand = state.hands[p * NUM_CARD_TYPES:(p + 1) * NUM_CARD_TYPES]
        pyr, tmp, bur, obl = site_stones(state.pyramid, state.temple, state.burial_chamber, state.obelisks, p)
        players.append({
            "seat": p,
            "colour": COLOURS[p],
            "score": state.score_track[p],
            "quarry": state.quarry[p],
            "sled": state.sled[p],
            "cards": _cards(hand),
            "stones_at": {"pyramid": pyr, "temple": tmp, "burial chamber": bur, "obelisks": obl},
        })
    result: dict[str, Any] = {
        "game": "imhotep",
        "viewer": player,
        "players": n,
        "wrath": game.wrath,
        "phase": PHASE_NAMES[state.phase],
        "to_move": to_move if to_move >= 0 else None,
        "turn_of": state.turn_player if not over else None,
        "round": min(state.rounds_played + 1, data.ROUNDS),
        "rounds_finished": state.rounds_played,
        "start_player": state.round_start_player,
        "round_cards_revealed": [game.round_names[c][2:] for c in state.round_cards_revealed],
        "ships": ships,
        "market": [CARD_CODES[t] for t in range(NUM_CARD_TYPES) for _ in range(state.market[t])],
        "draw_pile_size": state.draw_pile_size,
        "discard_pile": _cards(state.discard_pile),
        "pyramid": [COLOURS[o] for o in state.pyramid],
        "temple": [COLOURS[o] for o in state.temple],
        "temple_width": width,
        "temple_visible": _temple_top(state.temple, width),
        "burial_chamber": [COLOURS[o] for o in state.burial_chamber],
        "obelisks": {COLOURS[p]: state.obelisks[p] for p in range(n)},
        "player_info": players,
        "lever_unloading": (
            {"to_order": [COLOURS[o] for o in state.lever_stones],
             "ordered": [COLOURS[o] for o in state.lever_unloaded]}
            if state.lever_stones else None
        ),
        "market_queue": [COLOURS[o] for o in state.market_queue],
        "consecutive_passes": state.consecutive_passes,
        "scores": state.scores(),
        "final_scoring": (
            [dict(zip(("burial chamber", "obelisks", "green", "purple", "blue", "wrath"), row, strict=True))
             for row in state.final_score_rows] if state.final_score_rows else None
        ),
        "winners": state.winners() if over else None,
    }
    return result


def observation_tensor(state: ImhotepStateBase[Any], player: int) -> list[float]:
    """Flat encoding of the table for ``player``: the pieces of ``observation_layout(n)`` at their offsets."""
    return dense(observation_entries, state, player, _layouts(state.player_count)[0].size)


def _put(where: BytesWriter, values: BytesWriter, k: int, value: float) -> None:
    if value:
        write_i64_le(where, k)
        write_f64_le(values, value)


def observation_entries(state: ImhotepStateBase[Any], player: int, base: int, ones: BytesWriter, where: BytesWriter,
                        values: BytesWriter) -> None:
    """The tensor's non-zero entries at ``base`` + offset (``museion.core.batch.Entries``): the vector env writes
    them into its zeroed rows, and :func:`observation_tensor` is made of them."""
    n = state.player_count
    (players, ships, docked, market, draw, discard, rounds, cards, phase, pyramid, beside, temple, burial, unloading,
     passes, wrath, block) = _offsets(n)
    rel = [(p - player) % n for p in range(n)]  # seat -> relative index
    _players(state, where, values, base + players, rel)
    if 0 <= state.to_move < n:
        write_i64_le(ones, base + players + rel[state.to_move] * _PLAYER_SIZE + _TO_ACT)
    if 0 <= state.turn_player < n and state.to_move != TERMINAL:
        write_i64_le(ones, base + players + rel[state.turn_player] * _PLAYER_SIZE + _TURN)
    _ships(state, ones, base + ships, block, rel)
    for s in range(_SITE_COUNT):
        if state.docked_sites >> s & 1:
            write_i64_le(ones, base + docked + s)
    for t in range(NUM_CARD_TYPES):
        _put(where, values, base + market + t, state.market[t] / 4.0)
        _put(where, values, base + discard + t, state.discard_pile[t] / data.CARD_COUNTS[t])
    _put(where, values, base + draw, state.draw_pile_size / 34.0)
    write_i64_le(ones, base + rounds + state.rounds_played)
    for c in state.round_cards_revealed:
        write_i64_le(ones, base + cards + c)
    write_i64_le(ones, base + phase + state.phase)
    _stones(state, ones, where, values, base + pyramid, base + beside, base + temple, rel)
    i = base + burial
    for k, owner in enumerate(state.burial_chamber):
        write_i64_le(ones, i + k * n + rel[owner])
    i = base + unloading
    for j, stones in enumerate((state.lever_stones, state.lever_unloaded, state.market_queue)):
        counts = [0] * n
        for owner in stones:
            counts[rel[owner]] += 1
        for r in range(n):
            _put(where, values, i + j * n + r, counts[r] * 0.25)
    _put(where, values, base + passes, state.consecutive_passes / n)
    if state.game.wrath:
        write_i64_le(ones, base + wrath)


def _stones(state: ImhotepStateBase[Any], ones: BytesWriter, where: BytesWriter, values: BytesWriter, pyramid: int,
            beside: int, temple: int, rel: list[int]) -> None:
    """Pieces ``pyramid``, ``pyramid_beside`` and ``temple`` (at the flat offsets given)."""
    n = state.player_count
    stones = state.pyramid
    for k in range(min(len(stones), _PYRAMID_SPACES)):
        write_i64_le(ones, pyramid + k * n + rel[stones[k]])
    _put(where, values, beside, max(0, len(stones) - _PYRAMID_SPACES) / 29.0)
    width: int = state.game.width
    stones = state.temple
    for k in range(max(0, len(stones) - width), len(stones)):
        write_i64_le(ones, temple + (k % width) * n + rel[stones[k]])


def _ships(state: ImhotepStateBase[Any], ones: BytesWriter, ships: int, block: int, rel: list[int]) -> None:
    """Piece ``ships``: one ship block per ship."""
    n = state.player_count
    free_sites = FREE_SITES[state.docked_sites]
    for s in range(_SHIPS):
        b = ships + s * block
        cap = state.ship_sizes[s]
        if cap:
            write_i64_le(ones, b + _CAPACITY + cap - 1)
            site = state.ship_sites[s]
            if site >= 0:
                write_i64_le(ones, b + _SAILED)
                write_i64_le(ones, b + _SITE + site)
            elif state.ship_loads[s] >= state.ship_minimums[s] and free_sites:
                write_i64_le(ones, b + _CAN_SAIL)
            for j in range(_SHIP_SPACES):
                owner = state.ship_spaces[4 * s + j]
                if owner >= 0:
                    write_i64_le(ones, b + _SPACES + j * n + rel[owner])


def _players(state: ImhotepStateBase[Any], where: BytesWriter, values: BytesWriter, start: int, rel: list[int]
             ) -> None:
    """Piece ``players``: one ``PLAYER`` block per seat, by relative seat (``to_act`` and ``turn`` aside)."""
    size = _PLAYER_SIZE
    width: int = state.game.width
    visible = state.temple[-width:]
    for p in range(state.player_count):
        b = start + rel[p] * size
        _put(where, values, b + _QUARRY, state.quarry[p] / 29.0)
        _put(where, values, b + _SLED, state.sled[p] / 5.0)
        _put(where, values, b + _SCORE, state.score_track[p] / 100.0)
        for t in range(NUM_CARD_TYPES):
            held = state.hands[p * NUM_CARD_TYPES + t]
            _put(where, values, b + _CARDS + t, held / (10.0 if t == data.STATUE else 3.0))
        for k, count in enumerate(site_stones(state.pyramid, state.temple, state.burial_chamber, state.obelisks, p)):
            _put(where, values, b + _SITES + k, count / 29.0)
        _put(where, values, b + _TEMPLE, visible.count(p) / 5.0)
