"""Source references: the keyed tag of who a memory came from, its key, and its presence on every retain from a
known person (tags, metadata, document id) without content or the raw internal id."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import stat
import threading
from pathlib import Path

import pytest

from wetopi_memory.backends.base import StoredDocument
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.config import parse_config
from wetopi_memory.errors import ConfigError
from wetopi_memory.identity import IdentityResolver
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import CandidateBuilder, PolicyEngine
from wetopi_memory.retain.planning import evaluate_statement, to_retain_item
from wetopi_memory.source_refs import (
    SOURCE_REF_TAG_PREFIX,
    load_source_key,
    source_ref,
    with_source_ref,
)

CONFIG = """
backend: {type: local}
stores:
  personal: {bank_template: "user-{internal_user_id}", retain: {mode: automatic, policy: personal}}
  platform: {bank: wetopi-platform, retain: {policy: platform}}
"""
IDENTITIES = """
users:
  u_ana: {display_name: Ana, allowed_scopes: [personal, platform], accounts: ["telegram:1001"]}
"""
KEY = b"k" * 32
FACT = "The root cause was an MTU mismatch on the VXLAN overlay; verified with ping -M do between nodes."


def test_source_ref_is_a_keyed_truncated_hmac() -> None:
    expected = hmac.new(KEY, b"u_ana", hashlib.sha256).hexdigest()[:24]
    assert source_ref("u_ana", KEY) == SOURCE_REF_TAG_PREFIX + expected
    assert source_ref("u_ana", KEY) != source_ref("u_bob", KEY)
    assert source_ref("u_ana", KEY) != source_ref("u_ana", b"other key of enough length")
    assert "u_ana" not in source_ref("u_ana", KEY)


def test_source_ref_refuses_empty_inputs() -> None:
    with pytest.raises(ValueError, match="internal user id"):
        source_ref("", KEY)
    with pytest.raises(ValueError, match="key"):
        source_ref("u_ana", b"")


def test_document_id_embeds_the_ref_digest() -> None:
    ref = source_ref("u_ana", KEY)
    assert with_source_ref("wm-abc", ref) == "wm-abc-" + ref.removeprefix(SOURCE_REF_TAG_PREFIX)
    assert with_source_ref("wm-abc", None) == "wm-abc"


def test_key_from_config_wins_over_environment_and_file(tmp_path: Path) -> None:
    config = parse_config(CONFIG + "privacy: {source_key: 'configured-key-0123456789'}\n", "c.yaml", {})
    key = load_source_key(config, {"WETOPI_MEMORY_SOURCE_KEY": "environment-key-0123456789"}, tmp_path)
    assert key == b"configured-key-0123456789"
    assert not (tmp_path / "source.key").exists()
    assert "configured-key" not in repr(config.redacted())


def test_key_from_environment_when_config_has_none(tmp_path: Path) -> None:
    config = parse_config(CONFIG, "c.yaml", {})
    assert load_source_key(config, {"WETOPI_MEMORY_SOURCE_KEY": "environment-key-0123456789"}, tmp_path) == \
        b"environment-key-0123456789"


def test_short_configured_key_is_a_one_line_config_error(tmp_path: Path) -> None:
    config = parse_config(CONFIG + "privacy: {source_key: short}\n", "c.yaml", {})
    with pytest.raises(ConfigError, match="shorter than 16 characters") as caught:
        load_source_key(config, {}, tmp_path)
    assert "privacy.source_key" in str(caught.value) and "\n" not in str(caught.value)


def test_key_file_is_made_once_private_and_reused(tmp_path: Path) -> None:
    config = parse_config(CONFIG, "c.yaml", {})
    state = tmp_path / "state"
    keys: list[bytes] = []
    threads = [threading.Thread(target=lambda: keys.append(load_source_key(config, {}, state))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    path = state / "source.key"
    assert len(set(keys)) == 1 and len(keys[0]) == 32
    assert path.read_bytes() == keys[0]
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert load_source_key(config, {}, state) == keys[0]


def test_damaged_key_file_is_refused_not_replaced(tmp_path: Path) -> None:
    config = parse_config(CONFIG, "c.yaml", {})
    path = tmp_path / "source.key"
    path.write_bytes(b"too short")
    path.chmod(0o600)
    with pytest.raises(ConfigError, match="holds 9 bytes, not 32"):
        load_source_key(config, {}, tmp_path)
    assert path.read_bytes() == b"too short"


@pytest.fixture
def plane(tmp_path: Path) -> MemoryPlane:
    config = parse_config(CONFIG, "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    resolver = IdentityResolver.from_file(ids, known_scopes=config.stores)
    return MemoryPlane(config, identities=resolver, backends={"local": LocalBackend(tmp_path / "m.db")})


@pytest.mark.parametrize(("scope", "text"), [("platform", FACT),
                                            ("personal", "I prefer short answers in Spanish, always.")])
def test_a_known_persons_retain_carries_the_ref_in_tag_metadata_and_id(plane: MemoryPlane, scope: str,
                                                                       text: str) -> None:
    ana = plane.identify("telegram", "1001")
    policy = PolicyEngine(plane.config, plane.acl, source_key=lambda: KEY)
    decision = evaluate_statement(CandidateBuilder(plane.router), policy, ana, text, scope)
    assert decision.accept, decision.reasons
    item = to_retain_item(decision)
    ref = source_ref("u_ana", KEY)
    assert ref in item.tags
    assert item.metadata["source_ref"] == ref
    assert item.document_id.endswith("-" + ref.removeprefix(SOURCE_REF_TAG_PREFIX))
    flat = " ".join([*item.tags, *item.metadata.values(), item.document_id, item.context or ""])
    assert "u_ana" not in flat and "1001" not in flat


def test_two_people_saying_the_same_thing_get_different_documents(plane: MemoryPlane) -> None:
    ana = plane.identify("telegram", "1001")
    builder = CandidateBuilder(plane.router)
    mine = evaluate_statement(builder, PolicyEngine(plane.config, plane.acl, source_key=lambda: KEY), ana, FACT,
                              "platform")
    other = evaluate_statement(builder, PolicyEngine(plane.config, plane.acl, source_key=lambda: b"x" * 32), ana,
                               FACT, "platform")
    assert mine.document_id != other.document_id


def test_without_a_key_or_a_person_no_ref_is_added(plane: MemoryPlane) -> None:
    ana = plane.identify("telegram", "1001")
    decision = evaluate_statement(CandidateBuilder(plane.router), PolicyEngine(plane.config, plane.acl), ana, FACT,
                                  "platform")
    item = to_retain_item(decision)
    assert not any(tag.startswith(SOURCE_REF_TAG_PREFIX) for tag in item.tags)
    assert "source_ref" not in item.metadata


def test_the_planes_explicit_retain_stores_the_ref_with_the_state_dir_key(tmp_path: Path) -> None:
    """End to end on the local backend: the plane's own key (made in its state dir) tags what a person retains."""
    config = parse_config(CONFIG, "c.yaml", {})
    ids = tmp_path / "ids.yaml"
    ids.write_text(IDENTITIES)
    backend = LocalBackend(tmp_path / "m.db")
    plane = MemoryPlane(config, identities=IdentityResolver.from_file(ids, known_scopes=config.stores),
                        backends={"local": backend}, environ={"WETOPI_MEMORY_STATE_DIR": str(tmp_path / "state")})

    async def go() -> list[StoredDocument]:
        result = await plane.retain(plane.identify("telegram", "1001"), FACT, "platform", reason="verified fix")
        assert result.stored, result
        try:
            return [d async for d in backend.iter_documents("wetopi-platform")]
        finally:
            await backend.aclose()

    [document] = asyncio.run(go())
    ref = source_ref("u_ana", (tmp_path / "state" / "source.key").read_bytes())
    assert ref in document.tags and document.metadata["source_ref"] == ref
    assert document.document_id.endswith(ref.removeprefix(SOURCE_REF_TAG_PREFIX))
