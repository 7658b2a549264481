"""The top-level shape of a regular expression, read from its source with no private `re` module: its atoms (with
their quantifiers) and its top-level alternatives. What the router compiles from it (`compiled.py`) only has to be
sound: a pattern whose shape is not understood gets no shortcut.
"""

from __future__ import annotations

import re
from typing import Final

_QUANTIFIERS: Final = frozenset("?*+{")
_QUESTION_MARKS: Final = frozenset(("\\?", "[?]", "[\\?]"))
_VERBOSE: Final = re.compile(r"\(\?[a-zA-Z-]*x")   # verbose mode (whitespace and comments): not followed


def top_level(pattern: str) -> tuple[list[list[tuple[str, bool]]], bool]:
    """The top-level alternatives of `pattern`, each as its atoms (source, quantified), and whether the whole was
    read (False for what this reader does not follow: verbose mode, an unbalanced group or class)."""
    if _VERBOSE.search(pattern):
        return [], False
    alternatives: list[list[tuple[str, bool]]] = [[]]
    i, n = 0, len(pattern)
    while i < n:
        char = pattern[i]
        if char == "|":
            alternatives.append([])
            i += 1
            continue
        end = _atom_end(pattern, i)
        if end < 0:
            return [], False
        quantified = end < n and pattern[end] in _QUANTIFIERS
        atom_end = end
        if quantified:
            end = _quantifier_end(pattern, end)
        alternatives[-1].append((pattern[i:atom_end], quantified))
        i = end
    return alternatives, True


def _atom_end(pattern: str, i: int) -> int:
    """Where the atom that starts at `i` ends (escape, class, group or one character); -1 when it never does."""
    char = pattern[i]
    if char == "\\":
        return i + 2 if i + 1 < len(pattern) else -1
    if char == "[":
        return _class_end(pattern, i)
    if char == "(":
        return _group_end(pattern, i)
    return i + 1


def _class_end(pattern: str, i: int) -> int:
    """The end of the character class opening at `i` (a "]" right after "[" or "[^" is a literal)."""
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern):
        if pattern[j] == "\\":
            j += 2
        elif pattern[j] == "]":
            return j + 1
        else:
            j += 1
    return -1


def _group_end(pattern: str, i: int) -> int:
    """The end of the group opening at `i`, past its nested groups, classes and escapes."""
    depth, j = 0, i
    while j < len(pattern):
        char = pattern[j]
        if char == "\\":
            j += 2
            continue
        if char == "[":
            j = _class_end(pattern, j)
            if j < 0:
                return -1
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return -1


def _quantifier_end(pattern: str, i: int) -> int:
    """The end of the quantifier at `i` ("?", "*", "+", "{m,n}"), with its lazy or possessive mark."""
    if pattern[i] == "{":
        close = pattern.find("}", i)
        i = len(pattern) if close < 0 else close + 1
    else:
        i += 1
    return i + 1 if i < len(pattern) and pattern[i] in "?+" else i


def holds_question_mark(pattern: str | None) -> bool:
    """Whether every match of `pattern` holds a "?": one alternative only, with an unquantified "?" among its atoms
    (`\\?` in "…what…[^.!?]*\\?"), so a text without "?" need not be searched."""
    if pattern is None:
        return False
    alternatives, read = top_level(pattern)
    return read and len(alternatives) == 1 and any(
        atom in _QUESTION_MARKS and not quantified for atom, quantified in alternatives[0])
