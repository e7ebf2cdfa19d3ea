"""The built app's entry script (PyInstaller starts here): the ``rummy`` command."""

import sys

from rummy.launcher import main

if __name__ == "__main__":
    sys.exit(main())
