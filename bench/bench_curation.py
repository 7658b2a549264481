"""Benchmark turn curation: every corpus turn through the Hermes plugin, then what each scope stored.

For `tests/corpus/turns/tune.jsonl`, `tune2.jsonl` … `tune6.jsonl` (more tuning parts, other authors and styles)
and `test.jsonl` separately: per-scope precision and recall on (turn, scope) pairs, fact recall, the share of
turns with exactly the right stores, and (tuning parts only, unless --misses) every miss. The newest author's
part (`FRESH`) is scored like the test part until the next stop.
Targets (issue #11): precision >= 0.95 and recall >= 0.85 per scope on the held-out part; >= 0.97 / >= 0.92 on
the tuning parts. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.judgement import format_score, load_turns, run_corpus, score_turns  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "turns"
PARTS = ("tune", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "tune10", "tune11", "tune12",
         "tune13", "tune14", "tune15", "tune16", "tune17", "tune18", "tune19", "tune20", "tune21", "tune22", "tune23",
         "tune24", "tune25", "tune26", "tune27", "tune28", "tune29", "tune30", "tune31", "tune32",
         "tune33", "tune34", "tune35", "tune36", "tune37", "tune38", "tune39", "tune40", "tune41", "tune42",
         "tune44", "tune46", "tune48", "tune50", "tune52", "test")
# the newest author's part, not tuned on until the next stop: scored like the test part, misses unprinted
FRESH = ("tune52",)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument("--misses", action="store_true", help="also print the misses of the test and fresh parts")
    parser.add_argument("--only", help="run only the case ids starting with this prefix")
    args = parser.parse_args()
    parts = list(PARTS) if args.part == "all" else [args.part]
    for part in parts:
        path = CORPUS / f"{part}.jsonl"
        if not path.exists():
            print(f"{part}: {path.relative_to(ROOT)} not found")
            continue
        cases = [c for c in load_turns(path) if not args.only or c.id.startswith(args.only)]
        started = time.perf_counter()
        score = score_turns(run_corpus(cases))
        print(format_score(part, score) + f"\n  ({time.perf_counter() - started:.1f} s)")
        if (part != "test" and part not in FRESH) or args.misses:
            for miss in score.misses:
                print(f"  miss {miss}")


if __name__ == "__main__":
    main()
