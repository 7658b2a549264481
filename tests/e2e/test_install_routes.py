"""The README's install routes against the real Hermes 0.19.0 (no network): `hermes plugins install file://…#plugin
--enable` from a checkout, and which plugin Hermes loads when the entry point and the directory plugin coexist."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.e2e.hermes_env import ROOT, ensure_hermes

pytestmark = pytest.mark.hermes

WHICH_LOADED = """
import json
from hermes_cli.plugins import PluginManager
manager = PluginManager()
manager.discover_and_load()
plugin = manager._plugins["wetopi-memory"]
print(json.dumps({"source": plugin.manifest.source, "path": plugin.manifest.path, "enabled": plugin.enabled,
                  "error": plugin.error}))
"""


def _hermes_env(home: Path, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HINDSIGHT_", "WETOPI_MEMORY_CONFIG"))}
    return {**env, "HERMES_HOME": str(home), "WETOPI_MEMORY_STATE_DIR": str(tmp_path / "state"),
            "HINDSIGHT_API_URL": "", "HINDSIGHT_API_KEY": ""}


def test_hermes_plugins_install_from_a_checkout_copies_and_enables_the_directory_plugin(tmp_path: Path) -> None:
    python = ensure_hermes()
    home = tmp_path / "hermes"
    home.mkdir()
    done = subprocess.run([str(python.parent / "hermes"), "plugins", "install", f"file://{ROOT}#plugin", "--enable"],
                          env=_hermes_env(home, tmp_path), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    installed = home / "plugins" / "wetopi-memory"
    assert sorted(p.name for p in installed.iterdir() if p.is_file()) == ["__init__.py", "config.yaml", "plugin.yaml"]
    assert "wetopi-memory" in yaml.safe_load((home / "config.yaml").read_text())["plugins"]["enabled"]


def test_with_both_present_hermes_loads_the_entry_point_and_plugin_install_says_so(tmp_path: Path) -> None:
    python = ensure_hermes()
    home = tmp_path / "hermes"
    env = _hermes_env(home, tmp_path)
    done = subprocess.run([str(python.parent / "wetopi-memory"), "plugin", "install", "--hermes-home", str(home)],
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Hermes will load: the pip entry point wetopi-memory = wetopi_memory.hermes_plugin" in done.stdout
    target = home / "plugins" / "wetopi-memory"
    assert done.stderr.startswith(f"warning: both are present; the directory plugin {target} is shadowed")
    (home / "config.yaml").write_text("plugins:\n  enabled: [wetopi-memory]\n")
    loaded = subprocess.run([str(python), "-c", WHICH_LOADED], env=env, capture_output=True, text=True, timeout=300,
                            check=False)
    assert loaded.returncode == 0, loaded.stderr
    plugin = json.loads(loaded.stdout.strip().splitlines()[-1])
    assert plugin["source"] == "entrypoint" and plugin["path"] == "wetopi_memory.hermes_plugin", plugin
    assert plugin["enabled"] is True and plugin["error"] is None, plugin
