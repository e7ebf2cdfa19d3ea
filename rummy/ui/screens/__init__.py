"""Every screen but the game table (:mod:`rummy.ui.table`), one module each.

The title (``title``), New game (``new_game``), Rules (``rules``), Statistics (``stats``),
Replays (``replays``), a replay at the table (``replay_table``), Settings (``settings``), Play
online (``online``), Browse tables (``browse``) and the lobby (``lobby``). Each is a
:class:`~rummy.ui.scene.Scene` that :mod:`rummy.ui.launch` registers by name; none imports
another (they open one another by name through the host). What they share is in
:mod:`rummy.ui.screens.common`.
"""
