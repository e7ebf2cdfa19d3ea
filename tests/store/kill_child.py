"""A game process for the kill -9 test: bots play real deals through ``rummy.session`` and
the hand is rearranged between actions, saving after every action and every rearrangement
with :class:`rummy.store.saves.SaveSlot`; it resumes from the save when there is one.

Prints ``resumed SEQ DIGEST`` on start (from a save) and ``saved SEQ DIGEST`` after every
save, flushed, so the test knows the last save that surely completed before it killed us.
Usage: ``python kill_child.py DATA_DIR``; runs until killed (or ``--saves N`` saves).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rummy.ai import make_bot  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.store.saves import SaveError, SaveSlot  # noqa: E402
from tests.store.helpers import digest  # noqa: E402


def fingerprint(game: Session, hand: list[list[str]]) -> str:
    return digest(game) + ":" + hashlib.sha256(json.dumps(hand).encode()).hexdigest()[:16]


def arranged(game: Session, rng: random.Random) -> list[list[str]]:
    """Seat 0's hand cut into random groups in a random order (what dragging does)."""
    cards = [c.code for c in game.state.hands[0]]
    rng.shuffle(cards)
    groups, start = [], 0
    while start < len(cards):
        size = rng.randint(1, 4)
        groups.append(cards[start:start + size])
        start += size
    return groups


def main(argv: list[str]) -> int:
    slot = SaveSlot(argv[0])
    limit = int(argv[2]) if len(argv) > 2 and argv[1] == "--saves" else None
    try:
        saved = slot.load()
    except SaveError as exc:
        print(f"refused {exc}", flush=True)
        return 3
    if saved is None:
        game, seq, hand = Session.lone_deal("indian_13", players=3, seed=1), 0, []
    else:
        assert saved.game.lone
        game, seq, hand = saved.game, int(saved.table["seq"]), saved.hand
        print(f"resumed {seq} {fingerprint(game, hand)}", flush=True)
    start = seq
    while limit is None or seq - start < limit:
        rng = random.Random(seq)
        if game.state.is_over:
            game = Session.lone_deal("indian_13", players=3, seed=seq)
        elif seq % 2:
            hand = arranged(game, rng)
        else:
            seat = game.state.turn
            bot = make_bot("greedy", seed=seq)
            game.act(bot.choose(game.view(seat), game.legal_actions(seat)))
        seq += 1
        slot.write(game, hand=hand, table={"seq": seq})
        print(f"saved {seq} {fingerprint(game, hand)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
