"""Imhotep views and observations.

Nothing hidden is stored in a state: the order of the market draw pile and of the round cards, and the round card
left in the box, are not decided until a chance node draws them (IMH-HIDDEN-1). A view therefore shows the whole
table to every seat and to spectators, except what the rules hide: it gives the size of the draw pile but not
which cards are in it, and the round cards revealed so far but not the ones still in the stack. ``resample`` is a
clone.

Observation tensor layout (``observation_size(n)`` floats; seats are relative to the observer: block k is seat
``(observer + k) % n``):

* n player blocks of 22: quarry / 29, sled / 5, score / 100, held cards by type (12; statues / 10, others / 3),
  own stones at pyramid, temple, burial chamber, obelisks (4, each / 29), visible temple stones / 5,
  to act, whose turn (2);
* 4 ship blocks of 11 + 4n: capacity one-hot 1..4 (4), sailed (1), docked site one-hot (5), can sail (1),
  4 spaces x n owner one-hot;
* docked sites (5); face-up market by type / 4 (12); draw pile size / 34 (1); discard by type / its count (12);
* rounds finished one-hot 0..6 (7); round cards of this player count revealed so far (7); phase one-hot (13);
* pyramid: 14 spaces x n owner one-hot, stones beside it / 29 (1);
* temple: the visible stones, 5 columns x n owner one-hot;
* burial chamber: 29n cells (k-th stone at column k // 3, row k % 3) x n owner one-hot;
* unloading in progress: stones waiting for the Lever order, ordered, waiting to pick a market card, by relative
  owner (3 x n, each / 4); consecutive passes / n (1); wrath variant (1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from museion.core.game import TERMINAL
from museion.games.imhotep import data
from museion.games.imhotep.data import CARD_CODES, COLOURS, NUM_CARD_TYPES, SITES

if TYPE_CHECKING:
    from museion.games.imhotep.state import ImhotepState

PLAYER_BLOCK = 22


def observation_size(n: int) -> int:
    return (
        n * PLAYER_BLOCK + 4 * (11 + 4 * n) + 5 + NUM_CARD_TYPES + 1 + NUM_CARD_TYPES + 7 + 7 + 13
        + 14 * n + 1 + 5 * n + data.PLAYABLE_STONES * n * n + 3 * n + 1 + 1
    )


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


def view(state: ImhotepState, player: int | None) -> dict[str, Any]:
    """Everything on the table, in plain JSON data (the same for every viewer)."""
    from museion.games.imhotep.state import PHASE_NAMES

    game = state.game
    n = state.n
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
        pyr, tmp, bur, obl = state.site_stones(p)
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


def observation_tensor(state: ImhotepState, player: int) -> list[float]:
    from museion.games.imhotep.state import FREE_SITES

    n = state.n
    out = [0.0] * observation_size(n)
    rel = [(p - player) % n for p in range(n)]  # seat -> relative index
    width = state.game.width
    visible = state.temple[-width:]
    i = 0
    for p in range(n):
        b = i + rel[p] * PLAYER_BLOCK
        out[b] = state.quarry[p] / 29.0
        out[b + 1] = state.sled[p] / 5.0
        out[b + 2] = state.score_track[p] / 100.0
        for t in range(NUM_CARD_TYPES):
            out[b + 3 + t] = state.hands[p * NUM_CARD_TYPES + t] / (10.0 if t == data.STATUE else 3.0)
        for k, count in enumerate(state.site_stones(p)):
            out[b + 15 + k] = count / 29.0
        out[b + 19] = visible.count(p) / 5.0
        out[b + 20] = 1.0 if state.to_move == p else 0.0
        out[b + 21] = 1.0 if state.turn_player == p and state.to_move != TERMINAL else 0.0
    i += n * PLAYER_BLOCK
    block = 11 + 4 * n
    free_sites = FREE_SITES[state.docked_sites]
    for s in range(4):
        b = i + s * block
        cap = state.ship_sizes[s]
        if cap:
            out[b + cap - 1] = 1.0
            site = state.ship_sites[s]
            if site >= 0:
                out[b + 4] = 1.0
                out[b + 5 + site] = 1.0
            elif state.ship_loads[s] >= state.ship_minimums[s] and free_sites:
                out[b + 10] = 1.0
            for j in range(4):
                owner = state.ship_spaces[4 * s + j]
                if owner >= 0:
                    out[b + 11 + j * n + rel[owner]] = 1.0
    i += 4 * block
    for s in range(5):
        out[i + s] = float(state.docked_sites >> s & 1)
    i += 5
    for t in range(NUM_CARD_TYPES):
        out[i + t] = state.market[t] / 4.0
    i += NUM_CARD_TYPES
    out[i] = state.draw_pile_size / 34.0
    i += 1
    for t in range(NUM_CARD_TYPES):
        out[i + t] = state.discard_pile[t] / data.CARD_COUNTS[t]
    i += NUM_CARD_TYPES
    out[i + state.rounds_played] = 1.0
    i += 7
    for c in state.round_cards_revealed:
        out[i + c] = 1.0
    i += 7
    out[i + state.phase] = 1.0
    i += 13
    for k, owner in enumerate(state.pyramid[:14]):
        out[i + k * n + rel[owner]] = 1.0
    i += 14 * n
    out[i] = max(0, len(state.pyramid) - 14) / 29.0
    i += 1
    start = max(0, len(state.temple) - width)
    for k in range(start, len(state.temple)):
        out[i + (k % width) * n + rel[state.temple[k]]] = 1.0
    i += 5 * n
    for k, owner in enumerate(state.burial_chamber):
        out[i + k * n + rel[owner]] = 1.0
    i += data.PLAYABLE_STONES * n * n
    for j, stones in enumerate((state.lever_stones, state.lever_unloaded, state.market_queue)):
        for owner in stones:
            out[i + j * n + rel[owner]] += 0.25
    i += 3 * n
    out[i] = state.consecutive_passes / n
    out[i + 1] = 1.0 if state.game.wrath else 0.0
    return out
