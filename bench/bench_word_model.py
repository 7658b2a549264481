"""Benchmark the router's word model where it matters: on a stranger's messages and on long messages.

1. Leave one part out: for each stranger's part of the routing corpus (tune4 onwards), a model is trained on every
   other tuning part and reviews that part's first-look rule decisions (`routing/first_look/`, written before any
   tuning on the part), through the shipped voter. Printed: exact-scope accuracy of the first-look rules alone, after
   the model as trained today, and after a model of the previous design side by side (the rules' own words, no
   drops, no length scaling), with how many of the model's additions and drops were right. This is the estimate of
   what the model adds on messages nobody tuned anything to.
2. Long messages: the generated topics of `bench_router.py`, each followed by 0-3 neutral sentences (the same
   fillers), routed by today's rules alone and by the shipped router; accuracy per number of fillers. Neutral
   sentences must not move a decision.

The frozen test part is never read. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "corpus")]

import bench_router as generated  # noqa: E402
from train_word_model import TUNING, training_records  # noqa: E402

from wetopi_memory.router import RuleRouter  # noqa: E402
from wetopi_memory.router.decision import NO_ROUTE, RouteDecision, new_decision, new_score  # noqa: E402
from wetopi_memory.router.text import tokenize  # noqa: E402
from wetopi_memory.router.word_model import WordModel  # noqa: E402
from wetopi_memory.router.word_training import TrainingRecord, TrainingSettings, train_word_model  # noqa: E402
from wetopi_memory.router.word_votes import WordVoter  # noqa: E402

SCOPES = ("personal", "business", "platform")
STRANGERS = tuple(part for part in TUNING if part not in ("tune", "tune2", "tune3"))


def first_look(record: TrainingRecord) -> RouteDecision:
    """The first-look rule decision of a record, as the router would have returned it."""
    if not record.rule_scores:
        return NO_ROUTE
    scores = tuple(new_score(scope, 0.5, score) for scope, score in sorted(record.rule_scores.items()))
    chosen = tuple(s for s in scores if s.scope in record.rule_scopes)
    return new_decision(chosen, scores, (), False, bool(chosen), False, None)


def reviewed(voter: WordVoter, record: TrainingRecord) -> tuple[frozenset[str], list[tuple[str, str]]]:
    """The scopes after the model reviewed the first-look decision, and its changes (change, scope)."""
    decision = first_look(record)
    tokens = tokenize(record.text)
    words = frozenset(word.encode("ascii") for word in tokens)
    packed = sum(voter.model.packed_weight(word) or 0 for word in words)
    result = voter.revise(decision, voter.prior(decision), packed, words, len(tokens), record.tools, None)
    return frozenset(result.scope_names), [(vote.change, vote.scope) for vote in result.votes]


def part_voters(training: list[TrainingRecord], rule_words: frozenset[str]) -> tuple[WordVoter, WordVoter]:
    """Voters of a model trained as today and of one of the previous design, on the same records."""
    previous = TrainingSettings(drop_threshold=None, full_weight_words=None)
    today = WordModel(train_word_model(training, SCOPES))
    before = WordModel(train_word_model(training, SCOPES, previous, vocabulary=rule_words))
    return _voter(today), _voter(before)


def _voter(model: WordModel) -> WordVoter:
    return WordVoter(model, SCOPES, confidence_threshold=0.5, high_confidence=0.8, max_scopes=3)


def leave_one_part_out() -> None:
    records = {part: training_records(part) for part in TUNING}
    rule_words = RuleRouter((), known_scopes=SCOPES, word_model=False).anchor_words
    total, ok = 0, [0, 0, 0]
    print("leave one part out: first-look rules, then reviewed by a model trained on every other tuning part "
          "(today's design; the previous one)")
    for part in STRANGERS:
        voters = part_voters([r for p in TUNING if p != part for r in records[p]], rule_words)
        right = {"added": [0, 0], "dropped": [0, 0]}
        counts = [0, 0, 0]
        for record in records[part]:
            counts[0] += record.rule_scopes == record.scopes
            scopes, changes = reviewed(voters[0], record)
            counts[1] += scopes == record.scopes
            counts[2] += reviewed(voters[1], record)[0] == record.scopes
            for change, scope in changes:
                right[change][(scope in record.scopes) != (change == "added")] += 1
        n = len(records[part])
        total, ok = total + n, [a + b for a, b in zip(ok, counts, strict=True)]
        print(f"  {part:7} {n:4} messages  rules {counts[0] / n:6.1%}  with the model {counts[1] / n:6.1%} "
              f"(previous design {counts[2] / n:6.1%})  additions right/wrong {right['added'][0]}/"
              f"{right['added'][1]}  drops right/wrong {right['dropped'][0]}/{right['dropped'][1]}")
    print(f"  all     {total:4} messages  rules {ok[0] / total:6.1%}  with the model {ok[1] / total:6.1%} "
          f"(previous design {ok[2] / total:6.1%})")


def long_messages(count: int, seed: int) -> None:
    rng = random.Random(seed)
    kinds = [([generated.PLATFORM], {"platform"}), ([generated.BUSINESS], {"business"}),
             ([generated.PERSONAL], {"personal"}), ([generated.PLATFORM, generated.BUSINESS], {"platform", "business"}),
             ([generated.OFF_TOPIC], set())]
    routers = {"rules alone": RuleRouter(known_scopes=SCOPES, word_model=False),
               "shipped": RuleRouter(known_scopes=SCOPES)}
    results: dict[str, dict[int, list[bool]]] = {name: {} for name in routers}
    for _ in range(count):
        pools, expected = rng.choice(kinds)
        fillers = generated.FILLER_ES if rng.random() < 0.5 else generated.FILLER_EN
        extra = rng.randrange(4)
        text = " ".join(rng.choice(pool) for pool in pools) + ". " + " ".join(rng.choice(fillers) for _ in range(extra))
        for name, router in routers.items():
            results[name].setdefault(extra, []).append(set(router.route(text).scope_names) == expected)
    print(f"long messages: {count} generated topics followed by 0-3 neutral sentences, exact scopes")
    for name, by_extra in results.items():
        cells = "  ".join(f"{extra} fillers {sum(v) / len(v):6.1%}" for extra, v in sorted(by_extra.items()))
        print(f"  {name:12} {cells}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000, help="generated messages for the long-message check")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    leave_one_part_out()
    long_messages(args.messages, args.seed)


if __name__ == "__main__":
    main()
