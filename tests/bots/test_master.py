"""Issue 42: the ``master`` bot, its policy-and-value network and its training by self-play (expert iteration)."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

import museion
from museion.bots import MasterBot, learned, make_bot
from museion.bots.master import MASTER_GAMES
from museion.bots.network import PolicyValueNet, load_policy, random_document
from museion.core.errors import OptionError
from museion.core.play import sample_chance
from museion.core.registry import entry

from .conftest import CONFIGS, IDS
from .test_bots import _positions


@pytest.fixture
def random_net(tmp_path, monkeypatch):
    """An untrained network per configuration, registered by the operator as ``net-<game>-<players>``."""
    monkeypatch.setenv(learned.MODELS_ENV, "{}")  # restored after the test

    def make(game: museion.Game) -> str:
        name = f"net-{game.name}-{game.num_players()}"
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(random_document(game, (16, 16), seed=3)))
        learned.register_models({name: path})
        return name

    return make


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_the_network_reads_one_seat_and_has_the_configuration_s_shapes(name: str, options: dict) -> None:
    """Priors over exactly the legal actions and a win share per seat, the same with numpy and in plain Python."""
    game = museion.load(name, **options)
    doc = random_document(game, (16, 8), seed=1)
    fast, pure = PolicyValueNet(doc, game), PolicyValueNet(doc, game, use_numpy=False)
    assert pure.np is None
    n = game.num_players()
    for state in _positions(game, seed=2, count=5):
        seat = state.current_player()
        tensor = entry(game).observer.observation_tensor(state, seat)
        assert len(tensor) == game.observation_tensor_size()
        legal = state.legal_actions()
        priors, shares = fast.evaluate(tensor, legal)
        assert len(priors) == len(legal) and sum(priors) == pytest.approx(1.0)
        assert len(shares) == n and sum(shares) == pytest.approx(1.0)
        other_priors, other_shares = pure.evaluate(tensor, legal)
        assert other_priors == pytest.approx(priors, abs=1e-5) and other_shares == pytest.approx(shares, abs=1e-5)
        by_seat = fast.evaluate_state(state, seat)[1]
        assert by_seat[seat] == pytest.approx(shares[0], abs=1e-6)  # index k of the head is seat (seat + k) % n


def test_a_network_of_another_configuration_is_refused() -> None:
    doc = random_document(museion.load("imhotep", players=2), (8, 8))
    with pytest.raises(ValueError, match="retrain it"):
        PolicyValueNet(doc, museion.load("imhotep", players=4))
    with pytest.raises(ValueError, match="not a policy network"):
        PolicyValueNet({**doc, "kind": "logistic"}, museion.load("imhotep", players=2))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_master_plays_only_legal_moves(name: str, options: dict, random_net) -> None:
    """With a network and without one (uniform priors, the value model at the leaves), in every seat."""
    game = museion.load(name, **options)
    specs = [f"master:sims=12,model={random_net(game)}", "master:sims=12,eval=learned", "master:sims=12"]
    rng = random.Random(4)
    bots = [make_bot(specs[p % len(specs)], p) for p in range(game.num_players())]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 40:
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = bots[state.current_player()].choose(state)
            assert action in state.legal_actions()
            decisions += 1
        state.apply_action(action)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_master_decides_from_its_seat_s_information_only(name: str, options: dict, random_net) -> None:
    """As for expert: the true state and a resampled one its seat cannot tell apart get the same move."""
    game = museion.load(name, **options)
    spec = f"master:sims=24,model={random_net(game)}"
    positions = _positions(game, seed=5, count=400)
    observer = entry(game).observer
    hidden = [s for i, s in enumerate(positions) if observer.resample(s, s.current_player(), random.Random(i)) != s]
    chosen = positions[:: max(1, len(positions) // 3)][:3] + hidden[:: max(1, len(hidden) // 3)][:3]
    for i, state in enumerate(chosen):
        player = state.current_player()
        draws = (observer.resample(state, player, random.Random(100 * i + k)) for k in range(20))
        other = next(o for o in draws if o != state or state not in hidden)
        assert observer.view(other, player) == observer.view(state, player)
        assert make_bot(spec, i).choose(state) == make_bot(spec, i).choose(other)


def test_master_takes_expert_s_budget_parameters_and_refuses_files() -> None:
    state = museion.load("tholos").new_initial_state()
    bot = make_bot("master:time=0.02", 0)
    assert isinstance(bot, MasterBot) and bot.choose(state) in state.legal_actions()
    assert bot.last_simulations >= 8
    bot = make_bot("master:sims=30,clock=cpu", 0)
    bot.choose(state)
    assert bot.last_simulations == 30
    assert sum(bot.visit_counts(state).values()) == 29  # the first evaluates the root, each other one passes one action
    bot = make_bot("master:sims=8,model=none", 0)  # no network even where the game ships one: uniform priors
    assert bot.choose(state) in state.legal_actions() and bot.network is None and bot.values is not None
    with pytest.raises(OptionError, match="not a file"):
        make_bot("master:model=../models/value-2p.json", 0)
    with pytest.raises(OptionError, match="allowed: \"auto\", \"net\", \"learned\""):
        make_bot("master:eval=rollout", 0)


def test_a_tiny_seeded_training_run_is_reproducible_resumable_and_beats_a_uniform_policy(tmp_path,
                                                                                          monkeypatch) -> None:
    """Two iterations of self-play and training in seconds: a run stopped after its first iteration and resumed
    by a second command (which does not replay it) gives the very network of a straight two-iteration run with the
    same seed; the second iteration's games, before training on them (held out), are predicted better than by
    uniform priors; the result loads and plays."""
    pytest.importorskip("torch")
    from museion.arena.expert_iteration import PolicyConfig, train_policy
    from museion.core.errors import MuseionError

    monkeypatch.setenv(learned.MODELS_ENV, "{}")
    tiny = {"games": 2, "sims": 8, "hidden": (16, 16), "epochs": 30, "window": 2, "eval_every": 2, "eval_games": 2,
            "eval_sims": 4, "seed": 7}
    first = train_policy(PolicyConfig("tholos", {}, 1, **tiny), tmp_path / "a", tmp_path / "out-a.json")
    straight = train_policy(PolicyConfig("tholos", {}, 2, **tiny), tmp_path / "b", tmp_path / "out-b.json")
    point = first["curve"][0]
    assert point["policy_loss"] < point["uniform_policy_loss"]  # it learned the searches' choices

    played = (tmp_path / "a" / "samples-0000.npz").stat().st_mtime_ns
    resumed = train_policy(PolicyConfig("tholos", {}, 2, **tiny), tmp_path / "a", tmp_path / "out-a.json")
    assert (tmp_path / "a" / "samples-0000.npz").stat().st_mtime_ns == played
    assert [p["iteration"] for p in resumed["curve"]] == [1, 2] and "score" in resumed["curve"][1]
    assert resumed["weights"] == straight["weights"] and resumed["curve"][1]["score"] == straight["curve"][1]["score"]
    held_out = resumed["curve"][1]  # the second iteration's games, measured before training on them
    assert held_out["fresh_policy_loss"] < held_out["fresh_uniform_policy_loss"]
    assert resumed["training"]["samples"] > point["samples"]
    card = (tmp_path / "out-a.md").read_text()
    assert "expert iteration" in card and "| 2 | 4 |" in card
    assert (tmp_path / "out-a-curve.csv").read_text().count("\n") == 3
    with pytest.raises(MuseionError, match="other settings"):
        train_policy(PolicyConfig("tholos", {}, 3, **{**tiny, "sims": 9}), tmp_path / "a")

    learned.register_models({"trained": tmp_path / "out-a.json"})
    game = museion.load("tholos")
    assert load_policy(game, "trained") is not None
    state = game.new_initial_state()
    assert make_bot("master:sims=16,model=trained", 1).choose(state) in state.legal_actions()


def test_by_default_master_values_leaves_as_its_network_was_trained(tmp_path, monkeypatch) -> None:
    """``eval=auto``: a network trained with the value model at the leaves (``--leaf learned``) or with random
    playouts there (``--leaf playout``, four-player Imhotep) is searched so."""
    monkeypatch.setenv(learned.MODELS_ENV, "{}")
    game = museion.load("tholos")
    for leaf in ("learned", "net", "playout"):
        path = tmp_path / f"{leaf}.json"
        path.write_text(json.dumps({**random_document(game, (8, 8)), "training": {"leaf": leaf}}))
        learned.register_models({f"trained-{leaf}": path})
    state = game.new_initial_state()
    for spec, by_model in [("master:sims=4,model=trained-learned", True), ("master:sims=4,model=trained-net", False),
                           ("master:sims=4,model=trained-learned,eval=net", False)]:
        bot = make_bot(spec, 0)
        assert bot.choose(state) in state.legal_actions()
        assert (bot.values is not None) is by_model, spec
    bot = make_bot("master:sims=4,model=trained-playout", 0)
    assert bot.choose(state) in state.legal_actions() and bot.values == bot._played_out
    assert sum(bot.values(state, 0)) == pytest.approx(1.0) and not state.is_terminal()  # played out on a copy


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_every_shipped_network_loads_in_this_build_and_master_plays_with_it(name: str, options: dict) -> None:
    """The networks in the games' models folders (with their cards and curves) load and are what master uses."""
    game = museion.load(name, **options)
    net = load_policy(game)
    if net is None:
        assert game.model_file("policy") is None
        return
    path = game.model_file("policy")
    assert path is not None and path.with_suffix(".md").is_file() and path.with_name(f"{path.stem}-curve.csv").is_file()
    assert path.stat().st_size < 4_000_000  # small enough to ship
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    bot = make_bot("master:sims=20", 1)
    assert bot.choose(state) in state.legal_actions()
    assert bot.network is net


@pytest.mark.parametrize("when", [1, 2, 32])
def test_master_computes_a_node_s_priors_only_at_the_visit_its_option_names(when: int) -> None:
    """Item 2 of issue 42: with the value model at the leaves (``--leaf learned``, as Tholos' network) a node's
    first visit needs its value only: the network gives its priors at the visit ``priors=`` names (``1``: every new
    node), never before, and every node the search returned to that often has them."""
    state = museion.load("tholos").new_initial_state()
    bot = make_bot(f"master:sims=300,eval=learned,priors={when}", 0)
    assert bot.choose(state) in state.legal_actions() and bot.deferred == when
    nodes, stack = [], [bot.root]
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        nodes.append(node)
    decisions = [n for n in nodes if n.children and next(iter(n.children.values())).mover >= 0]
    assert {n.visits >= when for n in nodes if n.priors is not None} == {True}
    assert all(n.priors is not None for n in decisions if n.visits > when)
    assert any(n.visits < when for n in nodes) is (when > 1)


def test_master_keeps_the_subtree_of_the_played_moves_and_drops_it_when_moves_do_not_follow_on() -> None:
    """As ``expert``: the next search starts from the kept child (its visits carried over); a state that does not
    follow the last one observed (a new game) starts a new tree."""
    game = museion.load("tholos")
    state = game.new_initial_state()
    bot = make_bot("master:sims=200", 0)
    seat, action = state.current_player(), bot.choose(state)
    while True:  # our move, then the most searched reply until our seat is to act again
        child = bot.root.children[action]
        state.apply_action(action)
        bot.observe(state, action)
        assert bot.root is child and bot.kept_at == state.move_number()
        if state.current_player() == seat:
            break
        action = max(child.children, key=lambda a: child.children[a].visits)
    kept = child.visits
    bot.choose(state)
    assert bot.root is child and child.visits >= kept + 200 - 8
    fresh = game.new_initial_state()
    first = fresh.legal_actions()[0]
    fresh.apply_action(first)
    bot.observe(fresh, first)
    assert bot.kept_at == -1
    bot.choose(fresh)
    assert bot.root is not child and bot.root.visits <= 200


@pytest.mark.parametrize(("name", "players"), sorted(MASTER_GAMES))
def test_every_master_game_ships_the_network_it_was_measured_with_and_its_result(name: str, players: int) -> None:
    """A configuration is in ``MASTER_GAMES`` (the coach searches with ``master`` there) only with its network
    shipped and the 200-game measurement against ``expert`` in the results (``benchmarks/results/master/``)."""
    game = museion.load(name, players=players)
    assert load_policy(game) is not None
    results = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "master"
    path = next(p for p in (results / f"{name}{players}.json", results / f"{name}.json") if p.is_file())
    row = json.loads(path.read_text(encoding="utf-8"))
    assert row["games"] >= 200 and row["ci95"][0] > 1 / players
