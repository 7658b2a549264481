"""RuleRouter, thirteenth rules round (design §8): the classes behind tune13's misses. Messages are written for these
tests, not taken from the routing corpus; each class has look-alikes that must keep their route."""

from __future__ import annotations

import pytest

from tests.support.routing import scopes_of
from wetopi_memory.router import RuleRouter

P, B, F = "platform", "business", "personal"


@pytest.mark.parametrize("text", [
    "my first marathon is in april, hoping to finish under four hours",
    "me he apuntado a una media maratón con mi hermana",
    "me duele la rodilla desde el último 10k, avísame si te pido reuniones de pie",
    "mi rodilla no aguanta más de 10 km seguidos",
])
def test_the_speakers_training_races_and_body_are_personal(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {F}


@pytest.mark.parametrize("text", [
    "The city marathon closes the streets around the office on Sunday",
    "el kilometraje de la furgoneta de la empresa lo lleva Marta",
])
def test_training_words_without_the_speaker_stay_unrouted(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == set()


def test_a_training_plan_is_not_a_hosting_plan(rules: RuleRouter) -> None:
    text = "el plan de entreno manda descanso los lunes, no me pongas nada esos días"
    assert set(rules.route(text, agent="wetopi-lead").scope_names) == {F}
    assert scopes_of(rules, "el plan Pro necesita un precio nuevo") == {B}


@pytest.mark.parametrize("text", [
    "what does 'graceful shutdown' mean in Kubernetes?", "what does PVC stand for in Kubernetes?",
    "What year was Kubernetes first released?", "is the word 'invoice' from the latin?",
    "how does a Ceph OSD differ from a plain RAID disk?", "write me a limerick about a kubernetes pod",
    "qué es un servidor exactamente? me lo preguntó mi hija anoche",
])
def test_general_knowledge_about_a_term_reaches_no_scope(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == set()


def test_a_meaning_question_about_our_own_things_keeps_its_scope(rules: RuleRouter) -> None:
    assert scopes_of(rules, "what does the 502 on our ingress mean in practice for the shops?") == {P}


@pytest.mark.parametrize("text", [
    "can you draft the newsletter for friday?", "la landing está flojísima, rehazla con más aire",
    "what should the welcome email sequence say?", "the open rate dropped again this week",
    "la oferta de soporte tiene 25 applicants, hay que cerrar la shortlist",
    "para el lanzamiento vamos a necesitar a alguien de soporte",
    "the meetup with the partners is confirmed, who gives the keynote?",
    "the ISO questionnaire for Kibo is due friday",
])
def test_launch_mailing_hiring_and_event_words_are_business(rules: RuleRouter, text: str) -> None:
    assert B in set(rules.route(text, agent="wetopi-lead").scope_names)


@pytest.mark.parametrize("text", [
    "did you watch the rocket launch last night?", "The Normandy landing in 1944 was the largest amphibious operation",
])
def test_a_rocket_launch_and_a_troop_landing_are_not_business(rules: RuleRouter, text: str) -> None:
    assert B not in scopes_of(rules, text)


def test_a_newsletter_the_speaker_reads_is_her_reading(rules: RuleRouter) -> None:
    assert scopes_of(rules, "I always read the Stratechery newsletter with my morning coffee") == {F}


@pytest.mark.parametrize("text, scopes", [
    ("search memory for what we told Olivares about the data export", {B}),
    ("¿qué le prometimos a Estudio Ocre sobre los 502 de su tienda?", {B, P}),
    ("do you remember my shoe size?", {F}),
    ("¿te acuerdas de mi talla de camiseta?", {F}),
])
def test_explicit_requests_take_their_scopes_from_what_they_ask(rules: RuleRouter, text: str,
                                                               scopes: set[str]) -> None:
    decision = rules.route(text)
    assert decision.explicit_memory_request and set(decision.scope_names) == scopes


@pytest.mark.parametrize("text", [
    "añade un paso de trufflehog al pipeline antes del build", "OWASP CRS false positives on the contact form again",
    "is mTLS enforced between the agents?", "the provisioning job left two sites half created",
    "un usuario admin comprometido: la web está hacked desde ayer",
])
def test_security_tooling_and_provisioning_words_are_platform(rules: RuleRouter, text: str) -> None:
    assert P in scopes_of(rules, text)


def test_an_api_token_is_a_platform_thing(rules: RuleRouter) -> None:
    assert scopes_of(rules, "el token de la API que usa el monitor externo caduca mañana") == {P}


@pytest.mark.parametrize("text, scopes", [
    ("enable the kube-apiserver audit policy for secrets", {P}),
    ("the Infisical audit log shows three reads from an unknown machine", {P}),
    ("el peque con tos toda la noche, pero el ingress sigue dando 502", {P}),
    ("I'm taking a lead auditor course in autumn, just so you know", {F}),
    ("did the mTLS rollout ever get past the plan?", {P}),
    ("El cliente ha abierto un ticket diciendo que el ingress da 502", {P}),
])
def test_system_audits_coughs_job_titles_and_intentions_are_not_business(rules: RuleRouter, text: str,
                                                                        scopes: set[str]) -> None:
    assert set(rules.route(text, agent="wetopi-lead").scope_names) == scopes


def test_the_companys_audit_and_a_plan_price_stay_business(rules: RuleRouter) -> None:
    assert scopes_of(rules, "the accountant needs the audit of the yearly accounts by march") == {B}
    assert scopes_of(rules, "the plan price goes up in march") == {B}


@pytest.mark.parametrize("text", [
    "keep it terse with me during releases", "for anything legal I want your full reasoning",
    "screenshots are useless to me, paste commands", "diagrams help me more than long paragraphs",
    "note to self: stop answering email at dinner", "my availability changes next month, ask before booking",
    "I'm offline from 3, see you later", "I'm a visual person, draw it",
    "mi objetivo es no revisar el correo antes de las 10",
    "las reuniones mejor por la mañana, que es cuando estoy despierta",
])
def test_how_the_speaker_wants_things_and_her_own_time_are_personal(rules: RuleRouter, text: str) -> None:
    assert F in scopes_of(rules, text)


def test_the_speakers_on_call_is_personal_and_platform_stays_with_its_system(rules: RuleRouter) -> None:
    assert scopes_of(rules, "estoy on-call hasta el lunes, no me pongas reuniones largas") == {F}
    assert scopes_of(rules, "en las semanas de guardia sé muy escueto conmigo") == {F}
    assert scopes_of(rules, "the on-call rotation for the ceph cluster needs a third person") == {P}


@pytest.mark.parametrize("text", [
    "the reseller wants a co-branded landing page. I like it, honestly", "Ugh, I hate this part: the VAT filing",
])
def test_liking_or_hating_what_is_on_the_table_is_not_a_taste(rules: RuleRouter, text: str) -> None:
    assert scopes_of(rules, text) == {B}


def test_liking_it_when_something_happens_is_still_a_taste(rules: RuleRouter) -> None:
    assert scopes_of(rules, "I like it when you start with the conclusion") == {F}


def test_the_speakers_estimates_and_spare_time_learning_are_hers(rules: RuleRouter) -> None:
    assert scopes_of(rules, "I always underestimate reviews, add a buffer when you plan my week") == {F}
    assert scopes_of(rules, "I'm learning ansible in my spare time, any good book?") == {F}
    assert scopes_of(rules, "send the customer an estimate for the migration") == {B}
