"""A trigger pattern searched as its fast-starting alternatives finds what the pattern itself finds, where it does."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.router.explicit_rules import EXPLICIT_TRIGGERS
from wetopi_memory.router.pattern_shape import fast_alternatives, required_lookaheads
from wetopi_memory.router.text import normalize
from wetopi_memory.router.trigger_search import FastSearch

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "routing"


def _texts() -> list[str]:
    rng = random.Random(5)
    texts = [json.loads(line)["text"] for path in sorted(CORPUS.glob("tune*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [normalize(text) for text in rng.sample(texts, min(400, len(texts)))]


TEXTS = _texts()
PATTERNS = list(dict.fromkeys(p for t in EXPLICIT_TRIGGERS for p in (t.pattern, t.also, t.unless, t.before) if p))


@pytest.mark.parametrize("pattern", [
    r"\b(?:el\s+ano|la\s+vez)\b", r"\b(?:de\s+)?los\s+anos", r"(?<!x\s)en\s+mayo", r"\b(?:(?<!\d\s)de|en)\s+mayo",
    r"^(?=[\s\S]*\bsong)(?=[\s\S]*\bremember\b)", r"(?:a|b)(c)\1", r"(?:a|)b", r"\b(?:what|how)(?:'s|\s+is)\s+my\b",
])
def test_a_pattern_and_its_search_find_the_same_first_start(pattern: str) -> None:
    search, regex = FastSearch(pattern), re.compile(pattern)
    texts = ["el ano pasado", "x en mayo y en mayo", "1 de mayo, de mayo", "a song to remember", "remember the song",
             "acac", "bcbc", "b", "what's my take", "so how is my setup", "de los anos", "los anos", "xlos anos"]
    for text in texts:
        match = regex.search(text)
        assert search.start(text) == (match.start() if match else -1), text
        assert search.found(text) == (match is not None), text


def test_distributing_a_leading_group_and_moving_lookbehinds() -> None:
    assert fast_alternatives(r"\b(?:el|la)\s+vez") == [r"\bel\s+vez", r"\bla\s+vez"]
    assert fast_alternatives(r"\b(?:de\s+)?los") == [r"\bde\s+los", r"\blos"]
    assert fast_alternatives(r"(?<!x\s)en") == [r"e(?<!(?:x\s)e)n"]
    assert fast_alternatives(r"(a|b)\1") == [r"(a|b)\1"]   # a back-reference: never split
    assert fast_alternatives(r"what") == ["what"]


def test_only_a_conjunction_of_lookaheads_is_searched_one_by_one() -> None:
    assert required_lookaheads(r"^(?=[\s\S]*a)(?=[\s\S]*b)") == ["a", "b"]
    assert required_lookaheads(r"^(?=[\s\S]*a)x") is None
    assert required_lookaheads(r"(?=[\s\S]*a)") is None


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_trigger_pattern_is_found_where_re_finds_it(pattern: str) -> None:
    search, regex = FastSearch(pattern), re.compile(pattern)
    rng = random.Random(pattern)
    for text in TEXTS:
        match = regex.search(text)
        assert search.start(text) == (match.start() if match else -1), text
        assert search.found(text) == (match is not None), text
        pos = rng.randrange(len(text) + 1)
        end = rng.randrange(pos, len(text) + 1)
        match = regex.search(text, pos, end)
        assert search.start(text, pos, end) == (match.start() if match else -1), (text, pos, end)


def test_alternatives_are_compiled_at_the_first_search_and_kept() -> None:
    search = FastSearch(r"\b(?:el|la)\s+vez")
    assert search._parts is None   # building a router compiles no alternative
    assert search.start("otra vez, la vez") == 10
    parts = search._parts
    assert parts is not None and len(parts) == 2
    assert search.found("el vez") and search._parts is parts


def test_a_pattern_that_is_only_a_conjunction_of_lookaheads_is_searched_again_and_again() -> None:
    search = FastSearch(r"^(?=[\s\S]*\bsong)(?=[\s\S]*\bremember\b)")
    for _ in range(3):
        assert search.found("remember that song?") and not search.found("remember that")
        assert search.start("a song to remember") == 0 and search.start("a song", 0, 3) == -1


def test_lookarounds_and_bounds_before_a_letter_move_past_it() -> None:
    assert fast_alternatives(r"(?=[^.]*\?)\bwe") == [r"\bw(?<=(?=[^.]*\?)w)e"]
    assert fast_alternatives(r"(?<!x\s)\bwe") == [r"\bw(?<!(?:x\s)w)e"]
    assert fast_alternatives(r"(?!no)(?:a|b)c") == [r"a(?<=(?!no)a)c", r"b(?<=(?!no)b)c"]
    assert fast_alternatives(r"(?=a)(?:x)?") == [r"x(?<=(?=a)x)", r"(?=a)"]   # nothing to move past: as it is


_LOOKAROUNDS = [r"(?=[^.!?]*\?)", r"(?![^.!?]*\?)", r"(?<!\?\s)", r"(?<!\?)", r"(?<!don't\s)", r"(?<=\s)",
                r"(?=remember|recall)", r"(?!we\s+said)", r"\b"]
_HEADS = [r"we\s+said", r"\bwe\s+(?:had\s+)?said\b", r"(?:we|you)\s+(?:said|told)", r"(?:remember|recall)\s+what",
          r"(?:(?:remember|recall)|you)\s*\?"]
_PIECES = ["we", "said", "you", "told", "had", "remember", "recall", "what", "?", ".", " ", " ", "don't", "x", "awe",
           "!", "\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LOOKAROUNDS), min_size=1, max_size=3), st.sampled_from(_HEADS),
       st.lists(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join), min_size=1, max_size=6))
def test_moved_lookarounds_find_the_same_first_start(lookarounds: list[str], head: str, texts: list[str]) -> None:
    """A pattern that opens with lookarounds (and \\b) before a letter or a group is found where `re` finds it."""
    pattern = "".join(lookarounds) + head
    search, regex = FastSearch(pattern), re.compile(pattern)
    for text in texts:
        match = regex.search(text)
        assert search.start(text) == (match.start() if match else -1), (pattern, text)
        assert search.found(text) == (match is not None), (pattern, text)
        for pos in range(len(text) + 1):
            match = regex.search(text, pos)
            assert search.start(text, pos) == (match.start() if match else -1), (pattern, text, pos)
