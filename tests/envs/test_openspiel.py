"""OpenSpiel registration: the library's random_sim_test, its MCTS and ISMCTS bots, observers, resampling."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import museion  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs import openspiel as mos  # noqa: E402
from tests.envs.configs import CONFIGS, IDS  # noqa: E402


def game_string(name: str, options: dict, **extra) -> str:
    params = {**options, **extra}
    inner = ",".join(f"{k}={v}" for k, v in params.items())
    return f"{mos.short_name(name)}({inner})" if inner else mos.short_name(name)


def load(name: str, options: dict, **extra):
    return pyspiel.load_game(game_string(name, options, **extra))


def for_ismcts(name: str) -> dict:
    """ISMCTSBot insists on an imperfect-information game type (see museion.envs.openspiel)."""
    return {"imperfect_information": True} if mos.has_perfect_information(name) else {}


def test_every_game_is_registered():
    assert sorted(mos.REGISTERED) == [mos.short_name(n) for n in museion.available_games()]
    assert set(mos.REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_random_sim_test(name, options):
    game = load(name, options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_random_sim_test_with_options_and_imperfect_type():
    game = load("tholos", {}, advanced=True, start_player="random", imperfect_information=True)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_game_type_and_info_follow_the_contract(name, options):
    game = load(name, options)
    inner = museion.load(name, **options)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    perfect = mos.has_perfect_information(name)
    assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == perfect
    assert game.num_players() == inner.num_players()
    assert game.num_distinct_actions() == inner.num_distinct_actions()
    assert game.max_chance_outcomes() == inner.max_chance_outcomes()
    assert game.observation_tensor_size() == inner.observation_tensor_size()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_observer_strings_tensors_and_serialization(name, options):
    game = load(name, options)
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        for p in range(game.num_players()):
            tensor = entry(state.inner.game).observer.observation_tensor(state.inner, p)
            assert state.observation_tensor(p) == pytest.approx(tensor)
            assert state.information_state_string(p) == _learned(state.inner, p, game.get_type())
        state.apply_action(rng.choice(state.legal_actions()))
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history() and copy.inner == state.inner
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again_game) == str(game) and again.history() == state.history()
    clone = state.clone()
    assert clone.history() == state.history() and clone.inner == state.inner and clone.inner is not state.inner


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_copies_step_their_own_museion_state(name, options):
    """A state's per-step methods are its museion state's own, bound on the instance (``MuseionState._bind``): a
    clone, a deserialised state and a resample each step their own, the original stays as it was, and pyspiel's
    C++ (``legal_actions_mask`` calls back ``current_player`` and ``_legal_actions``) agrees with Python."""
    game, rng = load(name, options), random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 4:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    copies = [state.clone(), game.deserialize_state(state.serialize()),
              state.resample_from_infostate(state.current_player(), sampler)]
    before = state.inner.clone()
    for copy in copies:
        legal = copy.legal_actions()
        assert legal == [a for a, m in enumerate(copy.legal_actions_mask(copy.current_player())) if m]
        copy.apply_action(legal[-1])
        assert copy.inner.history()[-1] == legal[-1] and copy.history()[-1] == legal[-1]
        assert copy.current_player() == copy.inner.current_player()
        assert state.inner == before and state.legal_actions() == before.legal_actions()


def _learned(inner, player, kind) -> str:
    """The information state the contract defines: what the player learned from each action, one per line
    (for a perfect-information game type, the action history)."""
    if kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return f"p{player} history {' '.join(map(str, inner.history()))}"
    replay, lines = inner.game.new_initial_state(), [f"p{player}"]
    for action in inner.history():
        lines.append(replay.observed_action(action, player))
        replay.apply_action(action)
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "options"), [c for c in CONFIGS if not mos.has_perfect_information(c[0])])
def test_resample_keeps_the_information_state(name, options):
    game, rng = load(name, options), random.Random(2)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        player = state.current_player()
        if state.move_number() % 7 == 0:
            sampled = state.resample_from_infostate(player, sampler)
            assert sampled.information_state_string(player) == state.information_state_string(player)
            assert sampled.observation_string(player) == state.observation_string(player)
            assert sampled.legal_actions() == state.legal_actions()
            differs += sampled.inner != state.inner
            # the sample is a true OpenSpiel state of its own history (no replay was needed to build it)
            replayed = game.new_initial_state()
            for action in sampled.inner.history():
                replayed.apply_action(action)
            assert sampled.history() == replayed.history() and sampled.move_number() == replayed.move_number()
            assert sampled.inner == replayed.inner
            for p in range(game.num_players()):
                assert sampled.information_state_string(p) == replayed.information_state_string(p)
            assert game.deserialize_state(sampled.serialize()).inner == sampled.inner
        state.apply_action(rng.choice(state.legal_actions()))
    assert differs, "resampling never changed the hidden part"


def play_out(game, bots, seed: int) -> list[float]:
    """A full game between OpenSpiel bots, chance sampled by its probabilities."""
    rs, state = np.random.RandomState(seed), game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.returns()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_mcts_bot_plays_a_full_game(name, options):
    game = load(name, options)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rs) for _ in range(game.num_players())]
    returns = play_out(game, bots, seed=0)
    assert len(returns) == game.num_players() and set(returns) <= {-1.0, 0.0, 1.0}


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_ismcts_bot_plays_a_full_game(name, options):
    game = load(name, options, **for_ismcts(name))
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rs) for _ in range(game.num_players())]
    returns = play_out(game, bots, seed=0)
    assert len(returns) == game.num_players() and set(returns) <= {-1.0, 0.0, 1.0}


def test_parameters_reach_the_game_options():
    game = pyspiel.load_game("python_museion_tholos", {"advanced": True, "ornaments": '{"C": 1, "E": 7}'})
    assert game.new_initial_state().inner.game == museion.load("tholos", advanced=True, ornaments={"C": 1, "E": 7})
    game = pyspiel.load_game("python_museion_tholos(start_player='1',end_check=immediate)")
    assert game.new_initial_state().inner.game == museion.load("tholos", start_player=1, end_check="immediate")
    game = pyspiel.load_game("python_museion_imhotep(players=3,wrath=True)")
    assert game.new_initial_state().inner.game == museion.load("imhotep", players=3, wrath=True)


def test_bad_parameters_are_reported():
    with pytest.raises(museion.OptionError, match="option 'end_check' of tholos"):
        pyspiel.load_game("python_museion_tholos(end_check=never)")
