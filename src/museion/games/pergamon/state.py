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
from typing import Any

from museion.core.errors import OptionError
from museion.core.game import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    Option,
    State,
    Validator,
    bool_option,
    choice_option,
    int_option,
)
from museion.games.pergamon import data, tables
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
    player_action_to_string,
    tile_code,
)
from museion.games.pergamon.rules import OPTION_HELP

# stages
ST_START, ST_LAYOUT, ST_CARD, ST_PLACE, ST_MAIN, ST_BUILD, ST_BREAK, ST_POLISH, ST_STORE, ST_OVER = range(10)
STAGE_NAMES = ("start", "layout", "cards", "space", "main", "build", "break", "polish", "store", "over")
"""Stage names in views: first player chance, tile layout chance, funds-card chance, choosing a space, the
phase-3 menu (excavate / start a collection / end), building a collection, choosing the collection to break up,
polishing (confirms), storage, game over."""
RAIDER = 4                 # actor id of the tomb raider (players are 0-3)
MAX_CANCELS = 3
"""DECISION (PER-EXH-1): a player who abandoned 3 collections in a phase-3 turn starts no other one that turn. A
collection being built can always be cancelled; the cap only keeps games finite (see ``max_game_length``)."""
NO_MARKER = -1
MUSEUM_TOP = data.MUSEUM_SPACES

_REACH: dict[int, tuple[tuple[int, int, int, int], int]] = {}


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
        raise ValueError(f"got {value!r}; allowed: a seat 0-3 (below the number of players) or 'random'") from None


class PergamonGame(Game):
    """Pergamon for 2-4 players (2 players add the tomb raider)."""

    name = "pergamon"
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
            raise OptionError(f"option 'start_player' of {self.name}: got {sp}; allowed: a seat 0-{n - 1} or 'random'")
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
        self.tables_in_use = tables.describe(chosen)
        tiles = self.tiles = chosen.tiles
        self.t_lt = tuple(data.TYPES.index(t[0]) for t in tiles)
        self.t_rt = tuple(data.TYPES.index(t[3]) for t in tiles)
        self.t_num = tuple(t[1] for t in tiles)
        self.t_cen = tuple(t[2] for t in tiles)
        self.t_age = tuple(t[2] * 100 + t[1] for t in tiles)
        self.t_pair = tuple(4 * a + b for a, b in zip(self.t_lt, self.t_rt, strict=True))
        self.t_code = tuple(tile_code(t[2], t[1]) for t in tiles)
        self.code_index = {c: i for i, c in enumerate(self.t_code)}
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
        from museion.games.pergamon.view import observation_size

        return observation_size(self.n)

    def evaluation_scale(self) -> float:
        from museion.games.pergamon.evaluate import SCALE

        return SCALE

    def feature_names(self) -> list[str]:
        from museion.games.pergamon.evaluate import FEATURES

        return list(FEATURES)


class PergamonState(State["PergamonGame"]):
    """One position of Pergamon. Fields are plain ints and lists (see ``key()`` for the complete list)."""

    __slots__ = (
        "stage", "turn", "first", "actor", "galleries", "pending", "to_draw", "unseen", "calendar", "box",
        "box_unseen", "deck", "cards", "revealed", "used", "coins", "vp", "supply", "rings", "mspace", "mvalue",
        "museum", "pos", "track", "order", "oi", "placed", "can_dig", "cancels", "ring", "brk", "polish_cap",
        "_winners",
    )

    def _start(self) -> None:
        game = self.game
        n = game.n
        self.stage = ST_START
        self.turn = 0
        self.first = 0
        self.actor = 0
        self.galleries: list[list[int]] = [[] for _ in range(data.GALLERIES)]
        self.pending: list[int] = []
        self.to_draw = 0
        self.unseen: list[int] = list(range(len(game.tiles)))
        self.calendar = len(game.tiles)
        self.box = 0
        self.box_unseen = 0
        self.deck = [data.FUNDS_CARD_COPIES] * data.FUNDS_CARD_VALUES
        self.cards: list[int] = []
        self.revealed = False
        self.used = [0] * data.FUNDS_CARD_VALUES
        self.coins = [0] * 5
        self.vp = [0] * n
        self.supply: list[list[int]] = [[] for _ in range(n)]
        self.rings: list[tuple[int, ...] | None] = [None] * (3 * n)
        self.mspace = [0] * (3 * n)
        self.mvalue = [0] * (3 * n)
        self.museum = [NO_MARKER] * (MUSEUM_TOP + 1)
        self.pos = [-1] * 5
        self.track = [-1] * SPACES
        self.order: list[int] = []
        self.oi = 0
        self.placed = 0
        self.can_dig = False
        self.cancels = 0
        self.ring: list[int] = []
        self.brk = -1
        self.polish_cap = 0
        self._winners: list[int] = []
        sp = game.options["start_player"]
        if sp != "random":
            self.first = sp
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
            p = 1.0 / len(self.unseen)
            return [(t, p) for t in self.unseen]
        if st == ST_CARD:
            deck = self.deck
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
            return self.unseen[:]
        if st == ST_MAIN:
            a = self.actor
            acts = [A_DIG + k for k in self._diggable(a)]
            acts += [A_TILE + t for t in self._startable(a)]
            acts.append(A_END)
            return acts
        if st == ST_BUILD:
            return self._build_actions()
        if st == ST_PLACE:
            track = self.track
            return [s for s in range(SPACES) if track[s] < 0]
        if st == ST_CARD:
            return [v for v, c in enumerate(self.deck) if c]
        if st == ST_POLISH:  # PER-EXH-1: the player may still give up (cancel); nothing is exhibited for them
            return [*range(A_POLISH, A_POLISH + self.polish_cap + 1), A_CANCEL]
        if st == ST_STORE:
            a = self.actor
            acts = [A_PAY] if self.coins[a] >= self._fee(a) else []
            acts.extend([A_DROP + t for t in self.supply[a]])
            return acts
        if st == ST_BREAK:
            return [A_BREAK, A_BREAK + 1, A_BREAK + 2, A_CANCEL]
        if st == ST_START:
            return list(range(g.n))
        return []

    def _build_actions(self) -> list[int]:
        g = self.game
        lt, rt, pair = g.t_lt, g.t_rt, g.t_pair
        ring = self.ring
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
            self.unseen.remove(action)
            self.calendar -= 1
            self.pending.append(action)
            if len(self.pending) == self.to_draw:
                self._lay_out()
        elif st == ST_MAIN:
            if action == A_END:
                self._to_storage()
            elif action >= A_TILE:
                self.ring = [action - A_TILE]
                self.stage = ST_BUILD
            else:
                self._dig(action - A_DIG)
        elif st == ST_BUILD:
            if action < A_CLOSE:
                self.ring.append(action - A_TILE)
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
                self.coins[a] -= self._fee(a)
                self._next_actor()
            else:
                self.supply[a].remove(action - A_DROP)
                self.box += 1
                if not self._fee(a):
                    self._next_actor()
        elif st == ST_BREAK:
            if action == A_CANCEL:
                self._cancel()
            else:
                self.brk = action - A_BREAK
                self._enter_polish()
        elif st == ST_START:
            self.first = action
            self._begin_turn()

    # -- phase 1: layout ---------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.turn += 1
        k = sum(1 for gal in self.galleries if len(gal) < data.GALLERY_SIZE)
        self.calendar -= data.PILE_SIZE - k          # the rest of the pile goes to the box unseen
        self.box_unseen += data.PILE_SIZE - k
        self.to_draw = k
        self.pending = []
        if k:
            self.stage = ST_LAYOUT
        else:
            self._start_funds()

    def _lay_out(self) -> None:
        age = self.game.t_age
        drawn = sorted(self.pending, key=age.__getitem__)
        i = 0
        for gal in self.galleries:
            if len(gal) < data.GALLERY_SIZE:
                gal.append(drawn[i])
                i += 1
        self.pending = []
        self._start_funds()

    # -- phase 2: funds ----------------------------------------------------------------------------------
    def _start_funds(self) -> None:
        self.cards = []
        self.revealed = False
        self.stage = ST_CARD

    def _draw_card(self, v: int) -> None:
        self.deck[v] -= 1
        self.cards.append(v + 1)
        if len(self.cards) == 2:
            if self.game.raider:
                chests = sum(1 for c in self.cards if c > data.BAG_MAX)
                s = self.game.raider_space[chests]
                self.track[s] = RAIDER
                self.pos[RAIDER] = s
            self.stage = ST_PLACE
            self.placed = 0
            self.actor = self.first

    def _place(self, s: int) -> None:
        a = self.actor
        self.track[s] = a
        self.pos[a] = s
        self.placed += 1
        n = self.game.n
        if self.placed < n:
            self.actor = (self.first + self.placed) % n
            return
        # reveal and pay out (PER-FUNDS-2)
        self.revealed = True
        left = self.cards[0] + self.cards[1]
        order = [x for x in self.track if x >= 0]
        request = self.game.request
        coins = self.coins
        for x in order[:-1]:
            take = request[self.pos[x]]
            if take > left:  # PER-FUNDS-2: a shortage; the option says whether the rest or nothing is taken
                take = 0 if self.game.all_or_nothing else left
            coins[x] += take
            left -= take
        coins[order[-1]] += left
        self.order = order
        self.oi = -1
        self._next_actor()

    # -- phase 3: excavate, exhibit, store ---------------------------------------------------------------
    def _next_actor(self) -> None:
        """Move to the next figure from right to left; run the raider; skip turns with nothing to decide."""
        order = self.order
        while True:
            self.oi += 1
            if self.oi >= len(order):
                self._end_turn()
                return
            a = order[self.oi]
            if a == RAIDER:
                self._raider_turn()
                continue
            self.actor = a
            self.can_dig = True
            self.cancels = 0
            self.stage = ST_MAIN
            if self._main_has_choice():
                return
            if self._fee(a):
                self.stage = ST_STORE
                return

    def _main_has_choice(self) -> bool:
        a = self.actor
        return bool(self._diggable(a) or self._startable(a))

    def _fee(self, a: int) -> int:
        """PER-STORE-1: the storage fee player ``a`` owes now."""
        return storage_fee(len(self.supply[a]), self.game.fee_full_groups)

    def _diggable(self, a: int) -> list[int]:
        """Galleries (0 = I) that player ``a`` may excavate now: allowed by the space, affordable, not empty."""
        if not self.can_dig:
            return []
        gal = self.galleries
        return [k for k in range(min(self.game.max_gallery[self.pos[a]], self.coins[a])) if gal[k]]

    def _startable(self, a: int) -> list[int]:
        """Finds that may start a collection now: none once MAX_CANCELS collections were abandoned this turn."""
        return self._ring_finds(a) if self.cancels < MAX_CANCELS else []

    def _ring_finds(self, a: int) -> list[int]:
        """Finds of ``a``'s supply that lie on some closable ring (PER-EXH-1), so may start a collection."""
        sup = self.supply[a]
        if len(sup) < 2:
            return []
        pair = self.game.t_pair
        adj = 0
        for t in sup:
            adj |= 1 << pair[t]
        cyc = _reach(adj)[1]
        return [t for t in sup if cyc >> pair[t] & 1]

    def _to_storage(self) -> None:
        if self._fee(self.actor):
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
        self.can_dig = False
        self._after_step()

    def _raider_turn(self) -> None:
        """PER-RAIDER-3: loot the deepest affordable allowed gallery with finds."""
        coins = self.coins[RAIDER]
        deepest = min(self.game.max_gallery[self.pos[RAIDER]], coins)
        for k in range(deepest - 1, -1, -1):
            gal = self.galleries[k]
            if gal:
                self.coins[RAIDER] = coins - (k + 1)
                self.box += len(gal)
                self.galleries[k] = []
                return

    def _closed(self) -> None:
        self.brk = -1
        if all(self.rings[3 * self.actor + m] is not None for m in range(3)):
            self.stage = ST_BREAK
        else:
            self._enter_polish()

    def _enter_polish(self) -> None:
        g = self.game
        cen = g.t_cen
        base = sum(cen[t] for t in self.ring)
        room = MUSEUM_TOP - base
        if room < 0:
            room = 0
        coins = self.coins[self.actor]
        cap = room if room < coins else coins
        if self.turn < data.TURNS and cap > 3:
            cap = 3
        if cap > MAX_POLISH:
            cap = MAX_POLISH
        self.polish_cap = cap
        self.stage = ST_POLISH

    def _cancel(self) -> None:
        self.ring = []
        self.brk = -1
        self.cancels += 1
        self._after_step()

    def _commit(self, polish: int) -> None:
        """Exhibit the ring: break up first if asked, pay polish, shift and place the marker, 1 VP."""
        g = self.game
        a = self.actor
        if self.brk >= 0:
            self._remove_collection(3 * a + self.brk)
            m = 3 * a + self.brk
        else:
            m = next(3 * a + k for k in range(3) if self.rings[3 * a + k] is None)
        ring = tuple(self.ring)
        value = sum(g.t_cen[t] for t in ring) + polish
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
                    self.mspace[x] = s - 1
        museum[space] = m
        self.mspace[m] = space
        self.mvalue[m] = value
        self.rings[m] = ring
        sup = self.supply[a]
        for t in ring:
            sup.remove(t)
        self.vp[a] += 1
        self.ring = []
        self.brk = -1
        self.can_dig = False
        self._after_step()

    def _leave(self, m: int) -> None:
        """PER-EXH-6: a marker leaving the museum returns; its finds go to the box."""
        ring = self.rings[m]
        assert ring is not None, "only a marker in the museum leaves it"
        self.box += len(ring)
        self.rings[m] = None
        self.mspace[m] = 0
        self.mvalue[m] = 0

    def _remove_collection(self, m: int) -> None:
        self.museum[self.mspace[m]] = NO_MARKER
        self._leave(m)

    # -- phase 4 and the end of a turn -------------------------------------------------------------------
    def objects(self) -> list[tuple[int, int, int]]:
        """Every exhibited complete object as (date, type, marker id)."""
        g = self.game
        rt, cen, num = g.t_rt, g.t_cen, g.t_num
        out = []
        for m, ring in enumerate(self.rings):
            if ring is None:
                continue
            k = len(ring)
            for i in range(k):
                x = ring[i]
                out.append((cen[x] * 100 + num[ring[(i + 1) % k]], rt[x], m))
        return out

    def _end_turn(self) -> None:
        g = self.game
        ev = data.EVALUATIONS.get(self.turn)
        if ev is not None:
            kind, shift = ev
            for m, ring in enumerate(self.rings):
                if ring is not None:
                    self.vp[m // 3] += g.space_vp[self.mspace[m]]
            best = max((o for o in self.objects() if o[1] == kind), default=None)
            if best is not None:
                self.vp[best[2] // 3] += data.PRIZE_VP
            if shift:
                museum = [NO_MARKER] * (MUSEUM_TOP + 1)
                for m, ring in enumerate(self.rings):
                    if ring is None:
                        continue
                    s = self.mspace[m] - shift
                    if s < 1:
                        self._leave(m)
                    else:
                        museum[s] = m
                        self.mspace[m] = s
                self.museum = museum
        # PER-TURN-1: cards to the box, figures off, the leftmost player's figure gives the first player
        for v in self.cards:
            self.used[v - 1] += 1
        self.cards = []
        self.revealed = False
        track = self.track
        for s in range(SPACES - 1, -1, -1):
            if 0 <= track[s] < RAIDER:
                self.first = track[s]
                break
        self.track = [-1] * SPACES
        self.pos = [-1] * 5
        self.order = []
        self.oi = 0
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
                self.vp[m // 3] += data.FINAL_BONUS[place]
        top = max(self.vp)
        tied = [p for p, v in enumerate(self.vp) if v == top]
        if len(tied) > 1:
            oldest: dict[int, int] = {}
            for date, _, m in objs:
                oldest[m // 3] = max(date, oldest.get(m // 3, date))
            best = max((oldest[p] for p in tied if p in oldest), default=None)
            if best is not None:  # the tied players whose oldest object is the oldest; still tied: shared
                tied = [p for p in tied if oldest.get(p) == best]
        self._winners = tied
        self.stage = ST_OVER

    # -- results, notation -------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        return list(self._winners) if self.stage == ST_OVER else []

    def action_to_string(self, action: int) -> str:
        st = self.stage
        if st == ST_LAYOUT:
            return "draw " + self.game.t_code[action]
        if st == ST_CARD:
            return f"card {action + 1}"
        if st == ST_START:
            return f"start {action}"
        return player_action_to_string(action, self.game.t_code)

    def observed_action(self, action: int, observer: int | None) -> str:
        """The notation as everyone sees it (PER-HIDDEN-1; the same for every observer): a face-down funds card
        shows only its back, and the placement that reveals the cards (PER-FUNDS-2) carries their values, so the
        strings of a history are a perfect-recall record of what each player learned."""
        st = self.stage
        if st == ST_CARD:
            return "card chest" if action >= data.BAG_MAX else "card bag"
        text = self.action_to_string(action)
        if st == ST_PLACE and self.placed == self.game.n - 1:
            return f"{text} (cards {self.cards[0]} {self.cards[1]})"
        return text

    def _describe(self, action: int) -> str:
        if self.stage <= ST_CARD:
            return self.action_to_string(action)
        return player_action_to_string(action, self.game.t_code)

    # -- state as data -----------------------------------------------------------------------------------
    def key(self) -> tuple[Any, ...]:
        return (
            self.stage, self.turn, self.first, self.actor, tuple(tuple(g) for g in self.galleries),
            tuple(self.pending), self.to_draw, tuple(self.unseen), self.calendar, self.box, self.box_unseen,
            tuple(self.deck), tuple(self.cards), self.revealed, tuple(self.used), tuple(self.coins), tuple(self.vp),
            tuple(tuple(s) for s in self.supply), tuple(self.rings), tuple(self.mspace), tuple(self.mvalue),
            tuple(self.museum), tuple(self.pos), tuple(self.track), tuple(self.order), self.oi, self.placed,
            self.can_dig, self.cancels, tuple(self.ring), self.brk, self.polish_cap, tuple(self._winners),
        )

    def _copy_into(self, other: State[Any]) -> None:
        assert isinstance(other, PergamonState)
        o: PergamonState = other
        o.stage = self.stage
        o.turn = self.turn
        o.first = self.first
        o.actor = self.actor
        o.galleries = [g[:] for g in self.galleries]
        o.pending = self.pending[:]
        o.to_draw = self.to_draw
        o.unseen = self.unseen[:]
        o.calendar = self.calendar
        o.box = self.box
        o.box_unseen = self.box_unseen
        o.deck = self.deck[:]
        o.cards = self.cards[:]
        o.revealed = self.revealed
        o.used = self.used[:]
        o.coins = self.coins[:]
        o.vp = self.vp[:]
        o.supply = [s[:] for s in self.supply]
        o.rings = self.rings[:]
        o.mspace = self.mspace[:]
        o.mvalue = self.mvalue[:]
        o.museum = self.museum[:]
        o.pos = self.pos[:]
        o.track = self.track[:]
        o.order = self.order[:]
        o.oi = self.oi
        o.placed = self.placed
        o.can_dig = self.can_dig
        o.cancels = self.cancels
        o.ring = self.ring[:]
        o.brk = self.brk
        o.polish_cap = self.polish_cap
        o._winners = self._winners[:]

    def invariant_violations(self) -> list[str]:
        """PER-INV-1..3 (tiles conserved, museum and rings valid, coins >= 0, funds cards used once)."""
        g = self.game
        out = []
        n_tiles = len(g.tiles)
        gal = sum(len(x) for x in self.galleries)
        sup = sum(len(x) for x in self.supply)
        exh = sum(len(r) for r in self.rings if r is not None)
        total = self.calendar + len(self.pending) + gal + sup + exh + self.box + self.box_unseen
        if total != n_tiles:
            out.append(f"PER-INV-1: {total} tiles accounted for, not {n_tiles}")
        if len(self.unseen) != self.calendar + self.box_unseen:
            out.append("PER-INV-1: undrawn tiles differ from calendar + unseen box")
        seen = [t for x in self.galleries for t in x] + [t for x in self.supply for t in x] + [
            t for r in self.rings if r is not None for t in r] + self.pending + self.unseen
        if len(seen) != len(set(seen)):
            out.append("PER-INV-1: a tile is in two places")
        placed = [m for m in self.museum[1:] if m >= 0]
        if len(placed) != len(set(placed)):
            out.append("PER-INV-2: a marker is on two museum spaces")
        for m, ring in enumerate(self.rings):
            if ring is None:
                if self.mspace[m] or m in placed:
                    out.append(f"PER-INV-2: marker {m} is in the museum without a collection")
                continue
            if self.museum[self.mspace[m]] != m:
                out.append(f"PER-INV-2: marker {m} is not on its space {self.mspace[m]}")
            k = len(ring)
            if k < 2 or any(g.t_rt[ring[i]] != g.t_lt[ring[(i + 1) % k]] for i in range(k)):
                out.append(f"PER-INV-2: collection {m} is not a closed ring: {ring}")
        if min(self.coins) < 0:
            out.append(f"PER-INV-3: negative coins {self.coins}")
        for v in range(data.FUNDS_CARD_VALUES):
            held = self.deck[v] + self.used[v] + self.cards.count(v + 1)
            if held != data.FUNDS_CARD_COPIES:
                out.append(f"PER-INV-3: funds card {v + 1} counted {held} times")
        if self.stage == ST_OVER and (sum(self.deck) != 0 or sum(self.used) != 24):
            out.append("PER-INV-3: not every funds card was used exactly once")
        return out

    # -- views (view.py) ---------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        from museion.games.pergamon.view import view

        return view(self, player)

    def observation_tensor(self, player: int) -> list[float]:
        from museion.games.pergamon.view import observation_tensor

        return observation_tensor(self, player)

    def resample(self, player: int, rng: random.Random | None = None) -> State[PergamonGame]:
        from museion.games.pergamon.view import resample

        return resample(self, player, rng or random.Random())

    def string_to_action(self, text: str) -> int:
        """The notation, with ``dig 4`` for ``dig IV`` and ``break 2`` for ``break II`` accepted too."""
        from museion.games.pergamon import explain

        return super().string_to_action(explain.alias(text))

    def events(self, action: int) -> list[Event]:
        from museion.games.pergamon.events import events

        return events(self, action)

    def determined_for(self, player: int) -> bool:
        """Only the values of the turn's face-down funds cards are ever redrawn by ``resample``."""
        return not (self.cards and not self.revealed)

    # -- bots (evaluate.py) ----------------------------------------------------------------------------
    def evaluate(self, player: int) -> list[float]:
        from museion.games.pergamon.evaluate import evaluate

        return evaluate(self, player)

    def features(self, player: int) -> list[float]:
        return self.seat_features()[player]

    def seat_features(self) -> list[list[float]]:
        from museion.games.pergamon.evaluate import seat_features

        return seat_features(self)

    def sample_chance(self, rng: random.Random) -> int:
        from museion.games.pergamon.evaluate import sample_chance

        return sample_chance(self, rng)

    # -- small helpers for tools and tests -----------------------------------------------------------------
    def tile(self, code: str) -> int:
        """Tile index from its short name (``"4.63"``)."""
        return self.game.code_index[code]

    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]


def storage_fee(finds: int, full_groups: bool = False) -> int:
    """PER-STORE-1: 3 finds are free, then 1 coin per group of 3 further finds: per started group (4-6 finds cost
    1, 7-9 cost 2, ...) or, with ``full_groups`` (option ``storage_fee="full_group"``), per full group (4-5 free,
    6-8 cost 1, 9-11 cost 2, ...)."""
    extra = finds - data.FREE_STORAGE
    if extra <= 0:
        return 0
    return extra // data.STORAGE_GROUP if full_groups else -(-extra // data.STORAGE_GROUP)


PergamonGame.state_class = PergamonState
__all__ = ["PergamonGame", "PergamonState", "RAIDER", "ROMAN", "STAGE_NAMES"]
