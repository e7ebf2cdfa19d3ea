"""Shared test setup.

SDL must never open a real window or audio device in tests: these defaults apply to every
test and to subprocesses started from them (the UI tests come later). A developer who
wants to watch can still set the variables before running pytest.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
