"""SecretRule: one detector (a regex, where the gate tries it, and the check its match must pass)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeAlias

from .findings import SecretFinding, Tier
from .heuristics import shannon_entropy
from .text_scan import TextScan

Span: TypeAlias = tuple[int, int]
Locate: TypeAlias = Callable[[re.Match[str]], Span | None]
Anchor: TypeAlias = Callable[[str, int], int | None]
Starts: TypeAlias = Callable[[str, int, int], list[int]]

@dataclass(frozen=True, slots=True)
class SecretRule:
    """One detector: a compiled regex, where to try it, and the checks a match must pass.

    Where the regex runs:

    * `prefixes` (tier-1 tokens): only at token starts that begin with one of these case-sensitive literals,
      with `regex.match`; the prefix `""` means every token start (tier-3 entropy runs).
    * `keywords` (lowercase): only when one occurs in the lowercased text (and every one of `requires` and one of
      `requires_any`, cheaper second filters: literals every match holds), and with `needs_value` only at hits
      followed on their line by something value-shaped (`TextScan.value_near`: the per-hit shortcut that keeps prose
      fast). With `window=(before, after)`, only on the merged spans `[hit - before, hit + after)` around keyword hits
      (`after` must exceed the longest match measured from its keyword), and with an `anchor` as well, only as
      `regex.match` at the position the anchor derives from each hit (e.g. the start of the key around `password`).
      Without an anchor, `starts` may list where in a window a match can begin (every match starts at one of them, as
      `literal_starts` finds for a regex that opens with a literal): `regex.match` is tried there only, which finds
      what `regex.finditer` over the window finds, without trying every position.
    * `min_run`: every finding needs a run of that many non-whitespace characters somewhere in the text (a value of
      16 or 23 characters): text without one skips the rule (`TextScan.has_run`, one byte translation per text).
    * neither: over the whole text (regexes that start with a literal, which `re` finds fast).

    What counts: `group` names the regex group holding the secret, whose span is reported, and `entropy` is the
    minimum Shannon entropy (bits/char) of that value. `locate`, when given, replaces that default: it gets
    the match and returns the secret's span, or None to drop the match.
    """

    id: str
    tier: Tier
    regex: re.Pattern[str]
    keywords: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    entropy: float | None = None
    group: str = "v"
    locate: Locate | None = None
    window: tuple[int, int] | None = None
    anchor: Anchor | None = None
    requires: tuple[str, ...] = ()
    requires_any: tuple[str, ...] = ()
    needs_value: bool = False
    starts: Starts | None = None
    min_run: int = 0
    keyword_set: frozenset[str] = field(init=False, repr=False, compare=False)   # `keywords`, for set operations

    def __post_init__(self) -> None:
        object.__setattr__(self, "keyword_set", frozenset(self.keywords))

    def finditer(self, text: str) -> Iterator[SecretFinding]:
        """Findings of this rule alone in `text` (a gate scans all rules sharing one pass)."""
        scan = TextScan(text)
        if self.prefixes:
            for pos in scan.token_starts():
                if text.startswith(self.prefixes, pos):
                    finding = self.match_at(text, pos)
                    if finding is not None:
                        yield finding
        else:
            yield from self.findings_in(scan)

    def match_at(self, text: str, pos: int) -> SecretFinding | None:
        """The finding of this rule's regex matched exactly at `pos`, if it passes the rule's check."""
        match = self.regex.match(text, pos)
        if match is None:
            return None
        span = self.secret_span(match)
        return None if span is None else SecretFinding(self.id, self.tier, span[0], span[1])

    def findings_in(self, scan: TextScan) -> list[SecretFinding]:
        """Findings of a keyword or whole-text rule: its regex run only where `keywords` and `window` allow."""
        if not self.ready_in(scan):
            return []
        if not self.keywords:
            return self._checked(self.regex.finditer(scan.text))
        if not scan.has_any(self.keyword_set):
            return []
        return self.findings_of(scan, scan.occurring(self.keyword_set))

    @property
    def gated(self) -> bool:
        """Whether the rule has a necessary condition to check before its hits (`ready_in`)."""
        return bool(self.requires or self.requires_any or self.min_run)

    def ready_in(self, scan: TextScan) -> bool:
        """Whether the text meets the rule's necessary conditions: `required_in`, and a run of `min_run`."""
        return self.required_in(scan.lowered) and (not self.min_run or scan.has_run(self.min_run))

    def required_in(self, lowered: str) -> bool:
        """Whether the lowercased text holds every one of `requires` and, if any are given, one of `requires_any`
        (a plain loop over `requires`: most rules name one literal, where `all(map(...))` costs more than the test)."""
        for literal in self.requires:
            if literal not in lowered:
                return False
        return not self.requires_any or any(map(lowered.__contains__, self.requires_any))

    def findings_of(self, scan: TextScan, found: frozenset[str]) -> list[SecretFinding]:
        """`findings_in` once `requires` holds and `found`, the rule's keywords that occur, is known (not empty)."""
        if self.window is None or not scan.aligned:
            return self._checked(self.regex.finditer(scan.text))
        hits = scan.valued(found) if self.needs_value and self.anchor is not None else scan.merged(found)
        if not hits:
            return []
        before, after = self.window
        if self.anchor is not None:
            return self._anchored_findings(scan, hits, self.anchor, after)
        return self._checked(self._windowed_matches(scan.text, hits, before, after))

    def _checked(self, matches: Iterable[re.Match[str]]) -> list[SecretFinding]:
        """The findings of the matches that pass the rule's check."""
        found: list[SecretFinding] = []
        for match in matches:
            span = self.secret_span(match)
            if span is not None:
                found.append(SecretFinding(self.id, self.tier, span[0], span[1]))
        return found

    def secret_span(self, match: re.Match[str]) -> Span | None:
        """The secret's span in `match`, or None when the match fails the rule's check."""
        if self.locate is not None:
            return self.locate(match)
        start, end = match.span(self.group)
        if self.entropy is not None and shannon_entropy(match.string[start:end]) < self.entropy:
            return None
        return start, end

    def _anchored_findings(self, scan: TextScan, hits: list[int], anchor: Anchor, after: int) -> list[SecretFinding]:
        """The checked `regex.match` at the anchor of each keyword hit, never twice from one start or inside a
        finding; a match that fails its check hides no later hit (`apiTokenSecretRef no va, … el token de X <v>`)."""
        text = scan.text
        n = len(text)
        last_start = last_end = -1
        found: list[SecretFinding] = []
        for hit in hits:
            if hit < last_end:
                continue
            start = anchor(text, hit)
            if start is None or start == last_start or start < last_end:
                continue
            last_start = start
            match = self.regex.match(text, start, min(n, hit + after))
            span = None if match is None else self.secret_span(match)
            if match is None or span is None:
                continue
            last_end = match.end()
            found.append(SecretFinding(self.id, self.tier, span[0], span[1]))
        return found

    def _windowed_matches(self, text: str, hits: list[int], before: int, after: int) -> Iterator[re.Match[str]]:
        """`regex.finditer` over the merged windows `[hit - before, hit + after)` around keyword hits."""
        n = len(text)
        search = self.regex.finditer if self.starts is None else self._started_matches
        win_start = win_end = -1
        for hit in hits:
            start, end = max(0, hit - before), min(n, hit + after)
            if start <= win_end:
                win_end = max(win_end, end)
                continue
            if win_end > win_start:
                yield from search(text, win_start, win_end)
            win_start, win_end = start, end
        if win_end > win_start:
            yield from search(text, win_start, win_end)

    def _started_matches(self, text: str, start: int, end: int) -> Iterator[re.Match[str]]:
        """What `regex.finditer(text, start, end)` finds, trying `regex.match` only where `starts` lists."""
        assert self.starts is not None
        match_at = self.regex.match
        resume = start
        for pos in self.starts(text, start, end):
            if pos >= resume:
                match = match_at(text, pos, end)
                if match is not None:
                    resume = match.end()
                    yield match


def literal_starts(*literals: str) -> Starts:
    """`starts` for a regex whose every match begins with one of `literals` (as written): where they occur."""

    def starts(text: str, start: int, end: int) -> list[int]:
        found: list[int] = []
        for literal in literals:
            i = text.find(literal, start, end)
            while i >= 0:
                found.append(i)
                i = text.find(literal, i + 1, end)
        if len(literals) > 1:
            found.sort()
        return found

    return starts
