"""Train the router's word model on the routing corpus' tuning parts and write wetopi_memory/data/word_model.json.

The rule feature of each record is what the rules chose for it on first look (routing/first_look/<part>.json,
written from the rules of the commit it names, before any tuning on that part): the model learns how far rules
can be trusted on a stranger's messages, not on messages they were tuned to. The frozen test part is never read.

    python tests/corpus/train_word_model.py           # write the model
    python tests/corpus/train_word_model.py --check   # exit 1 if the shipped model is not what training gives
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from wetopi_memory.router.word_training import TrainingRecord, train_word_model

ROOT = Path(__file__).resolve().parent.parent.parent
ROUTING = ROOT / "tests" / "corpus" / "routing"
MODEL = ROOT / "wetopi_memory" / "data" / "word_model.json"
# the parts the rules are tuned on (the bench's TUNING), never the frozen test part nor a fresh one; not tune39:
# trained on it too, the model moved the turns' sentence routing (12 more tuned turns wrong) and five MEMORY.md
# entries to a second scope; not tune38: trained on it too, the model changed 181 tuned messages and was no better
# on tune39, which it had not seen (4 gained, 4 lost) (docs/benchmarks.md)
TUNING = ("tune", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9", "tune10", "tune11",
          "tune12", "tune13", "tune14", "tune15", "tune16", "tune17", "tune18", "tune19", "tune20", "tune21",
          "tune22", "tune23", "tune24", "tune25", "tune26", "tune27", "tune28", "tune29", "tune30", "tune31", "tune32",
          "tune33", "tune34", "tune35", "tune36", "tune37")
SCOPES = ("personal", "business", "platform")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def training_records(part: str) -> list[TrainingRecord]:
    """The records of one tuning part with their first-look rule scopes; a record without one stops training."""
    first = json.loads((ROUTING / "first_look" / f"{part}.json").read_text(encoding="utf-8"))["records"]
    records = []
    for number, line in enumerate((ROUTING / f"{part}.jsonl").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        raw = json.loads(line)
        if raw["id"] not in first:
            raise SystemExit(f"{part}.jsonl:{number}: {raw['id']} has no first-look rule scopes")
        rules = first[raw["id"]]
        records.append(TrainingRecord(raw["text"], tuple(raw.get("tools") or ()), frozenset(raw["scopes"]),
                                      frozenset(rules["scopes"]), rules["scores"]))
    return records


def trained_model(parts: tuple[str, ...] = TUNING) -> str:
    """The model file's text as training on `parts` gives it today, over the words their authors used."""
    records = [record for part in parts for record in training_records(part)]
    data = train_word_model(records, SCOPES)
    data["trained_on"] = {f"{kind}/{part}": _digest(path) for part in parts
                          for kind, path in (("routing", ROUTING / f"{part}.jsonl"),
                                             ("first_look", ROUTING / "first_look" / f"{part}.json"))}
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped model instead of writing")
    parser.add_argument("--parts", default=",".join(TUNING), help="tuning parts to train on (to measure a model "
                        "on a part it has not seen)")
    parser.add_argument("--out", type=Path, default=MODEL, help="where to write the model")
    args = parser.parse_args()
    parts = tuple(args.parts.split(","))
    if "test" in parts or not set(parts) <= set(TUNING):
        raise SystemExit(f"--parts: only tuning parts ({', '.join(TUNING)}), never the frozen test part")
    text = trained_model(parts)
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print("word model is up to date" if same else f"{args.out} differs from training: run {Path(__file__).name}")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
