"""A benchmark script of ``benchmarks/`` loaded as a module, for tests of its parts (the
folder is one of scripts, not a package), and a run's ``--log`` file written for them."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def write_log(path: Path, deals: list[tuple[int, bool, int]]) -> None:
    """A bench_bots --log file: (index, expert seated first, expert's points or 0 when
    it won with hard paying that much as a negative)."""
    lines = []
    for index, first, points in deals:
        bots = ["expert", "hard"] if first else ["hard", "expert"]
        seat = bots.index("expert")
        paid = [0, 0]
        if points > 0:
            paid[seat] = points
            winner = 1 - seat
        else:
            paid[1 - seat] = -points
            winner = seat
        lines.append({"deals": [{"index": index, "seed": index, "bots": bots, "turns": 9,
                                 "winner": winner, "error": None, "points": paid}],
                      "hard_s": [], "expert_s": [], "cap_hits": 0, "counts": {}})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
