"""How LocalBackend searches one bank: query words, the FTS5 MATCH expression, tag filters, BM25 scoring."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, Final

from ..errors import BackendRequestError
from ..models import MemoryRecord

__all__ = ["RECENCY_SCALE_S", "RECENCY_WEIGHT", "build_match", "clean_tags", "query_tokens", "recall_sql", "score",
           "tag_filter", "within_budget"]

_MAX_QUERY_TOKENS: Final = 32
_CHARS_PER_TOKEN: Final = 4
# BM25 column weights: content, context, pad (see `local_schema.create_bank_index`; it never scores).
_BM25_WEIGHTS: Final = "1.0, 0.3, 0.0"
# Mild recency boost: a memory from now scores up to 10% more; the boost halves at 30 days old.
RECENCY_WEIGHT: Final = 0.1
RECENCY_SCALE_S: Final = 30 * 86_400.0
# Score scale: a hit whose relevance averages this much per searched query word scores 0.5 (see `score`).
_SCORE_HALF_PER_WORD: Final = 2.0

# Same token boundary as FTS5 unicode61 (letters and digits; '_' and punctuation separate).
_TOKEN_RE: Final = re.compile(r"[^\W_]+")

# Words that match nearly every memory; dropped from a query that has other words (English, Spanish).
_STOPWORD_TEXT: Final = """
a about after all also an and any are as at be been but by can could did do does for from had has have
he her his how i if in into is it its me my no not of on or our she so than that the their them then
there these they this those to was we were what when where which who why will with would you your
al como con cual cuando de del donde el ella ellos en era es esa ese eso esta este esto fue ha hay la
las le les lo los mas me mi mis muy ni no nos o para pero por porque que quien se si sin sobre son su
sus tambien te tiene tu un una uno unos unas y ya yo
"""
_STOPWORDS: Final = frozenset(_STOPWORD_TEXT.split())

_RECALL_SQL: Final = f"""
SELECT m.bank_key, m.uid, m.content, m.type, m.tags, m.document_id, m.occurred_at,
       -bm25({{fts}}, {_BM25_WEIGHTS})
         * (1.0 + :rw / (1.0 + max(:now - m.occurred_ts, 0.0) / :rs)) AS relevance
FROM {{fts}} CROSS JOIN memories AS m ON m.id = {{fts}}.rowid
WHERE {{fts}} MATCH :match AND m.bank_key = :bank_key {{tag_filter}}
ORDER BY relevance DESC
LIMIT :limit
"""


def recall_sql(fts: str, tag_sql: str) -> str:
    """The ranked search of one bank's index `fts`, with the tag clause from `tag_filter`."""
    return _RECALL_SQL.format(fts=fts, tag_filter=tag_sql)


def _fold(token: str) -> str:
    """Lowercase and strip diacritics, as the FTS tokenizer does, for stopword checks and de-duplication."""
    decomposed = unicodedata.normalize("NFD", token.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def query_tokens(text: str) -> list[str]:
    """The words of arbitrary user text worth searching for: no operators, no punctuation, no stopwords."""
    seen: set[str] = set()
    tokens: list[str] = []
    for raw in _TOKEN_RE.findall(unicodedata.normalize("NFC", text)):
        folded = _fold(raw)
        if folded and folded not in seen:
            seen.add(folded)
            tokens.append(raw)  # the FTS tokenizer folds case and accents itself
    content = [t for t in tokens if _fold(t) not in _STOPWORDS]
    return (content or tokens)[:_MAX_QUERY_TOKENS]


def build_match(tokens: Sequence[str]) -> str | None:
    """A safe FTS5 MATCH expression: any quoted query word, in content or context; None if nothing to search."""
    if not tokens:
        return None
    # Tokens hold only letters and digits, so double-quoting them cannot open an FTS5 operator.
    words = " OR ".join(f'"{t}"' for t in tokens)
    return f"{{content context}} : ({words})"


def score(relevance: float, words: int) -> float:
    """Map a hit's relevance r (BM25 × recency factor, always > 0) into (0, 1], keeping its rank.

        r     = -bm25(content 1.0, context 0.3) × (1 + 0.1 / (1 + age / 30 days))
        score = r / (r + K·n)      K = _SCORE_HALF_PER_WORD = 2.0, n = query words searched (≥ 1)

    r > 0 for every hit (FTS5 floors each term's IDF at 1e-6), so score > 0; it approaches 1 only as r
    grows without bound (floats may round it to exactly 1). For one query n is fixed, so the map is
    increasing in r and keeps the bank's ranking. 0.5 means an average relevance of K per query word.
    BM25 is computed over the bank's own index, so a score depends on nothing outside the bank.
    """
    return relevance / (relevance + _SCORE_HALF_PER_WORD * max(words, 1))


def clean_tags(tags: Sequence[str]) -> list[str]:
    """Tags without blanks or repeats, in their original order."""
    return list(dict.fromkeys(t for t in tags if t))


def tag_filter(tags: Sequence[str], mode: str) -> tuple[str, dict[str, Any]]:
    """SQL for Hindsight tag semantics: any/all let untagged memories pass, *_strict exclude them."""
    wanted = clean_tags(tags)
    if not wanted:
        return "", {}
    params = {f"tag{i}": tag for i, tag in enumerate(wanted)}
    in_list = ", ".join(f":{name}" for name in params)
    if mode in ("any", "any_strict"):
        clause = f"EXISTS (SELECT 1 FROM json_each(m.tags) AS j WHERE j.value IN ({in_list}))"
    elif mode in ("all", "all_strict"):
        clause = (f"(SELECT count(DISTINCT j.value) FROM json_each(m.tags) AS j "
                  f"WHERE j.value IN ({in_list})) = {len(wanted)}")
    else:
        raise BackendRequestError(f"unknown tags_match {mode!r}; use any, all, any_strict or all_strict",
                                  operation="recall")
    if not mode.endswith("_strict"):
        clause = f"(m.tags = '[]' OR {clause})"
    return f"AND {clause}", params


def within_budget(records: list[MemoryRecord], max_tokens: int) -> list[MemoryRecord]:
    """The top hit always (the caller trims its text), then more until about `max_tokens` (4 chars a token)."""
    budget = max_tokens * _CHARS_PER_TOKEN
    used = 0
    for i, record in enumerate(records):
        used += len(record.content)
        if used > budget and i > 0:
            return records[:i]
    return records
