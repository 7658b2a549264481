"""Asking what was learned, tried, decided or kept before is an explicit memory request; a reminder set for later is
not; a supplier's offer, unpaid invoices and a change freeze have their scopes; the speaker's own appointments
moved are hers."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize("text", [
    "¿Qué aprendimos de la migración de los buckets a RGW?",
    "Para la retro: lo que aprendimos tras el corte de fibra de marzo, en tres puntos",
    "Quiero meter penalizaciones en el contrato de Lumen. ¿Ya hablamos de esto alguna vez?",
    "lista lo que recuerdes del onboarding de la academia, lo necesito para la retro",
    "Has raising the php memory_limit to 1G been tried before? I have a feeling it broke something",
    "have we tried this before with the Woo importer?",
    "Is there any prior decision on giving agencies SSH access? I want to be consistent",
    "What we learned from the Reef upgrade, in three bullets for the retro",
    "Retro on the Proxmox upgrade: start from what you have on it",
    "¿Qué nos ofreció Iberhost en la reunión? Mira si lo guardamos",
])
def test_asking_for_a_past_lesson_or_decision(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Tengo el dentista el jueves, ¿me lo recuerdas el miércoles por la tarde?",
    "he quedado con Lucía a las 8, ¿me lo recuerdas a las 7?",
    "We learned a lot at the conference, great talks",
    "I tried the new ramen place before the meeting, so good",
])
def test_a_reminder_ahead_or_a_passing_remark_is_no_request(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


def test_a_past_agreement_asked_with_me_recuerdas_is_still_a_request(router: RuleRouter) -> None:
    text = "¿me recuerdas el acuerdo con Kinetic Studio? creo que era tarifa plana"
    assert router.route(text).explicit_memory_request


@pytest.mark.parametrize(("text", "scope"), [
    ("Hetzner nos ofreció dos meses gratis del rack nuevo", "business"),
    ("Los de Scaleway nos han ofrecido tres meses gratis de las GPUs nuevas", "business"),
    ("Arlanza lleva dos impagados desde septiembre", "business"),
    ("the code freeze starts on the 20th, nothing merges to prod after that", "platform"),
    ("Push my 4pm to Friday, please", "personal"),
])
def test_words_that_place_a_message(router: RuleRouter, text: str, scope: str) -> None:
    assert scope in router.route(text).scope_names, (text, router.route(text).scope_names)
