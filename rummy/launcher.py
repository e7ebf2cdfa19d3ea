"""The ``rummy`` command (``pip install .``) and the built app's entry point.

Like ``python3 main.py`` without the ``.venv`` bootstrap (an installed game or a built app
has its dependencies already): a subcommand goes to the command line
(``rummy simulate --games 10``), options only or nothing opens the desktop game
(``rummy --demo --deals 1 --quit-when-done``).
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and not args[0].startswith("-"):
        from rummy.cli import main as cli_main

        return cli_main(args)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on our stdout
    from rummy.ui.launch import launch

    return launch(args)


if __name__ == "__main__":
    sys.exit(main())
