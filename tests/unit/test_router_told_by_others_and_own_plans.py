"""Memory asked for through what someone else told the assistant ("did he tell you…?", "¿te dijo Jordi…?") or what
the speaker did in a past named period ("¿qué hice el año pasado con…?"); her free slots and her new house are
hers."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

ASKED = [
    "Jordi dejó a medias lo del certificado wildcard, did he tell you where he left it?",
    "Marta was on the Olmo renewal call, did she tell you what they agreed?",
    "¿Te dijo Lucía qué plazo le dimos a Olmo para la migración?",
    "¿Te contó Jordi cómo dejó el failover del LB?",
    "Este mes toca la renta, ¿qué hice el año pasado con lo de la deducción por guardería?",
    "¿Qué decidí el mes pasado sobre el gimnasio?",
]
NOT_ASKED = [
    "He told you the wrong port, it's 8443, not 8080",
    "Jordi me dijo que el wildcard ya está renovado",
    "¿Qué hice mal en este YAML? No valida",
    "El año pasado hice la renta yo sola y me salió a devolver",
]


@pytest.mark.parametrize("text", ASKED)
def test_asked_for(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_not_asked_for(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", ["Am I free on the 14th in the morning?", "¿Tengo hueco el jueves por la tarde?",
                                  "En el plano de la casa nueva que estoy dibujando, ¿dónde pongo el despacho?"])
def test_her_slots_and_her_new_house_are_hers(router: RuleRouter, text: str) -> None:
    assert router.route(text).scope_names == ("personal",), text
