"""IdentityResolver and ScopeACL: aliases, fail-closed unknown callers, and the reasons a request is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import default_config, parse_config
from wetopi_memory.errors import AccessDenied, ConfigError
from wetopi_memory.identity import Identity, IdentityResolver
from wetopi_memory.security import ScopeACL, StoreRegistry

ROOT = Path(__file__).resolve().parents[2]
SCOPES = ["personal", "business", "platform"]

IDENTITIES = """
version: 1
users:
  u_ana:
    display_name: Ana
    allowed_scopes: [personal, business, platform]
    accounts: ["telegram:111", "slack:UANA", "cli:ana"]
  u_bot:
    display_name: Build bot
    allowed_scopes: [platform]
    accounts: ["api_server:build"]
"""


@pytest.fixture
def resolver(tmp_path: Path) -> IdentityResolver:
    path = tmp_path / "identities.yaml"
    path.write_text(IDENTITIES)
    return IdentityResolver.from_file(path, known_scopes=SCOPES)


@pytest.fixture
def acl(tmp_path: Path) -> ScopeACL:
    config = default_config({})
    return ScopeACL(StoreRegistry(config, {"local": LocalBackend(tmp_path / "m.db")}))


def test_aliases_resolve_to_one_person(resolver: IdentityResolver) -> None:
    by_telegram = resolver.resolve("telegram", "111")
    by_slack = resolver.resolve("Slack", " UANA ")
    assert by_telegram.internal_user_id == by_slack.internal_user_id == "u_ana"
    assert by_telegram.display_name == "Ana"
    assert by_telegram.allowed_scopes == frozenset(SCOPES)


def test_personal_bank_is_built_from_the_internal_id_only(resolver: IdentityResolver, acl: ScopeACL) -> None:
    binding = acl.check(resolver.resolve("slack", "UANA"), "personal", "retain")
    assert binding.bank == "user-u_ana"
    assert "Ana" not in binding.bank


@pytest.mark.parametrize(("platform", "user"), [("telegram", "999"), ("telegram", ""), ("", "111"), (None, None),
                                                ("cli", "")])
def test_unknown_callers_fail_closed(resolver: IdentityResolver, acl: ScopeACL, platform: str | None,
                                     user: str | None) -> None:
    identity = resolver.resolve(platform, user)
    assert not identity.known
    assert identity.allowed_scopes == frozenset()
    assert acl.readable_scopes(identity) == []
    for scope in SCOPES:
        with pytest.raises(AccessDenied) as caught:
            acl.check(identity, scope, "recall")
        assert caught.value.code == "scope_not_allowed"


def test_unknown_caller_scopes_never_include_personal(tmp_path: Path) -> None:
    cfg = parse_config("stores:\n  personal: {bank_template: 'user-{internal_user_id}'}\n  business: {bank: b}\n"
                       "identity:\n  unknown_caller_scopes: [business]\n", "c.yaml", {})
    acl = ScopeACL(StoreRegistry(cfg, {"local": LocalBackend(tmp_path / "m.db")}))
    resolver = IdentityResolver(unknown_caller_scopes=cfg.identity.unknown_caller_scopes)
    stranger = resolver.resolve("telegram", "42")
    assert acl.check(stranger, "business", "recall").bank == "b"
    assert acl.readable_scopes(stranger) == ["business"]
    with pytest.raises(AccessDenied) as caught:
        acl.check(stranger, "personal", "recall")
    assert caught.value.code == "scope_not_allowed"


@pytest.mark.parametrize(("scope", "code"), [
    ("wetopi-platform", "bank_id_not_accepted"),
    ("user-u_ana", "bank_id_not_accepted"),
    ("user-u_other", "bank_id_not_accepted"),
    ("Ana", "unknown_scope"),
    ("security", "unknown_scope"),
    ("", "invalid_scope"),
    (None, "invalid_scope"),
    (["platform"], "invalid_scope"),
    ({"bank_id": "wetopi-platform"}, "invalid_scope"),
])
def test_refusal_reasons(resolver: IdentityResolver, acl: ScopeACL, scope: object, code: str) -> None:
    with pytest.raises(AccessDenied) as caught:
        acl.check(resolver.resolve("telegram", "111"), scope, "recall")
    assert caught.value.code == code
    assert str(caught.value)


def test_scope_outside_allowed_scopes_is_refused(resolver: IdentityResolver, acl: ScopeACL) -> None:
    bot = resolver.resolve("api_server", "build")
    assert acl.check(bot, "platform", "retain").bank == "wetopi-platform"
    for scope in ("business", "personal"):
        with pytest.raises(AccessDenied) as caught:
            acl.check(bot, scope, "recall")
        assert caught.value.code == "scope_not_allowed"


def test_read_only_scope_refuses_writes(tmp_path: Path) -> None:
    cfg = parse_config("stores:\n  docs: {bank: docs, access: read_only}\n", "c.yaml", {})
    acl = ScopeACL(StoreRegistry(cfg, {"local": LocalBackend(tmp_path / "m.db")}))
    reader = Identity("x", "y", "u1", None, frozenset({"docs"}))
    assert acl.check(reader, "docs", "recall").bank == "docs"
    with pytest.raises(AccessDenied) as caught:
        acl.check(reader, "docs", "retain")
    assert caught.value.code == "read_only_scope"


@pytest.mark.parametrize(("text", "expected"), [
    ("users:\n  u_a:\n    allowed_scopes: [personal, sales]\n",
     "ids.yaml:3 users.u_a.allowed_scopes[1]: unknown scope 'sales'"),
    ("users:\n  u_a:\n    accounts: ['telegram:1']\n  u_b:\n    accounts: ['telegram:1']\n",
     "ids.yaml:5 users.u_b.accounts[0]: account 'telegram:1' already belongs to user 'u_a'"),
    ("users:\n  u_a:\n    accounts: ['telegram']\n",
     "ids.yaml:3 users.u_a.accounts[0]: 'telegram' is not an account (no platform before ':')"),
    ("users:\n  'Carlos Pérez':\n    accounts: []\n",
     "ids.yaml:2 users.Carlos Pérez: internal user id 'Carlos Pérez' must be"),
    ("users:\n  u_a:\n    alowed_scopes: []\n", "ids.yaml:3 users.u_a.alowed_scopes: unknown key"),
])
def test_identities_file_errors_are_located(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "ids.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        IdentityResolver.from_file(path, known_scopes=SCOPES)
    assert str(caught.value).startswith(f"{tmp_path}/{expected}"), str(caught.value)


def test_shipped_identities_example_is_valid() -> None:
    resolver = IdentityResolver.from_file(ROOT / "banks" / "identities.example.yaml", known_scopes=SCOPES)
    assert resolver.users
    person = resolver.resolve("telegram", "100000001")
    assert person.known and "personal" in person.allowed_scopes
