"""plugin install: copy the Hermes directory plugin into $HERMES_HOME/plugins/wetopi-memory."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from wetopi_memory import PLUGIN_NAME, plugin_source_dir

from ._common import EXIT_OK, err, fail, out

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


ENTRY_POINT_GROUP = "hermes_agent.plugins"


@dataclass(frozen=True)
class HermesChoice:
    """What Hermes 0.19.0 loads for the name wetopi-memory. It scans user directory plugins
    ($HERMES_HOME/plugins/<name>), then pip entry points, and the later one wins on the same name: an entry point
    in Hermes' Python always shadows the directory plugin (hermes_cli/plugins.py, discover_and_load)."""

    entry_point: str | None  # the entry point's module, when this Python has it
    directory: Path | None  # the directory plugin, when installed
    hermes_here: bool  # whether Hermes is installed in this Python (hermes_cli importable)


def hermes_choice(plugin_dir: Path) -> HermesChoice:
    """Which plugin Hermes would load, judged from this Python's entry points and `plugin_dir`."""
    targets = [ep.value for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == PLUGIN_NAME]
    directory = plugin_dir if (plugin_dir / "plugin.yaml").is_file() else None
    return HermesChoice(entry_point=targets[-1] if targets else None, directory=directory,
                        hermes_here=importlib.util.find_spec("hermes_cli") is not None)


def report_choice(choice: HermesChoice) -> None:
    """Say which plugin Hermes will load, and warn when the directory plugin is shadowed."""
    if not choice.hermes_here:
        err.print(f"note: Hermes is not installed in this Python ({sys.executable}), so what it loads depends on "
                  "its own environment: if the wetopi-memory package is installed there, its entry point is loaded "
                  f"and this directory plugin is shadowed; run `<hermes venv>/bin/wetopi-memory plugin install` "
                  "to check.", markup=False, highlight=False)
        return
    if choice.entry_point is None:
        out.print(f"Hermes will load: the directory plugin {choice.directory} (no {PLUGIN_NAME} entry point in "
                  "Hermes' Python)", markup=False, highlight=False)
        return
    out.print(f"Hermes will load: the pip entry point {PLUGIN_NAME} = {choice.entry_point} "
              f"({sys.executable})", markup=False, highlight=False)
    if choice.directory is not None:
        err.print(f"warning: both are present; the directory plugin {choice.directory} is shadowed by the entry "
                  "point of the same name (Hermes loads entry points last and the last wins). Both run the "
                  f"installed package; {choice.directory / CONFIG_FILE} is still the config it reads.",
                  markup=False, highlight=False)


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
    report_choice(hermes_choice(target))
    out.print(f"\nNext, enable it in {home / 'config.yaml'} (or run `hermes plugins enable {PLUGIN_NAME}`):\n\n"
              f"  plugins:\n    enabled: [{PLUGIN_NAME}]\n\n"
              "The wetopi_memory package must be importable by Hermes' Python (README: Hermes plugin, install).\n"
              "Hermes' memory.provider setting was left untouched; it must NOT be `hindsight` "
              "while wetopi-memory manages the banks (design A1: one sync path per bank).",
              markup=False, highlight=False)
    raise typer.Exit(EXIT_OK)
