"""A topic the speaker sets aside does not count, everyday senses of our words are not ours, and questions about
what the speaker said reach the personal bank (our own sentences)."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


def test_a_topic_set_aside_does_not_count(rules: RuleRouter) -> None:
    decision = rules.route("This isn't about pricing: the Ceph OSD on pve-03 keeps flapping after the reboot")
    assert decision.scope_names == ("platform",), decision.scope_names
    assert "business" not in rules.route("No es un tema de clientes: el ingress del clúster da 502").scope_names


def test_the_same_topic_named_plainly_still_counts(rules: RuleRouter) -> None:
    assert "business" in rules.route("Let's talk about pricing for the Agency plan").scope_names


@pytest.mark.parametrize("text", [
    "DNS at the half marathon, my knee gave up at km 8",
    "the server at dinner forgot our order twice",
    "el bus 502 llega tarde otra vez",
    "can you freeze pea pods whole?",
    "a pilot deployed to Afghanistan in that Netflix series",
    "el puerto de Valencia tiene contenedores hasta arriba, qué atasco",
    "I need a coffee the size of a bucket today",
])
def test_everyday_senses_are_not_ours(rules: RuleRouter, text: str) -> None:
    assert "platform" not in rules.route(text).scope_names


def test_our_own_senses_still_route(rules: RuleRouter) -> None:
    assert "platform" in rules.route("the velero bucket for mad-1 is almost full").scope_names
    assert "platform" in rules.route("the pods of the shop are OOMKilled again").scope_names


@pytest.mark.parametrize("text", [
    "what did I say last time about discounts for NGOs?",
    "Did I already say no to the Lisbon reseller?",
    "lo que hablamos tú y yo sobre el plan Agency, ¿en qué quedó?",
])
def test_what_the_speaker_said_reaches_personal(router: RuleRouter, text: str) -> None:
    assert "personal" in router.route(text).scope_names


def test_forgetting_what_the_speaker_said_stays_with_its_topic(rules: RuleRouter) -> None:
    assert "personal" not in rules.route("forget what I told you about the Valencia partner").scope_names


def test_a_machines_memory_is_no_memory_read(rules: RuleRouter) -> None:
    assert not rules.route("check memory usage on the pve hosts, one is swapping").explicit_memory_request
    assert rules.route("check memory for what we decided about the pve hosts").explicit_memory_request


def test_asking_back_what_we_follow_reads_memory(rules: RuleRouter) -> None:
    assert rules.route("recuérdame qué runbook seguimos cuando se llena un OSD").explicit_memory_request
    assert not rules.route("recuérdame que tenemos que renovar el dominio").explicit_memory_request
