"""Everyday senses of platform and business words (water getting in, pinging a person, a relative's prices, a
customer in a novel, a Hindsight bank), asides about the speaker's memory, a site that was down, uptime promised,
and the speaker's ways named with a word in between (our own sentences)."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter


@pytest.mark.parametrize(("text", "absent"), [
    ("water ingress under the kitchen window after last night's rain, who fixes that?", "platform"),
    ("ping me when you have the draft of the newsletter", "platform"),
    ("my son wants to price his old comics at 5€ each, is that fair?", "business"),
    ("el margen de la tienda de mi primo es del 12 %, ¿es poco?", "business"),
    ("en la novela que leo, la protagonista es clienta fija de una joyería", "business"),
    ("how do we add a mission to the Hindsight bank of the build agent?", "business"),
    ("are we running Cilium or Flannel on staging? I can never remember", "personal"),
    ("¿cómo se hace un rebase interactivo? siempre me lío", "personal"),
    ("the pruning of the grapes cluster by cluster, as the winemaker showed us", "platform"),
    ("mi cuñado está de despliegue con la brigada en Líbano", "platform"),
])
def test_an_everyday_sense_does_not_route(router: RuleRouter, text: str, absent: str) -> None:
    assert absent not in router.route(text).scope_names, text


@pytest.mark.parametrize(("text", "scope"), [
    ("the web of Ferretería Puig was down for an hour this morning", "platform"),
    ("la tienda de Lumen estuvo caída toda la tarde", "platform"),
    ("can we guarantee 99.9% uptime to the new agency customer?", "business"),
    ("no soy muy fan de las llamadas sin agenda, mándame antes los puntos", "personal"),
    ("cuando te pregunte por un cliente, dame primero lo que factura", "personal"),
    ("before the call, remind me what I think about reselling Hetzner", "personal"),
    ("We're done with free migrations: from January every migration is billed", "business"),
])
def test_a_scope_named_by_a_phrase_routes(router: RuleRouter, text: str, scope: str) -> None:
    assert scope in router.route(text).scope_names, text


def test_a_near_rule_explains_itself(router: RuleRouter) -> None:
    decision = router.route("can we promise 99.95% uptime on the shared plan?")
    assert any(m.term == "(promise) … uptime" for m in decision.matches), decision.matches


def test_what_we_used_and_what_the_speaker_told_are_asked_for(router: RuleRouter) -> None:
    for text in ("which backup tool did we use for the Lumen migration?",
                 "what's my shoe size, going by what I've told you?",
                 "¿qué talla uso, según lo que te he contado?"):
        assert router.route(text).explicit_memory_request, text


def test_a_topic_the_speaker_waves_off_does_not_route(router: RuleRouter) -> None:
    decision = router.route("no me hables de precios hoy, solo dime si el backup de anoche terminó")
    assert "business" not in decision.scope_names, decision
