"""TextScan: one text under scan, with the lowercased copy, keyword hits and token starts computed once."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .plain_text import may_hold_value, may_hold_value_token

VALUE_REACH = 200   # how far after a keyword a context rule's value may start (prose clauses included)

# Token runs: where tier-1 tokens and tier-3 strings can start. One pass over the text finds them all.
_RUN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+/-"
_RUN_RE = re.compile(r"(?<![A-Za-z0-9_.+/-])[A-Za-z0-9_.+/-]{20,}")


# Token characters -> "a", anything else -> " " (non-ASCII bytes are never token characters).
_RUN_CLASSES = bytes(ord("a") if chr(b) in _RUN_CHARS else ord(" ") for b in range(128)) + b" " * 128
_RUN_MIN = "a" * 20


def has_token_run(text: str) -> bool:
    """Whether `text` has a run of 20+ token characters (`_RUN_RE`): where every tier-1 and tier-3 rule starts."""
    return _RUN_MIN in text.encode("utf-8", "surrogatepass").translate(_RUN_CLASSES).decode("latin-1")


# Characters from rarest to most common in prose: a keyword is tested only when its rarest character occurs.
_RARITY = "`~^|\\{}[]$@#%&*+=<>_;!?\"'()/:0123456789qzxjkwvybfgpmhuc-.,ldrsniotae "


_COMMON_IN_PROSE = frozenset("abcdefghiklmnoprstuvwy ")


def _sentinel(keyword: str) -> str:
    """The rarest character of `keyword` (one `in` test on it rules the keyword out in most texts)."""
    return min(keyword, key=lambda ch: _RARITY.find(ch) % (len(_RARITY) + 1))


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
    """The prefilter: which of a fixed set of keywords occur in a lowercased text, in few cheap tests.

    Root keywords (those containing no other keyword) are grouped by their rarest character (`q` for
    `rabbitmqctl`, `$` for `$2`): a one-character `in` test (memchr speed) rules out a whole group, and a root is
    tested only when its character occurs. A longer keyword is tested only when every root inside it occurred
    (`requirepass` only after `pass`)."""

    __slots__ = ("_groups", "_longer", "_plain")

    def __init__(self, keywords: Iterable[str]) -> None:
        ordered = sorted(set(keywords), key=lambda k: (len(k), k))
        if not all(k.isascii() and k == k.lower() for k in ordered):   # what `keyword_view` relies on
            raise ValueError("keywords must be lowercase ASCII")
        roots = [k for k in ordered if not any(o != k and o in k for o in ordered)]
        groups: dict[str, list[str]] = {}
        plain: list[str] = []
        for root in roots:
            sentinel = _sentinel(root)
            if sentinel in _COMMON_IN_PROSE:   # a letter nearly every text has: testing it first only adds work
                plain.append(root)
            else:
                groups.setdefault(sentinel, []).append(root)
        self._groups = tuple((ch, tuple(group)) for ch, group in groups.items())
        self._plain = tuple(plain)
        # Per root, the longer keywords holding it, with every root they hold: one found root points to the few
        # longer keywords worth testing.
        longer: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for k in ordered:
            if k not in roots:
                inner = frozenset(r for r in roots if r in k)
                longer.setdefault(min(inner), []).append((k, inner))
        self._longer = {root: tuple(entries) for root, entries in longer.items()}

    def present(self, lowered: str) -> frozenset[str]:
        """The keywords that occur in a lowercased text."""
        found = [k for k in self._plain if k in lowered]
        for ch, group in self._groups:
            if ch in lowered:
                found += [k for k in group if k in lowered]
        if not found:
            return frozenset()
        roots = frozenset(found)
        longer = self._longer
        extra = [k for root in found if root in longer for k, inner in longer[root] if inner <= roots and k in lowered]
        return roots.union(extra) if extra else roots


class TextScan:
    """One text being scanned, with the lowercased copy, keyword hits and token starts computed once."""

    __slots__ = ("_filter", "_hits", "_merged", "_present", "_starts", "_valued", "_values", "aligned", "lowered",
                 "per_token", "text")

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

    @property
    def present(self) -> frozenset[str] | None:
        """The keywords that occur (None: not prefiltered), found when first asked: `first` may never ask."""
        if self._present is None and self._filter is not None:
            self._present = self._filter.present(self.lowered)
        return self._present

    def has_any(self, keywords: Iterable[str]) -> bool:
        """Whether one of `keywords` occurs in the lowercased text."""
        if self.present is not None:
            return not self.present.isdisjoint(keywords)
        return any(k in self.lowered for k in keywords)

    def hits(self, keyword: str) -> list[int]:
        found = self._hits.get(keyword)
        if found is None and self.present is not None and keyword not in self.present:
            found = self._hits[keyword] = []
        if found is None:
            found = []
            lowered = self.lowered
            i = lowered.find(keyword)
            while i >= 0:
                found.append(i)
                i = lowered.find(keyword, i + 1)
            self._hits[keyword] = found
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
                merged = sorted(h for k in found for h in self.hits(k))
            self._merged[found] = merged
        return merged

    def all_hits(self, keywords: frozenset[str]) -> list[int]:
        """Sorted positions of any of `keywords` (cached per set of occurring keywords: rules share their stems)."""
        return self.merged(self.occurring(keywords))

    def value_hits(self, keywords: frozenset[str]) -> list[int]:
        """`all_hits(keywords)` followed by something value-shaped (`value_near`), cached like `all_hits`."""
        return self.valued(self.occurring(keywords))

    def valued(self, found: frozenset[str]) -> list[int]:
        """`merged(found)` followed by something value-shaped (`value_near`), cached per set."""
        valued = self._valued.get(found)
        if valued is None:
            hits = self.merged(found)
            valued = self._valued[found] = [h for h in hits if self.value_near(h)] if hits else hits
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
            found = self._values[hit] = (may_hold_value_token if self.per_token else may_hold_value)(text[hit:end])
        return found

    def token_starts(self) -> list[int]:
        """Where a token may begin: the start of each long run of token characters, right after a `.` inside
        it (`config.ghp_...`, JWT-like parts), and after a JSON-escaped `\\n`."""
        if self._starts is None and not has_token_run(self.text):
            self._starts = []   # the common case in prose, decided by one translation and one `in` test
        if self._starts is None:
            text = self.text
            starts: list[int] = []
            for run in _RUN_RE.finditer(text):
                start, end = run.span()
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
