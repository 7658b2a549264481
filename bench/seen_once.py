"""Workloads of text seen once: corpus prose recombined so no line recurs, since memories of lines flatter the bench.

The clean prose lines of the secrets tune parts (the frozen test part is left out) are cut at a word boundary in their
middle third and the head of one is joined to the tail of another; every digit is redrawn, and about half the lines
get a tail naming a person, a date, a host or a number drawn at random. A line already made is drawn again, so no
line occurs twice in a run (across workloads and rounds alike).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

NAMES = ["Ana", "Bruno", "Carmen", "David", "Elena", "Farid", "Gloria", "Hugo", "Inés", "Javier", "Lucía", "Marta",
         "Nacho", "Olga", "Pau", "Rocío", "Sergio", "Tomás", "Úrsula", "Víctor", "Yolanda", "Zoe", "Priya", "Kenji"]
HOSTS = ["db", "web", "pve", "lb", "mail", "cache", "ceph", "k8s-node", "backup", "vpn", "git", "mon"]
DOMAINS = ["wetopi.net", "wetopi.com", "internal", "lan", "bodega-verde.es", "acme-hosting.io"]
TAILS = [" ({name}, {date})", ", según {name} el {date}", " on {host}", " en {host}", " — {name}", " ({number} sites)",
         ", ticket #{number}", " since {date}", " desde el {date}", "; {name} lo revisa en {host}",
         ", per {name} at {time}", " antes de las {time}"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "enero", "marzo", "junio"]
_DIGIT = re.compile(r"\d")


def source_lines(parts: list[Path]) -> list[str]:
    """The one-line clean prose texts of the given secrets corpus parts."""
    lines: list[str] = []
    for path in parts:
        for row in map(json.loads, filter(str.strip, path.read_text(encoding="utf-8").splitlines())):
            if row["by"] == "prose" and row["label"] == "clean" and "\n" not in row["text"]:
                lines.append(row["text"])
    return lines


class SeenOnce:
    """A seeded maker of new prose lines; it remembers every line it made so that none comes back."""

    def __init__(self, lines: list[str], seed: int) -> None:
        """Split each source line into words once; the halves are drawn from these."""
        self._words = [line.split(" ") for line in lines if len(line.split(" ")) >= 2]
        self._rng = random.Random(seed)
        self._made: set[str] = set()

    def line(self) -> str:
        """One line not made before: a head and a tail of two source lines, digits redrawn, maybe a random tail."""
        rng = self._rng
        while True:
            head, tail = rng.choice(self._words), rng.choice(self._words)
            text = " ".join(head[:self._cut(len(head))] + tail[self._cut(len(tail)):])
            text = _DIGIT.sub(lambda _: str(rng.randrange(10)), text)
            if rng.random() < 0.5:
                text += rng.choice(TAILS).format(name=rng.choice(NAMES), date=self._date(), host=self._host(),
                                                 number=rng.randrange(2, 5000), time=f"{rng.randrange(24):02d}:"
                                                 f"{rng.randrange(60):02d}")
            if text not in self._made:
                self._made.add(text)
                return text

    def items(self, mb: float, most_lines: int) -> list[str]:
        """Items of 1..most_lines new lines joined by newlines, up to `mb` MB."""
        items: list[str] = []
        size = 0
        while size < mb * 1_000_000:
            item = "\n".join(self.line() for _ in range(self._rng.randint(1, most_lines)))
            items.append(item)
            size += len(item.encode())
        return items

    def _cut(self, words: int) -> int:
        """A word boundary in the middle third of a line of `words` words (at least one word on each side)."""
        low, high = max(1, words // 3), max(1, min(words - 1, 2 * words // 3))
        return self._rng.randint(low, max(low, high))

    def _date(self) -> str:
        """An ISO date or a day and month, drawn at random."""
        rng = self._rng
        if rng.random() < 0.5:
            return f"{rng.randrange(2019, 2027)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
        return f"{rng.randrange(1, 29)} {rng.choice(MONTHS)}"

    def _host(self) -> str:
        """A host name with a number, drawn at random (`db-07.wetopi.net`)."""
        rng = self._rng
        return f"{rng.choice(HOSTS)}-{rng.randrange(1, 40):02d}.{rng.choice(DOMAINS)}"
