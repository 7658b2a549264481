"""The word gates of explicit triggers (`pattern_words`): the clauses read from a pattern, their soundness on the
routing corpus, and the assumptions the router's word set relies on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.explicit_rules import EXPLICIT_TRIGGERS
from wetopi_memory.router.pattern_words import plain_word, rarest, required_words
from wetopi_memory.router.text import normalize, tokenize

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "routing"
SCOPES = ("personal", "business", "platform")


@pytest.mark.parametrize(("pattern", "clauses"), [
    (r"\b(?:recap|sum\s+up)\s+what\b", [{"recap", "up"}, {"what"}]),
    (r"\bsummari[sz]e\b", [{"summarise", "summarize"}]),
    (r"\bmemor(?:y|ies|ia|ias)\b", [{"memory", "memories", "memoria", "memorias"}]),
    (r"\b(?:what|which)(?:'s|\s+is)\s+my\b", [{"what", "which"}, {"s", "is"}, {"my"}]),
    (r"^\W*(?:oye,?\s+)?busca\s+que\b", [{"busca"}, {"que"}]),
    (r"\bdocs?\b", [{"doc", "docs"}]),
])
def test_clauses_of_a_pattern(pattern: str, clauses: list[set[str]]) -> None:
    assert sorted(map(sorted, required_words(pattern))) == sorted(map(sorted, clauses))


@pytest.mark.parametrize("pattern", [
    r"\w+amos\b",            # the word is not known
    r"summari[sz]e",         # no bound: "resummarise" holds it
    r"\bfoo(?:bar)?",        # the word may go on past the optional part
    r"(?:\bfoo\b)?bar",      # optional: no clause from it, and "bar" has no left bound
    r"\b(?:foo|\w+)\b",      # one alternative has no clause
])
def test_no_clause_where_the_reader_cannot_be_sure(pattern: str) -> None:
    assert required_words(pattern) == ()


def test_clauses_are_necessary_on_the_routing_corpus() -> None:
    """Whenever a trigger's pattern (or `also`) matches a corpus message, every clause meets a word of it."""
    texts = [json.loads(line)["text"] for path in sorted(CORPUS.glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    compiled = [(re.compile(p), required_words(p)) for t in EXPLICIT_TRIGGERS for p in (t.pattern, t.also) if p]
    for text in texts:
        norm, words = normalize(text), set(tokenize(text))
        for regex, clauses in compiled:
            if regex.search(norm):
                assert all(clause & words for clause in clauses), (regex.pattern, text)


def test_rarest_clause_prefers_rare_words() -> None:
    clauses = required_words(r"\bwhat\s+(?:did|had)\s+we\s+(?:decide|agree)\b")
    assert rarest(clauses) == frozenset((b"decide", b"agree"))


@pytest.mark.parametrize(("pattern", "word"), [
    (r"\bel\s+ano\s+pasado\b", b"ano"), (r"\bentonces\b", b"entonces"), (r"\bi'?m\s+sure\b", b"sure"),
    (r"\bsummari[sz]e\s+x", None), (r"\bfoo\s*bar", None), (r"\bfoo(?:bar)?\b", None), (r"e(?<!x\s)n\s+y", None),
])
def test_plain_word_of_an_alternative(pattern: str, word: bytes | None) -> None:
    assert plain_word(pattern) == (None if word is None else frozenset((word,)))


def test_first_person_words_are_each_their_own_term() -> None:
    """`RuleRouter._match_first_person` reads them from a set in any order: that is sound only if no two share
    a rank."""
    router = RuleRouter((), known_scopes=SCOPES)
    ranks = [term.rank for term in router._self_words.values()]
    assert ranks and len(ranks) == len(set(ranks))
