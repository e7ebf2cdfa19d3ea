"""``python -m rummy``: see :mod:`rummy.cli`."""

import sys

from rummy.cli import main

if __name__ == "__main__":
    sys.exit(main())
