"""Offline training of the word model (`word_model.py`) from labelled routing records: deterministic logistic
regression by stochastic gradient descent, one model per scope, written as the JSON data the router ships.

Only `tests/corpus/train_word_model.py` calls this, on the corpus' tuning parts (never the frozen test part).
The same records, seed and settings always give the same file.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .function_words import FUNCTION_WORDS
from .person_names import PERSON_NAMES
from .text import tokenize
from .tool_names import tool_names
from .word_model import MAX_WORD_WEIGHT, MODEL_FORMAT, rule_features, score_bucket, tool_feature

SCALE: Final = 1024          # fixed point: weight 1.0 is stored as 1024
MIN_WEIGHT: Final = 0.4      # words whose weights are all smaller are left out (no loss on a stranger's part)
_BIAS: Final = "\x00bias"
_NOT_CONTENT: Final = FUNCTION_WORDS | PERSON_NAMES   # grammar and who is named: not what a message is about
_YEAR: Final = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True, slots=True)
class TrainingRecord:
    """One labelled message: its text and tools, the scopes it should reach, and the rules' decision for it (the
    scopes they chose and their summed weight per scope)."""

    text: str
    tools: tuple[str, ...]
    scopes: frozenset[str]
    rule_scopes: frozenset[str]
    rule_scores: Mapping[str, float]


@dataclass(frozen=True, slots=True)
class TrainingSettings:
    """The optimiser's settings; the defaults were chosen by leaving strangers' parts out (docs/benchmarks.md)."""

    epochs: int = 20
    rate: float = 0.3
    l2: float = 0.01              # 3e-3 fitted 29 parts' rare words too hard ('kubernetes' weighed against platform)
    seed: int = 7
    threshold: float = 0.6        # the probability above which the router adds a scope the rules did not choose
    drop_threshold: float | None = 0.2   # the probability at or below which it drops a chosen scope (None: never)
    min_records: int = 2                 # a word enters the vocabulary when this many records use it
    full_weight_words: int | None = 18   # longer messages' word sums are scaled down (~80th percentile of the corpus)


def corpus_vocabulary(records: Sequence[TrainingRecord], min_records: int) -> frozenset[str]:
    """The normalised content words used by at least `min_records` of the records (a word one author used once
    teaches nothing about a stranger's messages; function words are grammar, `function_words.py`, and first names
    say who, not what, `person_names.py`; a year says when)."""
    counts = Counter(word for record in records for word in set(tokenize(record.text)) - _NOT_CONTENT
                     if not _YEAR.fullmatch(word))
    return frozenset(word for word, count in counts.items() if count >= min_records)


def record_features(text: str, tools: Sequence[str], vocabulary: Collection[str] | None = None) -> list[str]:
    """The model features of one message, exactly as `WordModel.word_sums` reads them: each distinct word (of
    `vocabulary`, when given) and each distinct tool once."""
    words = {word for word in tokenize(text) if vocabulary is None or word in vocabulary}
    return sorted({"w:" + word for word in words} | {"t:" + tool_feature(name) for name in tool_names(tools)})


def train_word_model(records: Sequence[TrainingRecord], scopes: Sequence[str],
                     settings: TrainingSettings = TrainingSettings(),
                     vocabulary: Collection[str] | None = None) -> dict[str, Any]:
    """The JSON data of a word model trained on `records` for `scopes`, on the words of `vocabulary` (by default
    the records' own words used at least `settings.min_records` times)."""
    if vocabulary is None:
        vocabulary = corpus_vocabulary(records, settings.min_records)
    features = [[*record_features(r.text, r.tools, vocabulary), _BIAS] for r in records]
    weights = []
    for scope in scopes:
        rows = [f + ["r:" + name for name in rule_features(scope, sorted(r.rule_scopes),
                                                            score_bucket(r.rule_scores.get(scope, 0.0)))]
                for f, r in zip(features, records, strict=True)]
        labels = [scope in r.scopes for r in records]
        weights.append(_fit(rows, labels, settings))
    optional = {"drop_threshold": settings.drop_threshold, "full_weight_words": settings.full_weight_words}
    return {**_as_data(weights, scopes), "threshold": settings.threshold,
            **{name: value for name, value in optional.items() if value is not None}}


def _fit(rows: list[list[str]], labels: list[bool], settings: TrainingSettings) -> dict[str, float]:
    """Logistic regression weights by SGD with L2, in a fixed order of features and seeded shuffles."""
    weights: dict[str, float] = {}
    order = list(range(len(rows)))
    ordered = rows
    shuffle = random.Random(settings.seed).shuffle
    for epoch in range(settings.epochs):
        shuffle(order)
        step = settings.rate / (1 + 0.1 * epoch)
        for i in order:
            row = ordered[i]
            z = sum(weights.get(f, 0.0) for f in row)
            gradient = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - labels[i]
            for f in row:
                w = weights.get(f, 0.0)
                weights[f] = w - step * (gradient + settings.l2 * w)
    return weights


def _as_data(weights: list[dict[str, float]], scopes: Sequence[str]) -> dict[str, Any]:
    tables: dict[str, dict[str, list[int]]] = {"words": {}, "tools": {}, "rule": {}}
    names = sorted(set().union(*weights) - {_BIAS})
    table_of = {"w": "words", "t": "tools", "r": "rule"}
    for name in names:
        values = [max(-MAX_WORD_WEIGHT, min(MAX_WORD_WEIGHT, round(w.get(name, 0.0) * SCALE))) for w in weights]
        if not name.startswith("w:") or max(abs(v) for v in values) >= MIN_WEIGHT * SCALE:
            kind, feature = name.split(":", 1)
            tables[table_of[kind]][feature] = values
    return {"format": MODEL_FORMAT, "scopes": list(scopes), "scale": SCALE,
            "bias": [round(w.get(_BIAS, 0.0) * SCALE) for w in weights], **tables}
