"""Play over the network: an authoritative server (``python -m rummy serve``), its JSON
protocol (``docs/protocol.md``), the room records it keeps (SQLite; PostgreSQL when several
processes serve as one, on Redis: ``docs/scaling.md``), and a client for the desktop game.
The server deals and checks every move with the engine; a seat is sent only its own
:class:`~rummy.model.view.PlayerView` and the events as that seat sees them."""

PROTOCOL_VERSION = 1
"""The ``v`` field of every message; a message of another version is refused."""
