"""SecretGate: runs every rule over a text in one pass per tier and says which findings block a retain."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeAlias

from .credential_files import is_sealed_value
from .findings import ALL_TIERS, BLOCKING_TIERS, SecretFinding, Tier
from .heuristics import forget_judged_values
from .plain_text import may_hold_secret
from .rule import SecretRule, Span
from .rule_table import RULES
from .text_scan import KeywordFilter, TextScan

_WOKEN_CACHE_SIZE = 4096   # distinct keyword sets remembered by a gate before it starts afresh
_Woken: TypeAlias = tuple[SecretRule, Callable[[TextScan, frozenset[str]], list[SecretFinding]], frozenset[str],
                          Callable[[TextScan], bool] | None]


class SecretGate:
    """Scan text for secrets. Tiers 1 and 2 block; tier 3 (entropy only) blocks only with `block_tier3=True`."""

    def __init__(self, block_tier3: bool = False, *, rules: Sequence[SecretRule] = RULES,
                 skip_plain_prose: bool = True) -> None:
        self.block_tier3 = block_tier3
        # `may_hold_secret` first: text no rule could refuse is not scanned, and keyword hits followed by no
        # value-shaped token wake no rule (False only to check those shortcuts).
        self.skip_plain_prose = skip_plain_prose
        self._rules = tuple(sorted(rules, key=lambda r: r.tier))
        # Per tier: token rules indexed by the first character of their prefixes ("" = every token start),
        # and the other rules.
        self._by_char: dict[Tier, dict[str, list[tuple[str, SecretRule]]]] = {}
        self._every_token: dict[Tier, list[SecretRule]] = {}
        self._other: dict[Tier, list[SecretRule]] = {}
        for rule in self._rules:
            if not rule.prefixes:
                self._other.setdefault(rule.tier, []).append(rule)
            for prefix in rule.prefixes:
                if prefix:
                    self._by_char.setdefault(rule.tier, {}).setdefault(prefix[0], []).append((prefix, rule))
                elif rule not in self._every_token.get(rule.tier, ()):
                    self._every_token.setdefault(rule.tier, []).append(rule)
        self._keywords = KeywordFilter(k for rule in self._rules for k in rule.keywords)
        # Dispatch: per tier, the keyword-free rules, and per keyword the positions of the rules it wakes up.
        self._always: dict[Tier, tuple[int, ...]] = {}
        self._woken_by: dict[Tier, dict[str, tuple[int, ...]]] = {}
        # Per tier and rule, its `_Woken` entry but for the occurring keywords (its whole `keyword_set` here).
        self._entries: dict[Tier, list[_Woken]] = {}
        self._tier_keywords: dict[Tier, frozenset[str]] = {}   # the keywords that wake a rule of the tier
        for tier, rules in self._other.items():
            self._always[tier] = tuple(i for i, r in enumerate(rules) if not r.keywords)
            by_keyword: dict[str, list[int]] = {}
            for i, rule in enumerate(rules):
                for keyword in rule.keywords:
                    by_keyword.setdefault(keyword, []).append(i)
            self._woken_by[tier] = {k: tuple(v) for k, v in by_keyword.items()}
            self._tier_keywords[tier] = frozenset(by_keyword)
            self._entries[tier] = [(r, r.findings_of, r.keyword_set, r.ready_in if r.gated else None) for r in rules]
        # `_woken` per tier and set of present keywords: texts of one kind bring the same few sets back.
        self._woken_of: dict[tuple[Tier, frozenset[str]], tuple[_Woken, ...]] = {}

    def __repr__(self) -> str:
        return f"SecretGate(block_tier3={self.block_tier3}, rules={len(self._rules)})"

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The ids of this gate's rules, in the order they are tried (tier by tier)."""
        return tuple(r.id for r in self._rules)

    def _blocks_tier(self, tier: Tier) -> bool:
        return tier in BLOCKING_TIERS or (self.block_tier3 and tier == Tier.ENTROPY)

    def _findings(self, text: str, tiers: frozenset[Tier]) -> Iterator[SecretFinding]:
        """Findings of the rules of `tiers`, tier by tier (token rules of a tier before its other rules); the
        callers have already let plain prose skip (`may_hold_secret`). The value judges' memo ends with it."""
        try:
            yield from self._tier_findings(text, tiers)
        finally:
            forget_judged_values()

    def _tier_findings(self, text: str, tiers: frozenset[Tier]) -> Iterator[SecretFinding]:
        scan = TextScan(text, self._keywords, per_token=self.skip_plain_prose)
        tokens = bool(scan.token_starts())   # without a token run no token rule can match: their tiers skip them
        if not tokens and not scan.present:
            return   # every rule needs a keyword or a token run: none can fire
        spans: list[Span] = []   # found so far; weaker tiers skip token starts inside them
        for tier in sorted(tiers):
            if tokens and (tier in self._by_char or tier in self._every_token):
                spans.sort()
                for finding in self._token_findings(scan, self._by_char.get(tier, {}),
                                                    self._every_token.get(tier, []), spans):
                    if is_sealed_value(text, finding.start):
                        continue   # a SealedSecret's ciphertext: made to be committed, no rule refuses it
                    spans.append((finding.start, finding.end))
                    yield finding
            present = scan.present   # after the tier's token rules: `first` may stop before it is needed
            assert present is not None
            for rule, findings_of, found, ready_in in self._woken(tier, present):
                if ready_in is not None and not ready_in(scan):
                    continue
                for finding in findings_of(scan, found) if found else rule.findings_in(scan):
                    if is_sealed_value(text, finding.start):
                        continue
                    spans.append((finding.start, finding.end))
                    yield finding

    def _woken(self, tier: Tier, present: frozenset[str]) -> tuple[_Woken, ...]:
        """The tier's rules to run, in rule order, each with its bound `findings_of`, its keywords that occur (empty for
        keyword-free ones) and its `ready_in` (None when it requires nothing)."""
        found = self._woken_of.get((tier, present))
        if found is not None:
            return found
        woken_by = self._woken_by.get(tier)
        if woken_by is None:
            return ()
        if present.isdisjoint(self._tier_keywords[tier]):   # none of the tier's keywords (most tier-1 sets)
            present = frozenset()
            found = self._woken_of.get((tier, present))
            if found is not None:
                return found
        woken = set(self._always[tier])
        for keyword in present:
            indexes = woken_by.get(keyword)
            if indexes is not None:
                woken.update(indexes)
        if len(self._woken_of) >= _WOKEN_CACHE_SIZE:
            self._woken_of.clear()
        entries = self._entries[tier]
        # A rule of one keyword was woken by it: its occurring keywords are all of them, no intersection needed.
        found = self._woken_of[(tier, present)] = tuple(
            entry if len(entry[2]) < 2 else (entry[0], entry[1], entry[2] & present, entry[3])
            for entry in map(entries.__getitem__, sorted(woken)))
        return found

    @staticmethod
    def _token_findings(scan: TextScan, by_char: dict[str, list[tuple[str, SecretRule]]], every: list[SecretRule],
                        covered: list[Span]) -> Iterator[SecretFinding]:
        text = scan.text
        last_end: dict[str, int] = {}   # a rule is not retried inside its own previous match
        for pos in scan.token_starts():
            if covered:
                i = bisect_left(covered, (pos + 1,)) - 1
                if i >= 0 and covered[i][0] <= pos < covered[i][1]:
                    continue
            entries = by_char.get(text[pos])
            candidates = [r for p, r in entries if text.startswith(p, pos)] if entries else []
            for rule in (*candidates, *every) if every else candidates:
                if pos < last_end.get(rule.id, -1):
                    continue
                match = rule.regex.match(text, pos)
                if match is None:
                    continue
                last_end[rule.id] = match.end()
                span = rule.secret_span(match)
                if span is not None:
                    yield SecretFinding(rule.id, rule.tier, span[0], span[1])

    def scan(self, text: str) -> list[SecretFinding]:
        """Every finding, in text order. A finding inside a higher-tier (lower number) finding is dropped."""
        if type(text) is not str:
            _require_str(text)
        if not text or (self.skip_plain_prose and not may_hold_secret(text)):
            return []
        return _without_overlaps(list(self._findings(text, ALL_TIERS)))

    def first(self, text: str) -> SecretFinding | None:
        """The first blocking finding in rule order (tier 1 before tier 2), or None. Stops at the first hit."""
        if type(text) is not str:
            _require_str(text)
        if not text or (self.skip_plain_prose and not may_hold_secret(text)):   # the fast path: plain prose
            return None
        tiers = ALL_TIERS if self.block_tier3 else BLOCKING_TIERS
        return next(self._findings(text, tiers), None)

    def blocks(self, text: str) -> bool:
        """Whether `text` must be rejected."""
        return self.first(text) is not None

    def blocking(self, findings: Iterable[SecretFinding]) -> list[SecretFinding]:
        """The findings that block under this gate's policy."""
        return [f for f in findings if self._blocks_tier(f.tier)]

    @staticmethod
    def describe(findings: Iterable[SecretFinding]) -> str:
        """A log- and error-safe summary: rule ids, tiers and offsets only."""
        parts = [f"{f.rule_id} (tier {f.tier}) at {f.start}..{f.end}" for f in findings]
        return "secret-like content: " + ", ".join(parts) if parts else "no secret-like content"


def _require_str(text: object) -> None:
    if not isinstance(text, str):   # the message names the type only, never the content
        raise TypeError(f"SecretGate scans str, not {type(text).__name__}")


def _without_overlaps(findings: list[SecretFinding]) -> list[SecretFinding]:
    """Keep the strongest finding where spans overlap: lower tier first, then earlier start, then longer span."""
    if len(findings) < 2:
        return findings
    kept_starts: list[int] = []
    kept_ends: list[int] = []
    kept: list[SecretFinding] = []
    for f in sorted(findings, key=lambda f: (f.tier, f.start, -(f.end - f.start))):
        i = bisect_left(kept_starts, f.start)
        overlaps = (i > 0 and kept_ends[i - 1] > f.start) or (i < len(kept_starts) and kept_starts[i] < f.end)
        if overlaps:
            continue
        kept_starts.insert(i, f.start)
        kept_ends.insert(i, f.end)
        kept.insert(i, f)
    return kept


DEFAULT_GATE = SecretGate()
