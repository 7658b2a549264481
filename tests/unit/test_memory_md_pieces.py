"""MEMORY.md import and the secret gate (issue #11): every piece an entry would be stored as is scanned too, and a
secret seen in any piece refuses the whole entry, never a part of it; the secret families of real notes are refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.identity import Identity
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import Backoff, Outbox, RetainTuning
from wetopi_memory.secrets import SecretFinding, SecretGate, Tier

from ..support.texts import FAKE_URL, identities, standard_config

# Only the second sentence, read alone, shows the (stub) secret: the whole entry does not.
DECISION = "We decided that agencies get a 20% discount on the first year of managed Hermes."
PIECE = "The partner code is PARTNER-ONLY."


class _PieceGate(SecretGate):
    """A gate that finds a secret in `PIECE` read on its own, as a context rule may when a split changes context."""

    def scan(self, text: str) -> list[SecretFinding]:
        if text.strip() == PIECE:
            return [SecretFinding("stub-piece-rule", Tier.CONTEXT, 0, len(text))]
        return super().scan(text)


@pytest.fixture
def plane(tmp_path: Path, fake: FakeHindsight) -> Iterator[MemoryPlane]:
    config = standard_config()
    plane = MemoryPlane(config, identities=identities(tmp_path, config),
                        backends={"hindsight": HindsightBackend(FAKE_URL, transport=fake.transport)},
                        outbox=Outbox(tmp_path / "outbox.db"),
                        retain_tuning=RetainTuning(backoff=Backoff(base_seconds=0.001, cap_seconds=0.01)))
    yield plane
    plane.retention.close()


@pytest.fixture
def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "1001")


def _import(plane: MemoryPlane, ana: Identity, tmp_path: Path, text: str) -> tuple[dict[int, str], str]:
    source = tmp_path / "MEMORY.md"
    source.write_text(text, encoding="utf-8")
    report = asyncio.run(plane.import_memory_md(ana, source))
    return {e.entry.index: e.fate for e in report.entries}, json.dumps(report.to_dict())


def test_a_secret_seen_only_in_a_piece_refuses_the_whole_entry(plane: MemoryPlane, ana: Identity, tmp_path: Path,
                                                               fake: FakeHindsight) -> None:
    plane.retention.builder.gate = _PieceGate()
    fates, report = _import(plane, ana, tmp_path, f"{DECISION} {PIECE}\n§\n{DECISION}\n")
    assert fates[1] == "secret"
    assert fates[2] == "imported"   # the same decision alone is stored: the refused entry left no duplicate mark
    stored = json.dumps([m for b in fake.banks.values() for m in b.memories])
    assert "PARTNER-ONLY" not in stored and "PARTNER-ONLY" not in report and stored.count("20% discount") == 1


@pytest.mark.parametrize("entry", [
    "Mailgun SMTP for invoices: postmaster@mg.wetopi.com / 5a*RD2G05ALjGgY_T!HO",
    "[P1] Datadog API key (prod org): 3b45a851b227d28b518a86c4aae8efff",
    "[P1] La contraseña de root de pve3 es Marmota-azul-77",
    "Ana's on-call phone § la clave del wifi de la oficina es Pingu1no-2025",
])
def test_the_secrets_of_real_notes_are_never_stored(plane: MemoryPlane, ana: Identity, tmp_path: Path,
                                                    fake: FakeHindsight, entry: str) -> None:
    fates, report = _import(plane, ana, tmp_path, entry + "\n")
    secret = entry.rsplit(" ", 1)[-1]
    assert "secret" in fates.values()
    stored = json.dumps([m for b in fake.banks.values() for m in b.memories])
    assert secret not in stored and secret not in report


PASSING = "\n§\n".join([
    "[P1] Emailed the signed renewal to Bodega Verde.",
    "[P1] Temporary: Bruno covers the support phone this week",
    "[P3] Ana usually answers e-mail in the afternoon and keeps mornings for deep work.",
    "[P3] Reminded Acme about the unpaid invoice.",
    "El nodo worker-3 lleva 40 min en NotReady",
    "[P1] Refunds are only granted within 14 days of purchase (policy approved by Marta).",
]) + "\n"


def test_passing_entries_are_not_durable_and_a_mis_tagged_p3_is_judged_on_its_content(
        plane: MemoryPlane, ana: Identity, tmp_path: Path) -> None:
    fates, _ = _import(plane, ana, tmp_path, PASSING)
    assert fates == {1: "review", 2: "review", 3: "imported", 4: "rejected", 5: "rejected", 6: "imported"}, fates
