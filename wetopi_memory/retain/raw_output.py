"""Recognises pasted tool output (logs, traces, tables, JSON, shell prompts, echoes of this turn's tool results)."""

from __future__ import annotations

import re
from typing import Literal

from .evidence import line_hash

__all__ = ["RawKind", "command_line", "continues_raw_run", "field_block_lines", "opens_raw_run", "pasted_region",
           "raw_output_kind", "settings_snippet"]

# Why a text looks like raw tool output.
RawKind = Literal["code-block", "tool-output-echo", "stack-trace", "log-lines", "log-line", "json", "long-token",
                  "pasted-output"]

# Raw tool output: line shapes typical of logs, tables, traces, shells and diffs.
_RAW_LINE = re.compile(
    r"^\s*(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}|\[(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\]"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)[\s:]|\$ |PS [A-Z]:|[A-Za-z0-9_-]+@[A-Za-z0-9_.-]+:"
    r"|at [\w.$<>]+\(|File \".*\", line \d+|Traceback \(most recent call last\)|@@ |[+-]{3} |[+-](?![+-])\S"
    r"|NAME\s{2,}|[\w./-]+\s{2,}\S+\s{2,}\S+|[{}\[\]],?$|\"[\w.-]+\":\s)")
# One line that can only be tool output: a timestamped or levelled log line (MariaDB pads a one-digit hour), a logfmt
# line, a kubectl event, a syslog/journal line ("Oct 27 09:41:12 host unit[pid]:"), a shell prompt, a stack frame, a
# kubectl-style table header.
_RAW_SINGLE = re.compile(
    r"^\s*(?:\d{4}-\d{2}-\d{2}(?:[ T]\d{2}|  \d):\d{2}(?::\d{2})?\S*\s+\S"
    r"|\[?\d{2}:\d{2}:\d{2}\]?\s+(?:INFO|WARN|ERROR|DEBUG)"
    r"|(?:ts|time|t)=\S+\s.*\blevel=\w+|level=\w+\s.*\bmsg=|(?:Normal|Warning)\s{2,}[A-Z]\w+\s{2,}\S"
    r"|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} [\w.-]+ [\w./-]+(?:\[\d+\])?:"
    r"|\[\d{1,2}[-/ ][A-Za-z]{3}[-/ ]\d{4}[ :]\d{2}:\d{2}:\d{2}\]\s+[A-Z]{4,}\b"
    r"|\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} \[\w+\]"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\s*[:|\]]|\[(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\]"
    r"|\$ \S|PS [A-Z]:\\|[\w-]+@[\w.-]+:[~/]|at [\w.$<>]+\(.*\)$|File \".*\", line \d+"
    r"|Traceback \(most recent call last\)|NAME\s{2,}[A-Z]|(?:[A-Z][A-Za-z_()%/-]*\s{2,}){2,}[A-Z][A-Za-z_()%/-]*\s*$"
    r"|[A-Z][A-Z_]+\s{2,}[A-Z][A-Z_]+\s{2,}[A-Z]|(?:[A-Z][A-Z_()%-]+ ){3,}[A-Z][A-Z_()%-]+\s*$)")
# a continuation: indented, an exception line, a caret, or a table row with an age column ("210d", "3m")
_RAW_CONTINUATION = re.compile(r"^(?:\s{2,}\S|\w+(?:Error|Exception|Warning)\b|\s*\^+\s*$|\S+(?: \S+){2,} \d+[smhd]\b)")
# A field of a status dump (`kubectl describe`, `systemctl status`): "  Reason: OOMKilled", "Exit Code: 137"
_FIELD_LINE = re.compile(r"^(\s*)[A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}:\s+\S+(?: \S+){0,5}\s*$")
# A web server's access log line: `10.42.3.1 - - [14/Oct/2026:09:12:01 +0200] "POST /…"`
_ACCESS_LOG = re.compile(r"^\s*\S+ \S+ \S+ \[\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2}")
MIN_FIELD_BLOCK = 3
_TRACE = re.compile(r"Traceback \(most recent call last\)|^\s+at [\w.$<>]+\(.*\)$|Exception in thread", re.M)
_LONG_TOKEN = re.compile(r"\S{120,}")


# A JSON document printed over several lines opens with a bare brace and a quoted key after it.
_JSON_OPEN = re.compile(r"^\s*[{\[]\s*$")
_JSON_KEY = re.compile(r"^\s*\"[\w.-]+\":\s")


def opens_raw_run(line: str, after: str = "") -> bool:
    """Whether one line can only be tool output, so that it starts a run of raw lines; `after` is the next line
    (a bare "{" opens one when a quoted key follows it)."""
    return bool(_RAW_SINGLE.match(line) or _ACCESS_LOG.match(line)
                or (_JSON_OPEN.match(line) and _JSON_KEY.match(after)))


def command_line(line: str) -> bool:
    """Whether a line is a command to run (a known tool, or flags or a pipe after a lowercase head)."""
    return bool(_COMMAND_LINE.match(line))


def field_block_lines(lines: list[str]) -> frozenset[int]:
    """The indices of lines in a status dump: at least MIN_FIELD_BLOCK consecutive `Field: value` lines, some
    indented under another (a user's own "Precio: 20 €" list is flat)."""
    out: set[int] = set()
    run: list[int] = []
    for index, line in enumerate([*lines, ""]):
        if _FIELD_LINE.match(line):
            run.append(index)
            continue
        indents = {len(m.group(1)) for m in (_FIELD_LINE.match(lines[i]) for i in run) if m}
        if len(run) >= MIN_FIELD_BLOCK and len(indents) > 1:
            out.update(run)
        run = []
    return frozenset(out)


# A line that says the next lines are output the speaker pasted: "here's the log:", "promtool me dice esto",
# "Me salen esto en los logs", "Mira este output del pvecm", "I'm getting this:", "Look at this from rke2-s-02:"
_PASTE_INTRO = re.compile(
    r"\b(?:here'?s|here\s+is|these\s+are)\s+(?:the\s+|my\s+|what\s+|some\s+)?(?:log|logs|output|error|errors|trace"
    r"|stack\s?trace|events)\b|\b(?:me|nos)\s+(?:dice|da|sale|salen|saca|devuelve|escupe|suelta)\s+esto\b"
    r"|\b(?:sal[ií]a|salen|aparec[eí]a|aparecen)\s+esto\b|\best[eo]s?\s+(?:output|log|logs|salida|traza)\b"
    r"|\b(?:i'?m|i\s+am|we'?re|we\s+are|i|we)\s+(?:get|getting|see|seeing)\s+this\b"
    r"|\bit\s+(?:says|prints|shows|returns|spits\s+out)\s+this\b|\b(?:look\s+at|check\s+out)\s+this\b"
    r"|\b(?:mira|f[ií]jate\s+en)\s+esto\b", re.I)
# After a blank line, a sentence of prose ends the paste: five words or more, ending as a sentence ends.
_PROSE_LINE = re.compile(r"^\s*[¿¡\"']?[^\W\d_][^\s]*(?: \S+){4,}[.?!…]\s*$")


def pasted_region(text: str) -> tuple[int, int] | None:
    """Where the output a speaker pasted right after a line announcing it starts and ends (offsets in `text`);
    None when no line announces output, or the line after it is prose."""
    lines = text.splitlines(keepends=True)
    offset = 0
    for number, line in enumerate(lines[:-1]):
        offset += len(line)
        if _PASTE_INTRO.search(line):
            return _paste_after(lines[number + 1:], offset)
    return None


def _paste_after(lines: list[str], offset: int) -> tuple[int, int] | None:
    """The span of the non-blank lines from `offset` up to a prose line after a blank one, or the end."""
    bodies = [line.rstrip("\r\n") for line in lines]
    filled = [body for body in bodies if body.strip()]
    if not filled or _is_prose(filled[0]) or any("```" in body for body in bodies):
        return None
    start = end = -1
    blank = False
    for body, line in zip(bodies, lines, strict=True):
        if body.strip():
            if blank and start >= 0 and _is_prose(body):
                break
            start = offset if start < 0 else start
            end = offset + len(body)
        blank = not body.strip()
        offset += len(line)
    return start, end


def _is_prose(line: str) -> bool:
    """A line written as a sentence, not printed by a tool: no column gaps, five words or more, final stop."""
    return "  " not in line.strip() and bool(_PROSE_LINE.match(line)) and not opens_raw_run(line)


# A table's header printed by a tool: three or more upper-case column names ("NAME STATUS VOLUME CAPACITY").
_TABLE_HEADER = re.compile(r"^\s*[A-Z][A-Z_()%-]+(?:\s+[A-Z][A-Z_()%-]+){2,}\s*$")


def continues_raw_run(line: str, first: str = "") -> bool:
    """Whether a line, following raw lines that `first` opened, belongs to the same pasted output: a raw shape,
    or a row with as many fields as the table header that opened the run."""
    if _RAW_LINE.match(line) or _RAW_CONTINUATION.match(line):
        return True
    return bool(_TABLE_HEADER.match(first)) and len(line.split()) == len(first.split()) \
        and not line.rstrip().endswith((".", "?", "!"))


# A command to run, not its output: a known tool or a flag, a placeholder or a pipe after a lowercase head
# ("cmctl renew -n <ns> <certificate>", "velero restore create --from-backup <backup>").
_COMMAND_LINE = re.compile(
    r"^\s*(?:\$ )?(?:sudo )?(?:(?:kubectl|helm|velero|cmctl|ceph|rbd|argocd|mysql|mariadb|psql|pg_dump|redis-cli|wp"
    r"|curl|openssl|systemctl|journalctl|docker|git|ssh|rsync|terraform|ansible|echo|qm|pct|pvecm)(?: \S+)*"
    r"|[a-z][\w.-]*(?: \S+)*(?: -{1,2}[A-Za-z]| <[\w-]+>| \| )(?: ?\S)*)\s*$")   # one char a step: linear


def _commands_only(block: str) -> bool:
    """Whether every line of a code block is a command: a runbook's steps, not pasted output."""
    lines = [line for line in block.splitlines() if line.strip()]
    return bool(lines) and all(_COMMAND_LINE.match(line) for line in lines)


# A setting written out, not dumped: "key: value", "key = value", "- \"image-gc-high-threshold=75\"", "[section]"
_CONFIG_LINE = re.compile(r"^\s*(?:-\s+)?(?:[\"']?[\w./-]+[\"']?\s*(?:[:=]\s*\S.*|:)|[\"'][^\"']+[\"']"
                          r"|\[[\w. -]+\])\s*$")
# ... and not an object a tool printed (`kubectl get -o yaml`: its bookkeeping fields)
_DUMPED_FIELD = re.compile(r"\b(?:creationTimestamp|resourceVersion|uid|generation|managedFields|selfLink)\s*:")
MAX_CONFIG_LINES = 8


def _code_block(text: str) -> str | None:
    """The inside of a text's first fenced code block (language line included); None when it has none."""
    inner = text.split("```")
    return inner[1] if len(inner) >= 3 else None


def _body(block: str) -> str:
    """A fenced block without its language line."""
    return block.split("\n", 1)[-1]


def settings_snippet(text: str) -> bool:
    """Whether a text's code block is a short configuration snippet: settings written out (by a fix that applied
    them), not a tool's output."""
    fenced = _code_block(text)
    block = _body(fenced) if fenced is not None else ""
    lines = [line for line in block.splitlines() if line.strip()]
    return (0 < len(lines) <= MAX_CONFIG_LINES and all(_CONFIG_LINE.match(line) for line in lines)
            and not _DUMPED_FIELD.search(block))


def raw_output_kind(text: str, tool_line_hashes: frozenset[int] = frozenset()) -> RawKind | None:
    """Why a text looks like raw tool output (a short id), or None."""
    fenced = _code_block(text)
    if fenced is not None and fenced.count("\n") >= 2 and not _commands_only(_body(fenced)):
        return "code-block"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if tool_line_hashes:
        long_lines = [ln for ln in lines if len(ln.strip()) >= 16]
        if long_lines and sum(line_hash(ln) in tool_line_hashes for ln in long_lines) * 2 >= len(long_lines):
            return "tool-output-echo"
    if _TRACE.search(text):
        return "stack-trace"
    if len(field_block_lines(lines)) * 2 >= len(lines) >= MIN_FIELD_BLOCK:
        return "log-lines"
    if len(lines) >= 3 and sum(bool(_RAW_LINE.match(ln)) for ln in lines) * 2 >= len(lines):
        return "log-lines"
    ran = 1 if len(lines) > 2 and command_line(lines[0]) else 0   # the command, then what it printed
    if len(lines) >= 2 + ran and opens_raw_run(lines[ran], lines[ran + 1]) \
            and all(continues_raw_run(ln, lines[ran]) for ln in lines[ran + 1:]):
        return "log-lines"
    if lines and sum(opens_raw_run(ln) for ln in lines) * 2 >= len(lines):
        return "log-lines" if len(lines) > 1 else "log-line"
    stripped = text.strip()
    if stripped[:1] in "{[" and stripped[-1:] in "}]" and stripped.count('":') >= 2:
        return "json"
    if _LONG_TOKEN.search(text):
        return "long-token"
    return None
