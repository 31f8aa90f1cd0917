"""Imhotep rules (A sides): the game configuration and the state (IMH-* rule IDs).

Seats 0..n-1 play black, white, brown, grey; "clockwise" and "to the left" mean the next seat. A stone is
stored as its owner's seat. The state is plain data so that a step and a clone are cheap; its fields are declared,
each with its meaning, in ``fields.py``:

* per player: ``quarry``, ``sled``, ``score_track``, ``obelisks`` (heights) and ``hands`` (flat
  ``player * 12 + card type`` counts of the market cards held);
* ships: ``ship_sizes``/``ship_minimums`` (of the round card), ``ship_spaces`` (flat ``ship * 4 + space`` owners,
  -1 empty, space 0 = bow), ``ship_loads``, ``ship_sites`` (-1 while in the harbour), ``docked_sites`` (bitmask);
* sites: ``pyramid``, ``temple``, ``burial_chamber`` (owners in placement order; geometry follows from the index);
* cards: ``draw_pile`` (the not-yet-seen cards by type: a multiset, its order is not stored since every deal is a
  chance node), ``market`` (face-up counts by type), ``discard_pile`` (counts by type);
* round cards: ``round_cards_used`` (bitmask of the cards revealed so far), ``round_cards_revealed`` (their order).

A turn is one decision, except blue cards and unloading, which continue with small decisions: Lever (choose the
ship and site, then the colour of each next stone, chosen after the previous one was unloaded and, at the market,
after its owner picked a card), Hammer (the stones are taken automatically, then a placement), Sail (a placement,
then the site), Chisel (two placements), and at the market one pick by the owner of each unloaded stone. Decisions
without a real choice (one card type left in the market, one colour left in the Lever order) are made
automatically. ``lever_unloaded`` lists the stones a Lever has unloaded so far (shown in views), ``lever_stones``
the stones still aboard its ship.
"""

from __future__ import annotations

import random
from typing import Any, Final

from museion.core.errors import InvalidValue, OptionError, option_reason, shown
from museion.core.game import CHANCE, TERMINAL, Game, Option, Validator, bool_option, int_option
from museion.games.imhotep import actions as act
from museion.games.imhotep import data, evaluate, view
from museion.games.imhotep.data import (
    BURIAL,
    CARD_COUNTS,
    CHISEL_1,
    CHISEL_2,
    DEAL,
    DECK_SIZE,
    FREE_SITES,
    HAMMER_PLACE,
    LEVER_ORDER,
    LEVER_SAIL,
    MARKET,
    MARKET_PICK,
    OBELISK,
    OVER,
    PAVED_PATH,
    PHASE_NAMES,
    PLAYABLE_STONES,
    PYRAMID,
    PYRAMID_VALUES,
    RED_CARD_SITE,
    ROUND,
    SAIL_PLACE,
    SAIL_SAIL,
    SHIP_MINIMUM,
    START,
    TEMPLE,
    TURN,
)
from museion.games.imhotep.rules import OPTION_HELP
from museion.games.imhotep.scoring import burial_points, obelisk_points, site_stones, statue_points
from museion.games.imhotep.state_base import ImhotepStateBase

NT: Final = data.NUM_CARD_TYPES


# -- options ---------------------------------------------------------------------------------------------
def _parse_start(value: Any) -> int | str:
    allowed = "a seat 0-3 (or a colour black/white/brown/grey) or 'random'"
    if isinstance(value, bool):
        raise InvalidValue(f"got {shown(value)}; allowed: {allowed}", shown(value), "imhotep.allowed.start")
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "random":
            return "random"
        if text in data.COLOURS:
            return data.COLOURS.index(text)
        if text.isdigit():
            value = int(text)
    if isinstance(value, int) and 0 <= value < len(data.COLOURS):
        return value
    raise InvalidValue(f"got {shown(value)}; allowed: {allowed}", shown(value), "imhotep.allowed.start")


class ImhotepState(ImhotepStateBase["ImhotepGame"]):
    """One Imhotep position: the fields are declared in ``fields.py`` (``state_base.py`` holds them)."""

    __slots__ = ()

    def _start(self) -> None:
        game = self.game
        n = self.player_count = game.n
        self.quarry = [PLAYABLE_STONES] * n
        self.sled = [0] * n
        self.score_track = [0] * n
        self.hands = [0] * (n * NT)
        self.obelisks = [0] * n
        self.pyramid = []
        self.temple = []
        self.burial_chamber = []
        self.ship_sizes = (0, 0, 0, 0)
        self.ship_minimums = (0, 0, 0, 0)
        self.ship_spaces = [-1] * 16
        self.ship_loads = [0, 0, 0, 0]
        self.ship_sites = [-1, -1, -1, -1]
        self.docked_sites = 0
        self.ships_sailed = 0
        self.market = [0] * NT
        self.market_size = 0
        self.draw_pile = list(CARD_COUNTS)  # IMH-SETUP-4: the shuffled deck, as a multiset
        self.draw_pile_size = DECK_SIZE
        self.discard_pile = [0] * NT
        self.round_cards_used = 0
        self.round_cards_revealed = ()
        self.market_deals_left = 0
        self.lever_stones = []
        self.lever_unloaded = []
        self.market_queue = []
        self.sail_card_ship = -1
        self.lever_site = -1
        self.consecutive_passes = 0
        self.rounds_played = 0
        self.final_score_rows = None
        self.turn_player = 0
        self.round_start_player = 0
        self.last_active_player = 0
        start = game.options["start_player"]
        if start == "random":  # IMH-SETUP-7
            self.phase = START
        else:
            self._setup(start)
        self.to_move = CHANCE

    # -- contract --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == DEAL:
            draw, total = self.draw_pile, self.draw_pile_size
            return [(t, draw[t] / total) for t in range(NT) if draw[t]]
        if phase == ROUND:
            left = [c for c in range(len(self.game.round_cards)) if not self.round_cards_used >> c & 1]
            return [(c, 1.0 / len(left)) for c in left]
        if phase == START:
            return [(s, 1.0 / self.player_count) for s in range(self.player_count)]
        return []

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == DEAL:
            draw = self.draw_pile
            return [t for t in range(NT) if draw[t]]
        if phase == MARKET_PICK:
            market = self.market
            return [act.PICK + t for t in range(NT) if market[t]]
        if phase == HAMMER_PLACE or phase == CHISEL_1 or phase == CHISEL_2:
            return self._place_actions()
        if phase == SAIL_PLACE:
            return self._place_actions(sail_card=True)
        if phase == SAIL_SAIL:
            base = act.SAIL + 5 * self.sail_card_ship
            return [base + s for s in FREE_SITES[self.docked_sites]]
        if phase == LEVER_SAIL:
            return self._sail_actions()
        if phase == LEVER_ORDER:
            return [act.ORDER + p for p in sorted(set(self.lever_stones))]
        if phase == ROUND or phase == START:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def action_to_string(self, action: int) -> str:
        phase = self.phase
        try:
            if phase == DEAL:
                return act.DEAL_NAMES[action]
            if phase == ROUND:
                return self.game.round_names[action]
            if phase == START:
                return act.START_NAMES[action]
            if action < 0:
                raise IndexError
            return act.PLAYER_NAMES[action]
        except IndexError:
            raise ValueError(f"no imhotep action has id {action} here ({PHASE_NAMES[phase]})") from None

    def string_to_action(self, text: str) -> int:
        wanted = act.norm(text)
        phase = self.phase
        if phase == DEAL:
            names: tuple[str, ...] = act.DEAL_NAMES
        elif phase == ROUND:
            names = self.game.round_names
        elif phase == START:
            names = act.START_NAMES
        else:
            action = act.PLAYER_IDS.get(wanted, -1)
            if action in self.legal_actions():
                return action
            return super().string_to_action(text)  # raises with the list of legal moves
        if wanted in names:
            action = names.index(wanted)
            if action in self.legal_actions():
                return action
        return super().string_to_action(text)

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == TURN:
            if action == act.GET:  # IMH-ACT-STONES
                self._get_stones()
                self._end_turn()
            elif action < act.SAIL:  # IMH-ACT-PLACE
                self._place(action)
                self._end_turn()
            elif action < act.CARD:  # IMH-ACT-SAIL
                self._sail(action, False)
            elif action < act.PICK:  # IMH-ACT-CARD
                self._play_card(data.BLUE_CARDS[action - act.CARD])
            else:  # IMH-ACT-PASS
                self._pass()
        elif phase == DEAL:
            self._deal(action)
        elif phase == MARKET_PICK:
            self._take(self.market_queue.pop(0), action - act.PICK)
            self._market_next()
        elif phase == HAMMER_PLACE or phase == CHISEL_2:
            self._place(action)
            self._end_turn()
        elif phase == CHISEL_1:
            self._place(action)
            self.phase = CHISEL_2
        elif phase == SAIL_PLACE:
            self.sail_card_ship = self._place(action)
            self.phase = SAIL_SAIL
        elif phase == SAIL_SAIL:
            self.sail_card_ship = -1
            self._sail(action, False)
        elif phase == LEVER_SAIL:
            self._sail(action, True)
        elif phase == LEVER_ORDER:
            self._lever_order(action - act.ORDER)
        elif phase == ROUND:
            self._reveal_round_card(action)
        elif phase == START:
            self._setup(action)

    # -- set-up and rounds (chance) -------------------------------------------------------------------
    def _setup(self, start: int) -> None:
        """IMH-SETUP-1/2: sleds 2, 3, 4, 5 clockwise from the start player, the rest in the quarries."""
        n = self.player_count
        for k in range(n):
            seat = (start + k) % n
            self.sled[seat] = data.START_SLED[k]
            self.quarry[seat] = PLAYABLE_STONES - data.START_SLED[k]
        self.round_start_player = self.turn_player = start
        self.last_active_player = (start - 1) % n
        self.phase = ROUND

    def _reveal_round_card(self, card: int) -> None:
        """IMH-ROUND-1 / IMH-SETUP-5: the next round card (drawn among the unseen ones) sets out 4 ships."""
        self.round_cards_used |= 1 << card
        self.round_cards_revealed += (card,)
        caps = self.ship_sizes = self.game.round_cards[card]
        self.ship_minimums = tuple(SHIP_MINIMUM[c] for c in caps)
        self.market_deals_left = data.MARKET_CARDS_PER_ROUND
        self.phase = DEAL
        self._reshuffle_if_needed()

    def _deal(self, card: int) -> None:
        self.draw_pile[card] -= 1
        self.draw_pile_size -= 1
        self.market[card] += 1
        self.market_size += 1
        self.market_deals_left -= 1
        if self.market_deals_left:
            self._reshuffle_if_needed()
        else:
            self._begin_turns()

    def _reshuffle_if_needed(self) -> None:
        """IMH-ROUND-1: an empty draw pile is refilled from the discard pile (the new order is chance)."""
        if self.draw_pile_size:
            return
        draw, discard = self.draw_pile, self.discard_pile
        for t in range(NT):
            draw[t] += discard[t]
            discard[t] = 0
        self.draw_pile_size = sum(draw)
        if not self.draw_pile_size:  # nothing left to deal at all (cannot happen with 34 cards and 24 deals)
            self._begin_turns()

    def _begin_turns(self) -> None:
        self.market_deals_left = 0
        self.phase = TURN
        self.turn_player = self.to_move = self.round_start_player

    def _end_turn(self) -> None:
        """After a completed action: the next player clockwise, or the end of the round (IMH-ROUND-2/4)."""
        p = self.turn_player
        self.consecutive_passes = 0
        self.last_active_player = p
        nxt = p + 1 if p + 1 < self.player_count else 0
        if self.ships_sailed == data.SHIPS_PER_ROUND:
            self._end_round(nxt)
        else:
            self.phase = TURN
            self.turn_player = self.to_move = nxt

    def _pass(self) -> None:
        """IMH-ACT-PASS: when every player has passed in succession the round ends."""
        self.consecutive_passes += 1
        if self.consecutive_passes >= self.player_count:
            self._end_round((self.last_active_player + 1) % self.player_count)
        else:
            p = self.turn_player + 1 if self.turn_player + 1 < self.player_count else 0
            self.turn_player = self.to_move = p

    def _end_round(self, next_start: int) -> None:
        """IMH-ROUND-3: temple scoring, leftover market cards discarded, ships return."""
        score = self.score_track
        for owner in self.temple[-self.game.width:]:  # IMH-TEMPLE-3
            score[owner] += data.TEMPLE_VISIBLE_POINTS
        market, discard = self.market, self.discard_pile
        for t in range(NT):
            discard[t] += market[t]
            market[t] = 0
        self.market_size = 0
        ships = self.ship_spaces
        for k in range(16):  # only after IMH-ACT-PASS: stones on unsailed ships go back to their quarries
            if ships[k] >= 0:
                self.quarry[ships[k]] += 1
                ships[k] = -1
        self.ship_loads = [0, 0, 0, 0]
        self.ship_sites = [-1, -1, -1, -1]
        self.docked_sites = 0
        self.ships_sailed = 0
        self.consecutive_passes = 0
        self.rounds_played += 1
        if self.rounds_played == data.ROUNDS:
            self._final_scoring()
            self.phase = OVER
            self.to_move = TERMINAL
        else:
            self.round_start_player = self.turn_player = next_start
            self.phase = ROUND
            self.to_move = CHANCE

    # -- actions ---------------------------------------------------------------------------------------
    def _turn_actions(self) -> list[int]:
        p = self.turn_player
        sled = self.sled[p]
        quarry = self.quarry[p]
        out = [act.GET] if sled < data.SLED_CAPACITY and quarry else []
        ships, caps, mins = self.ship_spaces, self.ship_sizes, self.ship_minimums
        load, site_of = self.ship_loads, self.ship_sites
        free = 0
        sailable = False
        sail_card_ok = False
        for i in range(4):
            if site_of[i] < 0:
                cap, aboard = caps[i], load[i]
                if aboard < cap:
                    free += cap - aboard
                    if sled:
                        b = 4 * i
                        for k in range(b, b + cap):
                            if ships[k] < 0:
                                out.append(1 + k)
                        if aboard + 1 >= mins[i]:
                            sail_card_ok = True
                if aboard >= mins[i]:
                    sailable = True
        if sailable:
            sites = FREE_SITES[self.docked_sites]
            for i in range(4):
                if site_of[i] < 0 and load[i] >= mins[i]:
                    b = act.SAIL + 5 * i
                    for s in sites:
                        out.append(b + s)
        h = p * NT
        hands = self.hands
        if hands[h + data.LEVER] and sailable:  # IMH-CARD-BLUE-LEVER
            out.append(act.CARD)
        if hands[h + data.HAMMER] and ((sled < data.SLED_CAPACITY and quarry) or (sled and free)):
            out.append(act.CARD + 1)  # IMH-CARD-BLUE-HAMMER
        if hands[h + data.SAIL] and sail_card_ok:  # IMH-CARD-BLUE-SAIL
            out.append(act.CARD + 2)
        if hands[h + data.CHISEL] and sled >= 2 and free >= 2:  # IMH-CARD-BLUE-CHISEL
            out.append(act.CARD + 3)
        return out or [act.PASS]

    def _place_actions(self, sail_card: bool = False) -> list[int]:
        ships, caps, mins = self.ship_spaces, self.ship_sizes, self.ship_minimums
        load, site_of = self.ship_loads, self.ship_sites
        out = []
        for i in range(4):
            if site_of[i] < 0 and load[i] < caps[i] and (not sail_card or load[i] + 1 >= mins[i]):
                b = 4 * i
                for k in range(b, b + caps[i]):
                    if ships[k] < 0:
                        out.append(1 + k)
        return out

    def _sail_actions(self) -> list[int]:
        sites = FREE_SITES[self.docked_sites]
        out: list[int] = []
        for i in range(4):
            if self.ship_sites[i] < 0 and self.ship_loads[i] >= self.ship_minimums[i]:
                b = act.SAIL + 5 * i
                out.extend(b + s for s in sites)
        return out

    def _get_stones(self) -> None:
        """IMH-ACT-STONES (and Hammer's first part): min(3, room on the sled, quarry) stones to the sled."""
        p = self.turn_player
        take = min(data.GET_STONES, data.SLED_CAPACITY - self.sled[p], self.quarry[p])
        self.sled[p] += take
        self.quarry[p] -= take

    def _place(self, action: int) -> int:
        """Put a sled stone of the player whose turn it is on a ship space; returns the ship."""
        k = action - act.PLACE
        p = self.turn_player
        self.ship_spaces[k] = p
        ship = k >> 2
        self.ship_loads[ship] += 1
        self.sled[p] -= 1
        return ship

    def _play_card(self, card: int) -> None:
        """IMH-ACT-CARD: the blue card is discarded and its effect starts."""
        p = self.turn_player
        self.hands[p * NT + card] -= 1
        self.discard_pile[card] += 1
        if card == data.LEVER:
            self.phase = LEVER_SAIL
        elif card == data.SAIL:
            self.phase = SAIL_PLACE
        elif card == data.CHISEL:
            self.phase = CHISEL_1
        else:  # HAMMER: the stones first (no choice), then one placement when possible
            self._get_stones()
            if self.sled[p] and self._place_actions():
                self.phase = HAMMER_PLACE
            else:
                self._end_turn()

    def _sail(self, action: int, lever: bool) -> None:
        """IMH-ACT-SAIL and unloading (IMH-UNLOAD-1/2): bow to stern, or in the Lever player's order."""
        ship, site = divmod(action - act.SAIL, 5)
        self.ship_sites[ship] = site
        self.docked_sites |= 1 << site
        self.ships_sailed += 1
        ships = self.ship_spaces
        b = 4 * ship
        stones = [o for o in ships[b:b + self.ship_sizes[ship]] if o >= 0]
        ships[b:b + 4] = [-1, -1, -1, -1]
        self.ship_loads[ship] = 0
        if lever and site != OBELISK and len(set(stones)) > 1:  # at the obelisks the order changes nothing
            self.lever_stones = stones
            self.lever_site = site
            self._lever_next()
            return
        self._unload(site, stones)

    def _lever_order(self, owner: int) -> None:
        """IMH-CARD-BLUE-LEVER: a stone of the chosen colour is unloaded now (at the market its owner picks a card
        at once); the Lever player chooses the next one afterwards, knowing what happened."""
        self.lever_stones.remove(owner)
        self.lever_unloaded.append(owner)
        if self.lever_site == MARKET:
            self.market_queue = [owner]
            self._market_next()
        else:
            self._deliver(owner, self.lever_site)
            self._lever_next()

    def _lever_next(self) -> None:
        """Ask the Lever player for the next stone while stones of two colours wait; else unload the rest in order."""
        if len(set(self.lever_stones)) > 1:
            self.phase = LEVER_ORDER
            self.to_move = self.turn_player
            return
        rest, self.lever_stones, self.lever_unloaded = self.lever_stones, [], []
        site, self.lever_site = self.lever_site, -1
        self._unload(site, rest)

    def _unload(self, site: int, stones: list[int]) -> None:
        if site == MARKET:
            self.market_queue = stones
            self._market_next()
            return
        for owner in stones:
            self._deliver(owner, site)
        self._end_turn()

    def _deliver(self, owner: int, site: int) -> None:
        """Put one stone of ``owner`` at ``site`` by the site's rules (a stone from a ship or a red card)."""
        if site == PYRAMID:  # IMH-PYR-1/2: scores at once
            k = len(self.pyramid)
            self.score_track[owner] += PYRAMID_VALUES[k] if k < len(PYRAMID_VALUES) else data.PYRAMID_BESIDE_POINTS
            self.pyramid.append(owner)
        elif site == TEMPLE:  # IMH-TEMPLE-2
            self.temple.append(owner)
        elif site == BURIAL:  # IMH-BURIAL-1
            self.burial_chamber.append(owner)
        else:  # IMH-OBEL-1
            self.obelisks[owner] += 1

    # -- market ----------------------------------------------------------------------------------------
    def _market_next(self) -> None:
        """IMH-MARKET-1: each stone's owner takes a card in unloading order (automatic when all are alike). A card
        is always left: 4 are dealt each round and one ship, of at most 4 stones, docks at the market."""
        queue, market = self.market_queue, self.market
        while queue:
            kinds = [t for t in range(NT) if market[t]]
            if len(kinds) > 1:
                self.phase = MARKET_PICK
                self.to_move = queue[0]
                return
            self._take(queue.pop(0), kinds[0])
        if self.lever_stones:  # a Lever unloading goes on with its next stone
            self._lever_next()
        else:
            self._end_turn()

    def _take(self, owner: int, card: int) -> None:
        """Take a face-up card; a red card resolves at once (IMH-MARKET-2, IMH-CARD-RED-1), then the market
        stone goes back to its owner's quarry (IMH-MARKET-1)."""
        self.market[card] -= 1
        self.market_size -= 1
        if card <= PAVED_PATH:
            self.discard_pile[card] += 1
            if self.quarry[owner]:
                self.quarry[owner] -= 1
                self._deliver(owner, RED_CARD_SITE[card])
        else:
            self.hands[owner * NT + card] += 1
        self.quarry[owner] += 1

    # -- scoring ---------------------------------------------------------------------------------------
    def _final_scoring(self) -> None:
        """IMH-END-1 and IMH-WRATH-1, added to the score track; the breakdown is kept in ``final``."""
        n = self.player_count
        burial = burial_points(self.burial_chamber, n)
        obelisk = obelisk_points(self.obelisks, self.game.obelisk_points)
        site_totals = {PYRAMID: len(self.pyramid), TEMPLE: len(self.temple), BURIAL: len(self.burial_chamber),
                       OBELISK: sum(self.obelisks)}
        rows = []
        for p in range(n):
            hand = self.hands[p * NT:(p + 1) * NT]
            green = sum(hand[t] * (site_totals[site] // data.DECORATION_DIVISOR)
                        for t, site in data.DECORATION_SITE.items())
            purple = statue_points(hand[data.STATUE])
            blue = data.UNUSED_BLUE_POINTS * sum(hand[t] for t in data.BLUE_CARDS)
            wrath = 0
            if self.game.wrath and not all(self.site_stones(p)):
                wrath = -data.WRATH_PENALTY
            row = (burial[p], obelisk[p], green, purple, blue, wrath)
            self.score_track[p] += sum(row)
            rows.append(row)
        self.final_score_rows = tuple(rows)

    def site_stones(self, p: int) -> tuple[int, int, int, int]:
        """Stones of player ``p`` at the pyramid, temple, burial chamber and obelisks."""
        return site_stones(self.pyramid, self.temple, self.burial_chamber, self.obelisks, p)

    def scores(self) -> list[float]:
        return [float(s) for s in self.score_track]

    def winners(self) -> list[int]:
        """IMH-END-2: the highest score; ties broken by more stones on the sled; still tied: all share."""
        if self.to_move != TERMINAL:
            return []
        best = max(zip(self.score_track, self.sled, strict=True))
        return [p for p in range(self.player_count) if (self.score_track[p], self.sled[p]) == best]

    # -- chance (drawn directly, for the search loops) ---------------------------------------------------
    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn directly, in the order of ``chance_outcomes()`` (same outcome for the same number)."""
        r = rng.random()
        phase = self.phase
        if phase == DEAL:
            draw = self.draw_pile
            x = r * self.draw_pile_size
            acc = 0
            for t in range(NT):
                acc += draw[t]
                if x < acc:
                    return t
            return max(t for t in range(NT) if draw[t])
        if phase == ROUND:
            used = self.round_cards_used
            left = [c for c in range(len(self.game.round_cards)) if not used >> c & 1]
            return left[min(int(r * len(left)), len(left) - 1)]
        return min(int(r * self.player_count), self.player_count - 1)  # START: a seat

    def invariant_violations(self) -> list[str]:
        problems = []
        n = self.player_count
        for p in range(n):  # IMH-INV-1
            aboard = self.ship_spaces.count(p) + self.lever_stones.count(p) + self.market_queue.count(p)
            total = self.quarry[p] + self.sled[p] + aboard + sum(self.site_stones(p))
            if total != PLAYABLE_STONES:
                problems.append(f"{data.COLOURS[p]} has {total} stones, expected {PLAYABLE_STONES}")
            if self.sled[p] > data.SLED_CAPACITY or self.sled[p] < 0 or self.quarry[p] < 0:  # IMH-INV-3
                problems.append(f"{data.COLOURS[p]}: sled {self.sled[p]}, quarry {self.quarry[p]}")
        cards = self.draw_pile_size + self.market_size + sum(self.hands) + sum(self.discard_pile)
        if cards != DECK_SIZE:  # IMH-INV-2
            problems.append(f"{cards} market cards in the game, expected {DECK_SIZE}")
        draw, market = self.draw_pile, self.market
        if self.draw_pile_size != sum(draw) or self.market_size != sum(market) or min(draw + market) < 0:
            problems.append("card counts out of step")
        if any(self.hands[p * NT + t] for p in range(n) for t in RED_CARD_SITE):
            problems.append("a red card is held")
        if any(self.ship_loads[i] != sum(1 for o in self.ship_spaces[4 * i:4 * i + 4] if o >= 0) for i in range(4)):
            problems.append("ship loads out of step")
        played, revealed = self.rounds_played, len(self.round_cards_revealed)
        if played > data.ROUNDS or revealed > data.ROUND_CARDS_USED:  # IMH-INV-3
            problems.append(f"{played} rounds played, {revealed} round cards revealed")
        if self.to_move == TERMINAL and (played != data.ROUNDS or revealed != data.ROUNDS):
            problems.append(f"the game ended after {self.rounds_played} rounds")
        return problems



class ImhotepGame(Game):
    """Imhotep for 2-4 players, A sides. Options: ``players`` (2-4), ``wrath`` (Wrath of the Pharaoh),
    ``start_player`` (seat or "random")."""

    name = "imhotep"
    state_class = ImhotepState
    SEAT_COLOURS = data.COLOURS
    title = "Imhotep"
    shared_observations = True
    OPTIONS = {
        "players": Option(2, OPTION_HELP["players"], int_option(2, 4)),
        "wrath": Option(False, OPTION_HELP["wrath"], bool_option),
        "start_player": Option(0, OPTION_HELP["start_player"],
                               Validator(_parse_start, "seat", choices=(0, 1, 2, 3, "random"))),
    }

    def _configure(self) -> None:
        n = self.options["players"]
        start = self.options["start_player"]
        if start != "random" and start >= n:
            raise OptionError(
                f"option 'start_player' of imhotep: got {start}; allowed with {n} players: a seat 0-{n - 1} "
                "or 'random'",
                option_reason("start_player", start, "error.allowed.seat", n=n, last=n - 1))
        self.n: int = n
        self.wrath = self.options["wrath"]
        self.round_cards = data.ROUND_CARDS[n]
        self.round_names = act.ROUND_NAMES[n]
        self.width = data.TEMPLE_WIDTH[n]
        self.obelisk_points = data.OBELISK_POINTS[n]

    def num_players(self) -> int:
        return self.n

    def num_distinct_actions(self) -> int:
        return act.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return act.NUM_CHANCE

    def max_game_length(self) -> int:
        """A proven bound. Per round at most 16 ship spaces are filled, so at most 96 placements in a game;
        GET STONES moves at least 1 stone into a sled, so there are at most 96 + 5n of them; at most 24 sails,
        24 market cards (so at most 24 picks and 24 blue cards played) and 3 Lever order decisions per Lever:
        N = 96 + 96 + 5n + 24 * 3 + 72 non-pass decisions. At most n - 1 passes precede a non-pass turn and n
        passes end a round, so passes <= n (N + 6). Chance: at most 1 + 6 + 24 outcomes."""
        n = self.n
        decisions = 96 + 96 + 5 * n + 24 * 3 + 72
        return decisions + n * (decisions + 6) + 31

    def observation_tensor_size(self) -> int:
        return view.observation_layout(self.n).size

    def evaluation_scale(self) -> float:
        return evaluate.SCALE

    def feature_names(self) -> list[str]:
        return list(evaluate.FEATURES)
