"""Write tests/corpus/secrets/tune2.jsonl: the SecretGate's second development corpus (format: tests/corpus/README.md).

The lines (tune2_secrets.py, tune2_clean.py) were written before the rules were changed for them, in new phrasings
(chat, e-mail, runbooks, shell history, config files of many tools; es, en, mixed), as a generalisation check on
top of tune.jsonl. Values come from make_tune.py's generators plus a few more shapes, reseeded here, so the file is
reproducible and a test can check that it is not stale.

    .venv/bin/python tests/corpus/secrets/make_tune2.py      # rewrites tune2.jsonl next to this file
"""

from __future__ import annotations

import base64
import json
import string
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import make_tune
from make_tune import ALNUM, B64, CRYPT, HEX, URLSAFE, b64, rbytes, rnd
from tune2_clean import NEGATIVES2, PROSE2
from tune2_secrets import SECRETS2

SEED = 220311
OUT = Path(__file__).with_name("tune2.jsonl")
rng = make_tune.rng   # one generator for every field, reseeded by build()

# Weak passwords people really choose (and type in chat): words, keyboard walks, names with digits.
WEAK = ["123456", "qwerty123", "Password1", "letmein!", "iloveyou", "admin123", "sunshine", "barcelona",
        "princesa", "dragon", "monkey", "Madrid2024", "1q2w3e4r", "abc12345", "verano", "futbol", "tequiero",
        "welcome1", "111111", "superman"]


def _argo() -> str:
    """An Argo CD initial admin password: 16 characters of [A-Za-z0-9-_]."""
    return rnd(16, URLSAFE)


def _gapp() -> str:
    """A Google app password: four groups of four lowercase letters."""
    return " ".join(rnd(4, string.ascii_lowercase) for _ in range(4))


EXTRA: dict[str, Callable[[], str]] = {
    "ceph_naive": lambda: "AQ" + rnd(36, B64) + "==",
    "argo": _argo,
    "weakw": lambda: rng.choice(WEAK),
    "gapp": _gapp,
    "gapp_nospace": lambda: rnd(16, string.ascii_lowercase),
    "ses": lambda: "B" + rnd(43, B64),
    "wg": lambda: b64(rbytes(32)),
    "bcrypt": lambda: "$2a$10$" + rnd(53, CRYPT),
    "b62_28": lambda: rnd(28),
    "b62_32": lambda: rnd(32),
    "b64_43": lambda: rnd(43, B64),
    "hex16": lambda: rnd(16, HEX),
    "pin8": lambda: rnd(8, string.digits),
    "num4": lambda: str(rng.randint(1000, 9999)),
    "date": lambda: f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
    "hvs_short": lambda: "hvs." + rnd(24),
    "stripe": lambda: "sk_live_" + rnd(24),
    "openai": lambda: "sk-proj-" + rnd(48, URLSAFE),
    "anthropic": lambda: "sk-ant-api03-" + rnd(80, URLSAFE),
    "gho": lambda: "gho_" + rnd(36, ALNUM),
    "basic": lambda: base64.b64encode(f"ana:{rnd(14)}".encode()).decode(),
}
FIELDS = {**make_tune.FIELDS, **EXTRA}


def fill(template: str) -> str:
    """`{name}` placeholders become fresh generated values; `{{`/`}}` stay literal braces."""
    out: list[str] = []
    i = 0
    while i < len(template):
        if template.startswith(("{{", "}}"), i):
            out.append(template[i])
            i += 2
        elif template[i] == "{":
            end = template.index("}", i)
            out.append(FIELDS[template[i + 1:end]]())
            i = end + 1
        else:
            out.append(template[i])
            i += 1
    return "".join(out)


def build() -> list[dict[str, str]]:
    rng.seed(SEED)
    rows: list[dict[str, str]] = []
    for family, by, templates in SECRETS2:
        rows += [{"text": fill(t), "label": "secret", "family": family, "by": by} for t in templates]
    for family, templates in NEGATIVES2:
        rows += [{"text": fill(t), "label": "clean", "family": family, "by": "negative"} for t in templates]
    for lang, lines in PROSE2:
        rows += [{"text": line, "label": "clean", "family": f"prose-{lang}", "by": "prose"} for line in lines]
    return [{"id": f"s2-{i:04d}", **row} for i, row in enumerate(rows, 1)]


def main() -> None:
    rows = build()
    OUT.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["by"]] = counts.get(row["by"], 0) + 1
    print(f"wrote {OUT.name}: {len(rows)} lines, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
