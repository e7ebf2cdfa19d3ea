"""The servers the desktop game hosts, kept past the screens that opened them.

Apart from :mod:`rummy.net.local` so that the app can hold them without loading the server
and websockets at start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .local import LocalServer


class HostedServers:
    """The servers this game hosts, kept for as long as the game runs.

    A host who leaves a table mid-game leaves its server running, so the others play on
    (the server's clock plays the host's turns) and the host can rejoin from Play online;
    closing the game stops them all. A server with no table left in play stops when its
    lobby or table is left."""

    def __init__(self) -> None:
        self.servers: list[LocalServer] = []

    def open(self, host: str, port: int, data: Path) -> LocalServer:
        """The running server at ``host`` and ``port`` (0: any port), or a new one."""
        for server in self.servers:
            if server.host == host and not server.error and port in (
                    0, server.port, server.wanted_port):
                return server
        from .local import LocalServer  # the server and websockets load when first hosting

        server = LocalServer(host, port, data).start()
        self.servers.append(server)
        return server

    def release(self, server: LocalServer) -> None:
        """Its lobby or table was left: stop it unless a table on it is still in play."""
        if server.playing():
            return
        server.stop()
        if server in self.servers:
            self.servers.remove(server)

    def playing(self) -> list[str]:
        """The codes of every hosted table still in play."""
        return [code for server in self.servers for code in server.playing()]

    def stop_all(self) -> None:
        """The game is closing: every table it hosts stops (its record stays on disk, so
        hosting again resumes it)."""
        for server in self.servers:
            server.stop()
        self.servers.clear()
