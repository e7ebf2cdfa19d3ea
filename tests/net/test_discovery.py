"""LAN discovery: the advertised record, anything else refused, and the typed address as
the fallback when zeroconf cannot run."""

from __future__ import annotations

import time

import pytest

from rummy.net import discovery
from rummy.net.discovery import Advertiser, Browser, read_table, table_properties

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


def test_the_record_round_trips_and_bad_ones_are_refused() -> None:
    props: dict[bytes, bytes | None] = dict(table_properties("KMNPRACDEF", "dummy_rummy", 5,
                                                             3))
    found = read_table("Ben KMNPR", "10.1.2.3", 9000, props)
    assert found is not None and (found.code, found.players, found.free) == ("KMNPRACDEF", 5, 3)
    old = read_table("Ben", "10.1.2.3", 9000, {**props, b"code": b"KMNPR"})  # a resumed table
    assert old is not None and old.code == "KMNPR"
    for key, value in [(b"v", b"2"), (b"code", b"BBBBB"), (b"code", b"acd"),
                       (b"code", b"KMNPRACDE"), (b"code", b"KMNPR ACDEF"),
                       (b"players", b"9"), (b"free", b"x"), (b"free", None)]:
        assert read_table("x", "10.1.2.3", 9000, {**props, key: value}) is None, key
    assert read_table("x", "10.1.2.3", 0, props) is None
    assert read_table("x", "10.1.2.3", 9000, {}) is None


def test_without_zeroconf_both_sides_say_so_and_do_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import zeroconf

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("no multicast on this network")

    monkeypatch.setattr(zeroconf, "Zeroconf", broken)
    advertiser, browser = Advertiser(), Browser()
    assert not advertiser.start("Asha", "127.0.0.1", 8765, "ACDEF", "indian_13", 4, 2)
    assert not browser.start()
    assert not advertiser.available and "no multicast" in (advertiser.error or "")
    assert not browser.available and browser.tables() == []
    advertiser.stop()
    browser.stop()


def test_a_table_advertised_on_loopback_is_found() -> None:
    advertiser, browser = Advertiser(), Browser()
    if not advertiser.start("Asha", "127.0.0.1", 8765, "ACDEF", "indian_13", 4, 2):
        pytest.skip(f"zeroconf cannot run here: {advertiser.error}")
    try:
        assert browser.start(["127.0.0.1"])
        for _ in range(100):
            if browser.tables():
                break
            time.sleep(0.05)
        (found,) = browser.tables()
        assert (found.url, found.code, found.free) == ("ws://127.0.0.1:8765", "ACDEF", 2)
    finally:
        browser.stop()
        advertiser.stop()
    assert discovery.local_address()
