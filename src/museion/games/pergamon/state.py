"""Pergamon rules: the game configuration and the state machine (see ``rules.py`` for the rules by ID).

A turn is: lay out finds (chance, one tile at a time) -> draw 2 funds cards (chance, outcome = value) -> players put
their figures on the funds track -> payout -> each figure from right to left: excavate, exhibit (a collection is
built find by find: ``+t`` ... ``close`` [``break m``] ``polish k``; ``cancel`` abandons it), ``end`` and store
(``pay`` or ``drop t``) -> evaluation after turns 5, 7, 9, 12 -> next turn. Steps without a decision (the tomb
raider, payouts, shifts, a phase-3 turn with nothing to decide) are applied automatically; a collection is never
completed, closed or exhibited on a player's behalf (PER-EXH-1).
"""

from __future__ import annotations

import random
from typing import Any, Final

from museion.core.errors import InvalidValue, OptionError, option_reason, shown
from museion.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    Option,
    Validator,
    bool_option,
    choice_option,
    int_option,
)
from museion.games.pergamon import data, evaluate, tables, view
from museion.games.pergamon.actions import (
    A_BREAK,
    A_CANCEL,
    A_CLOSE,
    A_DIG,
    A_DROP,
    A_END,
    A_PAY,
    A_POLISH,
    A_TILE,
    MAX_POLISH,
    NUM_ACTIONS,
    ROMAN,
    SPACES,
    alias,
    player_action_to_string,
    tile_code,
)
from museion.games.pergamon.data import (
    MAX_CANCELS,
    RAIDER,
    ST_BREAK,
    ST_BUILD,
    ST_CARD,
    ST_LAYOUT,
    ST_MAIN,
    ST_OVER,
    ST_PLACE,
    ST_POLISH,
    ST_START,
    ST_STORE,
    STAGE_NAMES,
)
from museion.games.pergamon.rules import OPTION_HELP
from museion.games.pergamon.scoring import exhibited_objects
from museion.games.pergamon.state_base import PergamonStateBase

NO_MARKER: Final = -1
MUSEUM_TOP: Final = data.MUSEUM_SPACES

_REACH: Final[dict[int, tuple[tuple[int, int, int, int], int]]] = {}


def _reach(adj: int) -> tuple[tuple[int, int, int, int], int]:
    """For a type graph (bit ``4*u+v`` set: a find with right half u at its left and left half v at its right),
    return (types reachable from each type, mask of the pairs ``4*u+v`` with u reachable from v)."""
    hit = _REACH.get(adj)
    if hit is not None:
        return hit
    succ = [(adj >> (4 * u)) & 15 for u in range(4)]
    reach: list[int] = []
    for v in range(4):
        r = 1 << v
        prev = 0
        while r != prev:
            prev = r
            for u in range(4):
                if r >> u & 1:
                    r |= succ[u]
        reach.append(r)
    cyc = 0
    for u in range(4):
        for v in range(4):
            if reach[v] >> u & 1:
                cyc |= 1 << (4 * u + v)
    found = ((reach[0], reach[1], reach[2], reach[3]), cyc)
    _REACH[adj] = found
    return found


def _start_player_option(value: Any) -> int | str:
    if value == "random":
        return "random"
    try:
        return int_option(0, 3)(value)
    except ValueError:
        raise InvalidValue(f"got {shown(value)}; allowed: a seat 0-3 (below the number of players) or 'random'",
                           shown(value), "error.allowed.seat", n=4, last=3) from None


class PergamonState(PergamonStateBase["PergamonGame"]):
    """One Pergamon position: the fields are declared in ``fields.py`` (``state_base.py`` holds them)."""

    __slots__ = ()

    def _start(self) -> None:
        game = self.game
        n = game.n
        self.stage = ST_START
        self.turn = 0
        self.first_player = 0
        self.actor = 0
        self.galleries = [[] for _ in range(data.GALLERIES)]
        self.drawn_tiles = []
        self.tiles_to_draw = 0
        self.undrawn_tiles = list(range(len(game.tiles)))
        self.calendar_tiles = len(game.tiles)
        self.box_tiles = 0
        self.box_unseen_tiles = 0
        self.funds_deck = [data.FUNDS_CARD_COPIES] * data.FUNDS_CARD_VALUES
        self.funds_cards = []
        self.funds_revealed = False
        self.funds_used = [0] * data.FUNDS_CARD_VALUES
        self.coins = [0] * 5
        self.victory_points = [0] * n
        self.supply = [[] for _ in range(n)]
        self.exhibited_rings = [None] * (3 * n)
        self.marker_spaces = [0] * (3 * n)
        self.marker_values = [0] * (3 * n)
        self.museum = [NO_MARKER] * (MUSEUM_TOP + 1)
        self.figure_spaces = [-1] * 5
        self.funds_track = [-1] * SPACES
        self.figure_order = []
        self.figure_index = 0
        self.figures_placed = 0
        self.may_excavate = False
        self.cancelled_collections = 0
        self.building_ring = []
        self.break_marker = -1
        self.max_polish = 0
        self.final_winners = []
        sp = game.options["start_player"]
        if sp != "random":
            self.first_player = sp
            self._begin_turn()

    # -- contract ----------------------------------------------------------------------------------------
    def current_player(self) -> int:
        st = self.stage
        if st <= ST_CARD:
            return CHANCE
        if st == ST_OVER:
            return TERMINAL
        return self.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        st = self.stage
        if st == ST_LAYOUT:
            p = 1.0 / len(self.undrawn_tiles)
            return [(t, p) for t in self.undrawn_tiles]
        if st == ST_CARD:
            deck = self.funds_deck
            total = sum(deck)
            return [(v, c / total) for v, c in enumerate(deck) if c]
        if st == ST_START:
            n = self.game.n
            return [(p, 1.0 / n) for p in range(n)]
        return []

    def _legal_actions(self) -> list[int]:
        st = self.stage
        g = self.game
        if st == ST_LAYOUT:
            return self.undrawn_tiles[:]
        if st == ST_MAIN:
            a = self.actor
            acts = [A_DIG + k for k in self._diggable(a)]
            acts += [A_TILE + t for t in self._startable(a)]
            acts.append(A_END)
            return acts
        if st == ST_BUILD:
            return self._build_actions()
        if st == ST_PLACE:
            track = self.funds_track
            return [s for s in range(SPACES) if track[s] < 0]
        if st == ST_CARD:
            return [v for v, c in enumerate(self.funds_deck) if c]
        if st == ST_POLISH:  # PER-EXH-1: the player may still give up (cancel); nothing is exhibited for them
            return [*range(A_POLISH, A_POLISH + self.max_polish + 1), A_CANCEL]
        if st == ST_STORE:
            a = self.actor
            acts = [A_PAY] if self.coins[a] >= self.storage_fee_due(a) else []
            acts.extend([A_DROP + t for t in self.supply[a]])
            return acts
        if st == ST_BREAK:
            return [A_BREAK, A_BREAK + 1, A_BREAK + 2, A_CANCEL]
        if st == ST_START:
            return list(range(g.n))
        return []

    def _build_actions(self) -> list[int]:
        g = self.game
        lt, rt, pair = g.tile_left_types, g.tile_right_types, g.tile_type_pairs
        ring = self.building_ring
        start = lt[ring[0]]
        cur = rt[ring[-1]]
        rest = [t for t in self.supply[self.actor] if t not in ring]
        adj = 0
        for t in rest:
            adj |= 1 << pair[t]
        reach = _reach(adj)[0]
        acts = [A_TILE + t for t in rest if lt[t] == cur and reach[rt[t]] >> start & 1]
        if cur == start and len(ring) >= 2:
            acts.append(A_CLOSE)
        acts.append(A_CANCEL)  # PER-EXH-1: a player can always stop building and keep their finds
        return acts

    def _apply(self, action: int) -> None:
        st = self.stage
        if st == ST_LAYOUT:
            self.undrawn_tiles.remove(action)
            self.calendar_tiles -= 1
            self.drawn_tiles.append(action)
            if len(self.drawn_tiles) == self.tiles_to_draw:
                self._lay_out()
        elif st == ST_MAIN:
            if action == A_END:
                self._to_storage()
            elif action >= A_TILE:
                self.building_ring = [action - A_TILE]
                self.stage = ST_BUILD
            else:
                self._dig(action - A_DIG)
        elif st == ST_BUILD:
            if action < A_CLOSE:
                self.building_ring.append(action - A_TILE)
            elif action == A_CLOSE:
                self._closed()
            else:
                self._cancel()
        elif st == ST_PLACE:
            self._place(action)
        elif st == ST_CARD:
            self._draw_card(action)
        elif st == ST_POLISH:
            if action == A_CANCEL:
                self._cancel()
            else:
                self._commit(action - A_POLISH)
        elif st == ST_STORE:
            a = self.actor
            if action == A_PAY:
                self.coins[a] -= self.storage_fee_due(a)
                self._next_actor()
            else:
                self.supply[a].remove(action - A_DROP)
                self.box_tiles += 1
                if not self.storage_fee_due(a):
                    self._next_actor()
        elif st == ST_BREAK:
            if action == A_CANCEL:
                self._cancel()
            else:
                self.break_marker = action - A_BREAK
                self._enter_polish()
        elif st == ST_START:
            self.first_player = action
            self._begin_turn()

    # -- phase 1: layout ---------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.turn += 1
        k = sum(1 for gal in self.galleries if len(gal) < data.GALLERY_SIZE)
        self.calendar_tiles -= data.PILE_SIZE - k          # the rest of the pile goes to the box unseen
        self.box_unseen_tiles += data.PILE_SIZE - k
        self.tiles_to_draw = k
        self.drawn_tiles = []
        if k:
            self.stage = ST_LAYOUT
        else:
            self._start_funds()

    def _lay_out(self) -> None:
        age = self.game.tile_ages
        drawn = sorted(self.drawn_tiles, key=age.__getitem__)
        i = 0
        for gal in self.galleries:
            if len(gal) < data.GALLERY_SIZE:
                gal.append(drawn[i])
                i += 1
        self.drawn_tiles = []
        self._start_funds()

    # -- phase 2: funds ----------------------------------------------------------------------------------
    def _start_funds(self) -> None:
        self.funds_cards = []
        self.funds_revealed = False
        self.stage = ST_CARD

    def _draw_card(self, v: int) -> None:
        self.funds_deck[v] -= 1
        self.funds_cards.append(v + 1)
        if len(self.funds_cards) == 2:
            if self.game.raider:
                chests = sum(1 for c in self.funds_cards if c > data.BAG_MAX)
                s = self.game.raider_space[chests]
                self.funds_track[s] = RAIDER
                self.figure_spaces[RAIDER] = s
            self.stage = ST_PLACE
            self.figures_placed = 0
            self.actor = self.first_player

    def _place(self, s: int) -> None:
        a = self.actor
        self.funds_track[s] = a
        self.figure_spaces[a] = s
        self.figures_placed += 1
        n = self.game.n
        if self.figures_placed < n:
            self.actor = (self.first_player + self.figures_placed) % n
            return
        # reveal and pay out (PER-FUNDS-2)
        self.funds_revealed = True
        left = self.funds_cards[0] + self.funds_cards[1]
        order = [x for x in self.funds_track if x >= 0]
        request = self.game.request
        coins = self.coins
        for x in order[:-1]:
            take = request[self.figure_spaces[x]]
            if take > left:  # PER-FUNDS-2: a shortage; the option says whether the rest or nothing is taken
                take = 0 if self.game.all_or_nothing else left
            coins[x] += take
            left -= take
        coins[order[-1]] += left
        self.figure_order = order
        self.figure_index = -1
        self._next_actor()

    # -- phase 3: excavate, exhibit, store ---------------------------------------------------------------
    def _next_actor(self) -> None:
        """Move to the next figure from right to left; run the raider; skip turns with nothing to decide."""
        order = self.figure_order
        while True:
            self.figure_index += 1
            if self.figure_index >= len(order):
                self._end_turn()
                return
            a = order[self.figure_index]
            if a == RAIDER:
                self._raider_turn()
                continue
            self.actor = a
            self.may_excavate = True
            self.cancelled_collections = 0
            self.stage = ST_MAIN
            if self._main_has_choice():
                return
            if self.storage_fee_due(a):
                self.stage = ST_STORE
                return

    def _main_has_choice(self) -> bool:
        a = self.actor
        return bool(self._diggable(a) or self._startable(a))

    def storage_fee_due(self, a: int) -> int:
        """PER-STORE-1: the storage fee player ``a`` owes now."""
        return storage_fee(len(self.supply[a]), self.game.fee_full_groups)

    def _diggable(self, a: int) -> list[int]:
        """Galleries (0 = I) that player ``a`` may excavate now: allowed by the space, affordable, not empty."""
        if not self.may_excavate:
            return []
        gal = self.galleries
        return [k for k in range(min(self.game.max_gallery[self.figure_spaces[a]], self.coins[a])) if gal[k]]

    def _startable(self, a: int) -> list[int]:
        """Finds that may start a collection now: none once MAX_CANCELS collections were abandoned this turn."""
        return self._ring_finds(a) if self.cancelled_collections < MAX_CANCELS else []

    def _ring_finds(self, a: int) -> list[int]:
        """Finds of ``a``'s supply that lie on some closable ring (PER-EXH-1), so may start a collection."""
        sup = self.supply[a]
        if len(sup) < 2:
            return []
        pair = self.game.tile_type_pairs
        adj = 0
        for t in sup:
            adj |= 1 << pair[t]
        cyc = _reach(adj)[1]
        return [t for t in sup if cyc >> pair[t] & 1]

    def _to_storage(self) -> None:
        if self.storage_fee_due(self.actor):
            self.stage = ST_STORE
        else:
            self._next_actor()

    def _after_step(self) -> None:
        """Back at the main menu: go on to storage when nothing is left to choose."""
        self.stage = ST_MAIN
        if not self._main_has_choice():
            self._to_storage()

    def _dig(self, k: int) -> None:
        a = self.actor
        self.coins[a] -= k + 1
        sup = self.supply[a]
        sup.extend(self.galleries[k])
        sup.sort()
        self.galleries[k] = []
        self.may_excavate = False
        self._after_step()

    def _raider_turn(self) -> None:
        """PER-RAIDER-3: loot the deepest affordable allowed gallery with finds."""
        coins = self.coins[RAIDER]
        deepest = min(self.game.max_gallery[self.figure_spaces[RAIDER]], coins)
        for k in range(deepest - 1, -1, -1):
            gal = self.galleries[k]
            if gal:
                self.coins[RAIDER] = coins - (k + 1)
                self.box_tiles += len(gal)
                self.galleries[k] = []
                return

    def _closed(self) -> None:
        self.break_marker = -1
        if all(self.exhibited_rings[3 * self.actor + m] is not None for m in range(3)):
            self.stage = ST_BREAK
        else:
            self._enter_polish()

    def _enter_polish(self) -> None:
        g = self.game
        cen = g.tile_centuries
        base = sum(cen[t] for t in self.building_ring)
        room = MUSEUM_TOP - base
        if room < 0:
            room = 0
        coins = self.coins[self.actor]
        cap = room if room < coins else coins
        if self.turn < data.TURNS and cap > 3:
            cap = 3
        if cap > MAX_POLISH:
            cap = MAX_POLISH
        self.max_polish = cap
        self.stage = ST_POLISH

    def _cancel(self) -> None:
        self.building_ring = []
        self.break_marker = -1
        self.cancelled_collections += 1
        self._after_step()

    def _commit(self, polish: int) -> None:
        """Exhibit the ring: break up first if asked, pay polish, shift and place the marker, 1 VP."""
        g = self.game
        a = self.actor
        if self.break_marker >= 0:
            self._remove_collection(3 * a + self.break_marker)
            m = 3 * a + self.break_marker
        else:
            m = next(3 * a + k for k in range(3) if self.exhibited_rings[3 * a + k] is None)
        ring = tuple(self.building_ring)
        value = sum(g.tile_centuries[t] for t in ring) + polish
        self.coins[a] -= polish
        space = value if value < MUSEUM_TOP else MUSEUM_TOP
        museum = self.museum
        for s in range(1, space + 1):       # PER-EXH-4: everything on <= value moves down one
            x = museum[s]
            if x >= 0:
                museum[s] = NO_MARKER
                if s == 1:
                    self._leave(x)
                else:
                    museum[s - 1] = x
                    self.marker_spaces[x] = s - 1
        museum[space] = m
        self.marker_spaces[m] = space
        self.marker_values[m] = value
        self.exhibited_rings[m] = ring
        sup = self.supply[a]
        for t in ring:
            sup.remove(t)
        self.victory_points[a] += 1
        self.building_ring = []
        self.break_marker = -1
        self.may_excavate = False
        self._after_step()

    def _leave(self, m: int) -> None:
        """PER-EXH-6: a marker leaving the museum returns; its finds go to the box."""
        ring = self.exhibited_rings[m]
        assert ring is not None, "only a marker in the museum leaves it"
        self.box_tiles += len(ring)
        self.exhibited_rings[m] = None
        self.marker_spaces[m] = 0
        self.marker_values[m] = 0

    def _remove_collection(self, m: int) -> None:
        self.museum[self.marker_spaces[m]] = NO_MARKER
        self._leave(m)

    # -- phase 4 and the end of a turn -------------------------------------------------------------------
    def objects(self) -> list[tuple[int, int, int]]:
        """Every exhibited complete object as (date, type, marker id)."""
        g = self.game
        return exhibited_objects(self.exhibited_rings, g.tile_right_types, g.tile_centuries, g.tile_numbers)

    def _end_turn(self) -> None:
        g = self.game
        ev = data.EVALUATIONS.get(self.turn)
        if ev is not None:
            kind, shift = ev
            for m, ring in enumerate(self.exhibited_rings):
                if ring is not None:
                    self.victory_points[m // 3] += g.space_vp[self.marker_spaces[m]]
            best = max((o for o in self.objects() if o[1] == kind), default=None)
            if best is not None:
                self.victory_points[best[2] // 3] += data.PRIZE_VP
            if shift:
                museum = [NO_MARKER] * (MUSEUM_TOP + 1)
                for m, ring in enumerate(self.exhibited_rings):
                    if ring is None:
                        continue
                    s = self.marker_spaces[m] - shift
                    if s < 1:
                        self._leave(m)
                    else:
                        museum[s] = m
                        self.marker_spaces[m] = s
                self.museum = museum
        # PER-TURN-1: cards to the box, figures off, the leftmost player's figure gives the first player
        for v in self.funds_cards:
            self.funds_used[v - 1] += 1
        self.funds_cards = []
        self.funds_revealed = False
        track = self.funds_track
        for s in range(SPACES - 1, -1, -1):
            if 0 <= track[s] < RAIDER:
                self.first_player = track[s]
                break
        self.funds_track = [-1] * SPACES
        self.figure_spaces = [-1] * 5
        self.figure_order = []
        self.figure_index = 0
        if self.turn == data.TURNS:
            self._finish()
        else:
            self._begin_turn()

    def _finish(self) -> None:
        """PER-END-1 bonus for the oldest objects, then the winners (PER-END-2)."""
        objs = self.objects()
        dates = sorted((o[0] for o in objs), reverse=True)
        for date, _, m in objs:  # objects of equal date (other types, custom tables) share their place
            place = dates.index(date)
            if place < len(data.FINAL_BONUS):
                self.victory_points[m // 3] += data.FINAL_BONUS[place]
        top = max(self.victory_points)
        tied = [p for p, v in enumerate(self.victory_points) if v == top]
        if len(tied) > 1:
            oldest: dict[int, int] = {}
            for date, _, m in objs:
                oldest[m // 3] = max(date, oldest.get(m // 3, date))
            best = max((oldest[p] for p in tied if p in oldest), default=None)
            if best is not None:  # the tied players whose oldest object is the oldest; still tied: shared
                tied = [p for p in tied if oldest.get(p) == best]
        self.final_winners = tied
        self.stage = ST_OVER

    # -- results, notation -------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(v) for v in self.victory_points]

    def winners(self) -> list[int]:
        return list(self.final_winners) if self.stage == ST_OVER else []

    def action_to_string(self, action: int) -> str:
        st = self.stage
        if st == ST_LAYOUT:
            return "draw " + self.game.tile_codes[action]
        if st == ST_CARD:
            return f"card {action + 1}"
        if st == ST_START:
            return f"start {action}"
        return player_action_to_string(action, self.game.tile_codes)

    def observed_action(self, action: int, observer: int | None) -> str:
        """The notation as everyone sees it (PER-HIDDEN-1; the same for every observer): a face-down funds card
        shows only its back, and the placement that reveals the cards (PER-FUNDS-2) carries their values, so the
        strings of a history are a perfect-recall record of what each player learned."""
        st = self.stage
        if st == ST_CARD:
            return "card chest" if action >= data.BAG_MAX else "card bag"
        text = self.action_to_string(action)
        if st == ST_PLACE and self.figures_placed == self.game.n - 1:
            return f"{text} (cards {self.funds_cards[0]} {self.funds_cards[1]})"
        return text

    def any_action_to_string(self, action: int) -> str:
        if self.stage <= ST_CARD:
            return self.action_to_string(action)
        return player_action_to_string(action, self.game.tile_codes)

    # -- state as data -----------------------------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        """PER-INV-1..3 (tiles conserved, museum and rings valid, coins >= 0, funds cards used once)."""
        return self._tile_violations() + self._museum_violations() + self._funds_violations()

    def _tile_violations(self) -> list[str]:
        """PER-INV-1: every tile is in exactly one place."""
        out = []
        n_tiles = len(self.game.tiles)
        gal = sum(len(x) for x in self.galleries)
        sup = sum(len(x) for x in self.supply)
        exh = sum(len(r) for r in self.exhibited_rings if r is not None)
        total = self.calendar_tiles + len(self.drawn_tiles) + gal + sup + exh + self.box_tiles + self.box_unseen_tiles
        if total != n_tiles:
            out.append(f"PER-INV-1: {total} tiles accounted for, not {n_tiles}")
        if len(self.undrawn_tiles) != self.calendar_tiles + self.box_unseen_tiles:
            out.append("PER-INV-1: undrawn tiles differ from calendar + unseen box")
        seen = [t for x in self.galleries for t in x] + [t for x in self.supply for t in x] + [
            t for r in self.exhibited_rings if r is not None for t in r] + self.drawn_tiles + self.undrawn_tiles
        if len(seen) != len(set(seen)):
            out.append("PER-INV-1: a tile is in two places")
        return out

    def _museum_violations(self) -> list[str]:
        """PER-INV-2: each marker on its own space, each exhibited collection a closed ring."""
        g = self.game
        out = []
        placed = [m for m in self.museum[1:] if m >= 0]
        if len(placed) != len(set(placed)):
            out.append("PER-INV-2: a marker is on two museum spaces")
        for m, ring in enumerate(self.exhibited_rings):
            if ring is None:
                if self.marker_spaces[m] or m in placed:
                    out.append(f"PER-INV-2: marker {m} is in the museum without a collection")
                continue
            if self.museum[self.marker_spaces[m]] != m:
                out.append(f"PER-INV-2: marker {m} is not on its space {self.marker_spaces[m]}")
            k = len(ring)
            if k < 2 or any(g.tile_right_types[ring[i]] != g.tile_left_types[ring[(i + 1) % k]] for i in range(k)):
                out.append(f"PER-INV-2: collection {m} is not a closed ring: {ring}")
        return out

    def _funds_violations(self) -> list[str]:
        """PER-INV-3: no negative coins, every funds card counted once (and all used once the game is over)."""
        out = []
        if min(self.coins) < 0:
            out.append(f"PER-INV-3: negative coins {self.coins}")
        for v in range(data.FUNDS_CARD_VALUES):
            held = self.funds_deck[v] + self.funds_used[v] + self.funds_cards.count(v + 1)
            if held != data.FUNDS_CARD_COPIES:
                out.append(f"PER-INV-3: funds card {v + 1} counted {held} times")
        if self.stage == ST_OVER and (sum(self.funds_deck) != 0 or sum(self.funds_used) != 24):
            out.append("PER-INV-3: not every funds card was used exactly once")
        return out

    def string_to_action(self, text: str) -> int:
        """The notation, with ``dig 4`` for ``dig IV`` and ``break 2`` for ``break II`` accepted too."""
        return super().string_to_action(alias(text))

    # -- chance (drawn directly, for the search loops) ---------------------------------------------------
    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn directly, in the order of ``chance_outcomes()`` (same outcome for the same number)."""
        r = rng.random()
        stage = self.stage
        if stage == ST_LAYOUT:
            unseen = self.undrawn_tiles
            return unseen[min(int(r * len(unseen)), len(unseen) - 1)]
        if stage == ST_CARD:
            deck = self.funds_deck
            x = r * sum(deck)
            acc = 0
            for v, count in enumerate(deck):
                acc += count
                if x < acc:
                    return v
            return max(v for v, count in enumerate(deck) if count)
        n: int = self.game.n
        return min(int(r * n), n - 1)  # ST_START: the first player

    # -- small helpers for tools and tests -----------------------------------------------------------------
    def tile(self, code: str) -> int:
        """Tile index from its short name (``"4.63"``)."""
        return self.game.code_index[code]

    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]


class PergamonGame(Game):
    """Pergamon for 2-4 players (2 players add the tomb raider)."""

    name = "pergamon"
    state_class = PergamonState
    SEAT_COLOURS = ("red", "blue", "green", "yellow")
    """The colours of the figures and markers, as the web table draws them (the rules do not fix them)."""
    title = "Pergamon"
    hidden_information = True
    shared_observations = True
    OPTIONS = {
        "players": Option(2, OPTION_HELP["players"], int_option(2, 4)),
        "open_scores": Option(False, OPTION_HELP["open_scores"], bool_option),
        "start_player": Option(0, OPTION_HELP["start_player"],
                               Validator(_start_player_option, "seat", choices=(0, 1, 2, 3, "random"))),
        "storage_fee": Option("started_group", OPTION_HELP["storage_fee"],
                              choice_option("started_group", "full_group")),
        "payout_shortage": Option("take_rest", OPTION_HELP["payout_shortage"], choice_option("take_rest", "nothing")),
        "tables": Option(None, OPTION_HELP["tables"], tables.parse_option, path=True),
    }

    def _configure(self) -> None:
        n = self.options["players"]
        sp = self.options["start_player"]
        if sp != "random" and sp >= n:
            raise OptionError(f"option 'start_player' of {self.name}: got {sp}; allowed: a seat 0-{n - 1} or 'random'",
                              option_reason("start_player", sp, "error.allowed.seat", n=n, last=n - 1))
        self.n: int = n
        self.raider = n == 2
        self.fee_full_groups = self.options["storage_fee"] == "full_group"
        self.all_or_nothing = self.options["payout_shortage"] == "nothing"
        self._install_tables(tables.resolve(self.options["tables"]))

    @classmethod
    def with_tables(cls, tiles: Any = None, track: Any = None, bands: Any = None, **options: Any) -> PergamonGame:
        """A game whose RECONSTRUCTED tables are replaced by the given rows (``None``: keep that table), e.g. by
        the tests' fixtures; the same as the option ``tables`` with those tables' data."""
        if tiles is None and track is None and bands is None:
            return cls(**options)
        return cls(tables=tables.option_data(tiles, track, bands, name="test tables"), **options)

    def __repr__(self) -> str:
        """As the contract's, with custom tables shown by name (their data is long)."""
        shown = {k: repr(v) for k, v in self.options.items()}
        if self.options["tables"] is not None:
            shown["tables"] = f"<{self.options['tables']['name']}>"
        return f"museion.load({self.name!r}, {', '.join(f'{k}={v}' for k, v in shown.items())})"

    def _install_tables(self, chosen: tables.Tables) -> None:
        """The engine's lookup tuples from the validated tables (nothing else reads the tables' values)."""
        self.chosen_tables = chosen
        self.tables_in_use = tables.describe(chosen)
        tiles = self.tiles = chosen.tiles
        self.tile_left_types = tuple(data.TYPES.index(t[0]) for t in tiles)
        self.tile_right_types = tuple(data.TYPES.index(t[3]) for t in tiles)
        self.tile_numbers = tuple(t[1] for t in tiles)
        self.tile_centuries = tuple(t[2] for t in tiles)
        self.tile_ages = tuple(t[2] * 100 + t[1] for t in tiles)
        sides = zip(self.tile_left_types, self.tile_right_types, strict=True)
        self.tile_type_pairs = tuple(4 * a + b for a, b in sides)
        self.tile_codes = tuple(tile_code(t[2], t[1]) for t in tiles)
        self.code_index = {c: i for i, c in enumerate(self.tile_codes)}
        track = self.track = chosen.track
        self.request = tuple(r[0] for r in track)
        self.max_gallery = tuple(r[1] for r in track)
        self.raider_space = tuple(next(i for i, r in enumerate(track) if r[2] == k) for k in range(3))
        vp = [0] * (MUSEUM_TOP + 1)
        for lo, hi, points in chosen.bands:
            for s in range(lo, hi + 1):
                vp[s] = points
        self.bands = chosen.bands
        self.space_vp = tuple(vp)

    # -- sizes -------------------------------------------------------------------------------------------
    def num_players(self) -> int:
        return self.n

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return data.TURNS * data.PILE_SIZE

    def max_game_length(self) -> int:
        """A proven bound on the actions of any game (chance outcomes included), counted by kind:

        * chance: 1 first player, then per turn at most 5 layout draws and 2 funds cards;
        * per turn each player puts a figure once (``P…``): n;
        * per phase-3 turn of a player: at most one ``dig``, one ``end``, one ``pay`` (each ends its step);
        * abandoned collections: at most MAX_CANCELS per phase-3 turn, because a player who has cancelled
          MAX_CANCELS times is offered no ``+find`` at the main step (the only way to start one), while ``cancel``
          itself is always offered (PER-EXH-1). Each holds at most the 60 tiles (a ring never repeats a find),
          plus ``close``, ``break`` and ``cancel``: at most 60 + 3 actions;
        * exhibited collections: each takes at least 2 finds out of a supply for good (finds enter a supply only by
          excavation, each tile at most once, and exhibited finds never return), so at most 30 over the game, with
          at most 60 ``+find`` in all, plus ``close``, ``break``, ``polish`` each;
        * drops: each sends a find from a supply to the box for good: at most 60.
        Every legal action is one of these (main: dig / +find / end; build: +find / close / cancel; break:
        break / cancel; polish: polish / cancel; store: pay / drop; space: P…), so no game is longer."""
        n = self.n
        tiles = data.TURNS * data.PILE_SIZE
        per_player_turn = 3 + MAX_CANCELS * (tiles + 3)
        return 1 + data.TURNS * (data.PILE_SIZE + 2 + n) + data.TURNS * n * per_player_turn + (
            tiles + 3 * (tiles // 2)) + tiles

    def observation_tensor_size(self) -> int:
        return view.observation_layout(self.n).size

    def evaluation_scale(self) -> float:
        return evaluate.SCALE

    def feature_names(self) -> list[str]:
        return list(evaluate.FEATURES)


def storage_fee(finds: int, full_groups: bool = False) -> int:
    """PER-STORE-1: 3 finds are free, then 1 coin per group of 3 further finds: per started group (4-6 finds cost
    1, 7-9 cost 2, ...) or, with ``full_groups`` (option ``storage_fee="full_group"``), per full group (4-5 free,
    6-8 cost 1, 9-11 cost 2, ...)."""
    extra = finds - data.FREE_STORAGE
    if extra <= 0:
        return 0
    return extra // data.STORAGE_GROUP if full_groups else -(-extra // data.STORAGE_GROUP)


__all__ = ["PergamonGame", "PergamonState", "RAIDER", "ROMAN", "STAGE_NAMES"]
