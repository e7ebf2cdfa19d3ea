"""The table: where a deal of rummy is played with the mouse, and watched in demo mode.

``TableScene(app, config, *, game=None, deals=None, quit_when_done=False, speed=None)``

- ``app``: the :class:`~rummy.ui.app.App`; ``config``: the menu's
  :class:`~rummy.ui.game_config.GameConfig` (variant, options, seats, opponents, seed, and
  ``human_seat``: None fills every seat with bots and plays by itself, a demo).
- ``game``: a prepared :class:`rummy.session.Session` to play on from where it stands: a
  lone deal becomes the first deal of the match instead of a new deal (tests and scenarios
  set up known hands this way, e.g. with ``deal_from_cards``), a match goes on from its
  deal and totals.
- ``deals``: play this many deals, then stop; with ``quit_when_done`` the app quits after
  the last deal's result has been shown (``main.py --demo --deals N --quit-when-done``).
  Both default to the config's ``deals`` and ``quit_when_done``. Without a limit a demo
  goes on deal after deal; a human moves on with Next deal (or Enter).
- ``speed``: animation and bot pace multiplier (default 1, a demo 2).

Deals are played in matches, as the variant's ``match_format`` says (the engine's
:mod:`rummy.model.match` decides): ``points`` is one deal (then New deal starts a new
match; the seats' points run on for the sitting, as a points-rummy table keeps its
winnings, while Statistics counts each deal as a match); ``deals_N`` plays N deals, the
lowest total wins; ``pool_101`` / ``pool_201`` puts out a seat reaching 101 / 201 (it gets
no more cards and is listed as out on the felt), the last seat left wins. The result panel
shows the match's standing and, at its end, the winner with Menu / New match; the seat
panels' points are match totals. If the human is out of a pool, the others play the match
out (faster) while the human watches; Menu or Esc leaves. A demo goes on from match to
match.

Every rule family plays here: each has its table parts (``parts``: targets, buttons,
keys, status line, what it paints), composed by the scene with its other pieces (the
controls, the pointer, the painter), each of which sees the scene only as the narrow
``context.Table`` protocol; the game behind the table is a ``driver_protocol.Driver``
(played here, or an online seat). Bots think on a worker thread,
never in the frame (or inline, for tests: ``App(inline_work=True)``).

Modules, along their seams: ``scene`` (the scene: flow of deals), ``context`` (the
``Table`` protocol its pieces see), ``controls`` (its buttons, keys, dialogs, hints),
``pointer`` (mouse gestures: a drop and a click with a selection take one path),
``frame_painter`` (its frames), ``record_keeper`` (the autosave, statistics and
replays), ``drag`` (hand places), ``targets`` (every place cards can go, as objects),
``parts`` (each family's pieces by name: ``parts_base``, what they share;
``parts_declare``; ``parts_melds``; ``parts_contract``), ``meld_area``
(melds on the table), ``board`` (what is on the felt, painted from caches) and
``board_paint`` (how), ``event_player`` and ``play_melds`` (engine events -> flights),
``anim`` (flights),
``driver`` (the match's session + bots on a worker thread + event log) and
``driver_protocol`` (what the table asks of any driver), ``hand``
(the player's order and groups, UI-local), ``layout`` (rects from the window size),
``panels``/``dialogs``/``sprites`` (painting helpers: buttons and seat panels, the
dialogs, the card art).

Esc leaves the table (``app.pop()``). ``scene.deals_done`` counts finished deals and
``scene.idle`` says that no event is waiting to be animated.
"""

from .scene import TableScene

__all__ = ["TableScene"]
