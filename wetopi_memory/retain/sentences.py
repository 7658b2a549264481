"""Splits a source text into analysed sentences: lines, bullets and punctuation split; code and logs stay whole."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .kinds import Role
from .raw_output import command_line, continues_raw_run, field_block_lines, opens_raw_run, pasted_region
from .signals import Signals

__all__ = ["Sentence", "sentence_spans", "split_sentences"]

# A sentence starts with a capital, a digit, or a lowercase system name ("… on prod. prod-bcn1 takes snapshots").
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"')\]]*\s+(?=[\"'(\[¿¡]?(?:[A-ZÁÉÍÓÚÑÜ0-9]|[a-z][a-z0-9]*[-_][a-z0-9]))")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,3}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|approx|aprox|p\.ej|dr|sr|sra|mr|mrs|no|núm|num|fig|ej)\.)$", re.I)


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a source text, with its analysis. `start`/`end` are offsets in the source text."""

    index: int
    role: Role
    text: str
    start: int
    end: int
    signals: Signals
    secret_rules: tuple[str, ...] = ()
    secret_offsets: tuple[tuple[str, int, int], ...] = ()

    def to_dict(self, *, include_text: bool = False) -> dict[str, Any]:
        """A report row; the text only when asked and never when a secret touches the sentence."""
        out: dict[str, Any] = {"index": self.index, "role": self.role, "start": self.start, "end": self.end,
                               "category": self.signals.category, "markers": list(self.signals.markers())}
        if self.secret_rules:
            out["secrets"] = [{"rule_id": r, "start": s, "end": e} for r, s, e in self.secret_offsets]
        elif include_text:
            out["text"] = self.text
        return out


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of a text: line breaks, bullets and sentence punctuation split; fenced code blocks stay
    whole, and so does output pasted after a line announcing it; abbreviations ("e.g.", "etc.") and numbers
    ("10.0.0.1", "v1.2") do not split."""
    return sentence_spans(text)[0]


def sentence_spans(text: str) -> tuple[list[tuple[int, int]], tuple[int, int] | None]:
    """`split_sentences`, and the span of the output pasted after a line announcing it (one of the spans), if any."""
    spans: list[tuple[int, int]] = []
    pasted = pasted_region(text)
    if pasted is None:
        _split_fenced(text, 0, len(text), spans)
    else:
        _split_fenced(text, 0, pasted[0], spans)
        spans.append(pasted)
        _split_fenced(text, pasted[1], len(text), spans)
    return [(s, e) for s, e in spans if text[s:e].strip()], pasted


def _split_fenced(text: str, pos: int, length: int, spans: list[tuple[int, int]]) -> None:
    """Spans of text[pos:length]: prose split, each fenced code block whole."""
    while pos < length:
        fence = text.find("```", pos, length)
        end_of_block = fence if fence != -1 else length
        _split_prose(text, pos, end_of_block, spans)
        if fence == -1:
            break
        close = text.find("```", fence + 3)
        close = length if close == -1 else close + 3
        spans.append((fence, close))
        pos = close


def _split_prose(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    """Spans of the prose between code fences; consecutive tool-output lines stay one span."""
    offset = start
    raw_run: tuple[int, int] | None = None
    opening = ""   # the line that opened the current raw run
    lines = text[start:end].splitlines(keepends=True)
    bodies = [line.rstrip("\r\n") for line in lines]
    fields = field_block_lines(bodies)
    for number, line in enumerate(lines):
        line_start = offset
        offset += len(line)
        body = bodies[number]
        if body.strip() and (number in fields or _opens_output(bodies, number)
                             or (raw_run is not None and continues_raw_run(body, opening))):
            opening = body if raw_run is None or command_line(opening) else opening
            raw_run = (raw_run[0] if raw_run else line_start, line_start + len(body))
            continue
        if raw_run is not None:
            spans.append(raw_run)
            raw_run = None
        if body.strip() and body.strip() != "§":
            _split_line(body, line_start, spans)
    if raw_run is not None:
        spans.append(raw_run)


def _opens_output(bodies: list[str], number: int) -> bool:
    """Whether line `number` starts pasted output: a line only a tool prints, or the command the user ran right
    before such a line ("radosgw-admin bucket stats --bucket=…" above a printed "{")."""
    after, then = [*bodies[number + 1:number + 3], "", ""][:2]
    return opens_raw_run(bodies[number], after) or (command_line(bodies[number]) and opens_raw_run(after, then))


def _split_line(body: str, line_start: int, spans: list[tuple[int, int]]) -> None:
    """Sentence spans of one prose line, after its bullet or heading mark."""
    skip = 0
    for rx in (_BULLET, _HEADING):
        m = rx.match(body)
        if m:
            skip = m.end()
            break
    cursor = skip
    for m in _SENTENCE_END.finditer(body, skip):
        if _ABBREV.search(body[cursor:m.start()]):
            continue
        _add_piece(body[cursor:m.start()], line_start + cursor, spans)
        cursor = m.end()
    _add_piece(body[cursor:], line_start + cursor, spans)


def _add_piece(piece: str, at: int, spans: list[tuple[int, int]]) -> None:
    """The span of a piece of a line, without its surrounding whitespace; nothing for a blank piece."""
    if piece.strip():
        lead = len(piece) - len(piece.lstrip())
        spans.append((at + lead, at + len(piece.rstrip())))
