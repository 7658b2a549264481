"""docs/design.md resolves every design reference the code makes, and its module table names real paths."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "docs" / "design.md"
SCANNED_DIRS = ("wetopi_memory", "cli", "plugin")

# `§11`, `§4.2`, and ranges such as `§12-16` (every section of the range is cited).
SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)(?:\s?[-–]\s?§?(\d+)\b)?")
# Amendments only where prose cites them: "(A1)", "A2/A3", "§6, A9", "design A1", "# A2:"; never `0xA1` or `A1_x`.
AMENDMENT = re.compile(
    r"(?:(?<=\()|(?<=/)|(?<=, )|(?<=; )|(?<=design )|(?<=# )|(?<=amendment )|(?<=Amendment ))"
    r"A(\d{1,2})(?=[\s):,;/.—-]|$)"
)
FINDING = re.compile(r"(?<![\w.])F\.(\d+)\b")
PRINCIPLE = re.compile(r"\bprinciples?\s+(\d+(?:\s*(?:,|and|or)\s*\d+)*)", re.IGNORECASE)
ANCHOR = re.compile(r"§\d+(?:\.\d+)?|\bA\d{1,2}\b|\bF\.\d+\b|\bP\d{1,2}\b")
BACKTICKED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Reference:
    """One design reference found in the code: its anchor token and where it was found."""

    token: str
    path: Path
    line: int
    context: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.token}  ({self.context})"


def tokens_in(text: str) -> Iterator[tuple[int, str]]:
    """(offset, anchor token) of every design reference in a piece of prose."""
    for match in SECTION.finditer(text):
        start, end = match.group(1), match.group(2)
        if end is not None and start.isdigit() and 0 < int(end) - int(start) <= 20:
            for number in range(int(start), int(end) + 1):
                yield match.start(), f"§{number}"
        else:
            yield match.start(), f"§{start}"
    for match in AMENDMENT.finditer(text):
        yield match.start(), f"A{int(match.group(1))}"
    for match in FINDING.finditer(text):
        yield match.start(), f"F.{int(match.group(1))}"
    for match in PRINCIPLE.finditer(text):
        for number in re.findall(r"\d+", match.group(1)):
            yield match.start(), f"P{int(number)}"


def prose_of(path: Path) -> Iterator[tuple[int, str]]:
    """(first line, text) of each comment and string literal of a Python file; every line of any other file."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        try:
            kept = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
            tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type in kept]
            for token in tokens:
                yield token.start[0], token.string
            return
        except (tokenize.TokenError, SyntaxError):
            pass  # a file mid-edit: fall back to scanning every line
    yield from enumerate(source.splitlines(), start=1)


def scanned_files() -> list[Path]:
    """Every .py and .yaml file of the library, the CLI and the plugin."""
    files = [p for d in SCANNED_DIRS for ext in ("py", "yaml") for p in (ROOT / d).rglob(f"*.{ext}")]
    return sorted(p for p in files if "__pycache__" not in p.parts)


def references() -> list[Reference]:
    """Every design reference made anywhere in the scanned files."""
    found = []
    for path in scanned_files():
        for first_line, text in prose_of(path):
            for offset, token in tokens_in(text):
                line_start = text.rfind("\n", 0, offset) + 1
                line_end = text.find("\n", offset)
                context = text[line_start:line_end if line_end != -1 else len(text)].strip()[:100]
                found.append(Reference(token, path, first_line + text.count("\n", 0, offset), context))
    return found


def section(title: str) -> list[str]:
    """The lines of design.md under the `## title` heading, up to the next `## ` heading."""
    lines = DESIGN.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {title}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1:end]


def anchors() -> set[str]:
    """The tokens that headings of the `## Design rules` section define."""
    return {token for line in section("Design rules") if line.startswith("#") for token in ANCHOR.findall(line)}


def module_table_paths() -> list[str]:
    """The paths named in the first column of the `## Modules` table."""
    rows = [line for line in section("Modules") if line.startswith("| `")]
    return [path for row in rows for path in BACKTICKED.findall(row.split("|")[1])]


@pytest.mark.parametrize(("text", "expected"), [
    ('"""RecallCoordinator (design §7, A2/A15): the prefetch cache."""', ["§7", "A2", "A15"]),
    ("(§6, A9) comes only from platform", ["§6", "A9"]),
    ("Curated retain (design §12-16): evidence", ["§12", "§13", "§14", "§15", "§16"]),
    ("# A2: recall for the next turn is prefetched", ["A2"]),
    ("forbidden (design A1): the native provider", ["A1"]),
    ("(at most one batch per scope, A6) for delivery", ["A6"]),
    ("never when it is sent (peers §F.3).", ["F.3"]),
    ("sub-agents never write (F.8).", ["F.8"]),
    ("the server does NOT validate it (reference §4.2).", ["§4.2"]),
    ("Bank ids are never rendered (principle 4).", ["P4"]),
    ("entries separated by lines holding only § and [P1]/[P2] tags", []),
    ('joined by "\\n§\\n"', []),
    ("colour 0xA1 and name A1_bank, tA1, A100", []),
])
def test_the_scanner_sees_references_and_only_references(text: str, expected: list[str]) -> None:
    assert [token for _, token in tokens_in(text)] == expected


def test_the_code_makes_design_references() -> None:
    found = references()
    kinds = {ref.token[0] for ref in found}
    assert len(found) >= 20 and {"§", "A"} <= kinds, f"the scanner found only {len(found)} references: {kinds}"


def test_every_design_reference_resolves_to_an_entry() -> None:
    defined = anchors()
    unresolved = [ref for ref in references() if ref.token not in defined]
    assert not unresolved, "design references without a `## Design rules` heading in docs/design.md:\n" + "\n".join(
        str(ref) for ref in unresolved)


def test_design_rules_list_every_principle_and_amendment() -> None:
    expected = {f"P{n}" for n in range(1, 19)} | {f"A{n}" for n in range(1, 18)}
    missing = sorted(expected - anchors(), key=lambda t: (t[0], int(t[1:])))
    assert not missing, f"docs/design.md lacks entries for {missing}"


def test_module_table_names_only_paths_that_exist() -> None:
    paths = module_table_paths()
    assert paths, "docs/design.md has no `## Modules` table"
    missing = [path for path in paths if not (ROOT / path).exists()]
    assert not missing, "docs/design.md's module table names paths missing from the tree:\n" + "\n".join(missing)


def test_every_module_of_the_tree_has_a_row() -> None:
    rows = set(module_table_paths())
    modules = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "wetopi_memory").rglob("*.py")
                     if path.name != "__init__.py" or path.parent == ROOT / "wetopi_memory")
    unlisted = [module for module in modules if module not in rows]
    assert not unlisted, "modules without a row in docs/design.md's module table:\n" + "\n".join(unlisted)


def readme_module_paths() -> list[str]:
    """The paths in the first column of the README's module table (the rows after `| module | what it does |`)."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("| module | what it does |")
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    rows = lines[start + 2:end]
    named: list[str] = []
    for row in rows:
        first = BACKTICKED.findall(row.split("|")[1])
        folder = first[0].rstrip("/").rsplit("/", 1)[0] if "/" in first[0] else ""
        named += [path if "/" in path or not folder else f"{folder}/{path}" for path in first]
    return named


def test_the_readme_module_table_matches_the_tree() -> None:
    named = readme_module_paths()
    missing = [path for path in named if not (ROOT / path).exists()]
    assert not missing, f"README module table names paths missing from the tree: {missing}"
    covered = {path.rstrip("/") for path in named}
    top_level = sorted(f"wetopi_memory/{p.name}" for p in (ROOT / "wetopi_memory").iterdir()
                       if ((p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))
                       and not p.name.startswith("_")) or p.name == "__init__.py")
    unlisted = [path for path in top_level if path not in covered]
    assert not unlisted, f"README module table lacks: {unlisted}"
