#!/usr/bin/env python3
"""Time from start to the first interactive frame: ``python benchmarks/bench_startup.py``.

Starts ``main.py`` (the desktop game, title screen) as a new process under SDL's dummy
video and audio drivers, with ``RUMMY_REPORT_STARTUP=1`` so that the app prints
``RUMMY_STARTUP_READY`` once its first frame is on screen and it reads input; the time is
measured here, from just before the process is started to that line, so it includes the
interpreter, the bootstrap check, the imports, the window, the assets and the first draw.
Repeats ``--runs`` times (default 5) and prints one JSON line:

    {"benchmark": "startup", "runs": 5, "median_s": ..., "min_s": ..., "max_s": ...,
     "target_s": 1.5, "ok": true, "python": "3.11.7", "cpus": 2}

``--check`` exits 1 when the median is over the 1.5 s target.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "RUMMY_STARTUP_READY"
TARGET_S = 1.5


def one_run(python: str, timeout: float) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY_REPORT_STARTUP="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory() as home:
        env["XDG_CONFIG_HOME"] = home  # a first start: no remembered settings
        start = time.perf_counter()
        process = subprocess.Popen([python, str(ROOT / "main.py")], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert process.stdout is not None
            deadline = start + timeout
            while time.perf_counter() < deadline:
                line = process.stdout.readline()
                if not line:
                    raise RuntimeError(f"main.py exited ({process.wait()}) before its first frame")
                if line.startswith(MARK):
                    return time.perf_counter() - start
            raise RuntimeError(f"no first frame within {timeout} s")
        finally:
            process.kill()
            process.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per run")
    parser.add_argument("--check", action="store_true", help="exit 1 over the target")
    args = parser.parse_args(argv)
    times = [one_run(sys.executable, args.timeout) for _ in range(args.runs)]
    median = statistics.median(times)
    print(json.dumps({
        "benchmark": "startup", "runs": args.runs, "median_s": round(median, 3),
        "min_s": round(min(times), 3), "max_s": round(max(times), 3), "target_s": TARGET_S,
        "ok": median <= TARGET_S, "python": platform.python_version(), "cpus": os.cpu_count(),
    }))
    return 1 if args.check and median > TARGET_S else 0


if __name__ == "__main__":
    sys.exit(main())
