"""The router's word model: packed arithmetic, additions and drops, explanations, thresholds, loading and freshness."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.config import RoutingSettings
from wetopi_memory.router import RuleRouter
from wetopi_memory.router.word_model import (
    CHUNK,
    MAX_WORD_WEIGHT,
    WordModel,
    WordModelError,
    load_word_model,
    pack,
    unpack,
)
from wetopi_memory.router.word_training import TrainingRecord, TrainingSettings, train_word_model
from wetopi_memory.router.word_votes import WordVoter

ROOT = Path(__file__).resolve().parents[2]
SCOPES = ("personal", "business", "platform")


def model_data(words: dict[str, list[int]], /, **changes: Any) -> dict[str, Any]:
    """A word model by hand: biases and rule weights that leave the words to decide (scale 1000)."""
    data: dict[str, Any] = {"format": 1, "scopes": list(SCOPES), "scale": 1000, "threshold": 0.5,
                            "bias": [-2000, -2000, -2000], "rule": {"in": [3000, 3000, 3000]}, "tools": {},
                            "words": words}
    return {**data, **changes}


RULES = RuleRouter((), known_scopes=SCOPES, word_model=False)


@pytest.fixture(scope="module")
def billing_model() -> WordModel:
    """Two made-up words that no rule knows weigh for business ("zorblat", "quennix"); "nevera" against all."""
    return WordModel(model_data({"zorblat": [0, 1500, 0], "quennix": [0, 1200, 0], "nevera": [-900, -900, -900]}))


@given(st.lists(st.lists(st.integers(-MAX_WORD_WEIGHT, MAX_WORD_WEIGHT), min_size=3, max_size=3),
                max_size=CHUNK))
def test_sums_of_packed_weights_unpack_to_the_sums(rows: list[list[int]]) -> None:
    assert unpack(sum(pack(row) for row in rows), 3) == [sum(row[index] for row in rows) for index in range(3)]


WORDS = ["ceph", "factura", "cobrar", "prefiero", "yo", "cliente", "precio", "pod", "nodo", "siempre", "kubectl",
         "contrato"]


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.sampled_from(WORDS), st.lists(st.integers(-MAX_WORD_WEIGHT, MAX_WORD_WEIGHT), min_size=3,
                                                        max_size=3), min_size=1),
       st.lists(st.sampled_from([*WORDS, "de", "la", "manana"]), min_size=3, max_size=24),
       st.lists(st.integers(-3000, 3000), min_size=3, max_size=3),
       st.one_of(st.none(), st.floats(0.01, 0.49)), st.one_of(st.none(), st.integers(3, 20)))
def test_the_packed_test_agrees_with_the_exact_one(words: dict[str, list[int]], message: list[str],
                                                   bias: list[int], drop: float | None, full: int | None) -> None:
    changes: dict[str, Any] = {"bias": bias, "rule": {}}
    if drop is not None:
        changes["drop_threshold"] = drop
    if full is not None:
        changes["full_weight_words"] = full
    voter = WordVoter(WordModel(model_data(words, **changes)), SCOPES, confidence_threshold=0.5,
                      high_confidence=0.8, max_scopes=3)
    rules_only = RULES.route(" ".join(message))
    hits = frozenset(word.encode() for word in message)
    packed = sum(voter.model.packed_weight(word) or 0 for word in hits)
    bars = voter.prior(rules_only)
    routed = rules_only   # what RuleRouter.route does with the bars
    if bars.might_change(packed, len(hits), full is not None and len(message) > full):
        routed = voter.revise(rules_only, bars, packed, hits, len(message), (), None)
    sums = [sum(words[w][index] for w in set(message) if w in words) for index in range(3)]   # plain arithmetic
    if full is not None and len(message) > full:
        sums = [int(value * full / len(message)) for value in sums]
    chosen = set(rules_only.scope_names)
    added = {scope for index, scope, limit in bars.limits if scope not in chosen and sums[index] > limit}
    dropped = {scope for index, scope, limit in bars.limits if scope in chosen and sums[index] <= limit}
    assert set(routed.scope_names) == (chosen - dropped) | added
    assert not dropped or drop is not None   # a model without a drop threshold never drops


# Limits of both signs: with the rules' "in" weight the usual ones (adding >= 0, dropping < 0), without it and with
# a high bias, adding limits below 0 that send long messages to the exact path.
LONG_WORDS = {"ceph": [-300, 900, -2500], "factura": [400, 2500, -900], "prefiero": [2200, -400, -700],
              "cliente": [-100, 1300, 200], "pod": [-600, -800, 1900], "siempre": [700, 100, -200]}
LONG_MODELS = [WordModel(model_data(LONG_WORDS, drop_threshold=0.2, full_weight_words=6)),
               WordModel(model_data(LONG_WORDS, bias=[1500, -500, 800], rule={}, drop_threshold=0.2,
                                    full_weight_words=6))]
LONG_ROUTERS = [RuleRouter((), known_scopes=SCOPES, word_model=model) for model in LONG_MODELS]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(LONG_MODELS) - 1),
       st.lists(st.sampled_from([*WORDS, "de", "la", "manana"]), min_size=3, max_size=24))
def test_the_router_inlined_test_agrees_with_the_exact_path(which: int, message: list[str]) -> None:
    model, router = LONG_MODELS[which], LONG_ROUTERS[which]
    text = " ".join(message)
    voter = WordVoter(model, SCOPES, confidence_threshold=0.5, high_confidence=0.8, max_scopes=3)
    rules_only = RULES.route(text)
    hits = frozenset(word.encode() for word in message)
    packed = sum(model.packed_weight(word) or 0 for word in hits)
    exact = voter.revise(rules_only, voter.prior(rules_only), packed, hits, len(message), (), None)
    assert set(router.route(text).scope_names) == set(exact.scope_names)


def test_a_long_message_weighs_its_words_less() -> None:
    """Weak words that add up over a long message are not the evidence one strong word in a short one is."""
    model = WordModel(model_data({"zorblat": [0, 1200, 0], "quennix": [0, 1200, 0]}, full_weight_words=8))
    router = RuleRouter((), known_scopes=SCOPES, word_model=model)
    short = "mira el zorblat y el quennix"
    long = short + " que dijimos ayer por la tarde con calma"   # 14 words: sums scaled by 8/14
    assert router.route(short).scope_names == ("business",)
    assert router.route(long).scope_names == ()
    unscaled = RuleRouter((), known_scopes=SCOPES, word_model=WordModel(model_data(
        {"zorblat": [0, 1200, 0], "quennix": [0, 1200, 0]})))
    assert unscaled.route(long).scope_names == ("business",)


def test_the_model_adds_a_scope_the_rules_missed_and_says_why(billing_model: WordModel) -> None:
    text = "mañana hay que mirar lo del zorblat y el quennix"
    rules_only = RULES.route(text)
    decision = RuleRouter((), known_scopes=SCOPES, word_model=billing_model).route(text)
    assert "business" not in rules_only.scope_names and "business" in decision.scope_names
    (vote,) = decision.votes
    assert vote.scope == "business" and vote.change == "added" and vote.probability > 0.5
    assert {feature for feature, _ in vote.features} >= {"zorblat", "quennix"}
    assert all(weight > 0 for _, weight in vote.features)
    assert decision.high_confidence is rules_only.high_confidence   # an addition never makes a turn wait
    assert decision.to_dict()["model"][0]["scope"] == "business"


def test_without_a_drop_threshold_the_model_never_drops_a_scope_the_rules_chose(billing_model: WordModel) -> None:
    text = "la nevera nevera del nodo de ceph está llena, el pod de kubernetes no arranca"
    rules_only = RULES.route(text)
    decision = RuleRouter((), known_scopes=SCOPES, word_model=billing_model).route(text)
    assert rules_only.scope_names and decision.scope_names == rules_only.scope_names and not decision.votes


def test_with_a_drop_threshold_the_model_drops_a_scope_its_words_point_away_from_and_says_why() -> None:
    model = WordModel(model_data({"nevera": [-900, -900, -4000], "zorblat": [0, 1500, 0]}, drop_threshold=0.1))
    router = RuleRouter((), known_scopes=SCOPES, word_model=model)
    text = "la nevera del pod de kubernetes hace ruido"
    rules_only = RULES.route(text)
    decision = router.route(text)
    assert "platform" in rules_only.scope_names and rules_only.high_confidence
    assert "platform" not in decision.scope_names
    (vote,) = decision.votes
    assert vote.scope == "platform" and vote.change == "dropped" and vote.probability <= 0.1
    assert vote.features[0] == ("nevera", -4.0) and all(weight < 0 for _, weight in vote.features)
    assert decision.high_confidence is False and decision.confident is bool(decision.scopes)
    assert decision.all_scores == rules_only.all_scores and decision.matches == rules_only.matches
    assert decision.to_dict()["model"][0]["change"] == "dropped"
    kept = router.route("el pod de kubernetes no arranca desde el despliegue")   # no word against it: kept
    assert kept.scope_names == RULES.route("el pod de kubernetes no arranca desde el despliegue").scope_names
    assert not kept.votes


def test_additions_respect_allowed_scopes_short_messages_and_the_threshold(billing_model: WordModel) -> None:
    text = "hay que ver el zorblat y el quennix"
    router = RuleRouter((), known_scopes=SCOPES, word_model=billing_model)
    assert router.route(text).scope_names == ("business",)
    assert router.route(text, allowed_scopes=("platform",)).scope_names == ()
    assert router.route("zorblat quennix").scope_names == ()   # two words are too little evidence
    strict = RuleRouter((), known_scopes=SCOPES, word_model=billing_model, confidence_threshold=0.7)
    assert strict.route(text).scope_names == ()   # p = sigmoid(0.7) = 0.67 < 0.7
    assert strict.route("ver el zorblat zorblat y el quennix quennix").scope_names == ()   # words count once


def test_an_addition_never_displaces_a_rules_scope(billing_model: WordModel) -> None:
    text = "el pod de ceph no arranca y hay que ver el zorblat y el quennix"
    one = RuleRouter((), known_scopes=SCOPES, word_model=billing_model, max_scopes=1)
    rules_one = RuleRouter((), known_scopes=SCOPES, word_model=False, max_scopes=1)
    two = RuleRouter((), known_scopes=SCOPES, word_model=billing_model, max_scopes=2)
    assert set(two.route(text).scope_names) == {"platform", "business"}
    assert one.route(text).scope_names == rules_one.route(text).scope_names


def test_an_opening_viewpoint_respects_allowed_scopes() -> None:
    router = RuleRouter((), known_scopes=SCOPES)
    assert router.route("Para mí, lo primero es dormir bien", allowed_scopes=()).scopes == ()


def test_the_setting_turns_the_model_off() -> None:
    assert RuleRouter.from_settings(RoutingSettings(), SCOPES).word_model is not None
    assert RuleRouter.from_settings(RoutingSettings(use_word_model=False), SCOPES).word_model is None
    assert RuleRouter((), known_scopes=SCOPES, use_default_rules=False).word_model is None


@pytest.mark.parametrize(("change", "field"), [
    ({"format": 2}, "format"), ({"scopes": []}, "scopes"), ({"scopes": ["a", "b", "c", "d"]}, "scopes"),
    ({"scale": 0}, "scale"), ({"threshold": 1.5}, "threshold"), ({"bias": [1, 2]}, "bias"),
    ({"words": {"factura": [0, MAX_WORD_WEIGHT + 1, 0]}}, "words.factura"), ({"rule": []}, "rule"),
    ({"words": {"factura": [0, 1]}}, "words.factura"), ({"drop_threshold": 0.6}, "drop_threshold"),
    ({"drop_threshold": 1}, "drop_threshold"), ({"full_weight_words": 2}, "full_weight_words"),
    ({"full_weight_words": "20"}, "full_weight_words"),
])
def test_a_malformed_model_names_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(WordModelError, match=field) as error:
        WordModel(model_data({"zorblat": [0, 1, 0]}, **change))
    assert "\n" not in str(error.value)


def test_an_unreadable_model_file_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "model.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(WordModelError, match=r"model\.json: cannot read the word model"):
        load_word_model(str(broken))
    broken.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(WordModelError, match="not a JSON object"):
        load_word_model(str(broken))


def test_training_is_deterministic_and_learns_the_words() -> None:
    records = [TrainingRecord(text, (), frozenset(scopes), frozenset(), {}) for text, scopes in [
        ("hay que cobrar la factura de Acme", {"business"}), ("la factura de marzo sigue sin pagar", {"business"}),
        ("el pod de ceph se reinicia", {"platform"}), ("prefiero las reuniones por la mañana", {"personal"}),
        ("gracias!", set()), ("cobrar antes del viernes", {"business"}),
    ]] * 5
    first = train_word_model(records, SCOPES, TrainingSettings(epochs=8))
    assert train_word_model(records, SCOPES, TrainingSettings(epochs=8)) == first
    assert first["words"]["factura"][1] > 0 > first["words"]["factura"][2]
    assert json.loads(json.dumps(first)) == first   # plain JSON data
    WordModel(first)   # loads as it is written


def test_first_names_are_not_words_of_the_model() -> None:
    records = [TrainingRecord(text, (), frozenset(scopes), frozenset(), {}) for text, scopes in [
        ("Marta prefiere las reuniones por la mañana", {"personal"}),
        ("Marta quiere el informe de ventas", {"business"}),
        ("prefiero las reuniones cortas", {"personal"}), ("el informe de ventas del trimestre", {"business"}),
    ]] * 3
    words = train_word_model(records, SCOPES, TrainingSettings(epochs=4))["words"]
    assert "marta" not in words and "reuniones" in words
    shipped = json.loads((ROOT / "wetopi_memory" / "data" / "word_model.json").read_text(encoding="utf-8"))["words"]
    assert not {"ana", "marta", "jorge", "pablo"} & set(shipped)


def test_years_and_verbs_of_change_are_not_words_of_the_model() -> None:
    records = [TrainingRecord(text, (), frozenset(scopes), frozenset(), {}) for text, scopes in [
        ("plan de hardware para 2026: cambiar los discos de cualquier nodo", {"platform"}),
        ("presupuesto de 2026: cambiar de gestoría", {"business"}),
        ("los discos del nodo 7 fallan", {"platform"}), ("la gestoría nos cobra de más", {"business"}),
    ]] * 3
    words = train_word_model(records, SCOPES, TrainingSettings(epochs=4))["words"]
    assert {"discos", "gestoria"} <= set(words)
    assert not {"2026", "cambiar", "cualquier"} & set(words)


def test_the_shipped_model_is_what_the_corpus_and_the_rules_give() -> None:
    check = subprocess.run([sys.executable, str(ROOT / "tests" / "corpus" / "train_word_model.py"), "--check"],
                           capture_output=True, text=True, timeout=300, check=False)
    assert check.returncode == 0, check.stdout + check.stderr
    model = load_word_model()
    assert set(model.trained_on) >= {f"routing/{part}" for part in ("tune", "tune2", "tune3", "tune4", "tune5")}
    assert not any("test" in name for name in model.trained_on)   # never the frozen test part


def test_long_messages_and_large_limits_take_the_exact_path() -> None:
    many = {f"zq{i:03d}": [0, MAX_WORD_WEIGHT, 0] for i in range(129)}
    router = RuleRouter((), known_scopes=SCOPES, word_model=WordModel(model_data(many, bias=[0, 0, 0], rule={})))
    text = "el pod de ceph no arranca: " + " ".join(many)
    rules_only = RULES.route(text)
    assert "business" not in rules_only.scope_names and "platform" in rules_only.scope_names
    # 129 words of 8191 each: their packed sum wraps the business field round to "nothing to add"
    assert "business" in router.route(text).scope_names
    huge = {"zq000": [0, 5000, 0]}
    far = RuleRouter((), known_scopes=SCOPES, word_model=WordModel(model_data(huge, bias=[0, -600_000, 0], rule={})))
    assert far.route("zq000 y nada más").scope_names == ()   # a limit too large to pack, still judged exactly


def test_the_shipped_model_drops_a_scope_only_a_products_name_gives() -> None:
    """The rules route a product's price to platform too, for the product's name; the shipped model drops it."""
    text = "Pricing for the Kubernetes managed offering"
    assert set(RULES.route(text).scope_names) == {"business", "platform"}
    decision = RuleRouter((), known_scopes=SCOPES).route(text)
    assert decision.scope_names == ("business",)
    assert [(vote.change, vote.scope) for vote in decision.votes] == [("dropped", "platform")]
