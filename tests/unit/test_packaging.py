"""The container's install steps, run here: the locked dependencies, the wheel in a clean venv, then the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_library_package_is_listed_for_the_wheel() -> None:
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    present = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "wetopi_memory").rglob("__init__.py")}
    assert present <= listed, f"add to [tool.setuptools] packages: {sorted(present - listed)}"


def test_wheel_installs_in_a_clean_venv_and_bootstraps_the_embedded_backend(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
                    "--wheel-dir", str(wheels), str(ROOT)], check=True, timeout=600)
    (wheel,) = wheels.glob("wetopi_memory-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # As the Dockerfile does: the locked dependencies with their hashes, then the wheel alone, so a dependency
    # missing from requirements.lock fails here.
    subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--require-hashes",
                    "--no-deps", "-r", str(ROOT / "requirements.lock")], check=True, timeout=600)
    subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps",
                    str(wheel)], check=True, timeout=600)
    broken = subprocess.run([str(python), "-m", "pip", "check"], capture_output=True, text=True, timeout=120)
    assert broken.returncode == 0, broken.stdout
    cli = env_dir / "bin" / "wetopi-memory"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WETOPI_", "HINDSIGHT_"))}
    env.update(WETOPI_MEMORY_STATE_DIR=str(tmp_path / "state"), HERMES_HOME=str(tmp_path / "hermes"))
    helped = subprocess.run([str(cli), "--help"], capture_output=True, text=True, env=env, timeout=120)
    assert helped.returncode == 0 and "bootstrap" in helped.stdout
    banks = str(ROOT / "banks" / "banks.yaml")
    first = subprocess.run([str(cli), "bootstrap", banks, "-o", "json"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=120)
    assert first.returncode == 0, first.stderr
    again = subprocess.run([str(cli), "diff", banks], capture_output=True, text=True, env=env, cwd=tmp_path,
                           timeout=120)
    assert again.returncode == 0, again.stdout + again.stderr
    # The installed package is the wheel, not this checkout.
    where = subprocess.run([str(python), "-c", "import wetopi_memory; print(wetopi_memory.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert str(env_dir) in where.stdout
    # The directory plugin ships inside the wheel, where `plugin install` finds it.
    shipped = subprocess.run([str(python), "-c", "from wetopi_memory import plugin_source_dir; "
                              "print(plugin_source_dir())"], capture_output=True, text=True, env=env, cwd=tmp_path,
                             timeout=60)
    assert shipped.returncode == 0, shipped.stderr
    plugin_dir = Path(shipped.stdout.strip())
    assert str(env_dir) in str(plugin_dir)
    assert {p.name for p in plugin_dir.iterdir()} >= {"plugin.yaml", "__init__.py", "config.yaml"}
