"""Memory asked for by asking our past back: "didn't we…?", "we … before, no?", "remind me: …?", someone's take on a
matter, the speaker's own rule she cannot recall, "no me acuerdo si le prometimos…". Not requests: a reminder to set,
the speaker's own lapse about herself, a past act stated, a question to "you"."""

from __future__ import annotations

import pytest

from wetopi_memory.router import RuleRouter

ASKED_BACK = [
    "didn't we pin the PHP version for the Olmo shop because of the checkout bug?",
    "el LB de Brisa vuelve a dar 502, we raised the proxy timeout before no?",
    "remind me: do Pro customers get daily or hourly backups?",
    "what was Marta's take on the reseller discount?",
    "I keep forgetting our own rule about refunds, what was it exactly?",
    "no me acuerdo si les prometimos a los de Olmo la migración gratis",
]
NOT_ASKED = [
    "remind me to call Olmo tomorrow at 10",
    "no me acuerdo si cerré la puerta del garaje",
    "we raised the proxy timeout to 120 s yesterday.",
    "didn't you get my email about the invoice?",
    "what was the score of the match last night?",
]


@pytest.mark.parametrize("text", ASKED_BACK)
def test_our_past_asked_back_is_a_memory_request(router: RuleRouter, text: str) -> None:
    assert router.route(text).explicit_memory_request, text


@pytest.mark.parametrize("text", NOT_ASKED)
def test_near_misses_are_not(router: RuleRouter, text: str) -> None:
    assert not router.route(text).explicit_memory_request, text
