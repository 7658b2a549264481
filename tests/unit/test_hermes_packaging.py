"""The Hermes plugin as shipped: the directory plugin, the package that ships it, the entry point, the installer."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

import wetopi_memory
from wetopi_memory import hermes, plugin_source_dir
from wetopi_memory.config import load_config
from wetopi_memory.hermes import runtime as _runtime

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "plugin"
TRAPS = ("MemoryProvider", "register_memory_provider", "register_provider", "ProviderProfile")


def test_the_package_ships_exactly_the_directory_plugin() -> None:
    names = sorted(p.name for p in PLUGIN.iterdir() if p.is_file())
    assert names == ["__init__.py", "config.yaml", "plugin.yaml"]
    shipped = plugin_source_dir()
    assert shipped.resolve() == PLUGIN.resolve(), "the package must ship plugin/ itself, not a copy of it"
    assert sorted(p.name for p in shipped.iterdir() if p.is_file()) == names


def test_the_manifest_declares_a_standalone_plugin() -> None:
    manifest = yaml.safe_load((PLUGIN / "plugin.yaml").read_text())
    assert manifest["name"] == "wetopi-memory"
    assert manifest["kind"] == "standalone"
    assert str(manifest["version"]) == wetopi_memory.__version__
    assert {e["name"] for e in manifest["requires_env"]} == {"HINDSIGHT_API_URL", "HINDSIGHT_API_KEY"}
    assert set(manifest["provides_tools"]) == {"memory_search", "memory_retain", "memory_reflect", "memory_status"}


def test_the_init_file_avoids_the_words_that_make_hermes_reclassify_it() -> None:
    text = (PLUGIN / "__init__.py").read_text()[:8192]
    for word in TRAPS:
        assert word not in text, f"plugin/__init__.py contains {word!r}: Hermes would not load it as standalone"


def test_the_pip_entry_point_names_a_module_with_register() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    target = project["project"]["entry-points"]["hermes_agent.plugins"]["wetopi-memory"]
    assert ":" not in target, "Hermes loads the entry point's module and looks up register() itself"
    module = importlib.import_module(target)
    assert module.register is hermes.register


def test_the_example_config_is_valid_with_and_without_hindsight() -> None:
    local = load_config(PLUGIN / "config.yaml", {}).config
    assert local.backend.type == "local" and list(local.stores) == ["personal", "business", "platform"]
    remote = load_config(PLUGIN / "config.yaml", {"WETOPI_MEMORY_BACKEND": "hindsight",
                                                  "HINDSIGHT_API_URL": "http://hindsight:8888",
                                                  "HINDSIGHT_API_KEY": "k"}).config
    assert remote.backend.type == "hindsight" and remote.backend.url == "http://hindsight:8888"


def test_the_directory_plugin_delegates_to_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "c.yaml"
    config.write_text(f"stores: {{platform: {{bank: wetopi-platform}}}}\nbackend: {{type: local, path: "
                      f"{tmp_path / 'm.db'}}}\n")
    monkeypatch.setenv("WETOPI_MEMORY_CONFIG", str(config))
    spec = importlib.util.spec_from_file_location("hermes_plugins.wetopi_memory", PLUGIN / "__init__.py",
                                                  submodule_search_locations=[str(PLUGIN)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    tools: list[str] = []
    hooks: list[str] = []

    class Ctx:
        profile_name = "default"

        def register_tool(self, name: str, *args: Any, **kwargs: Any) -> None:
            tools.append(name)

        def register_hook(self, name: str, callback: Any) -> None:
            hooks.append(name)

    try:
        module.register(Ctx())
    finally:
        _runtime.shutdown()
    assert sorted(tools) == ["memory_reflect", "memory_retain", "memory_search", "memory_status"]
    assert "pre_llm_call" in hooks and "post_llm_call" in hooks


def test_plugin_install_copies_the_plugin_and_says_how_to_enable_it(tmp_path: Path) -> None:
    home = tmp_path / "hermes"
    result = CliRunner().invoke(app, ["plugin", "install", "--hermes-home", str(home)])
    assert result.exit_code == 0, result.output
    target = home / "plugins" / "wetopi-memory"
    for name in ("plugin.yaml", "__init__.py", "config.yaml"):
        assert (target / name).read_bytes() == (PLUGIN / name).read_bytes()
    assert "plugins:\n    enabled: [wetopi-memory]" in result.output
    assert "memory.provider" in result.output and "hindsight" in result.output
    assert not (home / "config.yaml").exists(), "Hermes' own config must be left untouched"


def test_plugin_install_refuses_to_overwrite_without_force_and_keeps_the_config(tmp_path: Path) -> None:
    home = tmp_path / "hermes"
    runner = CliRunner()
    assert runner.invoke(app, ["plugin", "install", "--hermes-home", str(home)]).exit_code == 0
    target = home / "plugins" / "wetopi-memory"
    (target / "config.yaml").write_text("# mine\n")
    (target / "__init__.py").write_text("# stale\n")
    again = runner.invoke(app, ["plugin", "install", "--hermes-home", str(home)])
    assert again.exit_code == 2 and "--force" in again.output
    forced = runner.invoke(app, ["plugin", "install", "--hermes-home", str(home), "--force"])
    assert forced.exit_code == 0, forced.output
    assert (target / "__init__.py").read_bytes() == (PLUGIN / "__init__.py").read_bytes()
    assert (target / "config.yaml").read_text() == "# mine\n"
    assert "kept the existing config" in forced.output


def test_plugin_install_defaults_to_hermes_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "h"))
    result = CliRunner().invoke(app, ["plugin", "install"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "h" / "plugins" / "wetopi-memory" / "plugin.yaml").is_file()


def test_the_wheel_ships_the_plugin_files_and_the_entry_point(tmp_path: Path) -> None:
    import subprocess
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
                    "--wheel-dir", str(tmp_path), str(ROOT)], check=True, timeout=600)
    (wheel,) = tmp_path.glob("wetopi_memory-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in ("plugin.yaml", "__init__.py", "config.yaml"):
            assert archive.read(f"wetopi_memory_plugin/{name}") == (PLUGIN / name).read_bytes()
        assert {"wetopi_memory/hermes/__init__.py", "wetopi_memory/hermes_plugin.py",
                "wetopi_memory/hermes/runtime.py", "wetopi_memory_cli/plugin_cmd.py"} <= names
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points).decode()
    assert "[hermes_agent.plugins]\nwetopi-memory = wetopi_memory.hermes_plugin" in text


def _hermes_importable(monkeypatch: pytest.MonkeyPatch, present: bool) -> None:
    """Pretend Hermes is (or is not) installed in this Python, as it is in Hermes' own venv."""
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "hermes_cli":
            return real("json") if present else None
        return real(name, *args, **kwargs)

    monkeypatch.setattr("wetopi_memory_cli.plugin_cmd.importlib.util.find_spec", find_spec)


def test_plugin_install_in_hermes_python_says_the_entry_point_wins_and_warns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _hermes_importable(monkeypatch, True)
    home = tmp_path / "hermes"
    result = CliRunner().invoke(app, ["plugin", "install", "--hermes-home", str(home)])
    assert result.exit_code == 0, result.output
    assert (f"Hermes will load: the pip entry point wetopi-memory = wetopi_memory.hermes_plugin ({sys.executable})"
            in result.stdout)
    target = home / "plugins" / "wetopi-memory"
    warning = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warning == [f"warning: both are present; the directory plugin {target} is shadowed by the entry point of "
                       "the same name (Hermes loads entry points last and the last wins). Both run the installed "
                       f"package; {target / 'config.yaml'} is still the config it reads."]


def test_without_the_entry_point_hermes_loads_the_directory_plugin(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _hermes_importable(monkeypatch, True)
    monkeypatch.setattr("wetopi_memory_cli.plugin_cmd.importlib.metadata.entry_points", lambda **_: [])
    home = tmp_path / "hermes"
    result = CliRunner().invoke(app, ["plugin", "install", "--hermes-home", str(home)])
    assert result.exit_code == 0, result.output
    assert (f"Hermes will load: the directory plugin {home / 'plugins' / 'wetopi-memory'} (no wetopi-memory entry "
            "point in Hermes' Python)") in result.stdout
    assert "warning" not in result.stderr


def test_outside_hermes_python_plugin_install_says_it_cannot_tell(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _hermes_importable(monkeypatch, False)
    result = CliRunner().invoke(app, ["plugin", "install", "--hermes-home", str(tmp_path / "hermes")])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"note: Hermes is not installed in this Python ({sys.executable})")
    assert "Hermes will load" not in result.stdout


def test_the_readme_documents_the_routes_that_work_and_no_registry_package() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "pip install wetopi-memory " not in readme and "pip install wetopi-memory\n" not in readme
    for step in ('hermes plugins install "file://$PWD#plugin" --enable', "pip wheel --no-deps . -w dist",
                 "<hermes venv>/bin/pip install dist/wetopi_memory-*.whl",
                 "<hermes venv>/bin/wetopi-memory plugin install",
                 "<hermes venv>/bin/pip install -e ."):
        assert step in readme, step
