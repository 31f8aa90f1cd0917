"""What each player may see (PER-HIDDEN-1), resampling of the hidden card values, and the RL observation tensor.

Hidden from everyone: the calendar piles (never stored: tiles are drawn at chance nodes from the tiles not yet
seen) and the values of the two funds cards of the turn until they are revealed (their backs, bag 1-4 or chest 5-8,
are public). Hidden from opponents: victory points (PER-EVAL-4), unless ``open_scores=True`` or the game is over.

Victory points come only from public events (exhibiting, evaluations, prizes), so a player with perfect memory could
reconstruct them; ``resample`` therefore keeps them and re-draws only the hidden card values.

What each observer learns from an action (``PergamonState.observed_action``, beside the notation) is the same for
every seat and for spectators (``PergamonGame.shared_observations``): a funds card drawn face down is ``card bag``
or ``card chest``, and the last figure placed, which reveals both cards (PER-FUNDS-2), is told with their values:
``P5 (cards 3 7)``.

Observation tensor (``observation_tensor(player)``): the pieces of ``observation_layout(n)`` in order, n = number
of players, seats relative (0 = the observer, 1 = next clockwise ...), all values in [0, 1]. docs/rl.md shows the
layout for 2, 3 and 4 players, generated from the same declaration (``tools/generate_observation_docs.py``).
"""

from __future__ import annotations

import random
from typing import Any, Final

from librt.strings import BytesWriter, write_f64_le, write_i64_le

from museion.core.batch import dense
from museion.core.observation import Layout, Piece
from museion.games.pergamon import data
from museion.games.pergamon.actions import ROMAN, SPACES
from museion.games.pergamon.data import (
    MAX_CANCELS,
    RAIDER,
    ST_BREAK,
    ST_BUILD,
    ST_OVER,
    ST_PLACE,
    ST_POLISH,
    STAGE_NAMES,
)
from museion.games.pergamon.state_base import PergamonStateBase

_TILES: Final = data.TURNS * data.PILE_SIZE
FUNDS_CARD_WIDTH: Final = 2 + data.FUNDS_CARD_VALUES
COLLECTION_WIDTH: Final = 4   # on display, space, value, finds


def _tile_places(n: int) -> int:
    """Where a tile can be: unseen, being laid out, gallery I-V, a seat's supply (n), exhibited by a seat (n), in
    the collection being built, the box."""
    return 2 + data.GALLERIES + 2 * n + 2


def _declare(n: int) -> Layout:
    return Layout((
        Piece("turn", data.TURNS, "one-hot turn 1-12"),
        Piece("stage", len(STAGE_NAMES),
              "one-hot stage: start, layout, cards, space, main, build, break, polish, store, over"),
        Piece("to_act", n, "one-hot relative seat of the player to act (zeros at chance nodes and at the end)"),
        Piece("first_player", n, "one-hot relative seat of the first player"),
        Piece("tile_locations", _TILES * _tile_places(n),
              "per tile, one-hot: unseen, being laid out, gallery I-V, supply of relative seat r (n), exhibited by "
              "seat r (n), in the collection being built, box"),
        Piece("tile_faces", _TILES * 10,
              "per tile: left-edge type one-hot (4), right-edge type one-hot (4), century / 5, number / 99"),
        Piece("collections", n * data.MARKERS * COLLECTION_WIDTH,
              "per relative seat and marker I-III: on display, space / 24, value / 24 (capped), finds / 8 (capped)"),
        Piece("coins", n + 1, "coins / 20 (capped at 1) per relative seat, then the tomb raider's"),
        Piece("victory_points", n + 1,
              "VP / 50 (capped at 1) per relative seat, 0 when hidden (PER-EVAL-4); then 1 if every seat's VP is "
              "visible"),
        Piece("track", SPACES * (n + 1), "per space P1-P13: occupant one-hot (relative seat r ..., tomb raider)"),
        Piece("funds_cards", 2 * FUNDS_CARD_WIDTH,
              "per card drawn this turn: drawn, chest back, value one-hot 1-8 once revealed"),
        Piece("used_funds_cards", data.FUNDS_CARD_VALUES, "used funds cards of each value / 3"),
        Piece("collection_building", 6,
              "may still excavate, cancels left / 3, break-up marker one-hot I-III, polish cap / 22 (polish stage)"),
        Piece("counters", 3, "tiles: calendar / 60, box (seen) / 60, box (unseen) / 60"),
    ))


_LAYOUTS: Final[dict[int, Layout]] = {}


def observation_layout(n: int) -> Layout:
    """The observation tensor's pieces for ``n`` players (declared once, built once per player count)."""
    layout = _LAYOUTS.get(n)
    if layout is None:
        layout = _LAYOUTS[n] = _declare(n)
    return layout


def vp_visible(state: PergamonStateBase[Any], viewer: int | None, player: int) -> bool:
    """May ``viewer`` see ``player``'s victory points? (PER-EVAL-4)"""
    return state.game.options["open_scores"] or state.stage == ST_OVER or viewer == player


def view(state: PergamonStateBase[Any], player: int | None) -> dict[str, Any]:
    """JSON-able dict of everything ``player`` may see (``None``: a spectator)."""
    g = state.game
    code: tuple[str, ...] = g.tile_codes
    n: int = g.n
    cp = state.current_player()
    track = []
    for s in range(SPACES):
        x = state.funds_track[s]
        track.append(None if x < 0 else ("raider" if x == RAIDER else x))
    players = []
    for p in range(n):
        cols = []
        for m in range(3):
            ring = state.exhibited_rings[3 * p + m]
            if ring is not None:
                k = 3 * p + m
                cols.append({"marker": ROMAN[m], "space": state.marker_spaces[k], "value": state.marker_values[k],
                             "finds": [code[t] for t in ring]})
        players.append({
            "coins": state.coins[p],
            "vp": state.victory_points[p] if vp_visible(state, player, p) else None,
            "finds": [code[t] for t in state.supply[p]],
            "collections": cols,
            "space": None if state.figure_spaces[p] < 0 else f"P{state.figure_spaces[p] + 1}",
        })
    out: dict[str, Any] = {
        "turn": state.turn,
        "stage": STAGE_NAMES[state.stage],
        "to_act": cp,
        "first_player": state.first_player,
        "galleries": [[code[t] for t in gal] for gal in state.galleries],
        "laying_out": [code[t] for t in state.drawn_tiles],
        "calendar": state.calendar_tiles,
        "box": state.box_tiles,
        "box_unseen": state.box_unseen_tiles,
        "funds_cards": [{"back": "chest" if v > data.BAG_MAX else "bag", "value": v if state.funds_revealed else None}
                        for v in state.funds_cards],
        "funds_used": list(state.funds_used),
        "track": track,
        "players": players,
        "museum": {str(s): [m // 3, ROMAN[m % 3]] for s, m in enumerate(state.museum) if m >= 0},
    }
    if g.raider:
        out["raider_coins"] = state.coins[RAIDER]
    if state.stage in (ST_BUILD, ST_BREAK, ST_POLISH):
        out["building"] = {"finds": [code[t] for t in state.building_ring],
                           "break": ROMAN[state.break_marker] if state.break_marker >= 0 else None,
                           "cancels_left": _cancels_left(state)}
    if state.stage == ST_OVER:
        out["winners"] = state.winners()
        out["scores"] = list(state.victory_points)
    out["faces"] = _faces(state, out)
    out["track_spaces"] = track_spaces(g)
    return out


def track_spaces(game: Any) -> list[dict[str, Any]]:
    """The printed research-funds track P1..P13 (coins requested, deepest gallery allowed and, in 2-player games,
    the tomb raider symbol: how many chests among the funds cards send him there), static but part of the view so a
    client draws the game's own table (``PergamonGame.with_tables``) and needs no copy of it."""
    spaces = []
    for s, (coins, deepest, chests) in enumerate(game.track):
        space: dict[str, Any] = {"space": f"P{s + 1}", "coins": coins, "deepest": ROMAN[deepest - 1]}
        if game.raider:
            space["raider"] = chests
        spaces.append(space)
    return spaces


def _faces(state: PergamonStateBase[Any], out: dict[str, Any]) -> dict[str, str]:
    """The printed face of every find in the view (``"4.63": "V63|4J"``: left edge the right half of a vase
    numbered 63, right edge century 4 and the left half of a jug), so a client can draw the halves."""
    codes = [c for gal in out["galleries"] for c in gal] + out["laying_out"]
    for p in out["players"]:
        codes += p["finds"] + [c for col in p["collections"] for c in col["finds"]]
    codes += out.get("building", {}).get("finds", [])
    game = state.game
    faces = {}
    for c in codes:
        left, number, century, right = game.tiles[game.code_index[c]]
        faces[c] = f"{left}{number:02d}|{century}{right}"
    return faces


def _cancels_left(state: PergamonStateBase[Any]) -> int:
    return MAX_CANCELS - state.cancelled_collections


def determined_for(state: PergamonStateBase[Any], player: int) -> bool:
    """Only the values of the turn's face-down funds cards are ever redrawn by :func:`resample`."""
    return not (state.funds_cards and not state.funds_revealed)


def resample(state: PergamonStateBase[Any], player: int, rng: random.Random) -> PergamonStateBase[Any]:
    """A state consistent with ``view(player)``: the unrevealed funds cards get new values with the same backs,
    drawn from the cards not yet used (exact posterior: value by value, weighted by the copies left)."""
    other: PergamonStateBase[Any] = state.clone()  # type: ignore[assignment]
    if other.funds_cards and not other.funds_revealed:
        deck = other.funds_deck
        for v in other.funds_cards:
            deck[v - 1] += 1
        new = []
        for v in other.funds_cards:
            chest = v > data.BAG_MAX
            choices = [w for w in range(data.FUNDS_CARD_VALUES) if deck[w] and (w + 1 > data.BAG_MAX) == chest]
            weights = [deck[w] for w in choices]
            w = rng.choices(choices, weights)[0]
            deck[w] -= 1
            new.append(w + 1)
        other.funds_cards = new
        # The draws are the last chance outcomes before this turn's placements: rewrite them in the history, so
        # that the resampled state is reproduced by its own history (to_json, records, OpenSpiel).
        done = other.figures_placed if other.stage == ST_PLACE else 0
        first = len(other._history) - done - len(new)
        for i, v in enumerate(new):
            other._history[first + i] = v - 1
    return other


_FACES: dict[int, tuple[tuple[int, ...], list[float]]] = {}
"""Piece ``tile_faces`` of a game configuration, which no move changes: computed once, keyed by the id of the
configuration's ``tile_left_types`` tuple, kept in the entry (so that id cannot be reused while cached)."""
_FACES_KEPT: Final = 64
_FIXED: dict[int, tuple[list[float], list[float]]] = {}
"""``observation_fixed`` by player count, with the faces list it was made from (checked by identity)."""


def _tile_faces(g: Any) -> list[float]:
    """Piece ``tile_faces``: per tile its left and right edge types one-hot, century / 5 and number / 99."""
    left: tuple[int, ...] = g.tile_left_types
    found = _FACES.get(id(left))
    if found is not None and found[0] is left:
        return found[1]
    right: tuple[int, ...] = g.tile_right_types
    centuries: tuple[int, ...] = g.tile_centuries
    numbers: tuple[int, ...] = g.tile_numbers
    faces = [0.0] * (10 * _TILES)
    for t in range(_TILES):
        i = 10 * t
        faces[i + left[t]] = 1.0
        faces[i + 4 + right[t]] = 1.0
        faces[i + 8] = centuries[t] / 5.0
        faces[i + 9] = numbers[t] / 99.0
    if len(_FACES) >= _FACES_KEPT:
        _FACES.clear()
    _FACES[id(left)] = (left, faces)
    return faces


_PIECES: Final = ("turn", "stage", "to_act", "first_player", "tile_locations", "collections", "coins",
                  "victory_points", "track", "funds_cards", "used_funds_cards", "collection_building", "counters")
_OFFSETS: Final[dict[int, tuple[int, ...]]] = {}


def _offsets(n: int) -> tuple[int, ...]:
    """The offsets of ``_PIECES`` for ``n`` players (one tuple: no lookup by name when the tensor is written)."""
    found = _OFFSETS.get(n)
    if found is None:
        found = _OFFSETS[n] = tuple(observation_layout(n).offset[piece] for piece in _PIECES)
    return found


def observation_fixed(game: Any) -> list[float]:
    """The entries no move changes (piece ``tile_faces``), the rest zeros: :func:`observation_entries` leaves them
    out, so the vector env copies them into its rows instead of writing 600 floats per game. Cached per
    configuration and player count, like the faces: do not modify the list."""
    n: int = game.n
    faces = _tile_faces(game)
    found = _FIXED.get(n)
    if found is not None and found[0] is faces:
        return found[1]
    out = [0.0] * observation_layout(n).size
    i = observation_layout(n).offset["tile_faces"]
    out[i:i + 10 * _TILES] = faces
    if len(_FIXED) >= _FACES_KEPT:
        _FIXED.clear()
    _FIXED[n] = (faces, out)
    return out


def observation_tensor(state: PergamonStateBase[Any], player: int) -> list[float]:
    """Flat encoding of ``view(player)``: the pieces of ``observation_layout(n)`` at their offsets, the constant
    tile faces (:func:`observation_fixed`) and the entries of :func:`observation_entries`."""
    g = state.game
    return dense(observation_entries, state, player, observation_layout(g.n).size, observation_fixed(g))


def observation_entries(state: PergamonStateBase[Any], player: int, base: int, ones: BytesWriter, where: BytesWriter,
                        values: BytesWriter) -> None:
    """The tensor's non-zero entries but the tile faces, at ``base`` + offset (``museion.core.batch.Entries``;
    compiled code: typed locals, relative seats by arithmetic)."""
    n: int = state.game.n
    (turn, stage, to_act, first, tiles, collections, coins, points, track, funds, used, building,
     counters) = _offsets(n)
    if 1 <= state.turn <= data.TURNS:
        write_i64_le(ones, base + turn + state.turn - 1)
    write_i64_le(ones, base + stage + state.stage)
    cp = state.current_player()
    if 0 <= cp < n:
        write_i64_le(ones, base + to_act + (cp - player) % n)
    write_i64_le(ones, base + first + (state.first_player - player) % n)
    _tile_locations(state, ones, base + tiles, player)
    _collections(state, ones, where, values, base + collections, player)
    _money(state, ones, where, values, base + coins, base + points, base + track, player)
    i = base + funds
    for c, v in enumerate(state.funds_cards):
        write_i64_le(ones, i + FUNDS_CARD_WIDTH * c)
        if v > data.BAG_MAX:
            write_i64_le(ones, i + FUNDS_CARD_WIDTH * c + 1)
        if state.funds_revealed:
            write_i64_le(ones, i + FUNDS_CARD_WIDTH * c + 1 + v)
    i = base + used
    for v in range(data.FUNDS_CARD_VALUES):
        if state.funds_used[v]:
            write_i64_le(where, i + v)
            write_f64_le(values, state.funds_used[v] / 3.0)
    i = base + building
    if state.may_excavate:
        write_i64_le(ones, i)
    write_i64_le(where, i + 1)
    write_f64_le(values, _cancels_left(state) / 3.0)
    if state.break_marker >= 0:
        write_i64_le(ones, i + 2 + state.break_marker)
    if state.stage == ST_POLISH:
        write_i64_le(where, i + 5)
        write_f64_le(values, state.max_polish / 22.0)
    i = base + counters
    _set(where, values, i, state.calendar_tiles / 60.0)
    _set(where, values, i + 1, state.box_tiles / 60.0)
    _set(where, values, i + 2, state.box_unseen_tiles / 60.0)


def _set(where: BytesWriter, values: BytesWriter, k: int, value: float) -> None:
    """Entry ``k`` (a flat index) set to ``value``."""
    write_i64_le(where, k)
    write_f64_le(values, value)


def _money(state: PergamonStateBase[Any], ones: BytesWriter, where: BytesWriter, values: BytesWriter, at_coins: int,
           at_points: int, at_track: int, player: int) -> None:
    """Pieces ``coins``, ``victory_points`` (hidden VP as 0) and ``track``, at the flat offsets given."""
    n: int = state.game.n
    i = at_coins
    coins = state.coins
    for p in range(n):
        write_i64_le(where, i + (p - player) % n)
        write_f64_le(values, min(coins[p] / 20.0, 1.0))
    write_i64_le(where, i + n)
    write_f64_le(values, min(coins[RAIDER] / 20.0, 1.0))
    i = at_points
    every = True
    for p in range(n):
        if vp_visible(state, player, p):
            write_i64_le(where, i + (p - player) % n)
            write_f64_le(values, min(state.victory_points[p] / 50.0, 1.0))
        else:
            every = False
    if every:
        write_i64_le(ones, i + n)
    i = at_track
    track = state.funds_track
    for s in range(SPACES):
        x = track[s]
        if x == RAIDER:
            write_i64_le(ones, i + s * (n + 1) + n)
        elif x >= 0:
            write_i64_le(ones, i + s * (n + 1) + (x - player) % n)


def _collections(state: PergamonStateBase[Any], ones: BytesWriter, where: BytesWriter, values: BytesWriter, i: int,
                 player: int) -> None:
    """Piece ``collections``: per relative seat and marker, on display, space, value and finds."""
    n: int = state.game.n
    for p in range(n):
        at = i + (p - player) % n * data.MARKERS * COLLECTION_WIDTH
        for m in range(data.MARKERS):
            ring = state.exhibited_rings[3 * p + m]
            if ring is not None:
                b = at + COLLECTION_WIDTH * m
                write_i64_le(ones, b)
                _set(where, values, b + 1, state.marker_spaces[3 * p + m] / 24.0)
                _set(where, values, b + 2, min(state.marker_values[3 * p + m], 24) / 24.0)
                _set(where, values, b + 3, min(len(ring), 8) / 8.0)


def _tile_locations(state: PergamonStateBase[Any], ones: BytesWriter, start: int, player: int) -> None:
    """Piece ``tile_locations``: one-hot place of every tile (``_tile_places``)."""
    n: int = state.game.n
    width = _tile_places(n)
    supply, exhibited = 2 + data.GALLERIES, 2 + data.GALLERIES + n
    where = [width - 1] * _TILES             # box unless found elsewhere
    for t in state.undrawn_tiles:
        where[t] = 0
    for t in state.drawn_tiles:
        where[t] = 1
    for k, gal in enumerate(state.galleries):
        for t in gal:
            where[t] = 2 + k
    for p in range(n):
        for t in state.supply[p]:
            where[t] = supply + (p - player) % n
    for m, ring in enumerate(state.exhibited_rings):
        if ring is not None:
            for t in ring:
                where[t] = exhibited + (m // data.MARKERS - player) % n
    for t in state.building_ring:
        where[t] = width - 2
    for t in range(_TILES):
        write_i64_le(ones, start + t * width + where[t])


def _declare_recall(n: int) -> Layout:
    return Layout((
        *observation_layout(n).pieces,
        Piece("recalled_victory_points", n,
              "VP / 50 (capped at 1) per relative seat as a player with perfect memory counts them: every VP comes "
              "from a public event, so this is what PER-EVAL-4 hides only from a player who forgot"),
        Piece("turn_first_player", data.TURNS * n, "per turn 1-12: one-hot relative seat of its first player"),
        Piece("turn_figures", data.TURNS * (n + 1) * SPACES,
              "per turn 1-12, per relative seat r (n) then the tomb raider: one-hot space P1-P13 its figure took"),
        Piece("turn_funds_cards", data.TURNS * 2 * data.FUNDS_CARD_VALUES,
              "per turn 1-12 and funds card: value one-hot 1-8, once revealed (PER-FUNDS-2)"),
    ))


_RECALL_LAYOUTS: Final[dict[int, Layout]] = {}


def information_state_layout(n: int) -> Layout:
    """The information-state tensor's pieces for ``n`` players: the observation's, at the same offsets, then what
    a player with perfect memory keeps of the turns gone by (declared once per player count)."""
    layout = _RECALL_LAYOUTS.get(n)
    if layout is None:
        layout = _RECALL_LAYOUTS[n] = _declare_recall(n)
    return layout


def information_state_tensor_size(game: Any) -> int:
    n: int = game.n
    return information_state_layout(n).size


RECALL_WIDTH: Final = 7
"""Ints per placement in a recall (:func:`recall_step`): turn - 1, first player, seat, space, the raider's space
(-1: none), then the two funds cards' values if this placement revealed them (0, 0 otherwise)."""


def recall_step(replay: PergamonStateBase[Any], action: int, memory: list[int]) -> None:
    """Append to ``memory`` what ``action``, about to be applied to ``replay``, tells every seat for good: a
    figure's placement (who started the turn, where the figure and the raider stand, the funds cards once the last
    figure reveals them, PER-FUNDS-2). Any other action adds nothing: the observation shows its lasting effects.
    A caller that replays the history anyway (the OpenSpiel adapter's shadow state) keeps the memory this way."""
    if replay.stage != ST_PLACE:
        return
    n: int = replay.game.n
    raider = replay.figure_spaces[RAIDER] if replay.game.raider else -1
    last = replay.figures_placed == n - 1
    cards = replay.funds_cards
    memory.extend((replay.turn - 1, replay.first_player, replay.actor, action, raider,
                   cards[0] if last else 0, cards[1] if last else 0))


def recall(state: PergamonStateBase[Any]) -> list[int]:
    """The memory of the whole history (:func:`recall_step` on a replay from the initial state: a Pergamon game is
    about 200 actions, a replay costs about half a millisecond in the pure build)."""
    replay: PergamonStateBase[Any] = state.game.new_initial_state()
    memory: list[int] = []
    for action in state.history():
        recall_step(replay, action, memory)
        replay.apply_action(action)
    return memory


def information_state_tensor(state: PergamonStateBase[Any], player: int, memory: list[int] | None = None
                             ) -> list[float]:
    """OpenSpiel's perfect-recall tensor: ``observation_tensor(player)`` followed by the pieces of
    ``information_state_layout(n)`` that only memory keeps (``memory``: the history's :func:`recall`, replayed
    here when not given). Everything read is public when it happens: who started each turn, where each figure
    went, the funds cards once revealed, the victory points public events give; the hidden card values of the turn
    under way are never read, so ``resample`` leaves the tensor unchanged."""
    n: int = state.game.n
    layout = information_state_layout(n)
    at = layout.offset
    out = observation_tensor(state, player)
    out.extend([0.0] * (layout.size - len(out)))
    i = at["recalled_victory_points"]
    for p in range(n):
        out[i + (p - player) % n] = min(state.victory_points[p] / 50.0, 1.0)
    seen = recall(state) if memory is None else memory
    first, figures, funds = at["turn_first_player"], at["turn_figures"], at["turn_funds_cards"]
    for k in range(0, len(seen), RECALL_WIDTH):
        t = seen[k]
        out[first + t * n + (seen[k + 1] - player) % n] = 1.0
        row = figures + t * (n + 1) * SPACES
        out[row + (seen[k + 2] - player) % n * SPACES + seen[k + 3]] = 1.0
        if seen[k + 4] >= 0:
            out[row + n * SPACES + seen[k + 4]] = 1.0
        if seen[k + 5]:
            c = funds + t * 2 * data.FUNDS_CARD_VALUES
            out[c + seen[k + 5] - 1] = 1.0
            out[c + data.FUNDS_CARD_VALUES + seen[k + 6] - 1] = 1.0
    return out
