"""Benchmark the router's judgement on the labelled routing corpus: the tuning parts and the frozen test part.

For each part present in tests/corpus/routing/ (tune … tune5, test) it prints exact-scope accuracy
(the routed scope set equals the expected set), per-scope precision and recall, explicit-request precision / recall /
F1, then the same for the tuning parts together, and, for the tuning parts only, every miss (id, expected, got).
The test part is never tuned on, nor is the newest author's part (`FRESH`) until the next stop, so their misses are
not printed. `--rules-only` scores the rules without the word model
(which is trained on the tuning parts, so its figures there are not a generalisation estimate).
Targets: exact-scope accuracy >= 95 %, explicit-request F1 >= 0.98. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

from wetopi_memory.router import RuleRouter

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpus" / "routing"
SCOPES = ("personal", "business", "platform")
# the parts tuned on; "test" is the frozen one, never tuned on
TUNING = ("tune", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "tune10", "tune11",
          "tune12", "tune13", "tune14", "tune15", "tune16", "tune17", "tune18", "tune19", "tune20", "tune21", "tune22",
          "tune23", "tune24", "tune25", "tune26", "tune27", "tune28", "tune29", "tune30", "tune31", "tune32", "tune33",
          "tune34", "tune35", "tune36", "tune37", "tune38", "tune39", "tune40", "tune42", "tune44", "tune46", "tune48",
          "tune50")
# parts written by a new author and not tuned on yet: scored like the test part, misses unprinted
FRESH = ("tune52",)


@dataclass(frozen=True, slots=True)
class Record:
    """One labelled message of the routing corpus."""

    id: str
    text: str
    agent: str | None
    tools: tuple[str, ...]
    scopes: frozenset[str]
    explicit: bool


@dataclass
class Tally:
    """Counts over one corpus part."""

    total: int = 0
    exact: int = 0
    scope_tp: dict[str, int] = field(default_factory=dict)
    scope_fp: dict[str, int] = field(default_factory=dict)
    scope_fn: dict[str, int] = field(default_factory=dict)
    explicit_tp: int = 0
    explicit_fp: int = 0
    explicit_fn: int = 0
    misses: list[tuple[str, str, str]] = field(default_factory=list)


def load(path: Path) -> list[Record]:
    """The records of one JSONL part; a malformed line stops the bench with its file and line number."""
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            records.append(Record(str(raw["id"]), str(raw["text"]), raw.get("agent"), tuple(raw.get("tools") or ()),
                                  frozenset(raw["scopes"]), bool(raw["explicit"])))
        except (ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"{path}:{number}: not a routing record ({type(exc).__name__}: {exc})") from None
    return records


def _ratio(num: int, den: int) -> float:
    return num / den if den else 1.0


def _label(scopes: frozenset[str] | tuple[str, ...], explicit: bool) -> str:
    return (",".join(sorted(scopes)) or "-") + (" +explicit" if explicit else "")


def tally(router: RuleRouter, records: list[Record]) -> Tally:
    t = Tally()
    for rec in records:
        decision = router.route(rec.text, tools=rec.tools, agent=rec.agent)
        got = frozenset(decision.scope_names)
        explicit = decision.explicit_memory_request
        t.total += 1
        ok = got == rec.scopes
        t.exact += ok
        for scope in SCOPES:
            if scope in got and scope in rec.scopes:
                t.scope_tp[scope] = t.scope_tp.get(scope, 0) + 1
            elif scope in got:
                t.scope_fp[scope] = t.scope_fp.get(scope, 0) + 1
            elif scope in rec.scopes:
                t.scope_fn[scope] = t.scope_fn.get(scope, 0) + 1
        t.explicit_tp += explicit and rec.explicit
        t.explicit_fp += explicit and not rec.explicit
        t.explicit_fn += rec.explicit and not explicit
        if not ok or explicit != rec.explicit:
            t.misses.append((rec.id, _label(rec.scopes, rec.explicit), _label(got, explicit)))
    return t


def report(name: str, t: Tally, *, show_misses: bool) -> None:
    print(f"== {name}: {t.total} messages")
    print(f"exact-scope accuracy {t.exact}/{t.total} = {_ratio(t.exact, t.total):.1%} (target 95 %)")
    for scope in SCOPES:
        tp, fp, fn = t.scope_tp.get(scope, 0), t.scope_fp.get(scope, 0), t.scope_fn.get(scope, 0)
        print(f"  {scope:<9} precision {_ratio(tp, tp + fp):.3f} recall {_ratio(tp, tp + fn):.3f} "
              f"(tp {tp}, fp {fp}, fn {fn})")
    precision = _ratio(t.explicit_tp, t.explicit_tp + t.explicit_fp)
    recall = _ratio(t.explicit_tp, t.explicit_tp + t.explicit_fn)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    print(f"explicit requests precision {precision:.3f} recall {recall:.3f} F1 {f1:.3f} (target 0.98) "
          f"(tp {t.explicit_tp}, fp {t.explicit_fp}, fn {t.explicit_fn})")
    if show_misses:
        for miss_id, expected, got in t.misses:
            print(f"  miss {miss_id}: expected {expected}, got {got}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="folder holding tune.jsonl and test.jsonl")
    parser.add_argument("--part", choices=(*TUNING, *FRESH, "test", "tuning", "all"), default="all",
                        help="which part to score: 'tuning' is every tune part; the test part stays unseen")
    parser.add_argument("--quiet", action="store_true", help="figures only, no list of misses")
    parser.add_argument("--rules-only", action="store_true", help="the rules without the word model")
    args = parser.parse_args()
    router = RuleRouter((), known_scopes=SCOPES, word_model=not args.rules_only)
    parts = {"tuning": TUNING, "all": (*TUNING, *FRESH, "test")}.get(args.part, (args.part,))
    tuning: list[Record] = []
    for part in parts:
        path = args.corpus / f"{part}.jsonl"
        if not path.exists():
            print(f"== {part}: {path} not found")
            continue
        records = load(path)
        if part in TUNING:
            tuning += records
        report(part, tally(router, records), show_misses=part in TUNING and not args.quiet)
    scored = [p for p in parts if p in TUNING and (args.corpus / f"{p}.jsonl").exists()]
    if len(scored) > 1 and tuning:
        report(" + ".join(scored), tally(router, tuning), show_misses=False)


if __name__ == "__main__":
    main()
