"""The router's cheap pre-checks never skip a phrase or a trigger condition that would match."""

from __future__ import annotations

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.matching import explicit_trigger
from wetopi_memory.router.trigger_search import FastSearch

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


class _CountingSearch:
    """A trigger's `also`, counting its searches."""

    def __init__(self, search: FastSearch) -> None:
        self.search = search
        self.searches = 0

    def found(self, text: str, words: frozenset[bytes] | None = None) -> bool:
        self.searches += 1
        return self.search.found(text, words)


def test_also_is_searched_only_after_the_pattern_matched() -> None:
    """`also` is dearer than most patterns, which find nothing: a trigger whose pattern does not match a message
    never searches it; one whose pattern matches does."""
    router = RuleRouter((), known_scopes=SCOPES)
    triggers = sorted({t for entry in router._lookup.values() for t in entry[3] if t.also_found is not None},
                      key=lambda t: t.order)
    assert triggers
    for trigger in triggers:
        original = trigger.also_found
        assert original is not None
        spy = _CountingSearch(original)
        object.__setattr__(trigger, "also_found", spy)   # frozen: put back below
        try:
            words = trigger.needs | trigger.requires
            assert explicit_trigger((trigger,), words, "nothing to see here?", b"?", "?") is None
            assert spy.searches == 0, trigger.name
        finally:
            object.__setattr__(trigger, "also_found", original)
    asked = next(t for t in triggers if t.name == "en.sure_we_wrote_one")
    spy = _CountingSearch(asked.also_found)
    object.__setattr__(asked, "also_found", spy)
    try:
        text = "i'm sure we wrote one. what was it about?"
        explicit_trigger((asked,), asked.needs | asked.requires | {b"what"}, text, text.encode(), text)
        assert spy.searches == 1
    finally:
        object.__setattr__(asked, "also_found", spy.search)


def test_phrase_gate_holds_a_word_of_every_phrase_of_its_anchor() -> None:
    """An anchor's phrases are skipped when none of its gate words occurs: each phrase must have one of them among
    its other words, so a phrase present in the message always passes the gate; no gate when a phrase has none."""
    router = RuleRouter((), known_scopes=SCOPES)
    gated = 0
    for entry in router._lookup.values():
        phrases, gate = entry[1], entry[4]
        if gate is None:
            assert not phrases or any(not others for _, _, others in phrases)
            continue
        gated += 1
        assert gate <= router._seen_words
        for _needle, _term, others in phrases:
            assert not gate.isdisjoint(others)
    assert gated > 100


def test_gated_and_ungated_routers_decide_alike_on_every_phrase() -> None:
    """Each phrase, alone and in a sentence, routes the same with the gates as with none (and it matches)."""
    gated = RuleRouter((), known_scopes=SCOPES, cache_size=0, word_model=False)
    ungated = RuleRouter((), known_scopes=SCOPES, cache_size=0, word_model=False)
    ungated._lookup = {word: (*entry[:4], None) for word, entry in ungated._lookup.items()}
    needles = sorted({needle.decode("ascii").strip() for entry in gated._lookup.values() for needle, _, _ in entry[1]})
    assert len(needles) > 500
    phrased = 0
    for index, needle in enumerate(needles):
        phrased += bool(gated.route(needle).matches)
        for text in (needle, f"Ayer por la noche {needle}, o eso me dijo la semana pasada"):
            options = {"allowed_scopes": (SCOPES[index % 3],)} if index % 4 == 0 else {}
            assert gated.route(text, **options) == ungated.route(text, **options), text
    assert phrased > len(needles) // 3   # many match alone (others need first person or are cancelled by a sense)
