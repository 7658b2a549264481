"""Benchmark the MEMORY.md import: every labelled file of `tests/corpus/memory_md/{tune,tune3…tune9,test}/`
through the plane.

Prints, per part: P1 entries dropped without review, secrets stored, entries unaccounted for (targets: 0, 0, 0),
and per-fate accuracy (stored counts only in the expected scope); the misses of the tune parts. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.memory_md_judgement import score_memory_md  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "memory_md"
PARTS = ("tune", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "test")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="all",
                        help="comma-separated parts: tune, tune3 … tune9, test, or all (default)")
    parser.add_argument("--misses", action="store_true", help="also print the misses of the test part")
    args = parser.parse_args()
    parts = list(PARTS) if args.part in ("all", "both") else args.part.split(",")
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"--part: unknown part(s) {', '.join(unknown)}; choose from {', '.join(PARTS)} or all")
    for part in parts:
        folder = CORPUS / part
        if not folder.is_dir() or not any(folder.glob("*.md")):
            print(f"{part}: no MEMORY.md files in {folder.relative_to(ROOT)}")
            continue
        score = score_memory_md(folder)
        right = sum(c.correct for c in score.checks)
        print(f"{part}: {len(score.checks)} entries, accuracy {right / max(1, len(score.checks)):.1%}; "
              f"P1 dropped without review {score.p1_dropped}, secrets stored {score.secrets_stored}, "
              f"unaccounted {score.unaccounted}")
        for fate, (ok, total) in score.per_fate().items():
            print(f"  {fate:9} {ok}/{total}")
        if part != "test" or args.misses:
            for miss in score.misses():
                print(f"  miss {miss}")


if __name__ == "__main__":
    main()
