"""Tables on the local network, found with zeroconf (multicast DNS service discovery).

A host advertises each open table as a ``_rummy._tcp.local.`` service whose TXT record
holds the protocol version, the room code, the variant and the free seats; a joining
game browses for them. Multicast is often blocked (some Wi-Fi, VPNs, containers): then
:class:`Advertiser` and :class:`Browser` report ``available = False`` with the reason and
do nothing, and the player types the address instead.

>>> props = table_properties("ACDEF", "indian_13", players=4, free=2)
>>> found = read_table("Asha's table", "192.168.1.5", 8765, props)
>>> found.url, found.code, found.free
('ws://192.168.1.5:8765', 'ACDEF', 2)
>>> read_table("x", "10.0.0.1", 8765, {b"v": b"99"}) is None
True
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

from . import PROTOCOL_VERSION
from .room import is_code

SERVICE_TYPE = "_rummy._tcp.local."
log = logging.getLogger("rummy.net")


@dataclass(frozen=True)
class FoundTable:
    """A table another game advertises on the network."""

    name: str
    host: str
    port: int
    code: str
    variant: str
    players: int
    free: int

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"


def table_properties(code: str, variant: str, players: int, free: int) -> dict[bytes, bytes]:
    """The TXT record of an advertised table."""
    return {b"v": str(PROTOCOL_VERSION).encode(), b"code": code.encode(),
            b"variant": variant.encode(), b"players": str(players).encode(),
            b"free": str(free).encode()}


def read_table(name: str, host: str, port: int,
               props: dict[bytes, bytes | None]) -> FoundTable | None:
    """A found table from its TXT record; None for one of another version or malformed
    (anyone on the network can advertise anything)."""
    try:
        text = {k.decode(): (v or b"").decode() for k, v in props.items()}
        if text.get("v") != str(PROTOCOL_VERSION):
            return None
        code = text["code"]
        if not is_code(code):
            return None
        players, free = int(text["players"]), int(text["free"])
        if not (0 < port < 65536 and 2 <= players <= 6 and 0 <= free <= players):
            return None
        return FoundTable(name[:40], host, port, code, text["variant"][:40], players, free)
    except (KeyError, ValueError, UnicodeDecodeError):
        return None


def local_address() -> str:
    """This machine's address on the network the default route uses (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, never reached
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class Advertiser:
    """Advertise one hosted table; ``available`` is False (with ``error``) when zeroconf
    cannot run here."""

    def __init__(self) -> None:
        self.available = False
        self.error: str | None = None
        self._zc: Any = None
        self._info: Any = None

    def start(self, name: str, address: str, port: int, code: str, variant: str,
              players: int, free: int) -> bool:
        try:
            from zeroconf import ServiceInfo, Zeroconf
            self._zc = Zeroconf(interfaces=[address])
            self._info = ServiceInfo(
                SERVICE_TYPE, f"{name} {code}.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(address)], port=port,
                properties=table_properties(code, variant, players, free))
            self._zc.register_service(self._info)
        except Exception as err:  # noqa: BLE001 - no multicast here: the typed address
            self.error = f"tables cannot be advertised on this network ({err})"
            log.info(self.error)
            self.stop()
            return False
        self.available = True
        return True

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None and self.available:
                zc.unregister_service(self._info)
            zc.close()
        except Exception:  # noqa: BLE001 - leaving must never fail
            log.info("zeroconf did not close cleanly", exc_info=True)
        self.available = False


class Browser:
    """Collect the tables advertised on the network, on zeroconf's own thread."""

    def __init__(self) -> None:
        self.available = False
        self.error: str | None = None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None

    def start(self, interfaces: list[str] | None = None) -> bool:
        try:
            from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf
            self._zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()

            def changed(zeroconf: Any, service_type: str, name: str,
                        state_change: Any) -> None:
                if state_change is ServiceStateChange.Removed:
                    with self._lock:
                        self._found.pop(name, None)
                    return
                info = zeroconf.get_service_info(service_type, name, timeout=2000)
                if info is None or not info.parsed_addresses():
                    return
                label = name.removesuffix("." + service_type)
                found = read_table(label, info.parsed_addresses()[0], info.port or 0,
                                   dict(info.properties))
                if found is not None:
                    with self._lock:
                        self._found[name] = found

            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[changed])
        except Exception as err:  # noqa: BLE001 - no multicast here: the typed address
            self.error = f"tables on this network cannot be listed ({err})"
            log.info(self.error)
            self.stop()
            return False
        self.available = True
        return True

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name, t.code))

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._browser is not None:
                self._browser.cancel()
            zc.close()
        except Exception:  # noqa: BLE001 - leaving must never fail
            log.info("zeroconf did not close cleanly", exc_info=True)
        self.available = False
