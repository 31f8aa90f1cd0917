"""Game end, final scoring, tie-breaks and the Wrath of the Pharaoh (IMH-END-*, IMH-WRATH-1)."""

from __future__ import annotations

from museion.games.imhotep import data

from .helpers import edit, give, last_round, play, round_start

# The last round of a 2-player game (card 3-2-2-1, market 4 statues) with symmetric results:
# black's stone to the temple, white's to the burial chamber, one each on the obelisks, one each to the market.
SYMMETRIC_ROUND = "P4.1 P3.1 P2.1 P2.2 P1.1 P1.2 V4>TMP V3>BUR V2>OBL V1>MKT"


def _last_round(sleds=(5, 5), **options):
    state = last_round(round_start(2, card="3-2-2-1", market=("STATUE",) * 4, **options))
    return edit(state, sled=list(sleds), quarry=[29 - s for s in sleds])


def test_end_1_final_scoring_after_round_6():
    """IMH-END-1: after round 6 and its temple scoring: burial chamber, obelisks, green, purple, unused blue."""
    state = _last_round()
    give(state, 0, "LEVER", "DECO_OBL")
    play(state, SYMMETRIC_ROUND)
    assert state.is_terminal() and state.rounds_played == 6
    # black: temple 1 (round 6) | burial 0, obelisk tie (10+1)//2 = 5, green 2//3 = 0, statue 1, blue 1
    # white: burial 1, obelisk 5, statue 1
    assert state.final_score_rows == ((0, 5, 0, 1, 1, 0), (1, 5, 0, 1, 0, 0))
    assert state.score_track == [8, 7]
    assert state.winners() == [0]
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert not state.invariant_violations()


def test_end_1_game_not_over_before_round_6_ends():
    """IMH-END-1: nothing is scored at the end of rounds 1-5 except the temple."""
    state = round_start(2, card="3-2-2-1", market=("STATUE",) * 4)
    edit(state, sled=[5, 5], quarry=[24, 24])
    play(state, SYMMETRIC_ROUND)
    assert not state.is_terminal() and state.final_score_rows is None
    assert state.score_track == [1, 0] and state.winners() == []


def test_end_2_tie_broken_by_sled_stones_then_shared():
    """IMH-END-2: equal scores -> more stones left on the sled wins; still equal -> shared first place."""
    state = _last_round(sleds=(5, 4))
    play(state, SYMMETRIC_ROUND)
    assert state.score_track == [7, 7] and state.sled == [2, 1]
    assert state.winners() == [0]
    state = _last_round(sleds=(4, 5))
    play(state, SYMMETRIC_ROUND)
    assert state.score_track == [7, 7] and state.winners() == [1]
    state = _last_round(sleds=(5, 5))
    play(state, SYMMETRIC_ROUND)
    assert state.score_track == [7, 7] and state.sled == [2, 2]
    assert state.winners() == [0, 1] and state.returns() == [0.0, 0.0]


def test_wrath_1_minus_5_without_a_stone_at_one_of_the_four_sites():
    """IMH-WRATH-1: with option wrath, -5 (once) for a player missing pyramid, temple, burial or obelisks."""
    state = _last_round(wrath=True)
    play(state, SYMMETRIC_ROUND)  # both players lack a pyramid stone; black also lacks burial, white temple
    assert [row[5] for row in state.final_score_rows] == [-data.WRATH_PENALTY] * 2
    assert state.score_track == [2, 2]
    state = _last_round(wrath=False)
    play(state, SYMMETRIC_ROUND)
    assert [row[5] for row in state.final_score_rows] == [0, 0]


def test_wrath_1_no_penalty_with_every_site_and_red_card_stones_count():
    """IMH-WRATH-1: a player with a stone at each of the four sites keeps their points; stones put there by
    red cards count."""
    state = last_round(round_start(2, card="3-2-2-1", market=("SARCOPHAGUS", "ENTRANCE", "STATUE", "STATUE"),
                                   wrath=True))
    # black has 2 pyramid stones; white has a stone in the temple, the burial chamber and on the obelisks
    edit(state, sled=[5, 5], quarry=[22, 21], pyramid=[0, 0], temple=[1], burial_chamber=[1], obelisks=[0, 1])
    play(state, "P4.1 P3.1 P2.1 P2.2 P1.1 P1.2 V4>TMP")  # black sails ship 4: black's stone to the temple
    play(state, "V3>OBL")  # white's stone to the obelisks
    play(state, "V1>MKT", "M:SARCOPHAGUS")  # black's bow stone: Sarcophagus, a black stone to the burial chamber
    play(state, "M:ENTRANCE")  # white: Entrance, a white stone on the pyramid (white's only one)
    play(state, "V2>BUR")  # the last ship: black and white to the burial chamber
    assert state.is_terminal()
    assert state.pyramid == [0, 0, 1] and all(state.site_stones(1))
    assert state.final_score_rows[1][5] == 0
    assert state.final_score_rows[0][5] == -5  # black never reached the obelisks
    assert not state.invariant_violations()
