"""What fair deals cost, per deal: dealing from a key instead of a number, the server's
commitment and reveal, and a seat's check of the revealed deal (docs/protocol.md, "Fair
deals").

Plays ``--deals`` deals of each variant between greedy bots, then times, per deal:
``deal_number`` and ``deal_key`` (``start_deal`` from a number and from a 256-bit key),
``commit`` (the layout and its SHA-256, as the server makes it when a deal is dealt),
``reveal`` (the reveal as JSON, as it goes out in the update that ends the deal) and
``check`` (a seat's whole check: hash, deal again, replay every action and compare every
view it was sent). Prints one JSON line per variant with the medians in ms.

    python benchmarks/bench_fairness.py --deals 40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import make_bot  # noqa: E402
from rummy.model.actions import Action  # noqa: E402
from rummy.model.fairness import Reveal, Seen, check_deal, commitment  # noqa: E402
from rummy.model.randomness import deal_key  # noqa: E402
from rummy.model.rules import family_of  # noqa: E402
from rummy.model.state import GameState, apply, legal_actions, start_deal  # noqa: E402
from rummy.model.variant import load_variant  # noqa: E402
from rummy.model.view import view_for  # noqa: E402

CASES = (("indian_13", 2), ("two_player_13", 2), ("super_rummy", 2), ("dummy_rummy", 3))
MAX_MOVES = 400


def _ms(run: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _commit(dealt: GameState) -> str:
    return commitment(dealt.seed, family_of(dealt.variant).layout(dealt))


def _reveal_text(reveal: Reveal) -> str:
    return json.dumps(reveal.to_json())


def _play(dealt: GameState) -> tuple[list[Action], list[Seen]]:
    """A deal between greedy bots: its actions and the views seat 0 was sent."""
    bots = [make_bot("greedy", seed) for seed in range(dealt.players)]
    state, actions = dealt, list[Action]()
    seen = [Seen(0, view_for(dealt, 0))]
    while not state.is_over and len(actions) < MAX_MOVES:
        seat = state.turn
        action = bots[seat].choose(view_for(state, seat), legal_actions(state, seat))
        state, _ = apply(state, action)
        actions.append(action)
        seen.append(Seen(len(actions), view_for(replace(state, history=()), 0), False))
    return actions, seen


def bench(variant_id: str, players: int, deals: int) -> dict[str, Any]:
    variant = load_variant(variant_id)
    family = family_of(variant)
    rows: dict[str, list[float]] = {k: [] for k in ("deal_number", "deal_key", "commit",
                                                     "reveal", "check")}
    moves = []
    for n in range(deals):
        key = deal_key(n.to_bytes(32, "big"), 0)
        rows["deal_number"].append(_ms(partial(start_deal, variant, players, n)))
        rows["deal_key"].append(_ms(partial(start_deal, variant, players, key)))
        dealt = start_deal(variant, players, key)
        rows["commit"].append(_ms(partial(_commit, dealt)))
        promise = commitment(dealt.seed, family.layout(dealt))
        actions, seen = _play(dealt)
        moves.append(len(actions))
        reveal = Reveal.of(dealt, actions, deal=0, first_seq=0)
        rows["reveal"].append(_ms(partial(_reveal_text, reveal)))
        verdict = check_deal(variant, 0, promise, reveal, seen)
        assert verdict.ok, verdict
        start = time.perf_counter()  # once: the check is the slowest part, and exact
        check_deal(variant, 0, promise, reveal, seen)
        rows["check"].append((time.perf_counter() - start) * 1000)
    return {"variant": variant_id, "players": players, "deals": deals,
            "median_moves": statistics.median(moves),
            **{f"{k}_ms": round(statistics.median(v), 3) for k, v in rows.items()}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    for variant_id, players in CASES:
        print(json.dumps(bench(variant_id, players, args.deals)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
