"""The Argo CD manifests and the Dockerfile: structure, hook annotations, and command lines the CLI accepts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.main import get_command
from wetopi_memory_cli.app import app

from wetopi_memory.identity import IdentityResolver

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "argocd"


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((DEPLOY / name).read_text())
    assert isinstance(data, dict)
    return data


def parse_cli(args: list[str]) -> Any:
    """Parse a container's args with the real CLI parser, without running the command."""
    root: Any = get_command(app)
    ctx = root.make_context("wetopi-memory", list(args), resilient_parsing=False)
    leading = getattr(ctx, "_protected_args", None) or getattr(ctx, "protected_args", [])
    name, command, rest = root.resolve_command(ctx, [*leading, *ctx.args])
    assert command is not None
    return command.make_context(name or "", rest, parent=ctx)


def test_kustomization_lists_every_manifest() -> None:
    kustomization = load("kustomization.yaml")
    listed = set(kustomization["resources"])
    present = {p.name for p in DEPLOY.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present
    assert kustomization["namespace"] == "wetopi-memory"


@pytest.mark.parametrize(("name", "hook", "command"), [("bootstrap-job.yaml", "PreSync", "bootstrap"),
                                                        ("verify-job.yaml", "PostSync", "verify")])
def test_jobs_are_hooks_running_real_cli_commands(name: str, hook: str, command: str) -> None:
    job = load(name)
    assert job["kind"] == "Job" and job["apiVersion"] == "batch/v1"
    notes = job["metadata"]["annotations"]
    assert notes["argocd.argoproj.io/hook"] == hook
    assert set(notes["argocd.argoproj.io/hook-delete-policy"].split(",")) == {"BeforeHookCreation", "HookSucceeded"}
    assert job["metadata"]["generateName"].endswith("-")
    spec = job["spec"]
    assert spec["backoffLimit"] >= 1 and spec["activeDeadlineSeconds"] > 0
    pod = spec["template"]["spec"]
    assert pod["restartPolicy"] == "Never"
    assert pod["securityContext"]["runAsNonRoot"] is True
    (container,) = pod["containers"]
    assert container["resources"]["limits"]["memory"] and container["resources"]["limits"]["cpu"]
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    args = container["args"]
    assert args[0] == command
    ctx = parse_cli(args)
    assert ctx.params["output"].value == "json"
    assert str(ctx.params["banks"]) == "/etc/wetopi-memory/banks.yaml"
    env = {e["name"]: e for e in container["env"]}
    assert env["HINDSIGHT_API_KEY"]["valueFrom"]["secretKeyRef"]["key"] == "HINDSIGHT_API_KEY"
    assert "value" not in env["HINDSIGHT_API_KEY"]
    mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
    assert "/etc/wetopi-memory/banks.yaml" in mounts
    identities_arg = args[args.index("--identities") + 1]
    assert any(identities_arg.startswith(path) for path in mounts)


def test_presync_configmaps_come_before_the_job() -> None:
    job_wave = int(load("bootstrap-job.yaml")["metadata"]["annotations"]["argocd.argoproj.io/sync-wave"])
    for name in ("banks-configmap.yaml", "identities-configmap.yaml"):
        notes = load(name)["metadata"]["annotations"]
        assert notes["argocd.argoproj.io/hook"] == "PreSync"
        assert int(notes["argocd.argoproj.io/sync-wave"]) < job_wave


def test_configmap_carries_exactly_banks_yaml() -> None:
    assert load("banks-configmap.yaml")["data"]["banks.yaml"] == (ROOT / "banks" / "banks.yaml").read_text()


def test_identities_configmap_is_a_valid_identities_file(tmp_path: Path) -> None:
    path = tmp_path / "identities.yaml"
    path.write_text(load("identities-configmap.yaml")["data"]["identities.yaml"])
    assert IdentityResolver.from_file(path, known_scopes=["personal", "business", "platform"]).users


def test_dockerfile_is_small_pinned_non_root_with_the_cli_entrypoint() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    bases = [line.split()[1] for line in lines if line.startswith("FROM")]
    assert bases and all("slim" in base and base.count(".") >= 2 for base in bases)  # exact patch version
    assert any(line.startswith("USER") and "root" not in line and line.split()[1].split(":")[0] != "0"
               for line in lines)
    assert 'ENTRYPOINT ["wetopi-memory"]' in lines
    assert 'CMD ["bootstrap", "/etc/wetopi-memory/banks.yaml"]' in lines
    assert not any("HINDSIGHT_API_KEY" in line for line in lines)
    parse_cli(["bootstrap", "/etc/wetopi-memory/banks.yaml"])
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".git" in ignored and ".venv" in ignored
