"""The cost of a friend request does not say who the name belongs to (docs/friends.md, no enumeration): the
median thread CPU time of ``FriendStore.request`` for an unknown name, a player who blocked the sender and any
other player, in one run on one SQLite file, as ratios to the unknown name's (wall-clock time on a loaded machine
is noise; CPU time is what the statements cost).

    python benchmarks/friends_requests.py [--rounds 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from museion.server.friends.store import FriendStore
from museion.server.storage.storage import Store

CASES = [("unknown", "nobody"), ("blocked you", "blocker"), ("other", "plain")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    rounds = parser.parse_args().rounds
    store = Store(f"sqlite:///{tempfile.mkdtemp()}/friends.db")
    with store.engine.begin() as conn:
        for name in ("me", "blocker", "plain"):
            conn.exec_driver_sql("INSERT INTO accounts (username, username_key, password_hash, created, status) "
                                 "VALUES (?, ?, 'x', 1.0, 'active')", (name, name))
    friends = FriendStore(store.engine)
    me = friends.find("me").id  # type: ignore[union-attr]
    friends.block(friends.find("blocker").id, "me")  # type: ignore[union-attr]
    spent: dict[str, list[float]] = {case: [] for case, _ in CASES}
    for _ in range(rounds):
        for case, name in random.sample(CASES, len(CASES)):
            start = time.thread_time()
            friends.request(me, name)
            spent[case].append(time.thread_time() - start)
            friends.cancel(me, name)
    base = statistics.median(spent["unknown"])
    for case, times in spent.items():
        median = statistics.median(times)
        print(f"{case:12} median {median * 1e6:7.0f} µs CPU  ratio {median / base:.2f}")


if __name__ == "__main__":
    main()
