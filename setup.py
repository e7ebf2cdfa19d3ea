"""Packaging hook: ``pip install .`` copies the game's variant files and assets into the
installed package (``rummy/_bundled/``), where :func:`rummy.paths.data_root` finds them.

Everything else about the package is in ``pyproject.toml``.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = ("config/variants", "assets")


class BuildWithGameFiles(build_py):
    """build_py, plus config/variants and assets under rummy/_bundled in the build."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "rummy" / "_bundled"
        for folder in DATA:
            destination = target / folder
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(HERE / folder, destination,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithGameFiles})
