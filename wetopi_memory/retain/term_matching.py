"""How lexicon terms are matched against a text: accent folding, word n-grams and compiled term sets."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from ..router.function_words import FUNCTION_WORDS

__all__ = ["WORD", "TermSet", "content_stems", "fold", "grams", "mentions", "tokens"]

WORD = re.compile(r"[a-z0-9']+")
_PLAIN_TERM = re.compile(r"[a-z0-9']+(?:[ -][a-z0-9']+)*")
_MAX_GRAM = 6


def fold(text: str) -> str:
    """Lowercase, accents stripped, typographic quotes made plain: the form every marker is matched against."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def tokens(folded: str) -> list[str]:
    """The words of a folded text, without surrounding apostrophes."""
    return [w.strip("'") for w in WORD.findall(folded) if w.strip("'")]


def grams(words: Sequence[str]) -> dict[str, int]:
    """Every run of 1.._MAX_GRAM consecutive words, joined by one space, with its first position."""
    out: dict[str, int] = {}
    for i in range(len(words)):
        for size in range(1, min(_MAX_GRAM, len(words) - i) + 1):
            out.setdefault(" ".join(words[i:i + size]), i)
    return out


def _compile(terms: Iterable[str]) -> re.Pattern[str]:
    parts = []
    for term in terms:
        if term.startswith("re:"):
            parts.append(f"(?:{term[3:]})")
        else:
            body = r"\s+".join(re.escape(w) for w in term.split())
            left = r"(?<![\w])" if term[0].isalnum() or term[0] == "'" else ""
            right = r"(?![\w])" if term[-1].isalnum() or term[-1] == "'" else ""
            parts.append(f"{left}{body}{right}")
    return re.compile("|".join(parts))


class TermSet:
    """A lexicon table: plain terms are looked up as word n-grams (fast, whole words only), the few terms with
    punctuation or `re:` prefixes as one regular expression on the folded text."""

    def __init__(self, terms: Iterable[str]) -> None:
        self.grams: dict[str, str] = {}
        regexes: list[str] = []
        for term in terms:
            if not term.startswith("re:") and _PLAIN_TERM.fullmatch(term) and len(term.split()) <= _MAX_GRAM:
                self.grams.setdefault(" ".join(tokens(term)), term)
            else:
                regexes.append(term)
        self.keys = frozenset(self.grams)
        self.regex = _compile(regexes) if regexes else None

    def find(self, folded: str, text_grams: dict[str, int], limit: int = 4) -> tuple[str, ...]:
        """The terms found, in order of appearance, as lexicon terms (never slices of the text)."""
        hits = sorted(self.keys.intersection(text_grams), key=lambda k: (text_grams[k], -len(k)))
        found = [self.grams[k] for k in hits]
        if self.regex is not None:
            for match in self.regex.finditer(folded):
                label = re.sub(r"[^a-z' :/]", "", match.group(0)).strip()[:40] or "pattern"
                found.append(label)
        return tuple(dict.fromkeys(found))[:limit]

    def search(self, folded: str, text_grams: dict[str, int]) -> bool:
        """Whether any term of the set occurs."""
        return bool(self.keys.intersection(text_grams)) or (
            self.regex is not None and bool(self.regex.search(folded)))


def mentions(terms: TermSet, text: str) -> bool:
    """Whether a raw text holds any term of a set (folded and split here, for one-off checks)."""
    folded = fold(text)
    return terms.search(folded, grams(tokens(folded)))


def content_stems(words: Iterable[str]) -> set[str]:
    """The first four letters of content words: "calls" and "call", "Mondays" and "Monday" meet."""
    return {word[:4] for word in words if len(word) >= 4 and word not in FUNCTION_WORDS}
