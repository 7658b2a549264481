"""SecretGate: the tune corpus as a table, per-tier recall on the vendor-token corpus, and the gate's contracts.

* tests/corpus/secrets/tune.jsonl (hand-written contexts, values from tests/corpus/secrets/make_tune.py): every
  secret refused, every clean line (hard negative or prose) passes. The frozen test part is never read here.
* tests/corpus/secrets/tune2.jsonl (make_tune2.py: new phrasings, tools and channels, written before the rules
  were changed for them): the issue's targets on tune + tune2, every clean line passes.
* tests/corpus/secrets.jsonl (tests/corpus/make_secrets_corpus.py): 30+ vendor token formats with the span of
  each secret, gated on 100 % tier-1 recall and <= 1 % blocking false positives; figures printed (`pytest -s`).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import string
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wetopi_memory.secrets import DEFAULT_GATE, RULES, SecretFinding, SecretGate, Tier, shannon_entropy

CORPUS_DIR = Path(__file__).resolve().parents[1] / "corpus"
CORPUS = CORPUS_DIR / "secrets.jsonl"
TUNE = CORPUS_DIR / "secrets" / "tune.jsonl"
TUNE2 = CORPUS_DIR / "secrets" / "tune2.jsonl"
FULL_GATE = SecretGate(skip_plain_prose=False)   # every rule on every text: the reference for the shortcut

rng = random.Random(4242)


def _rnd(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _load() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _overlaps(f: SecretFinding, span: list[int]) -> bool:
    return f.start < span[1] and span[0] < f.end


# ----------------------------------------------------------------------------------------------------------------
# Corpus metrics
# ----------------------------------------------------------------------------------------------------------------

def _metrics(gate: SecretGate, rows: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """Per-tier recall/precision, blocking FP rate, and a list of human-readable failures."""
    detected: Counter[int] = Counter()
    expected: Counter[int] = Counter()
    predicted: Counter[int] = Counter()
    predicted_right: Counter[int] = Counter()
    clean = clean_blocked = clean_tier3 = 0
    failures: list[str] = []
    for row in rows:
        findings = gate.scan(row["text"])
        blocking = gate.blocking(findings)
        top = min((f.tier for f in findings), default=None)
        if top is not None:
            predicted[top] += 1
            predicted_right[top] += row["label"] == "secret"
        if row["label"] == "clean":
            clean += 1
            if blocking:
                clean_blocked += 1
                failures.append(f"false positive [{row['kind']}] {[(f.rule_id, f.tier) for f in blocking]}: "
                                f"{row['text'][:100]!r}")
            elif findings:
                clean_tier3 += 1
            continue
        tier, span = row["tier"], row["span"]
        expected[tier] += 1
        if tier == 1:
            hit = any(f.tier == 1 and f.rule_id == row["kind"] and _overlaps(f, span) for f in findings)
        elif tier == 2:
            hit = any(_overlaps(f, span) for f in blocking)
        else:
            hit = any(_overlaps(f, span) for f in findings)
        if hit:
            detected[tier] += 1
        else:
            failures.append(f"missed tier {tier} [{row['kind']}] {[(f.rule_id, f.tier) for f in findings]}: "
                            f"{row['text'][:100]!r}")
    metrics = {
        "recall": {t: detected[t] / expected[t] for t in sorted(expected)},
        "precision": {t: predicted_right[t] / predicted[t] for t in sorted(predicted)},
        "counts": {"secret": sum(expected.values()), "clean": clean, "per_tier": dict(sorted(expected.items()))},
        "fp_rate": clean_blocked / clean if clean else 0.0,
        "fp": clean_blocked,
        "clean_tier3_reports": clean_tier3,
    }
    return metrics, failures


def _report(metrics: dict[str, Any]) -> str:
    lines = [f"SecretGate corpus: {metrics['counts']['secret']} secret lines {metrics['counts']['per_tier']}, "
             f"{metrics['counts']['clean']} clean lines"]
    for tier in (1, 2, 3):
        recall = metrics["recall"].get(tier)
        precision = metrics["precision"].get(tier)
        lines.append(f"  tier {tier}: recall {recall:.1%}" if recall is not None else f"  tier {tier}: recall n/a")
        lines[-1] += f", precision {precision:.1%}" if precision is not None else ", precision n/a (no findings)"
    lines.append(f"  blocking false positives on clean lines: {metrics['fp']} ({metrics['fp_rate']:.2%}); "
                 f"clean lines with tier-3 reports only: {metrics['clean_tier3_reports']}")
    return "\n".join(lines)


def test_corpus_is_large_and_well_formed() -> None:
    rows = _load()
    assert len(rows) >= 250
    for row in rows:
        assert set(row) >= {"text", "label", "kind", "tier"}
        assert row["label"] in ("secret", "clean")
        if row["label"] == "secret":
            assert row["tier"] in (1, 2, 3)
            start, end = row["span"]
            assert 0 <= start < end <= len(row["text"])
        else:
            assert row["tier"] is None
    tier1_kinds = {r["kind"] for r in rows if r["tier"] == 1}
    assert tier1_kinds <= {rule.id for rule in RULES if rule.tier == 1}
    assert len(tier1_kinds) >= 30


def test_corpus_matches_its_generator() -> None:
    spec = importlib.util.spec_from_file_location("make_secrets_corpus", CORPUS_DIR / "make_secrets_corpus.py")
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.rng.seed(module.SEED)
    rebuilt = [json.loads(json.dumps(row, ensure_ascii=False)) for row in module.build()]
    assert rebuilt == _load(), "secrets.jsonl is stale: run python tests/corpus/make_secrets_corpus.py"


def test_corpus_recall_precision_and_false_positives() -> None:
    metrics, failures = _metrics(DEFAULT_GATE, _load())
    report = _report(metrics)
    print("\n" + report)
    detail = report + ("\n" + "\n".join(failures[:30]) if failures else "")
    assert metrics["recall"][1] == 1.0, detail
    assert metrics["fp_rate"] <= 0.01, detail
    assert metrics["recall"][2] >= 0.95, detail


def test_first_agrees_with_scan_on_the_corpus() -> None:
    for row in _load():
        blocking = DEFAULT_GATE.blocking(DEFAULT_GATE.scan(row["text"]))
        first = DEFAULT_GATE.first(row["text"])
        assert (first is None) == (not blocking), row["text"][:80]
        if first is not None:
            assert first.tier in (1, 2)


# ----------------------------------------------------------------------------------------------------------------
# The tune corpus: every secret refused, every clean line passes
# ----------------------------------------------------------------------------------------------------------------

def _tune() -> list[dict[str, Any]]:
    return [json.loads(line) for line in TUNE.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_tune_corpus_is_large_well_formed_and_fresh() -> None:
    rows = _tune()
    by = Counter(row["by"] for row in rows)
    assert by["format"] + by["context"] >= 150 and by["negative"] >= 150 and by["prose"] >= 150, by
    assert len({row["id"] for row in rows}) == len(rows)
    for row in rows:
        assert set(row) == {"id", "text", "label", "family", "by"}, row["id"]
        assert (row["label"], row["by"]) in {("secret", "format"), ("secret", "context"), ("clean", "negative"),
                                             ("clean", "prose")}, row["id"]
    spec = importlib.util.spec_from_file_location("make_tune", TUNE.with_name("make_tune.py"))
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.rng.seed(module.SEED)
    assert module.build() == rows, "tune.jsonl is stale: run .venv/bin/python tests/corpus/secrets/make_tune.py"


@pytest.mark.parametrize("row", _tune(), ids=lambda row: f"{row['id']}-{row['family']}")
def test_tune_corpus_line(row: dict[str, Any]) -> None:
    finding = DEFAULT_GATE.first(row["text"])
    if row["label"] == "secret":
        assert finding is not None, f"{row['family']} not refused"
    else:
        assert finding is None, f"{row['family']} refused by {finding and finding.rule_id}"


def _tune2() -> list[dict[str, Any]]:
    return [json.loads(line) for line in TUNE2.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_tune2_corpus_is_large_well_formed_and_fresh() -> None:
    rows = _tune2()
    by = Counter(row["by"] for row in rows)
    assert by["context"] >= 120 and by["negative"] >= 120 and by["prose"] >= 120, by
    assert len({row["id"] for row in rows}) == len(rows)
    assert not {row["text"] for row in rows} & {row["text"] for row in _tune()}, "tune2 repeats tune lines"
    spec = importlib.util.spec_from_file_location("make_tune2", TUNE2.with_name("make_tune2.py"))
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.build() == rows, "tune2.jsonl is stale: run .venv/bin/python tests/corpus/secrets/make_tune2.py"


def test_tune_and_tune2_meet_the_targets() -> None:
    """Issue #11 targets on both tuning parts: 100 % of formats, >= 98 % of context secrets, <= 0.5 % clean refused."""
    refused: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for row in _tune() + _tune2():
        total[row["by"]] += 1
        refused[row["by"]] += DEFAULT_GATE.first(row["text"]) is not None
    print({by: f"{refused[by]}/{total[by]}" for by in total})
    assert refused["format"] == total["format"]
    assert refused["context"] >= 0.98 * total["context"]
    assert refused["negative"] + refused["prose"] <= 0.005 * (total["negative"] + total["prose"])


@pytest.mark.parametrize("row", [r for r in _tune2() if r["label"] == "clean"],
                         ids=lambda row: f"{row['id']}-{row['family']}")
def test_tune2_clean_line_passes(row: dict[str, Any]) -> None:
    finding = DEFAULT_GATE.first(row["text"])
    assert finding is None, f"{row['family']} refused by {finding and finding.rule_id}"


def test_the_plain_prose_shortcut_never_changes_a_verdict() -> None:
    """`may_hold_secret` is only a shortcut: on every corpus line the gate with it finds what the full scan finds."""
    lines = [r["text"] for r in _tune() + _tune2()] + [r["text"] for r in _load()]
    for text in lines:
        assert DEFAULT_GATE.first(text) == FULL_GATE.first(text), text[:80]
        assert DEFAULT_GATE.scan(text) == FULL_GATE.scan(text), text[:80]


def test_remembered_keyword_sets_never_change_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gate remembers, per set of present keywords, the rules to wake; with room for only two sets (so it starts
    afresh again and again) one long-lived gate finds, text after text, what a fresh gate finds on each text alone."""
    from wetopi_memory.secrets import gate as gate_module
    monkeypatch.setattr(gate_module, "_WOKEN_CACHE_SIZE", 2)
    lines = [r["text"] for r in _tune() + _tune2()]
    long_lived = SecretGate()
    for text in lines + lines[::-1]:
        fresh = SecretGate()
        assert long_lived.scan(text) == fresh.scan(text) == FULL_GATE.scan(text), text[:80]
        assert long_lived.first(text) == fresh.first(text), text[:80]
    assert 0 < len(long_lived._woken_of) <= 2   # the bound holds: at most two sets are kept


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["la contraseña es", "password", "pin", "token:", "key =", "--new-password",
                                 "requirepass", "usa", "como contraseña", "con admin y", "dragon", "qwerty123",
                                 "Verano2024!", "FbzLSwHW", "WordPress", "abcd efgh ijkl mnop", "111111", "4821",
                                 "nqvviyknaekfjnzx", "AKIAQWERTYUIOPASDFGH", ".", ",", "\n", " ", "y", "es"]),
                min_size=1, max_size=12))
def test_the_shortcut_agrees_with_the_full_scan_on_generated_text(parts: list[str]) -> None:
    text = " ".join(parts)
    assert DEFAULT_GATE.first(text) == FULL_GATE.first(text)


@pytest.mark.parametrize(("text", "rule"), [
    ("argocd account update-password --current-password lKvr5rcKALWMCxtp", "secret-flag"),
    ("swaks --auth-user avisos@wetopi.com --auth-password 'Cob1979ALT'", "secret-flag"),
    ("smtp-pass S3sEtj9jWxoZ@4", "secret-key-line"),
    ("JENKINS_API_TOKEN bbcf5f4bfbb34dc560af073b37e336bf", "secret-key-line"),
    ("CREATE USER 'shop'@'10.0.%' IDENTIFIED BY '.Orchid619';", "sql-password"),
    ("ALTER ROLE app WITH PASSWORD 'kD93mQ-v7Lx';", "sql-password"),
    ('<add key="SmtpPassword" value="GpZ93gAQCL8VEJr-9" />', "xml-secret-attribute"),
    ("kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath=\"{.data.password}\" | base64 -d\n"
     "wqkN0a62bOHVxMfz", "decoded-secret-output"),
    ("usa sunshine como contraseña temporal", "value-as-password"),
    ("Ya puedes entrar con admin y 7LDMbEIOuzmdpYpr", "login-pair"),
    ("[client.cinder]\nkey = AQ6ASbk9HCtBJTA88ht4Om1uARonZmiOsPfntQ==", "ceph-context-key"),
    ("rabbitmqctl add_user worker JIELAA09m0hu7$1", "command-password-argument"),
    ("echo 'root:N0zPZ7mR646nauLfFS?1' | chpasswd", "command-password-argument"),
    ("db.internal:5432:shop:app:4WSvpQQqmQYeckElRa?4", "postgres-password-file"),
    ("la contraseña del router es dragon", "prose-secret"),
    ("Gmail app password for the contact form: vnqx lsuv hevd nvnp", "prose-secret"),
    ("el PIN del token hardware es 67190548", "prose-secret"),
    ("export SMTP_PASS=qwerty123", "keyword-assignment"),
    ('"X-Auth-Token: ee9ac1ae9e3008e385843cc199281f63"', "keyword-assignment"),
])
def test_cue_rules_name_their_rule(text: str, rule: str) -> None:
    """The gate refuses the line, and the named rule alone finds the secret in it."""
    assert DEFAULT_GATE.first(text) is not None, text
    assert list(next(r for r in RULES if r.id == rule).finditer(text)), (rule, text)


@pytest.mark.parametrize("text", [
    "argocd login argocd.wetopi.com --username admin --password \"$ARGO_PASS\"",
    "--password-file /run/secrets/registry", "--token-ttl 24h", "PasswordAuthentication no",
    "CREATE USER 'shop'@'%' IDENTIFIED BY '<password>';", "usa Infisical como gestor de contraseñas",
    "entra con admin y luego ve a ajustes", "my password manager is 1Password, the team vault is Wetopi-Ops",
    "The weak password check rejected it as expected.", "la contraseña es incorrecta, inténtalo otra vez",
    "key = /etc/ceph/ceph.client.k8s.keyring", "Token count 123456 for March", "net user ana /delete",
    "the token is 100000 tokens long",
])
def test_cue_look_alikes_pass(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, DEFAULT_GATE.first(text)


@pytest.mark.parametrize("field", ["reason", "context", "tags"])
def test_an_explicit_retain_is_refused_for_a_secret_in_any_stored_field(field: str) -> None:
    """`memory_retain` stores `context`, `reason` (metadata) and `tags` with `content`: each is scanned."""
    from wetopi_memory.retain.candidates import CandidateBuilder
    from wetopi_memory.router import RuleRouter

    builder = CandidateBuilder(RuleRouter((), known_scopes=("personal", "business", "platform")))
    secret = "requirepass 7f3c9e1a5b2d8f4c6a0e"
    extra: dict[str, Any] = {"tags": ("ops", secret)} if field == "tags" else {field: secret}
    clean = builder.explicit("Redis de staging usa la réplica de sesiones.", "platform")
    refused = builder.explicit("Redis de staging usa la réplica de sesiones.", "platform", **extra)
    assert not clean.secret_rules
    assert refused.secret_rules == ("password-directive",) and not refused.secret_offsets


@pytest.mark.parametrize(("text", "rule"), [
    ("requirepass 9c1e7f3a5b2d8f4c6a0e", "password-directive"),
    ("The VRRP auth_pass is FbzLSwHW, same on both nodes.", "password-directive"),
    ("bindPW for the GitLab integration is orchid%84luna", "password-directive"),
    ("redis-cli -h 10.0.0.3 -a 17ad9f78bcee65bae9c1 info", "redis-cli-password"),
    ("mysql -u root -p'nbxICeppSpAyk2Zp%2' shop", "mysql-password-flag"),
    ("ldapsearch -x -D cn=admin,dc=x -w Qp7rT2mZ9x '(uid=ana)'", "ldap-bind-password-flag"),
    ("mc alias set wetopi https://s3.wetopi.com OUOMN4IJ6OP2QMT5KU9B 3SdBqVAcDJNjfSAIvafAvVHLqCpn4ZpMoUjvO6Xh",
     "minio-client-credentials"),
    ("ana:$apr1$Zr8pQ2wL$Kd81mXq03PlaQ9ZtYb4VcW", "password-hash"),
    ("key = AQBvaBFZAAAAABAAkR3cH0F5gxtp2bcAJ8Rb1Q==", "ceph-key"),
    ("export VAULT_TOKEN=hvs.e4ADDYCOalxhXCUH88wL8TO7", "vault-token"),
    ("the CI uses st.3187a356d5c5265903845446.56993be813ba017c00074bc2d63b6bde.c399847c7832e9de537fb19674701023",
     "infisical-service-token"),
    ("docker login -u bot -p dckr_pat_FOr9JPRrb9UVrdVmCMYtJCeghZv", "docker-hub-token"),
    ("PVEAPIToken=root@pam!monitoring=a50fba3b-17d6-48b8-b074-9ed4c47c3f19", "proxmox-api-token"),
    ("password hunter2", "prose-secret"),
    ("MinIO console login: admin / harbor@79nimbus", "user-slash-password"),
])
def test_service_credentials_name_their_rule(text: str, rule: str) -> None:
    finding = DEFAULT_GATE.first(text)
    assert finding is not None and finding.rule_id == rule, DEFAULT_GATE.scan(text)


def test_base64_private_key_is_a_secret_and_a_base64_certificate_is_not() -> None:
    import base64

    body = "\n".join(_rnd(64, string.ascii_letters + string.digits + "+/") for _ in range(6))
    key = base64.b64encode(f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----".encode())
    cert = base64.b64encode(f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----".encode())
    finding = DEFAULT_GATE.first(f"client-key-data: {key.decode()}")
    assert finding is not None and finding.rule_id == "base64-private-key"
    assert DEFAULT_GATE.first(f"certificate-authority-data: {cert.decode()}") is None


@pytest.mark.parametrize("text", [
    "requirepass must be set on every redis that listens outside localhost",
    "redis-cli -a \"$(cat /run/secrets/redis)\" ping",
    "AUTH failed: WRONGPASS invalid username-password pair",
    "the password 1Password generated is long enough",
    "mysql -u root -p -h db.internal shop",
    "usuario: ana / rol: editor",
])
def test_service_look_alikes_pass(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, DEFAULT_GATE.scan(text)


def test_every_write_path_uses_the_one_gate() -> None:
    """Turn, tool and CLI retains build candidates and judge them with these defaults; the import reuses both."""
    import inspect

    from wetopi_memory.retain.candidates import CandidateBuilder
    from wetopi_memory.retain.evidence import TurnEvidenceBuffer
    from wetopi_memory.retain.policy import PolicyEngine

    for owner in (CandidateBuilder, PolicyEngine, TurnEvidenceBuffer):
        assert inspect.signature(owner.__init__).parameters["gate"].default is DEFAULT_GATE, owner


def test_a_secret_in_a_bank_mission_is_refused_on_one_located_line(tmp_path: Path) -> None:
    from wetopi_memory.banks.spec import load_banks
    from wetopi_memory.errors import ConfigError

    path = tmp_path / "banks.yaml"
    path.write_text("version: 1\nbanks:\n  wetopi-platform:\n    name: Platform\n    config:\n"
                    "      retain_mission: 'Keep facts. The redis requirepass is 9c1e7f3a5b2d8f4c6a0e'\n",
                    encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_banks(path)
    message = str(caught.value)
    assert "\n" not in message and f"{path}:6" in message and "retain_mission" in message, message
    assert "password-directive" in message and "9c1e7f3a5b2d8f4c6a0e" not in message


# ----------------------------------------------------------------------------------------------------------------
# Findings never carry the value
# ----------------------------------------------------------------------------------------------------------------

def test_finding_has_offsets_only() -> None:
    assert [f.name for f in dataclasses.fields(SecretFinding)] == ["rule_id", "tier", "start", "end"]
    token = "ghp_" + _rnd(36)
    finding = DEFAULT_GATE.first(f"token {token}")
    assert finding is not None
    with pytest.raises(dataclasses.FrozenInstanceError) as caught:
        finding.start = 0  # type: ignore[misc]
    assert token not in str(caught.value)


def test_findings_never_contain_the_secret() -> None:
    for row in _load():
        if row["label"] != "secret":
            continue
        secret = row["text"][row["span"][0]:row["span"][1]]
        findings = DEFAULT_GATE.scan(row["text"])
        rendered = [repr(findings), str(findings), SecretGate.describe(findings),
                    repr(DEFAULT_GATE.first(row["text"])), repr(DEFAULT_GATE)]
        for text in rendered:
            assert secret not in text, row["kind"]


def test_errors_do_not_echo_the_input() -> None:
    secret = "ghp_" + _rnd(36)
    for bad in (secret.encode(), bytearray(secret.encode())):
        with pytest.raises(TypeError) as caught:
            DEFAULT_GATE.scan(bad)  # type: ignore[arg-type]
        assert secret not in str(caught.value) and type(bad).__name__ in str(caught.value)
        with pytest.raises(TypeError) as caught:
            DEFAULT_GATE.first(bad)  # type: ignore[arg-type]
        assert secret not in str(caught.value)


def test_describe_names_rules_and_offsets() -> None:
    token = "AKIA" + _rnd(16, string.ascii_uppercase + string.digits)
    text = f"aws key {token} for the backups"
    message = SecretGate.describe(DEFAULT_GATE.scan(text))
    assert message == "secret-like content: aws-access-key-id (tier 1) at 8..28"
    assert token not in message
    assert SecretGate.describe([]) == "no secret-like content"


# ----------------------------------------------------------------------------------------------------------------
# Offsets
# ----------------------------------------------------------------------------------------------------------------

def _single(text: str) -> SecretFinding:
    findings = DEFAULT_GATE.blocking(DEFAULT_GATE.scan(text))
    assert len(findings) == 1, (text, findings)
    return findings[0]


@pytest.mark.parametrize(("template", "secret", "rule"), [
    ("export GITHUB_TOKEN={}", "ghp_" + _rnd(36), "github-token"),
    ("la clave es {}.", "sk-ant-api03-" + _rnd(93, string.ascii_letters + string.digits + "_-") + "AA",
     "anthropic-api-key"),
    ('{{"key": "{}"}}', "AIza" + _rnd(35), "google-api-key"),
    ("HINDSIGHT_API_KEY={}\n", f"hsk_{_rnd(32, '0123456789abcdef')}_{_rnd(16, '0123456789abcdef')}",
     "hindsight-api-key"),
    ("mem0 key {} in the notebook", "m0-" + _rnd(40), "mem0-api-key"),
    ("DB_PASSWORD='{}'", "Zr8!pQ2wLm", "keyword-assignment"),
    ("postgres://app:{}@db.internal:5432/app", "S3cr3tPa55", "url-credentials"),
    ("La contraseña del FTP es {}", "Ftp#2024xx", "prose-secret"),
    ("the API key is {}.", "Zq81kXm03PlaQ9", "prose-secret"),
    ("Authorization: Bearer {}", "abcDEF123456ghiJKL789", "authorization-header"),
    ("my token\\n{}\\n", f"xoxb-{_rnd(10, string.digits)}-{_rnd(12, string.digits)}-{_rnd(24)}", "slack-token"),
])
def test_offsets_point_at_the_secret(template: str, secret: str, rule: str) -> None:
    text = template.format(secret)
    finding = _single(text)
    assert finding.rule_id == rule
    assert text[finding.start:finding.end] == secret


def test_pem_block_span_covers_the_block() -> None:
    body = "\n".join(_rnd(64, string.ascii_letters + string.digits + "+/") for _ in range(12))
    block = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"
    text = f"deploy key:\n{block}\nthanks"
    finding = _single(text)
    assert (finding.rule_id, text[finding.start:finding.end]) == ("private-key", block)


def test_overlapping_rules_report_the_strongest_finding_once() -> None:
    token = "ghp_" + _rnd(36)
    text = f"password: {token}"          # keyword-assignment (tier 2) and github-token (tier 1) overlap
    findings = DEFAULT_GATE.scan(text)
    assert [(f.rule_id, f.tier) for f in findings] == [("github-token", 1)]


# ----------------------------------------------------------------------------------------------------------------
# Placeholders, boundaries, Spanish
# ----------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "AKIAXXXXXXXXXXXXXXXX",
    "OPENAI_API_KEY=sk-...",
    "GITHUB_TOKEN=<your-token>",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "api_key: ${HINDSIGHT_API_KEY}",
    "HINDSIGHT_API_KEY=hsk_your_token_here",
    'API_KEY = os.getenv("API_KEY")',
    'password = os.environ["DB_PASSWORD"]',
    "apiKey: process.env.OPENAI_API_KEY",
    "token: ${{ secrets.GITHUB_TOKEN }}",
    'password: "{{ .Values.db.password }}"',
    "password: changeme",
    "password: ********",
    "api_key: your-api-key",
    "client_secret: <client-secret>",
    "password: REDACTED",
    "valueFrom:\n  secretKeyRef:\n    name: db\n    key: password",
    "Authorization: Bearer <token>",
    "Authorization: Bearer $TOKEN",
    "postgres://user:password@localhost/app",
    "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
])
def test_placeholders_are_not_flagged(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, DEFAULT_GATE.scan(text)


@pytest.mark.parametrize("text", [
    "la contraseña es Gx7#kQ2m!",
    "La contraseña del panel de Bodega Verde es Verano2024#x",
    "el token es Yx81kQm03PlaQ9Zt",
    "La clave de la API de facturación es 9f8e7d6c5b4a3f2e1d0c",
    "usuario admin, contraseña Verano2024!",
    "contraseña: Pk7$wq2Lm",
    "clave: Qz93-xPl0-77Ka",
    "la contraseña se cambió a Tr0ub4dor&3",
])
def test_spanish_secrets_are_flagged(text: str) -> None:
    assert DEFAULT_GATE.first(text) is not None, text


@pytest.mark.parametrize("text", [
    "La contraseña se guarda en Infisical.",
    "la contraseña es la misma que la del año pasado",
    "La clave del éxito es la constancia.",
    "La clave primaria es id_cliente.",
    "El token caduca a los 30 días.",
    "Usa la contraseña del gestor, no la apuntes aquí.",
])
def test_spanish_prose_without_values_is_clean(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, DEFAULT_GATE.scan(text)


@pytest.mark.parametrize("text", [
    "risk-based pricing", "desk-top setup", "task-7f3a9c2e finished", "the ask-for-help channel",
    "KEYBOARD=es", "KEYBOARD_LAYOUT=latam", "monkey=Xk9mP2vLqZ8", "api_version: 2024-06-01", "key_id: 7f3c9a2e1b",
    "public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ana@laptop",
    "token_url: https://auth.acme.io/oauth/token", "csrf_token: {{ csrf_token() }}", "max_tokens: 4096",
    "password_policy: strict",
])
def test_boundaries_and_false_positive_names(text: str) -> None:
    assert DEFAULT_GATE.first(text) is None, DEFAULT_GATE.scan(text)


def test_prefixes_need_a_left_boundary() -> None:
    body = _rnd(48)
    assert DEFAULT_GATE.first("sk-" + body) is not None
    assert DEFAULT_GATE.first("risk-" + body) is None
    assert DEFAULT_GATE.first("task-sk-" + body) is None
    token = "ghp_" + _rnd(36)
    assert DEFAULT_GATE.first("x" + token) is None
    assert DEFAULT_GATE.first("(" + token + ")") is not None


def test_hashes_ids_and_digests_are_clean() -> None:
    hexdigits = "0123456789abcdef"
    texts = [
        f"commit {_rnd(40, hexdigits)}", f"sha256:{_rnd(64, hexdigits)}", f"md5 {_rnd(32, hexdigits)}",
        "request 550e8400-e29b-41d4-a716-446655440000 failed",
        "nginx-ingress-controller-7d9f8b6c5-x2x4z", f"image: nginx@sha256:{_rnd(64, hexdigits)}",
        '"integrity": "sha512-' + _rnd(86, string.ascii_letters + string.digits + "+/") + '=="',
        "data:image/png;base64," + _rnd(400, string.ascii_letters + string.digits + "+/"),
    ]
    for text in texts:
        assert DEFAULT_GATE.scan(text) == [], text


# ----------------------------------------------------------------------------------------------------------------
# Tier 3 and the blocking policy
# ----------------------------------------------------------------------------------------------------------------

def test_tier3_is_reported_but_not_blocking_by_default() -> None:
    blob = _rnd(48, string.ascii_letters + string.digits + "+/")
    text = f"blob {blob} returned"
    findings = DEFAULT_GATE.scan(text)
    assert [(f.rule_id, f.tier) for f in findings] == [("high-entropy-string", 3)]
    assert DEFAULT_GATE.blocking(findings) == []
    assert DEFAULT_GATE.first(text) is None and not DEFAULT_GATE.blocks(text)
    strict = SecretGate(block_tier3=True)
    assert strict.blocking(findings) == findings
    first = strict.first(text)
    assert first is not None and first.tier == 3 and strict.blocks(text)


def test_rules_are_data() -> None:
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids))
    assert {rule.tier for rule in RULES} == {1, 2, 3}
    for rule in RULES:
        assert rule.regex.pattern and (rule.keywords or rule.prefixes or rule.tier == 2)
        assert all(k == k.lower() for k in rule.keywords)
    assert isinstance(DEFAULT_GATE, SecretGate)
    assert DEFAULT_GATE.rule_ids == tuple(sorted(ids, key=lambda i: next(r.tier for r in RULES if r.id == i)))


def test_tiers_are_typed_and_findings_carry_the_rule_id() -> None:
    assert {rule.tier for rule in RULES} == set(Tier)
    assert all(isinstance(rule.tier, Tier) for rule in RULES)
    token = "ghp_" + _rnd(36)
    findings = DEFAULT_GATE.scan(f"deploy with {token} today")
    assert [(f.rule_id, f.tier) for f in findings] == [("github-token", Tier.TOKEN)]
    assert all(isinstance(f.tier, Tier) for f in findings)


def test_a_rule_can_be_used_alone_and_a_gate_built_from_some_rules() -> None:
    github = next(rule for rule in RULES if rule.id == "github-token")
    token = "gho_" + _rnd(36)
    assert [f.rule_id for f in github.finditer(f"t={token}")] == ["github-token"]
    only_prose = SecretGate(rules=[rule for rule in RULES if rule.id == "prose-secret"])
    assert only_prose.first(f"t={token}") is None
    assert only_prose.first("my password is hunter22") is not None


def test_entropy() -> None:
    assert shannon_entropy("") == 0.0
    assert shannon_entropy("aaaa") == 0.0
    assert shannon_entropy("abcd") == pytest.approx(2.0)
    assert shannon_entropy("a" * 5000 + "b" * 5000) == pytest.approx(1.0)


# ----------------------------------------------------------------------------------------------------------------
# Robustness
# ----------------------------------------------------------------------------------------------------------------

MB = 1_000_000
PATHOLOGICAL = {
    "one letter": "a" * MB,
    "token chars": "A1b2" * (MB // 4),
    "assignments": "password=" * (MB // 9),
    "keys and colons": "api_key: " * (MB // 9),
    "pem header then base64": "-----BEGIN PRIVATE KEY-----\n" + "A" * MB,
    "pem headers": "-----BEGIN RSA PRIVATE KEY-----" * (MB // 31),
    "jwt prefix": "eyJ" + "a" * MB + ".",
    "jwt dots": "eyJhbGciOi.eyJzdWIiOi." * (MB // 22),
    "url userinfo": "://" + ":" * MB + "@",
    "schemes": "https://u:" * (MB // 10),
    "digits then colon": "1" * MB + ":A",
    "telegram-ish": "123456789:" * (MB // 10),
    "discord-ish": "M" * MB + ".abcdef." + "b" * 40,
    "sk prefixes": "sk-" * (MB // 3),
    "bearer": "Authorization: Bearer " + "a" * MB,
    "prose nouns": "the password for the token of the api key is " * (MB // 45),
    "spanish": "la contraseña de la clave del token es " * (MB // 38),
    "quotes": '"password": "' * (MB // 13),
    "xml": "<password>" * (MB // 10),
    "query": "?token=&sig=" * (MB // 12),
    "escapes": "\\n" * (MB // 2),
    "newlines": "\n" * MB,
}


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
def test_one_megabyte_inputs_finish(name: str) -> None:
    text = PATHOLOGICAL[name]
    assert len(text) >= MB - 64
    findings = DEFAULT_GATE.scan(text)
    assert all(0 <= f.start < f.end <= len(text) for f in findings)
    # `first` walks the same rules (and the whole megabyte when nothing blocks): a 64 KB head shows it agrees
    head = text[:65_536]
    first = DEFAULT_GATE.first(head)
    assert (first is None) == (not DEFAULT_GATE.blocking(DEFAULT_GATE.scan(head)))


def test_one_megabyte_of_random_printable_text_finishes() -> None:
    chars = string.printable + "ñáéíóú€"
    text = "".join(rng.choice(chars) for _ in range(MB))
    assert isinstance(DEFAULT_GATE.scan(text), list)


FRAGMENTS = ["AKIA", "ghp_", "sk-", "sk-ant-", "xoxb-", "eyJ", "-----BEGIN PRIVATE KEY-----", "hsk_", "m0-",
             "password", "contraseña", "clave", "token", "api key", "Authorization: Bearer ", "://", ":", "@",
             "=", "\"", "'", "`", "\\n", "\n", " is ", " es ", "?sig=", "<password>", "</password>", "İ", "ß",
             "${", "}}", "-", "_", ".", "/", "+", "=="]


def _check(text: str) -> None:
    findings = DEFAULT_GATE.scan(text)
    for f in findings:
        assert 0 <= f.start < f.end <= len(text)
        assert f.tier in (1, 2, 3)
    first = DEFAULT_GATE.first(text)
    assert first is None or first.tier in (1, 2)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_scan_never_raises_on_arbitrary_text(text: str) -> None:
    _check(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(alphabet=string.ascii_letters + string.digits,
                                                             max_size=40)), max_size=30))
def test_scan_never_raises_on_secret_like_fragments(parts: list[str]) -> None:
    _check("".join(parts))
