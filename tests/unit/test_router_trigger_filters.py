"""The trigger filters give what the definitions they replace give: what a message's question marks allow
(`Trigger.asks`) and the words a candidate needs (`Trigger.needs`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.explicit_rules import EXPLICIT_TRIGGERS
from wetopi_memory.router.text import encode, normalize

SCOPES = ("personal", "business", "platform")
ROUTER = RuleRouter((), known_scopes=SCOPES, cache_size=0)
TRIGGERS = sorted({t for entry in ROUTER._lookup.values() for t in entry[3]}, key=lambda t: t.order)
ANCHORS = {t.name: t.anchors for t in EXPLICIT_TRIGGERS}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab ?¿？﹖？.!\u0301é"), max_size=20))
def test_the_encoded_text_holds_a_question_mark_exactly_when_the_normalised_one_does(text: str) -> None:
    assert (encode(text).find(b"?") >= 0) == ("?" in normalize(text))


def test_what_a_trigger_asks_of_a_message_is_what_its_conditions_were() -> None:
    for trigger in TRIGGERS:
        only_asked = trigger.gated and not (trigger.clause_start or trigger.accented)
        assert trigger.asks == (2 if only_asked else 1 if trigger.needs_question else 0), trigger.name
        assert trigger.needs == (trigger.gate if trigger.gate is not None else frozenset(
            word.encode("ascii") for word in ANCHORS[trigger.name])), trigger.name

