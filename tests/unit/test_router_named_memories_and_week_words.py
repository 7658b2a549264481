"""A memory named by its scope, requests for memory said in passing ("I think I told you once", "pull it up", "from
memory, recap…"), a lookup waved off, the team's holidays, a slow checkout, a pitch, a customer's plan change and the
everyday senses of latency, backup, cluster and sync (our own sentences)."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize(("text", "scopes"), [
    ("¿Qué tengo en mi memoria personal y qué hay en la de negocio sobre Estudio Nébula?", {"personal", "business"}),
    ("check the business memory for anything on Kestrel Foods", {"business"}),
    ("search the platform memory for the last Ceph upgrade", {"platform"}),
])
def test_a_memory_named_by_its_scope_is_asked_for(router: RuleRouter, text: str, scopes: set[str]) -> None:
    decision = router.route(text)
    assert decision.explicit_memory_request, text
    assert scopes <= set(decision.scope_names), decision.scope_names


@pytest.mark.parametrize("text", [
    "What do you really know about me?",
    "is it Tuesday or Thursday that I do the invoices? I think I told you once",
    "the call last week with the hosting reseller, pull it up please",
    "pull up the conversation about the Velero retention",
    "From memory, recap what we agreed on the support hours",
])
def test_requests_said_in_passing_ask_for_memory(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", [
    "Why did you delete the PVC? I told you before.",     # a reproach, not a request
    "pull up the grafana dashboard for the shop",         # a screen, not a talk
    "no hace falta que mires nada en memoria: ¿cuántos días tiene febrero de 2032?",
    "Tengo en mi memoria la melodía de aquella canción",  # the speaker's own memory
])
def test_look_alikes_do_not_ask_for_memory(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize(("text", "expected"), [
    ("¿Qué dijimos de las vacaciones del equipo en Semana Santa?", {"business"}),
    ("the Lumen checkout is really slow since the plugin update", {"platform"}),
    ("prepara un one-pager para la feria con precios y el pitch 'Hosting gestionado en Kubernetes'", {"business"}),
    ("Los cambios de plan de un cliente (upgrade o downgrade) cuentan desde el día 1 del mes", {"business"}),
    ("Remind me what my rule was about posting on LinkedIn, only mornings?", {"personal"}),
    ("Seconds_Behind_Master sube sin parar en la réplica de la tienda", {"platform"}),
    ("¿quién lanza este mes los tests de restauración de Velero?", {"platform"}),
])
def test_scopes(router: RuleRouter, text: str, expected: set[str]) -> None:
    assert set(router.route(text).scope_names) == expected, text


@pytest.mark.parametrize(("text", "absent"), [
    ("my brain's latency is terrible today, I slept three hours", "platform"),
    ("busco un backup de canguro para el sábado por la tarde", "platform"),
    ("el cluster de bares de la plaza cierra en agosto", "platform"),
    ("the Thursday sync is too long, can we make it biweekly?", "platform"),
])
def test_an_everyday_sense_does_not_route(router: RuleRouter, text: str, absent: str) -> None:
    assert absent not in router.route(text).scope_names, text
