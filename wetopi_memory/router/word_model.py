"""The word model: one small logistic model per standard scope, learned offline from the routing corpus, that
may add a scope the rules missed for a message, or drop one they chose (design §8; `word_votes.py` applies it).

Why: hand-written rules know the words their authors thought of. On parts of the corpus written by strangers, the
rules alone routed 60-88 % of messages right on first look; a model of the words people actually used, told what
the rules decided, did better on every such part. The model reads the distinct normalised words of the message
that are rule words (so the router looks up no extra word), the tool names, and what the rules decided for each
scope (chosen or not, how strongly, with which other scopes). It is data
(`wetopi_memory/data/word_model.json`, written by `tests/corpus/train_word_model.py`), deterministic, and every
change it makes names the features that weighed most (`decision.ModelVote`).

Performance: a word's weights for all (at most three) scopes are packed into one machine-size integer (fixed
point, 21 bits per scope), so the distinct words of a message the model knows (the router finds them in the
same set intersection as its rule words) cost one C-level `sum` that never leaves C longs; more than `CHUNK` words
are summed in chunks so a field can never overflow into the next. The rules' part is remembered per decision.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from importlib import resources
from itertools import repeat
from typing import Any, Final

from ..errors import ConfigError
from .memo import BoundedMemo

MODEL_FORMAT: Final = 1
MAX_SCOPES: Final = 3
FIELD_BITS: Final = 21           # one packed field per scope: 3 x 21 bits fit a signed 64-bit integer
FIELD_HALF: Final = 1 << (FIELD_BITS - 1)
FIELD_MASK: Final = (1 << FIELD_BITS) - 1
CHUNK: Final = 128               # words summed at once: CHUNK x MAX_WORD_WEIGHT stays below FIELD_HALF
MAX_WORD_WEIGHT: Final = FIELD_HALF // CHUNK - 1   # 8191: 8.0 in the trainer's fixed point
MAX_FEATURE_WEIGHT: Final = 1 << 40
MAX_EXPLAINED: Final = 4
PRIOR_MEMO_SIZE: Final = 4096
BIAS_FEATURE: Final = "prior"
SCORE_STEPS: Final = (1.0, 2.0, 4.0)   # the rules' summed weight for a scope, read as a bucket 0-4 (0: no match)
MODEL_PATH: Final = "wetopi_memory/data/word_model.json"
MIN_FULL_WEIGHT_WORDS: Final = 3


class WordModelError(ConfigError):
    """The word model file is not a valid model (the message names the file and the field)."""


def score_bucket(score: float) -> int:
    """The rules' summed weight for a scope as a bucket: 0 (no match), 1 (< 1), 2 (< 2), 3 (< 4), 4."""
    return 0 if score <= 0 else 1 + sum(score >= step for step in SCORE_STEPS)


def rule_features(scope: str, chosen: Collection[str], bucket: int) -> list[str]:
    """What the model reads of the rules' decision for one scope: its score bucket, how many scopes were chosen,
    the other chosen scopes, and whether this one was ("score2", "chosen1", "with:business", "in")."""
    features = [f"score{bucket}", f"chosen{min(len(chosen), 3)}"]
    features += [f"with:{other}" for other in chosen if other != scope]
    if scope in chosen:
        features.append("in")
    return features


def tool_feature(name: str) -> str:
    """The feature of one tool name as `tool_names.tool_names` reads it: its first segment ("kubectl_get" ->
    "kubectl")."""
    return name.split("_", 1)[0][:64]


def pack(values: Sequence[int]) -> int:
    """Fixed-point weights of all scopes as one integer; sums of packed integers unpack to sums of weights."""
    return sum(value << (FIELD_BITS * index) for index, value in enumerate(values))


def field_offset(count: int) -> int:
    """The constant that, added to a sum of packed integers, makes every field non-negative (no borrows)."""
    return sum(FIELD_HALF << (FIELD_BITS * index) for index in range(count))


def unpack(packed: int, count: int, offset: int | None = None) -> list[int]:
    """The per-scope sums inside a sum of packed integers (each field within +-FIELD_HALF); `offset` is
    `field_offset(count)`, passed in on hot paths."""
    biased = packed + (field_offset(count) if offset is None else offset)
    return [((biased >> (FIELD_BITS * index)) & FIELD_MASK) - FIELD_HALF for index in range(count)]


def logit_units(probability: float, scale: int) -> int:
    """A probability as log-odds in the model's fixed point (0 and 1 map to very low and very high limits)."""
    probability = min(max(probability, 1e-9), 1.0 - 1e-9)
    return round(math.log(probability / (1.0 - probability)) * scale)


def sigmoid(logit: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


class WordModel:
    """Per-scope logistic scores of a message, in fixed point (`scale` units): `word_sums` plus `rule_prior`,
    compared with `threshold`."""

    def __init__(self, data: Mapping[str, Any], *, where: str = MODEL_PATH) -> None:
        if data.get("format") != MODEL_FORMAT:
            raise WordModelError(f"{where}: format must be {MODEL_FORMAT}")
        self.scopes: tuple[str, ...] = tuple(_names(data.get("scopes"), f"{where}: scopes"))
        if len(self.scopes) > MAX_SCOPES:
            raise WordModelError(f"{where}: scopes: a word model covers at most {MAX_SCOPES} scopes")
        self.scale = _positive(data.get("scale"), f"{where}: scale")
        count = len(self.scopes)
        self._bias = _weights(data.get("bias"), count, f"{where}: bias")
        self._words = _table(data.get("words"), count, f"{where}: words", MAX_WORD_WEIGHT)
        self._tools = _table(data.get("tools"), count, f"{where}: tools", MAX_WORD_WEIGHT)
        self._rule = _table(data.get("rule"), count, f"{where}: rule")
        self._packed_words = {word.encode("ascii"): pack(w) for word, w in self._words.items() if word.isascii()}
        self.packed_words: Mapping[bytes, int] = self._packed_words   # normalised word -> its packed weights
        self.vocabulary = frozenset(self._packed_words)   # the normalised words the model has weights for
        self.packed_weight = self._packed_words.get        # word -> its packed weights (None if unknown)
        self._offset = field_offset(count)
        self._priors: BoundedMemo[tuple[tuple[str, ...], tuple[int, ...]], tuple[int, ...]] = BoundedMemo(
            PRIOR_MEMO_SIZE)
        threshold = data.get("threshold")
        if not isinstance(threshold, float) or not 0.0 < threshold < 1.0:
            raise WordModelError(f"{where}: threshold must be a probability between 0 and 1")
        self.threshold = logit_units(threshold, self.scale)   # a scope is added above this
        drop = data.get("drop_threshold")
        if drop is not None and (not isinstance(drop, float) or not 0.0 < drop < threshold):
            raise WordModelError(f"{where}: drop_threshold must be a probability between 0 and the threshold")
        # a chosen scope is dropped at or below this (None: never)
        self.drop_threshold = None if drop is None else logit_units(drop, self.scale)
        full = data.get("full_weight_words")
        if full is not None and (not isinstance(full, int) or isinstance(full, bool) or full < MIN_FULL_WEIGHT_WORDS):
            raise WordModelError(f"{where}: full_weight_words must be an integer of at least {MIN_FULL_WEIGHT_WORDS}")
        # a longer message's word sums are scaled by full_weight_words / its words (None: never)
        self.full_weight_words: int | None = full
        trained_on = data.get("trained_on", {})
        self.trained_on: dict[str, str] = dict(trained_on) if isinstance(trained_on, dict) else {}

    def word_sums(self, words: Collection[bytes], tools: Sequence[str]) -> list[int]:
        """Per scope, the summed weights of a message's distinct words and tools. `words` is the set of its
        distinct words, or any subset that holds all those in `vocabulary`."""
        get = self._packed_words.get
        count = len(self.scopes)
        if len(words) <= CHUNK:
            sums = unpack(sum(map(get, words, repeat(0))), count, self._offset)
        else:
            sums = [0] * count
            ordered = list(words)
            for start in range(0, len(ordered), CHUNK):
                part = unpack(sum(map(get, ordered[start:start + CHUNK], repeat(0))), count, self._offset)
                sums = [a + b for a, b in zip(sums, part, strict=True)]
        if tools:
            for name in {tool_feature(name) for name in tools}:
                weights = self._tools.get(name)
                if weights is not None:
                    sums = [a + b for a, b in zip(sums, weights, strict=True)]
        return sums

    def packed_tools(self, tools: Sequence[str]) -> int:
        """The packed summed weights of a turn's distinct tools (names as `tool_names.tool_names` reads them)."""
        names = {tool_feature(name) for name in tools}
        return sum(pack(self._tools[name]) for name in names if name in self._tools)

    def rule_prior(self, chosen: Sequence[str], scores: Mapping[str, float]) -> tuple[int, ...]:
        """Per scope, the bias plus the weights of what the rules decided (remembered per distinct decision)."""
        buckets = tuple(score_bucket(scores.get(scope, 0.0)) for scope in self.scopes)
        key = (tuple(chosen), buckets)
        prior = self._priors.get(key)
        if prior is None:
            rule = self._rule
            prior = self._priors.put(key, tuple(
                self._bias[i] + sum(rule[f][i] for f in rule_features(scope, chosen, buckets[i]) if f in rule)
                for i, scope in enumerate(self.scopes)))
        return prior

    def explain(self, scope: str, tokens: Iterable[bytes], tools: Sequence[str], chosen: Sequence[str],
                score: float, *, against: bool = False) -> tuple[tuple[str, float], ...]:
        """The features of a message that pushed `scope` up most (down most, `against` it)."""
        i = self.scopes.index(scope)
        weights: dict[str, int] = {BIAS_FEATURE: self._bias[i]}
        for token in self.vocabulary.intersection(tokens):
            word = token.decode("ascii")
            weights[word] = self._words[word][i]
        for name in {tool_feature(n) for n in tools} & self._tools.keys():
            weights["tool:" + name] = self._tools[name][i]
        for feature in rule_features(scope, chosen, score_bucket(score)):
            if feature in self._rule:
                weights["rules:" + feature] = self._rule[feature][i]
        sign = -1 if against else 1
        ranked = sorted(((f, w) for f, w in weights.items() if w * sign > 0), key=lambda fw: (-fw[1] * sign, fw[0]))
        return tuple((feature, round(weight / self.scale, 3)) for feature, weight in ranked[:MAX_EXPLAINED])


def load_word_model(path: str | None = None) -> WordModel:
    """The shipped word model, or the one at `path`; a missing or malformed file raises WordModelError."""
    where = path or MODEL_PATH
    try:
        if path is None:
            text = resources.files("wetopi_memory").joinpath("data", "word_model.json").read_text("utf-8")
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        data = json.loads(text)
    except (OSError, ValueError) as exc:
        raise WordModelError(f"{where}: cannot read the word model ({type(exc).__name__}: {exc})") from None
    if not isinstance(data, dict):
        raise WordModelError(f"{where}: not a JSON object")
    return WordModel(data, where=where)


def _names(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value) \
            or len(set(value)) != len(value):
        raise WordModelError(f"{where}: must be a non-empty list of distinct names")
    return value


def _positive(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise WordModelError(f"{where}: must be a positive integer")
    return value


def _weights(value: object, count: int, where: str, limit: int = MAX_FEATURE_WEIGHT) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= limit for v in value):
        raise WordModelError(f"{where}: must be {count} integers of at most {limit} (one per scope)")
    return tuple(value)


def _table(value: object, count: int, where: str,
           limit: int = MAX_FEATURE_WEIGHT) -> dict[str, tuple[int, ...]]:
    if not isinstance(value, dict):
        raise WordModelError(f"{where}: must be an object of feature -> weights")
    return {str(name): _weights(weights, count, f"{where}.{name}", limit) for name, weights in value.items()}
