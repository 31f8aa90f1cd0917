"""The native vector env (museion.envs.vector): shapes, masks and trajectories equal to N single envs, autoreset,
registration with make_vec, and Stable-Baselines3 through museion.envs.sb3."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

import random  # noqa: E402

from librt.strings import BytesWriter  # noqa: E402

import museion  # noqa: E402
from museion.core.errors import OptionError  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs.gymnasium import MuseionEnv  # noqa: E402
from museion.envs.registration import env_id  # noqa: E402
from museion.envs.vector import MuseionVectorEnv, observation_parts  # noqa: E402
from tests.envs.configs import CONFIGS, IDS  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def legal_choice(rng, mask):
    """One uniformly drawn legal action per row of a mask array."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_same_seeds_give_the_trajectories_of_single_envs(name, options):
    """Observations, masks, rewards and flags equal N single envs seeded seed+i and autoreset by hand (NEXT_STEP:
    the step after a game ended resets it, reward 0), across several episodes."""
    n, seed, rng = 3, 11, np.random.default_rng(1)
    vec = MuseionVectorEnv(n, name, seat=None, reward="margin", **options)
    singles = [MuseionEnv(name, seat=None, reward="margin", flat=True, **options) for _ in range(n)]
    obs, infos = vec.reset(seed=seed)
    for i, env in enumerate(singles):
        o, info = env.reset(seed=seed + i)
        assert np.array_equal(obs[i], o) and np.array_equal(infos["action_mask"][i], info["action_mask"])
        assert infos["seat"][i] == info["seat"]
    done, episodes = [False] * n, 0
    for _ in range(150):
        actions = legal_choice(rng, infos["action_mask"])
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        for i, env in enumerate(singles):
            if done[i]:
                o, info = env.reset()
                r, t = 0.0, False
            else:
                o, r, t, _, info = env.step(int(actions[i]))
            assert np.array_equal(obs[i], o), (i, _)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"])
            assert (rewards[i], terminated[i], infos["seat"][i]) == (r, t, info["seat"])
            done[i] = t
            episodes += t
        assert not truncated.any()
    assert episodes >= n  # every game ended at least once on average: autoreset was exercised


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def allowed(option, value):
    try:
        option.parse(value)
    except ValueError:
        return False
    return True


def every_player_count():
    for name in museion.available_games():
        option = entry(name).game_class.OPTIONS.get("players")
        counts = [None] if option is None else [n for n in (2, 3, 4) if allowed(option, n)]
        yield from ((name, {} if n is None else {"players": n}) for n in counts)


def last_legal(observation, mask):
    """An opponent policy: the highest legal action id."""
    return int(np.flatnonzero(mask)[-1])


@pytest.mark.parametrize("opponents", [["greedy", last_legal, "random"], ["mcts:sims=4", "random", last_legal]],
                         ids=["asked-from-python", "watching-bot"])
def test_other_opponents_give_the_trajectories_of_single_envs(opponents):
    """Opponents the compiled loop does not play (a bot, a policy: asked from Python when their seat is to act; a
    bot that watches every move, ``mcts``: the whole game in Python) keep the single env's trajectories."""
    n, rng = 2, np.random.default_rng(3)
    vec = MuseionVectorEnv(n, "imhotep", seat=None, opponents=opponents, players=4)
    singles = [MuseionEnv("imhotep", seat=None, opponents=opponents, flat=True, players=4) for _ in range(n)]
    obs, infos = vec.reset(seed=21)
    for i, env in enumerate(singles):
        assert np.array_equal(obs[i], env.reset(seed=21 + i)[0])
    done = [False] * n
    for _ in range(40):
        actions = legal_choice(rng, infos["action_mask"])
        obs, rewards, terminated, _, infos = vec.step(actions)
        for i, env in enumerate(singles):
            if done[i]:  # NEXT_STEP autoreset: the action is ignored, reward 0
                (o, info), r, t = env.reset(), 0.0, False
            else:
                o, r, t, _, info = env.step(int(actions[i]))
            assert np.array_equal(obs[i], o) and (rewards[i], terminated[i]) == (r, t)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"])
            done[i] = t


@pytest.mark.parametrize(("name", "options"), list(every_player_count()))
def test_observation_entries_write_the_observation_tensor(name, options):
    """The row the vector env writes from a game's observation entries (numpy, by index, over its fixed entries)
    equals ``observation_tensor`` for every seat, at every 7th position of seeded random games (12 checks at
    least; the tensor itself is fingerprinted by test_versions.py); no entry is given
    twice or lands on a fixed entry."""
    game = museion.load(name, **options)
    entries, fixed = observation_parts(game)
    fixed = np.zeros(game.observation_tensor_size(), dtype=np.float32) if fixed is None else fixed
    tensor, size = entry(game).observer.observation_tensor, game.observation_tensor_size()
    rng, checked = random.Random(5), 0
    while checked < 12:  # seeded random games (at least one position each) until 12 checks
        state = game.new_initial_state()
        while not state.is_terminal():
            for seat in range(game.num_players()) if len(state.history()) % 7 == 0 else ():
                buffers = BytesWriter(), BytesWriter(), BytesWriter()
                entries(state, seat, size, *buffers)  # row 1 of 2
                ones, where = (np.frombuffer(b.getvalue(), dtype=np.int64) for b in buffers[:2])
                rows = np.zeros((2, size), dtype=np.float32)
                rows[:] = fixed
                rows.reshape(-1)[ones] = 1.0
                rows.reshape(-1)[where] = np.frombuffer(buffers[2].getvalue(), dtype=np.float64)
                assert rows[1].tolist() == np.asarray(tensor(state, seat), dtype=np.float32).tolist()
                written = ones.tolist() + where.tolist()
                assert len(set(written)) == len(written) and not fixed[np.array(written, dtype=int) - size].any()
                checked += 1
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_spaces_shapes_and_dtypes(name, options):
    vec = MuseionVectorEnv(4, name, **options)
    game = vec.game
    obs, infos = vec.reset(seed=0)
    assert obs.shape == (4, game.observation_tensor_size()) and obs.dtype == np.float32
    assert infos["action_mask"].shape == (4, game.num_distinct_actions()) and infos["action_mask"].dtype == np.int8
    assert vec.action_masks().dtype == np.bool_ and vec.action_masks().any(axis=1).all()
    assert obs in vec.observation_space and vec.action_space.shape == (4,)
    obs, rewards, terminated, truncated, infos = vec.step(legal_choice(np.random.default_rng(0), infos["action_mask"]))
    assert obs in vec.observation_space
    assert rewards.shape == terminated.shape == truncated.shape == (4,)
    assert terminated.dtype == truncated.dtype == np.bool_


def test_autoreset_starts_a_fresh_game_and_ignores_that_action():
    vec = MuseionVectorEnv(2, "tholos")
    _, infos = vec.reset(seed=5)
    rng = np.random.default_rng(0)
    terminated = np.zeros(2, dtype=bool)
    while not terminated.any():
        _, _, terminated, _, infos = vec.step(legal_choice(rng, infos["action_mask"]))
    i = int(np.flatnonzero(terminated)[0])
    assert vec.envs[i].state.is_terminal() and infos["action_mask"][i].all()
    actions = legal_choice(rng, infos["action_mask"])
    actions[i] = -1  # not an action: ignored by the autoreset step
    obs, rewards, terminated, _, infos = vec.step(actions)
    state = vec.envs[i].state
    assert not state.is_terminal() and not terminated[i] and rewards[i] == 0.0 and not infos["illegal_action"][i]
    assert len(state.history()) < 8  # a new game: only the opening chance and bot moves were played


def test_illegal_action_terminates_that_game_only():
    vec = MuseionVectorEnv(2, "tholos")
    _, infos = vec.reset(seed=0)
    actions = legal_choice(np.random.default_rng(0), infos["action_mask"])
    actions[1] = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    _, rewards, terminated, _, infos = vec.step(actions)
    assert terminated.tolist() == [False, True] and rewards[1] == -1.0
    assert infos["illegal_action"].tolist() == [False, True]


def test_seeds_per_game_and_bad_arguments():
    vec = MuseionVectorEnv(2, "tholos", seat=None)
    a, _ = vec.reset(seed=[3, 9])
    b, _ = MuseionVectorEnv(2, "tholos", seat=None).reset(seed=3)
    assert np.array_equal(a[0], b[0])
    with pytest.raises(OptionError, match="exactly 2 seeds"):
        vec.reset(seed=[1, 2, 3])
    with pytest.raises(OptionError, match="num_envs"):
        MuseionVectorEnv(0, "tholos")


def test_make_vec_uses_the_native_vector_env():
    for name in museion.available_games():
        vec = gymnasium.make_vec(env_id(name), num_envs=3, vectorization_mode="vector_entry_point")
        assert isinstance(vec.unwrapped, MuseionVectorEnv) and vec.num_envs == 3 and vec.game.name == name
    vec = gymnasium.make_vec("museion/Museion-v0", num_envs=2, vectorization_mode="vector_entry_point",
                             game="imhotep", players=3)
    assert vec.game.num_players() == 3
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP


def test_copy_false_returns_the_preallocated_arrays():
    vec = MuseionVectorEnv(2, "tholos", copy=False)
    obs, infos = vec.reset(seed=0)
    obs2, *_, infos2 = vec.step(legal_choice(np.random.default_rng(0), infos["action_mask"]))
    assert obs2 is obs and infos2["action_mask"] is infos["action_mask"]


def test_copy_true_never_writes_a_returned_array_again():
    vec = MuseionVectorEnv(2, "tholos")
    obs, infos = vec.reset(seed=0)
    kept = obs.copy(), infos["action_mask"].copy()
    obs2, *_, infos2 = vec.step(legal_choice(np.random.default_rng(0), infos["action_mask"]))
    assert obs2 is not obs and infos2["action_mask"] is not infos["action_mask"]
    assert not np.array_equal(obs2, obs)
    assert np.array_equal(obs, kept[0]) and np.array_equal(infos["action_mask"], kept[1])


def test_maskable_ppo_learns_through_the_sb3_adapter():
    """MaskablePPO takes the adapter as a VecEnv: masks come from env_method("action_masks"), finished games
    restart in the same step with terminal_observation set (SB3's convention)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from museion.envs.sb3 import Sb3VecEnv

    env = Sb3VecEnv(4, "tholos")
    env.seed(0)
    obs = env.reset()
    assert obs.shape == (4, env.venv.game.observation_tensor_size())
    rng, ended = np.random.default_rng(0), 0
    for _ in range(200):
        env.step_async(legal_choice(rng, np.stack(env.env_method("action_masks"))))
        obs, rewards, dones, infos = env.step_wait()
        for i in np.flatnonzero(dones):
            ended += 1
            assert "terminal_observation" in infos[i] and not env.venv.envs[i].state.is_terminal()
            assert np.array_equal(obs[i], env.venv._obs[i])
    assert ended > 0
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=32, n_epochs=1, seed=0)
    model.learn(64)
    assert model.num_timesteps >= 64


@pytest.mark.parametrize(("name", "options"), [("pergamon", {"players": 3}), ("tholos", {})])
def test_every_seat_a_learner_replays_the_game_the_caller_plays(name, options):
    """``opponents=None``: each row is the seat to act (its observation and mask), its action is applied, chance
    comes from the game's RNG seeded like a single env's; the ending step gives every seat's final reward."""
    from museion.envs._common import final_rewards

    vec = MuseionVectorEnv(2, name, opponents=None, reward="margin", **options)
    game, tensor = vec.game, entry(vec.game).observer.observation_tensor
    obs, infos = vec.reset(seed=[4, 9])
    state, chance, rng = game.new_initial_state(), random.Random(4), np.random.default_rng(2)
    movers, ended = set(), False
    while not ended:
        while state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
        seat = state.current_player()
        movers.add(seat)
        assert infos["seat"][0] == seat and np.array_equal(obs[0], np.asarray(tensor(state, seat), np.float32))
        assert np.flatnonzero(infos["action_mask"][0]).tolist() == state.legal_actions()
        actions = legal_choice(rng, infos["action_mask"])
        state.apply_action(int(actions[0]))
        obs, rewards, terminated, _, infos = vec.step(actions)
        ended = bool(terminated[0])
        assert ended == state.is_terminal()
    finals = final_rewards(state, "margin")
    assert infos["final_rewards"][0].tolist() == finals and rewards[0] == finals[seat]
    assert movers == set(range(game.num_players()))
