"""Where a deal's randomness comes from (rummy/model/randomness.py): numbers replay the
deals they always dealt, keys give a stream anyone can rebuild from HMAC-SHA256, and
every deal of a keyed match has its own key."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest

from rummy.model.match import start_match
from rummy.model.randomness import KeyedRandom, deal_key, seed_from_text, seed_text, stream
from rummy.model.state import start_deal
from rummy.model.variant import load_variant

KEY = bytes(range(32))


def test_a_number_deals_as_it_always_did() -> None:
    # the Mersenne Twister seeded by text, as the engine has always drawn a deal
    old = random.Random("7/deal")
    new = stream(7, "deal")
    assert [old.random() for _ in range(5)] == [new.random() for _ in range(5)]
    assert deal_key(7, 0) == 7
    assert deal_key(7, 3) == random.Random("7/match/3").randrange(2**31)


def test_the_keyed_stream_is_hmac_sha256_in_counter_mode() -> None:
    """What docs/protocol.md tells a third-party client, computed here independently."""
    label_key = hmac.new(KEY, b"deal", hashlib.sha256).digest()
    blocks = b"".join(hmac.new(label_key, i.to_bytes(8, "big"), hashlib.sha256).digest()
                      for i in range(3))
    rng = KeyedRandom(KEY, "deal")
    assert rng.getrandbits(256) == int.from_bytes(blocks[:32], "big")
    assert rng.getrandbits(12) == int.from_bytes(blocks[32:34], "big") >> 4
    assert rng.getrandbits(8) == blocks[34]
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError):
        rng.getrandbits(-1)
    with pytest.raises(NotImplementedError):
        rng.getstate()


def test_a_keyed_shuffle_is_pythons_fisher_yates_over_the_stream() -> None:
    deck = list(range(52))
    shuffled = deck[:]
    stream(KEY, "deal").shuffle(shuffled)
    again = deck[:]
    bits = KeyedRandom(KEY, "deal")
    for i in reversed(range(1, len(again))):  # random.shuffle, written out
        n = i + 1
        j = bits.getrandbits(n.bit_length())
        while j >= n:
            j = bits.getrandbits(n.bit_length())
        again[i], again[j] = again[j], again[i]
    assert shuffled == again
    assert sorted(shuffled) == deck


def test_keyed_shuffles_look_uniform() -> None:
    """Where the first card of 3,000 keyed shuffles of 13 lands: every place about as
    often (a chi-square test at the 0.1% level: 12 degrees of freedom, 32.9)."""
    places: Counter[int] = Counter()
    for n in range(3000):
        cards = list(range(13))
        stream(n.to_bytes(32, "big"), "deal").shuffle(cards)
        places[cards.index(0)] += 1
    expected = 3000 / 13
    chi2 = sum((places[p] - expected) ** 2 / expected for p in range(13))
    assert chi2 < 32.9, places


def test_every_deal_of_a_keyed_match_has_its_own_key() -> None:
    keys = [deal_key(KEY, n) for n in range(6)]
    assert len(set(keys)) == 6 and KEY not in keys
    assert all(isinstance(k, bytes) and len(k) == 32 for k in keys)
    # a revealed deal key, taken as a match key, deals nothing of the match
    assert deal_key(keys[0], 1) not in keys
    variant = load_variant("indian_13")
    first = start_match(variant, 2, KEY).state
    assert first.seed == keys[0]
    assert first.hands == start_deal(variant, 2, keys[0]).hands


def test_seeds_are_written_and_read_back() -> None:
    assert seed_from_text(seed_text(KEY)) == KEY
    assert seed_from_text(41) == 41
    for bad in ("41", True, "zz" * 32, None, 4.0):
        with pytest.raises(ValueError):
            seed_from_text(bad)
