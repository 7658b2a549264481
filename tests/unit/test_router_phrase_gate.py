"""The router's cheap pre-checks never skip a phrase or a trigger condition that would match."""

from __future__ import annotations

from wetopi_memory.router import RuleRouter

SCOPES = ("personal", "business", "platform")


def test_phrase_pre_check_words_are_words_of_the_phrase_that_route_finds() -> None:
    router = RuleRouter((), known_scopes=SCOPES)
    lookup = router._lookup   # the compiled lookup: what route() reads
    words = router._seen_words   # the words route() finds in a message (`seen`)
    for anchor, entry in lookup.items():
        for needle, _term, others in entry[1]:
            assert anchor in needle.split()
            assert others <= frozenset(needle.split()) - {anchor}
            assert others <= words   # so a phrase present in the message has them all in `seen`


def test_gate_words_are_words_the_router_finds() -> None:
    """A trigger's gate, required words and its alternatives' gates are tested against `seen`: all must be in it."""
    router = RuleRouter((), known_scopes=SCOPES)
    triggers = {t for entry in router._lookup.values() for t in entry[3]}
    for trigger in triggers:
        assert trigger.requires <= router._seen_words
        assert trigger.gate is None or trigger.gate <= router._seen_words
        assert trigger.first.gate_words <= router._seen_words


def test_also_searched_last_only_when_the_pattern_starts_with_a_letter() -> None:
    router = RuleRouter((), known_scopes=SCOPES)
    triggers = {t for entry in router._lookup.values() for t in entry[3]}
    for trigger in triggers:
        if trigger.also_last:
            assert trigger.also is not None
            assert trigger.regex.pattern[:1].isalnum()
    assert any(t.also_last for t in triggers) and any(t.also is not None and not t.also_last for t in triggers)
