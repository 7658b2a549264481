"""Benchmark the MEMORY.md import: every labelled file of `tests/corpus/memory_md/{tune,test}/` through the plane.

Prints, per part: P1 entries dropped without review, secrets stored, entries unaccounted for (targets: 0, 0, 0),
and per-fate accuracy (stored counts only in the expected scope); the misses of the tune part. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.memory_md_judgement import score_memory_md  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "memory_md"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["tune", "test", "both"], default="both")
    parser.add_argument("--misses", action="store_true", help="also print the misses of the test part")
    args = parser.parse_args()
    for part in ["tune", "test"] if args.part == "both" else [args.part]:
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
        if part == "tune" or args.misses:
            for miss in score.misses():
                print(f"  miss {miss}")


if __name__ == "__main__":
    main()
