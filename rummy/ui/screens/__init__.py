"""Screens of what the game remembers: Statistics, Replays and Settings.

Each is a :class:`~rummy.ui.scene.Scene` to push from a menu, with Back (Esc) popping it:
``app.push(StatsScene(app))``, ``app.push(ReplaysScene(app, on_watch=...))``,
``app.push(PreferencesScene(app))``. They read and write through :mod:`rummy.store`.
"""
