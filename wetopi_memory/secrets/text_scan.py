"""TextScan: one text under scan, with the lowercased copy, keyword hits and token starts computed once."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import chain

import ahocorasick_rs

from .plain_text import may_hold_value, may_hold_value_token, tokenwise, value_in_tokens

VALUE_REACH = 200   # how far after a keyword a context rule's value may start (prose clauses included)

# Token runs: where tier-1 tokens and tier-3 strings can start. One pass over the text finds them all.
_RUN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+/-"
_RUN_RE = re.compile(r"(?<![A-Za-z0-9_.+/-])[A-Za-z0-9_.+/-]{20,}")


# Token characters -> "a", anything else -> " " (non-ASCII bytes are never token characters).
_RUN_CLASSES = bytes(ord("a") if chr(b) in _RUN_CHARS else ord(" ") for b in range(128)) + b" " * 128
_RUN_MIN = "a" * 20
_RUN_MIN_BYTES = _RUN_MIN.encode()
# ASCII whitespace -> " ", any other byte -> "a": a run of n non-whitespace characters (`\S{n}`) becomes a run of n or
# more "a" bytes, since a character beyond ASCII is encoded as bytes >= 0x80, never blank.
_NON_BLANK = bytes(ord(" ") if chr(b).isspace() else ord("a") for b in range(128)) + b"a" * 128


def has_token_run(text: str, raw: bytes | None = None) -> bool:
    """Whether `text` (whose UTF-8 bytes `raw` may be given) has a run of 20+ token characters (`_RUN_RE`): where
    every tier-1 and tier-3 rule starts."""
    if raw is None:
        raw = text.encode("utf-8", "surrogatepass")
    return _RUN_MIN in raw.translate(_RUN_CLASSES).decode("latin-1")


def run_spans(text: str) -> list[tuple[int, int]]:
    """The spans of `_RUN_RE.finditer(text)`: in Latin-1 text (a byte a character) each is a maximal run of 20+ `a` in
    one byte translation, found by `bytes.find` (the regex enters its matcher at every letter of prose)."""
    try:
        classes = text.encode("latin-1").translate(_RUN_CLASSES)
    except UnicodeEncodeError:   # beyond Latin-1, or a lone surrogate: the regex itself
        return [run.span() for run in _RUN_RE.finditer(text)]
    spans: list[tuple[int, int]] = []
    i = classes.find(_RUN_MIN_BYTES)
    while i >= 0:   # from a run's end (a blank), `find` lands on the first byte of the next run of 20+
        end = classes.find(b" ", i + 20)
        if end < 0:
            end = len(classes)
        spans.append((i, end))
        i = classes.find(_RUN_MIN_BYTES, end)
    return spans


def keyword_view(text: str) -> str:
    """`text.lower()` as far as lowercase ASCII keywords can tell, at bytes speed when the text is Latin-1."""
    # `str.lower` costs ~5 ns a character on non-ASCII text; in Latin-1 only ASCII letters lower to ASCII, while
    # beyond it Unicode mappings reach ASCII (the Kelvin sign is `k`), so only `str.lower` will do there.
    if text.isascii():
        return text.lower()
    try:
        return text.encode("latin-1").lower().decode("latin-1")
    except UnicodeEncodeError:
        return text.lower()


class KeywordFilter:
    """The prefilter: where each of a fixed set of keywords occurs in a lowercased text, in one pass.

    One Aho-Corasick automaton (`ahocorasick_rs`, compiled) holds every keyword, so a text is read once whatever the
    number of keywords, and every occurrence comes back, overlapping ones included (`pass` inside `password`)."""

    __slots__ = ("_automaton", "_keywords")

    def __init__(self, keywords: Iterable[str]) -> None:
        self._keywords = tuple(sorted(set(keywords)))
        if not all(k and k.isascii() and k == k.lower() for k in self._keywords):   # what `keyword_view` relies on
            raise ValueError("keywords must be non-empty lowercase ASCII")
        # A DFA: twice as fast a search as the default NFA for ~100 keywords, at a few hundred KB built once.
        self._automaton = ahocorasick_rs.AhoCorasick(self._keywords, implementation=ahocorasick_rs.Implementation.DFA) \
            if self._keywords else None

    def hits(self, lowered: str) -> dict[str, list[int]]:
        """Per keyword that occurs in a lowercased text, the offsets of all its occurrences, ascending."""
        found: dict[str, list[int]] = {}
        if self._automaton is None:
            return found
        try:
            matches = self._automaton.find_matches_as_indexes(lowered, overlapping=True)
        except UnicodeEncodeError:   # a lone surrogate has no UTF-8 form: look for each keyword in turn
            return {k: _offsets(lowered, k) for k in self._keywords if k in lowered}
        keywords = self._keywords
        for index, start, _ in matches:   # ascending ends, so ascending starts per keyword
            offsets = found.get(keywords[index])
            if offsets is None:
                found[keywords[index]] = [start]
            else:
                offsets.append(start)
        return found

    def present(self, lowered: str) -> frozenset[str]:
        """The keywords that occur in a lowercased text."""
        return frozenset(self.hits(lowered))


def _offsets(text: str, keyword: str) -> list[int]:
    """Every offset where `keyword` occurs in `text`, overlapping occurrences included, ascending."""
    found: list[int] = []
    i = text.find(keyword)
    while i >= 0:
        found.append(i)
        i = text.find(keyword, i + 1)
    return found


class TextScan:
    """One text being scanned, with the lowercased copy, keyword hits and token starts computed once."""

    __slots__ = ("_blanks", "_filter", "_hits", "_merged", "_present", "_raw", "_starts", "_tokenwise", "_valued",
                 "_values", "aligned", "lowered", "per_token", "text")

    def __init__(self, text: str, keywords: KeywordFilter | None = None, *, per_token: bool = True) -> None:
        self.text = text
        self.per_token = per_token   # `value_near` judges tokens (False: the whole segment, to check that shortcut)
        self.lowered = keyword_view(text) if keywords is not None else text.lower()
        self.aligned = len(self.lowered) == len(text)   # False when lower() moved offsets (e.g. `İ`)
        self._filter = keywords
        self._present: frozenset[str] | None = None
        self._hits: dict[str, list[int]] = {}
        self._merged: dict[frozenset[str], list[int]] = {}
        self._valued: dict[frozenset[str], list[int]] = {}
        self._starts: list[int] | None = None
        self._values: dict[int, bool] = {}
        self._tokenwise: bool | None = None   # `tokenwise(lowered)`, at the first value test: `first` may need none
        self._raw: bytes | None = None   # the text's UTF-8, shared by `token_starts` and `has_run`
        self._blanks: bytes | None = None   # `_raw` through `_NON_BLANK`, at the first `has_run`

    @property
    def raw(self) -> bytes:
        """The text's UTF-8 bytes (lone surrogates kept), encoded once for the byte translations that read them."""
        if self._raw is None:
            self._raw = self.text.encode("utf-8", "surrogatepass")
        return self._raw

    def has_run(self, n: int) -> bool:
        """Whether `n` non-whitespace characters may stand in a row (`\\S{n}`): False proves there is no such run."""
        if self._blanks is None:
            self._blanks = self.raw.translate(_NON_BLANK)
        return b"a" * n in self._blanks

    @property
    def present(self) -> frozenset[str] | None:
        """The keywords that occur (None: not prefiltered), found when first asked: `first` may never ask."""
        if self._present is None and self._filter is not None:
            self._hits = self._filter.hits(self.lowered)   # every keyword's offsets, from the same single pass
            self._present = frozenset(self._hits)
        return self._present

    def has_any(self, keywords: Iterable[str]) -> bool:
        """Whether one of `keywords` occurs in the lowercased text."""
        if self.present is not None:
            return not self.present.isdisjoint(keywords)
        return any(k in self.lowered for k in keywords)

    def hits(self, keyword: str) -> list[int]:
        """Sorted offsets of `keyword` in the lowercased text (from the prefilter's pass when there is one)."""
        found = self._hits.get(keyword)
        if found is None and self.present is not None:   # the prefilter's pass found every occurrence of its keywords
            found = self._hits.setdefault(keyword, [])
        if found is None:
            found = self._hits[keyword] = _offsets(self.lowered, keyword)
        return found

    def occurring(self, keywords: frozenset[str]) -> frozenset[str]:
        """Those of `keywords` that occur: rules whose stems differ but whose present stems agree share their hits."""
        return keywords if self.present is None else keywords & self.present

    def merged(self, found: frozenset[str]) -> list[int]:
        """Sorted positions of the occurring keywords `found` (cached per set)."""
        merged = self._merged.get(found)
        if merged is None:
            if not found:
                merged = []
            elif len(found) == 1:
                merged = self.hits(next(iter(found)))
            else:
                merged = sorted(chain.from_iterable(map(self.hits, found)))
            self._merged[found] = merged
        return merged

    def all_hits(self, keywords: frozenset[str]) -> list[int]:
        """Sorted positions of any of `keywords` (cached per set of occurring keywords: rules share their stems)."""
        return self.merged(self.occurring(keywords))

    def value_hits(self, keywords: frozenset[str]) -> list[int]:
        """`all_hits(keywords)` followed by something value-shaped (`value_near`), cached like `all_hits`."""
        return self.valued(self.occurring(keywords))

    def valued(self, found: frozenset[str]) -> list[int]:
        """`merged(found)` followed by something value-shaped (`value_near`), cached per set; each hit is judged once
        (`_values`), so a set sharing keywords with another reads their verdicts."""
        valued = self._valued.get(found)
        if valued is None:
            verdicts = self._values
            valued = self._valued[found] = [hit for hit in self.merged(found)
                                            if (verdicts[hit] if hit in verdicts else self.value_near(hit))]
        return valued

    def value_near(self, hit: int) -> bool:
        """Whether what follows a keyword hit, up to the end of its line or sentence (at most `VALUE_REACH`
        characters), holds something a context rule could take for a secret value. Cached per hit: the rules
        anchored at one keyword share it."""
        found = self._values.get(hit)
        if found is None:
            text = self.text
            end = hit + VALUE_REACH
            i = text.find("\n", hit, end)   # a value never spans a line or a sentence end
            if i >= 0:
                end = i
            i = text.find(". ", hit, end)
            if i >= 0:
                end = i
            segment = text[hit:end]
            if not self.per_token:
                found = may_hold_value(segment)
            else:
                if self._tokenwise is None:
                    self._tokenwise = tokenwise(self.lowered)
                found = value_in_tokens(segment) if self._tokenwise and "!" not in segment \
                    else may_hold_value_token(segment)
            self._values[hit] = found
        return found

    def token_starts(self) -> list[int]:
        """Where a token may begin: the start of each long run of token characters, right after a `.` inside
        it (`config.ghp_...`, JWT-like parts), and after a JSON-escaped `\\n`."""
        if self._starts is None and not has_token_run(self.text, self.raw):
            self._starts = []   # the common case in prose, decided by one translation and one `in` test
        if self._starts is None:
            text = self.text
            starts: list[int] = []
            for start, end in run_spans(text):
                while start < end and text[start] in "/+":   # `https://ghp_...@github.com`
                    start += 1
                starts.append(start)
                if start > 0 and text[start - 1] == "\\" and text[start] in "nrt":
                    starts.append(start + 1)
                i = text.find(".", start, end)
                while i >= 0:
                    if i + 1 < end:
                        starts.append(i + 1)
                    i = text.find(".", i + 1, end)
            starts.sort()
            self._starts = starts
        return self._starts
