"""TextScan: one text under scan, with the lowercased copy, keyword hits and token starts computed once."""

from __future__ import annotations

import re

# Token runs: where tier-1 tokens and tier-3 strings can start. One pass over the text finds them all.
_RUN_RE = re.compile(r"(?<![A-Za-z0-9_.+/-])[A-Za-z0-9_.+/-]{20,}")


class TextScan:
    """One text being scanned, with the lowercased copy, keyword hits and token starts computed once."""

    __slots__ = ("_hits", "_merged", "_starts", "aligned", "lowered", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = text.lower()
        self.aligned = len(self.lowered) == len(text)   # False when lower() moved offsets (e.g. `İ`)
        self._hits: dict[str, list[int]] = {}
        self._merged: dict[tuple[str, ...], list[int]] = {}
        self._starts: list[int] | None = None

    def hits(self, keyword: str) -> list[int]:
        found = self._hits.get(keyword)
        if found is None:
            found = []
            lowered = self.lowered
            i = lowered.find(keyword)
            while i >= 0:
                found.append(i)
                i = lowered.find(keyword, i + 1)
            self._hits[keyword] = found
        return found

    def all_hits(self, keywords: tuple[str, ...]) -> list[int]:
        """Sorted positions of any of `keywords` (cached per keyword tuple: rules share their stems)."""
        merged = self._merged.get(keywords)
        if merged is None:
            merged = sorted(h for k in keywords for h in self.hits(k))
            self._merged[keywords] = merged
        return merged

    def token_starts(self) -> list[int]:
        """Where a token may begin: the start of each long run of token characters, right after a `.` inside
        it (`config.ghp_...`, JWT-like parts), and after a JSON-escaped `\\n`."""
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
