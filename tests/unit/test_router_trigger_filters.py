"""The trigger filters give what the definitions they replace give: what a message's question marks allow
(`Trigger.asks`), the words a candidate needs (`Trigger.needs`), and `unless` searched as gated alternatives
(a lookahead conjunction's parts too)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.explicit_rules import EXPLICIT_TRIGGERS
from wetopi_memory.router.pattern_shape import fast_alternatives
from wetopi_memory.router.text import encode, normalize, tokenize
from wetopi_memory.router.trigger_search import MAX_LOOK_ALTERNATIVES

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "routing"
SCOPES = ("personal", "business", "platform")
ROUTER = RuleRouter((), known_scopes=SCOPES, cache_size=0)
TRIGGERS = sorted({t for entry in ROUTER._lookup.values() for t in entry[3]}, key=lambda t: t.order)
ANCHORS = {t.name: t.anchors for t in EXPLICIT_TRIGGERS}
UNLESS = [t for t in TRIGGERS if t.unless is not None and t.unless_found is not None]
_SOURCE_WORDS = sorted({word for t in UNLESS for word in re.findall(r"(?<![\\a-z])[a-z]{2,}", t.unless.pattern)})
_PIECES = [*_SOURCE_WORDS, "remember", "recall", "what", "we", "i", "my", "1998", "2015", " ", " ", ", ", ". ", "? ",
           "¿", "!", "'"]


def _words(text: str) -> frozenset[bytes]:
    """The message's words as `RuleRouter.route` gives them to the triggers."""
    return ROUTER._seen_words.intersection(word.encode("ascii") for word in tokenize(text))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map(" ".join))
def test_gated_unless_finds_what_the_pattern_finds(text: str) -> None:
    """A gate that says no only skips an alternative that cannot match: on texts made of the patterns' own words."""
    norm, words = normalize(text), _words(text)
    for trigger in UNLESS:
        assert trigger.unless_found.found(norm, words) == (trigger.unless.search(norm) is not None), (
            trigger.name, norm)


def test_gated_unless_finds_what_the_pattern_finds_on_the_routing_corpus() -> None:
    texts = [json.loads(line)["text"] for path in sorted(CORPUS.glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    matched = 0
    for text in texts:
        norm, words = normalize(text), _words(text)
        for trigger in UNLESS:
            truth = trigger.unless.search(norm) is not None
            matched += truth
            assert trigger.unless_found.found(norm, words) == truth, (trigger.name, norm)
    assert matched > 100


def test_the_router_word_set_holds_every_unless_gate_word() -> None:
    gates = frozenset().union(*(t.unless_found.gate_words for t in UNLESS))
    assert gates and gates <= ROUTER._seen_words


def test_a_long_lookahead_of_a_conjunction_is_split_and_gated() -> None:
    world = next(t for t in UNLESS if t.name == "en.do_you_remember").unless_found
    world.found("do you remember what year that song came out")
    looks = [look for looks in world._together for look in looks]
    assert looks and any(len(look._compiled()) > 24 for look in looks)
    assert all(len(fast_alternatives(look.pattern, MAX_LOOK_ALTERNATIVES)) <= MAX_LOOK_ALTERNATIVES for look in looks)


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

