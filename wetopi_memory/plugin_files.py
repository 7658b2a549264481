"""Where the installed package keeps the Hermes directory plugin: plugin/ of the repository, shipped as a package."""

from __future__ import annotations

import importlib.util
from pathlib import Path

__all__ = ["DIRECTORY_PLUGIN_FILES", "PLUGIN_PACKAGE", "plugin_source_dir"]

PLUGIN_PACKAGE = "wetopi_memory_plugin"  # pyproject maps this package to the plugin/ folder
DIRECTORY_PLUGIN_FILES = ("plugin.yaml", "__init__.py", "config.yaml")


def plugin_source_dir() -> Path:
    """The folder holding plugin.yaml, __init__.py and config.yaml, found without importing the plugin.

    Raises FileNotFoundError when the package was installed without its plugin files.
    """
    spec = importlib.util.find_spec(PLUGIN_PACKAGE)
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    if not locations:
        raise FileNotFoundError(f"the installed package lacks its plugin files ({PLUGIN_PACKAGE} not found)")
    return Path(locations[0])
