"""The table's structure (issue 28's design step): a scene composed of small pieces that
never ask which rule family they show, and one driver protocol that the local and the
network driver both satisfy."""

from __future__ import annotations

from pathlib import Path

import pytest

import rummy.ui.table as table_package
from rummy.net.remote import RemoteDriver
from rummy.ui.app import App
from rummy.ui.scene import Scene
from rummy.ui.table import TableScene
from rummy.ui.table.driver import TableDriver
from rummy.ui.table.driver_protocol import Driver

from .table_helpers import prepared_game, table

TABLE = Path(table_package.__file__).parent
PIECES = ("scene.py", "controls.py", "pointer.py", "frame_painter.py", "targets.py")


def protocol_members(protocol: type) -> set[str]:
    """The names a protocol asks for: its methods and properties, and its attributes."""
    names = {name for name in vars(protocol) if not name.startswith("_")}
    return names | set(protocol.__annotations__)


class QuietClient:
    """A connection with nothing to say (the RemoteDriver reads only these)."""

    status = "open"

    def poll(self) -> list[dict[str, object]]:
        return []

    def close(self) -> None:
        pass


@pytest.mark.timeout(30)
def test_the_local_and_the_network_driver_both_have_every_member_of_the_protocol() -> None:
    members = protocol_members(Driver)
    assert {"act", "check", "view", "variant", "local", "next_deal"} <= members
    local = TableDriver.new("indian_13", {}, 2, ("greedy",), 1, 0, inline=True)
    remote = RemoteDriver(QuietClient())  # type: ignore[arg-type]
    try:
        for driver in (local, remote):
            missing = {name for name in members
                       if not hasattr(type(driver), name) and name not in vars(driver)}
            assert missing == set(), type(driver).__name__
    finally:
        local.close()
        remote.close()


@pytest.mark.timeout(30)
def test_the_table_scene_is_composed_not_mixed(app: App) -> None:
    assert TableScene.__mro__ == (TableScene, Scene, object)
    scene = table(app, prepared_game())
    assert scene.pointer.controls is scene.controls
    assert scene.painter.pointer is scene.pointer


@pytest.mark.timeout(30)
@pytest.mark.parametrize("name", PIECES)
def test_the_table_never_asks_which_family_it_shows(name: str) -> None:
    text = (TABLE / name).read_text(encoding="utf-8")
    for asked in ("ContractParts", "MeldParts", "DeclareParts", "isinstance(self.parts",
                  "melds_on_table", "variant.family", "Mixin"):
        assert asked not in text, (name, asked)
