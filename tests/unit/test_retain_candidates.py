"""Evidence buffer (A5) and candidate building: sentences, routing, multi-write, verification, provenance."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.identity import Identity
from wetopi_memory.plane import MemoryPlane
from wetopi_memory.retain import TurnEvidenceBuffer
from wetopi_memory.retain.candidates import CandidateBuilder, analyze, document_id_for, split_sentences
from wetopi_memory.retain.candidates import document_id_for as retain_document_id
from wetopi_memory.retain.scope_selection import fallback_for, unrouted_decision_scope
from wetopi_memory.retain.signals import states_value

from ..support.texts import LOCAL_CONFIG, identities, standard_config


@pytest.fixture
def plane(tmp_path: Path) -> MemoryPlane:
    config = standard_config(LOCAL_CONFIG)
    return MemoryPlane(config, identities=identities(tmp_path, config),
                       backends={"local": LocalBackend(tmp_path / "m.db")})


@pytest.fixture
def ana(plane: MemoryPlane) -> Identity:
    return plane.identify("telegram", "1001")


# ------------------------------------------------------------------------------------------------ evidence buffer

def test_evidence_keeps_summaries_never_raw_output() -> None:
    buffer = TurnEvidenceBuffer()
    huge = "\n".join(f"pod-{i} Running 0 {i}d secret-looking-line-{i}" for i in range(200_000))  # ~8 MB
    kept = buffer.record("s1", "t1", "kubectl", args={"command": "kubectl --token=abc123SECRET get pods -A"},
                         result=huge, status="ok", duration_ms=120)
    assert kept is not None
    assert kept.result_bytes == len(huge.encode()) and kept.result_lines == 200_000
    assert kept.digest == "kubectl: cmd kubectl --token get pods"  # a few words, flags without their values
    dumped = json.dumps(buffer.pop("s1", "t1").to_dict())
    assert "secret-looking-line" not in dumped and "abc123SECRET" not in dumped
    assert len(dumped) < 1000
    assert len(kept.line_hashes) <= buffer.max_line_hashes


def test_evidence_caps_per_turn_and_open_turns_and_counts_drops() -> None:
    buffer = TurnEvidenceBuffer(max_items_per_turn=3, max_open_turns=2)
    for i in range(5):
        buffer.record("s", "t1", f"tool{i}", status="ok")
    evidence = buffer.pop("s", "t1")
    assert len(evidence.items) == 3 and evidence.dropped == 2 and buffer.dropped_items == 2
    for turn in ("a", "b", "c"):
        buffer.record("s", turn, "t", status="ok")
    assert len(buffer) == 2 and buffer.evicted_turns == 1
    assert buffer.pop("s", "a").items == ()  # the least recently touched turn went first


def test_evidence_outcomes_errors_and_withheld_digests() -> None:
    buffer = TurnEvidenceBuffer()
    failed = buffer.record("s", "t", "terminal", args={"command": "curl https://user:pw@host/x"}, result="boom",
                           status="error", error_type="CalledProcessError")
    assert failed is not None and failed.outcome == "error" and failed.error_class == "CalledProcessError"
    leaked = buffer.record("s", "t", "terminal", args={"path": "/etc/ghp_R8mK2pQ9vX4tL7wZ3nB6yH1cF5jD0sA2eG8u"},
                           status="ok")
    assert leaked is not None and leaked.digest == "terminal: [withheld]"
    url = buffer.record("s", "t", "fetch", args={"url": "https://admin:hunter2@api.example.com/v1"}, status="ok")
    assert url is not None and "hunter2" not in url.digest and "api.example.com" in url.digest
    odd = buffer.record(None, None, None, args=object(), result=object(), status=None)  # never raises
    assert odd is not None and odd.tool == "unknown"
    assert buffer.drop_session("s") == 1


# ------------------------------------------------------------------------------------------------ sentences

def test_sentence_splitting_keeps_abbreviations_numbers_code_and_logs() -> None:
    text = ("We use v1.2.3 e.g. for tests. The VIP is 10.0.0.10. ¿Qué más?\n- bullet one\n"
            "```\nkubectl get pods\nNAME READY\n```\n2024-05-02 10:11:12 ERROR x\n2024-05-02 10:11:13 ERROR y\nEnd.")
    pieces = [text[s:e] for s, e in split_sentences(text)]
    assert pieces[:4] == ["We use v1.2.3 e.g. for tests.", "The VIP is 10.0.0.10.", "¿Qué más?", "bullet one"]
    assert pieces[4].startswith("```") and pieces[4].endswith("```")
    assert pieces[5] == "2024-05-02 10:11:12 ERROR x\n2024-05-02 10:11:13 ERROR y"
    assert pieces[6] == "End."
    assert analyze(pieces[4]).raw == "code-block" and analyze(pieces[5]).raw == "log-lines"


def test_analysis_is_bilingual_and_accent_blind() -> None:
    assert analyze("La CAUSA RAÍZ fue el DNS").category == "root_cause"
    assert analyze("la causa raiz fue el DNS").category == "root_cause"
    assert analyze("Decidimos usar Cilium").category == "decision"
    assert analyze("quizás sea el DNS").hedges == ("quizas",)
    assert analyze("No está verificado que sea el DNS").unverified
    assert analyze("Comprobado: es el DNS").verified
    assert analyze("¿Usamos Cilium?").question
    assert analyze("gracias!! 👍").filler and analyze("Perfecto, gracias").filler
    assert not analyze("Gracias: el DNS interno es 10.0.0.2").filler


def test_document_ids_match_the_plane() -> None:
    assert retain_document_id("wetopi-platform", " x ") == document_id_for("wetopi-platform", "x")


# ------------------------------------------------------------------------------------------------ turns

def test_multi_write_gives_each_scope_only_its_sentences(plane: MemoryPlane, ana: Identity) -> None:
    coordinator = plane.retention
    report = coordinator.evaluate_turn(
        ana, session_id="s", turn_id="t",
        user_message=("Decidimos que el plan gestionado de Hermes costará 49 € al mes. "
                      "Los agentes gestionados se despliegan en el clúster RKE2 de producción mediante Argo CD. "
                      "Prefiero que me respondas siempre en español."),
        assistant_response="Entendido.")
    by_scope = {d.scope: d for d in report.decisions}
    assert set(by_scope) == {"business", "platform", "personal"}
    assert all(d.accept for d in by_scope.values()), {s: d.reasons for s, d in by_scope.items()}
    business = by_scope["business"].candidate
    platform = by_scope["platform"].candidate
    personal = by_scope["personal"].candidate
    assert business is not None and platform is not None and personal is not None
    assert "49 €" in business.content and "RKE2" not in business.content and "español" not in business.content
    assert "RKE2" in platform.content and "49 €" not in platform.content
    assert "español" in personal.content and "RKE2" not in personal.content
    assert len({d.document_id for d in report.decisions}) == 3


def test_one_sentence_can_belong_to_two_scopes(plane: MemoryPlane, ana: Identity) -> None:
    coordinator = plane.retention
    report = coordinator.evaluate_turn(ana, session_id="s", turn_id="t",
                                       user_message="Wetopi venderá Hermes gestionado sobre la plataforma RKE2.")
    assert {d.scope for d in report.accepted} == {"business", "platform"}


def test_candidates_snapshot_identity_and_provenance_at_creation(plane: MemoryPlane, ana: Identity) -> None:
    moments = iter([datetime(2026, 1, 1, tzinfo=UTC), datetime(2030, 1, 1, tzinfo=UTC)])
    builder = CandidateBuilder(plane.router, source_agent="wetopi-build", clock=lambda: next(moments))
    sentences = builder.sentences("We decided to use Cilium as the CNI.", "user")
    units, _ = builder.units(sentences, origin="turn", identity=ana, session_id="s1", turn_id="t1",
                             platform="telegram")
    candidate = units[0].candidate
    assert candidate.user == "u_ana" and candidate.session_id == "s1" and candidate.turn_id == "t1"
    assert candidate.source_agent == "wetopi-build" and candidate.timestamp.year == 2026
    assert "scope:platform" in candidate.tags and "category:decision" in candidate.tags
    with pytest.raises(dataclasses.FrozenInstanceError):
        candidate.scope = "business"  # type: ignore[misc]
    assert "content" not in candidate.to_dict() and candidate.to_dict(include_content=True)["content"]


def test_verification_comes_from_same_domain_evidence(plane: MemoryPlane, ana: Identity) -> None:
    coordinator = plane.retention
    text = "The root cause was the conntrack table overflowing on the WAN nodes."
    without = coordinator.evaluate_turn(ana, session_id="s", turn_id="t", user_message=text)
    assert [u.decision.reasons for u in without.units] == [("unverified",)]
    coordinator.record_tool_call(session_id="s", turn_id="t2", tool_name="kubectl_exec",
                                 args={"command": "kubectl exec wan-1 -- conntrack -S"}, result="found=0 drop=9123",
                                 status="ok", duration_ms=40)
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t2", user_message=text)
    (decision,) = report.decisions
    assert decision.accept and decision.verified and decision.candidate is not None
    assert decision.candidate.evidence == ("e1:kubectl_exec:ok",)


def test_pasted_tool_output_is_recognised_by_its_line_hashes(plane: MemoryPlane, ana: Identity) -> None:
    coordinator = plane.retention
    output = "replica set rs-7 is healthy and serving traffic on all three zones today"
    coordinator.record_tool_call(session_id="s", turn_id="t", tool_name="kubectl", result=output + "\n",
                                 status="ok")
    report = coordinator.submit_turn(ana, session_id="s", turn_id="t", user_message="Status?",
                                     assistant_response=output)
    assert any("raw_tool_output" in u.decision.reasons for u in report.units)
    assert not report.accepted


def test_unrouted_sentences_are_reported_not_dropped_silently(plane: MemoryPlane, ana: Identity) -> None:
    coordinator = plane.retention
    report = coordinator.evaluate_turn(ana, session_id="s", turn_id="t", user_message="Hola, ¿qué tal?")
    assert report.unrouted == (0,) and not report.decisions
    assert report.to_dict()["unrouted"] == [0]


def test_a_sentence_states_a_value_only_with_a_concrete_one() -> None:
    for text in ("max_connections = 500", "s3ForcePathStyle: true", "the hub is vpn.wetopi.com:51820",
                 "loki keeps 30 días of logs", "backups go to s3://wetopi-db-backups", "Ceph 18.2.4"):
        assert states_value(text), text
    for text in ("La reunión es a las 10:30", "restarted php-fpm on web3", "kubectl get nodes says NotReady",
                 "de 8 a 20 h"):
        assert not states_value(text), text


def test_the_turn_fallback_gives_personal_only_to_what_may_be_the_speakers_own() -> None:
    assert fallback_for(("personal", "platform"), ("decision",)) == ("platform",)
    assert fallback_for(("personal",), ("preference",)) == ("personal",)
    assert fallback_for(("personal",), ()) == ("personal",)
    known = ("personal", "business", "platform")
    decide = unrouted_decision_scope
    assert decide(("decision",), speaker=True, technical_values=False, values=False, known=known) == "business"
    assert decide(("decision",), speaker=False, technical_values=False, values=False, known=known) is None
    assert decide(("decision",), speaker=True, technical_values=True, values=True, known=known) == "platform"
    assert decide(("decision",), speaker=True, technical_values=False, values=True, known=known) is None
    assert decide(("decision", "config"), speaker=True, technical_values=False, values=False, known=known) is None
    assert decide(("relationship",), speaker=True, technical_values=False, values=False, known=known) == "business"
    assert decide(("architecture",), speaker=True, technical_values=True, values=True, known=known) is None


def test_technical_values_are_system_values_not_prices_or_durations() -> None:
    from wetopi_memory.retain.signals import technical_value
    for text in ("expose /metrics on every service", "the registry is registry.wetopi.internal:5000",
                 "pin versions in Chart.lock", "set minAvailable: 1", "use --atomic", "limit 512Mi"):
        assert technical_value(text), text
    for text in ("Pro pasa a 39 €/mes", "pagamos a 60 días", "Signed this morning: 3-year term",
                 "soporte de 9 a 21", "We use HubSpot for the CRM"):
        assert not technical_value(text), text


def test_clause_spans_split_joined_statements_only() -> None:
    from wetopi_memory.retain.clauses import clause_spans
    text = "El fallo fue el disco de pve2; hemos acordado un mes gratis."
    assert [text[s:e] for s, e in clause_spans(text)] == ["El fallo fue el disco de pve2",
                                                          "hemos acordado un mes gratis."]
    assert clause_spans("Run `a; b` now; then check it.") == []
    assert clause_spans("Short; very short.") == []
