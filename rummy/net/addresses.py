"""Which of this computer's addresses others can reach, and what to tell a host whose
table is open at an address that works only at home (docs/hosting.md).

Only the computer's own interfaces are read (``ifaddr``, which zeroconf brings): no
outside service is asked what the public address is.

>>> is_public("192.168.1.5"), is_public("10.0.0.7"), is_public("203.0.114.9")
(False, False, True)
>>> reach_advice("192.168.1.5", 8765)  # doctest: +NORMALIZE_WHITESPACE
'192.168.1.5 works only on your home network: for friends elsewhere, forward port 8765
 on your router to this computer and give them your public address; see docs/hosting.md'
>>> reach_advice("203.0.114.9", 8765)
''
"""

from __future__ import annotations

import ipaddress
import logging

log = logging.getLogger("rummy.net")


def is_public(address: str) -> bool:
    """Reachable from the internet: not private (192.168.x.x, 10.x, 172.16-31.x), not
    loopback, link-local, shared (carrier NAT) or reserved."""
    try:
        return ipaddress.ip_address(address.strip("[]")).is_global
    except ValueError:
        return False


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return address == "localhost"


def public_addresses() -> list[str]:
    """This computer's public IPv4 addresses, read from its interfaces (usually none: a
    home computer sits behind its router's address)."""
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception:  # noqa: BLE001 - no interface list here: offer none
        log.info("the network interfaces could not be read", exc_info=True)
        return []
    found = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and is_public(ip.ip) and ip.ip not in found:
                found.append(ip.ip)
    return found


def reach_advice(address: str, port: int) -> str:
    """One line for a host whose table is open at ``address``: why it works only at home
    (or on this computer) and what to do; "" for a public address."""
    if is_loopback(address):
        return (f"{address} works only on this computer: to let others join, host again"
                " open to the network.")
    if is_public(address):
        return ""
    return (f"{address} works only on your home network: for friends elsewhere, forward"
            f" port {port} on your router to this computer and give them your public"
            " address; see docs/hosting.md")
