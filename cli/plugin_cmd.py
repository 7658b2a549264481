"""plugin install: copy the Hermes directory plugin into $HERMES_HOME/plugins/wetopi-memory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Annotated, Optional

import typer

from wetopi_memory import PLUGIN_NAME, plugin_source_dir

from ._common import EXIT_OK, fail, out

app = typer.Typer(help="Install the Hermes Agent plugin.", no_args_is_help=True)

PLUGIN_FILES = ("plugin.yaml", "__init__.py")
CONFIG_FILE = "config.yaml"


def plugin_source() -> Path:
    """The directory plugin shipped with the package (the repository's plugin/)."""
    try:
        return plugin_source_dir()
    except FileNotFoundError:
        fail("the installed package lacks its plugin files (plugin.yaml, __init__.py, config.yaml); reinstall "
             "wetopi-memory")


def default_hermes_home() -> Path:
    return Path(os.environ.get("HERMES_HOME") or Path.home() / ".hermes").expanduser()


@app.command("install")
def install(
    *,
    hermes_home: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--hermes-home", help="Hermes home directory (default: $HERMES_HOME, else ~/.hermes).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing plugin directory's files.")] = False,
) -> None:
    """Copy the directory plugin to HERMES_HOME/plugins/wetopi-memory and print how to enable it.

    An existing config.yaml there is never overwritten (not even with --force). Hermes' own memory.provider
    setting is left untouched.

    Example: wetopi-memory plugin install --hermes-home /opt/data
    """
    home = (hermes_home or default_hermes_home()).expanduser()
    target = home / "plugins" / PLUGIN_NAME
    source = plugin_source()
    missing = [name for name in (*PLUGIN_FILES, CONFIG_FILE) if not (source / name).is_file()]
    if missing:
        fail(f"the installed package lacks its plugin files ({', '.join(missing)}); reinstall wetopi-memory")
    existing = [name for name in PLUGIN_FILES if (target / name).exists()]
    if existing and not force:
        fail(f"{target} already has a plugin ({', '.join(existing)}); use --force to replace it")
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name in PLUGIN_FILES:
            shutil.copyfile(source / name, target / name)
        wrote_config = not (target / CONFIG_FILE).exists()
        if wrote_config:
            shutil.copyfile(source / CONFIG_FILE, target / CONFIG_FILE)
    except OSError as exc:
        fail(f"cannot write {target}: {exc.strerror or type(exc).__name__}")
    out.print(f"installed {PLUGIN_NAME} plugin in {target}", markup=False, highlight=False)
    if wrote_config:
        out.print(f"wrote an example config: {target / CONFIG_FILE}", markup=False, highlight=False)
    else:
        out.print(f"kept the existing config: {target / CONFIG_FILE}", markup=False, highlight=False)
    out.print(f"\nNext, enable it in {home / 'config.yaml'} (or run `hermes plugins enable {PLUGIN_NAME}`):\n\n"
              f"  plugins:\n    enabled: [{PLUGIN_NAME}]\n\n"
              "The package must be importable by Hermes' Python: pip install wetopi-memory into Hermes' "
              "environment.\nHermes' memory.provider setting was left untouched; it must NOT be `hindsight` "
              "while wetopi-memory manages the banks (design A1: one sync path per bank).",
              markup=False, highlight=False)
    raise typer.Exit(EXIT_OK)
