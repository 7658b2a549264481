"""The relevance gate of cached injection (§7, §8): a not-confident message gets only the cached scopes it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.recall_rig import PLATFORM_FACTS, Rig, run, seeded_rig
from wetopi_memory.recall.cache import cache_key
from wetopi_memory.recall.injection_rules import MemoryWords, is_bare_follow_up, salient_words
from wetopi_memory.router import tokenize

TURN_PLATFORM = "The RKE2 upgrade of the Kubernetes clusters failed, check Argo CD"


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    rig = seeded_rig(tmp_path)
    assert run(rig.coordinator.prefetch("s1", rig.alice, TURN_PLATFORM)).status == "stored"
    return rig


@pytest.mark.parametrize("text", [
    "¿Y mañana a qué hora quedamos para comer?", "thanks!", "ok", "Tell me a joke about cats",
    "Escribe un haiku sobre el otoño", "perfect, go on",
])
def test_an_unrelated_low_confidence_message_gets_no_cached_memory(rig: Rig, text: str) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, text)
    assert decision.reason == "not_confident" and decision.context == "" and not decision.carried_over
    assert decision.sync is None


@pytest.mark.parametrize("text", ["and why did that happen?", "¿y eso por qué?", "what does it mean?"])
def test_a_bare_follow_up_carries_the_cached_scopes_over(rig: Rig, text: str) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, text)
    assert decision.reason == "cache_hit" and decision.carried_over and decision.scopes == ("platform",)


def test_a_message_sharing_a_salient_word_with_the_cached_memories_gets_them(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, "and what about wetopi?")
    assert decision.route is not None and not decision.route.confident
    assert decision.reason == "cache_hit" and decision.carried_over
    assert sorted(line[2:] for line in decision.context.split("\n") if line.startswith("- ")) == sorted(PLATFORM_FACTS)


def test_a_weak_word_of_the_cached_scope_relates_the_message(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, "y el log?")
    assert decision.route is not None and not decision.route.confident and decision.route.below_evidence
    assert decision.scopes == ("platform",) and decision.carried_over


def test_tool_signals_alone_do_not_relate_a_message_to_the_cache(rig: Rig) -> None:
    decision = rig.coordinator.cached_context("s1", rig.alice, "¿Y mañana quedamos para comer?", tools=["terminal"])
    assert decision.context == "" and not decision.carried_over


def test_the_gate_helpers() -> None:
    assert is_bare_follow_up(tokenize("and why did that happen?"))
    assert not is_bare_follow_up(tokenize("and why?"))                  # no reference to what came before
    assert not is_bare_follow_up(tokenize("¿y eso a qué hora lo comemos?"))
    assert salient_words(tokenize("¿Y mañana a qué hora quedamos para comer?")) == {"manana", "hora", "quedamos",
                                                                                    "comer"}
    assert salient_words(tokenize("and that is what we need")) == frozenset()


def test_memory_words_are_remembered_per_cached_scope(rig: Rig) -> None:
    entry = rig.coordinator._cache.fresh_entry(cache_key("s1", rig.alice))
    assert entry is not None
    memo = MemoryWords()
    first = memo(entry.scopes["platform"])
    assert {"persistent", "volumes", "kubernetes", "clusters", "wetopi"} <= first
    assert "the" not in first and memo(entry.scopes["platform"]) is first
