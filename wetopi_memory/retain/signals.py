"""What one statement says about itself: category, durability markers, hedges, verification, filler, raw output."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .kinds import Category, Origin, Priority
from .lexicon import (
    CATEGORY_DURABILITY,
    CATEGORY_ORDER,
    CATEGORY_SETS,
    FILLER_WORDS,
    HEDGE_SET,
    STRONG_SET,
    TRANSIENT_SET,
    UNVERIFIED_SET,
    VERIFIED_SET,
    WEAK_SET,
)
from .raw_output import RawKind, raw_output_kind
from .term_matching import fold, grams, tokens

__all__ = ["PRIORITY_DURABILITY", "Signals", "analyze", "durability_of", "verification_in"]

PRIORITY_DURABILITY: dict[Priority, float] = {"P1": 0.95, "P2": 0.85}


@dataclass(frozen=True, slots=True)
class Signals:
    """What the lexicon found in one text. Marker values are the lexicon terms, never slices of the text."""

    categories: tuple[Category, ...]
    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    hedges: tuple[str, ...] = ()
    unverified: tuple[str, ...] = ()
    verified: tuple[str, ...] = ()
    transient: tuple[str, ...] = ()
    filler: bool = False
    question: bool = False
    raw: RawKind | None = None

    @property
    def category(self) -> Category:
        """The primary category: the first that matched in `CATEGORY_ORDER`, else `general`."""
        return self.categories[0] if self.categories else "general"

    def markers(self) -> tuple[str, ...]:
        """Every signal as a `kind:term` marker, for a candidate's provenance."""
        out = [f"durable:{m}" for m in self.strong] + [f"note:{m}" for m in self.weak]
        out += [f"hedge:{m}" for m in self.hedges] + [f"unverified:{m}" for m in self.unverified]
        out += [f"verified:{m}" for m in self.verified] + [f"transient:{m}" for m in self.transient]
        if self.filler:
            out.append("filler")
        if self.question:
            out.append("question")
        if self.raw:
            out.append(f"raw:{self.raw}")
        return tuple(out)


def analyze(text: str, *, tool_line_hashes: frozenset[int] = frozenset()) -> Signals:
    """Deterministic signals of one text (a sentence, an explicit retain, a MEMORY.md entry). Cached: a turn
    analyses each sentence once although the policy looks at it several times."""
    return _analyze(text, tool_line_hashes)


@lru_cache(maxsize=4096)
def _analyze(text: str, tool_line_hashes: frozenset[int]) -> Signals:
    folded = fold(text)
    words = tokens(folded)
    text_grams = grams(words[:400])
    categories = tuple(c for c in CATEGORY_ORDER if CATEGORY_SETS[c].search(folded, text_grams))
    stripped = text.strip()
    filler = bool(stripped) and len(words) <= 8 and all(w in FILLER_WORDS for w in words)
    question = stripped.endswith("?") or stripped.startswith("¿")
    unverified = UNVERIFIED_SET.find(folded, text_grams)
    verified = () if unverified else VERIFIED_SET.find(folded, text_grams)
    return Signals(categories=categories, strong=STRONG_SET.find(folded, text_grams),
                   weak=WEAK_SET.find(folded, text_grams), hedges=HEDGE_SET.find(folded, text_grams),
                   unverified=unverified, verified=verified, transient=TRANSIENT_SET.find(folded, text_grams),
                   filler=filler, question=question, raw=raw_output_kind(text, tool_line_hashes))


def verification_in(text: str) -> bool:
    """Whether a free text (an explicit call's reason) says the fact was verified, and not that it was not."""
    signals = analyze(text)
    return bool(signals.verified) and not signals.unverified


def durability_of(signals: Signals, *, origin: Origin = "turn", priority: Priority | None = None) -> float:
    """A 0..1 durability score: the category's base, raised by durable markers, lowered by transient ones."""
    score = CATEGORY_DURABILITY.get(signals.category, 0.45)
    score += min(0.2, 0.1 * len(signals.strong)) + min(0.05, 0.05 * len(signals.weak))
    if signals.transient:
        score -= 0.15 if signals.strong else 0.35
    if signals.question:
        score -= 0.4
    if signals.filler:
        score = min(score, 0.1)
    if origin == "explicit" and not signals.transient and not signals.filler and not signals.question:
        score = max(score, 0.9)  # an explicit memory_retain is durable intent
    if origin == "import":
        score = _import_durability(score, signals, priority)
    return round(max(0.0, min(0.99, score)), 3)


def _import_durability(score: float, signals: Signals, priority: Priority | None) -> float:
    """A MEMORY.md entry's score: its priority tag decides, else an untagged entry counts as a curated note."""
    if priority is not None and priority in PRIORITY_DURABILITY:
        return max(score, PRIORITY_DURABILITY[priority])
    if priority == "P3":
        return min(score, 0.3)
    if not signals.transient and not signals.filler:
        return max(score, 0.75)  # an untagged MEMORY.md entry was already judged worth keeping
    return score
