"""The top-level shape of a regular expression, read from its source with no private `re` module: its atoms (with
their quantifiers) and its top-level alternatives. What the router compiles from it (`compiled.py`) only has to be
sound: a pattern whose shape is not understood gets no shortcut.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

_QUANTIFIERS: Final = frozenset("?*+{")
_QUESTION_MARKS: Final = frozenset(("\\?", "[?]", "[\\?]"))
_VERBOSE: Final = re.compile(r"\(\?[a-zA-Z-]*x")   # verbose mode (whitespace and comments): not followed


Atom = tuple[str, str]   # an atom's source and its quantifier's ("" for none)


def top_level(pattern: str) -> tuple[list[list[Atom]], bool]:
    """The top-level alternatives of `pattern`, each as its atoms, and whether the whole was read (False for what
    this reader does not follow: verbose mode, an unbalanced group or class)."""
    if _VERBOSE.search(pattern):
        return [], False
    alternatives: list[list[Atom]] = [[]]
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
        after = _quantifier_end(pattern, end) if end < n and pattern[end] in _QUANTIFIERS else end
        alternatives[-1].append((pattern[i:end], pattern[end:after]))
        i = after
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
        atom in _QUESTION_MARKS and not quantifier for atom, quantifier in alternatives[0])


MAX_ALTERNATIVES: Final = 24
_NOT_SPLIT: Final = re.compile(r"\(\?P|\(\?\(|\\[1-9]|^\(\?[a-zA-Z]+\)")   # names, back-references, global flags
_LOOKBEHINDS: Final = ("(?<!", "(?<=")
_LOOKAROUNDS: Final = ("(?<!", "(?<=", "(?=", "(?!")
WORD_BOUNDARY: Final = "\\b"
_ONCE_OR_NOT: Final = ("", "?", "??")   # a group matched once, or once or not at all ("(?:de\\s+)?")


def fast_alternatives(pattern: str, most: int = MAX_ALTERNATIVES) -> list[str]:
    """Patterns that each start (after a `\\b`) with a letter or digit, which `re` finds fast, and whose matches
    start together exactly where `pattern`'s do: a group of alternatives at the start is distributed
    ("\\b(?:a|b)c" -> "\\bac", "\\bbc") and leading lookbehinds are moved past the letter that follows them
    ("(?<!x\\s)en" -> "e(?<!(?:x\\s)e)n"). `[pattern]` when it cannot be split, already starts fast or would
    need more than `most` alternatives."""
    return list(_alternatives(pattern, most))


@cache   # read for a router's gates, and again when a trigger is first searched
def _alternatives(pattern: str, most: int) -> tuple[str, ...]:
    if _NOT_SPLIT.search(pattern) or _VERBOSE.search(pattern):
        return (pattern,)
    parts = _expand(pattern, 0, most)
    return tuple(parts) if parts is not None and len(parts) <= most else (pattern,)


def starts_fast(atoms: list[Atom]) -> bool:
    """Whether the first atom after any `\\b` is one letter or digit, unquantified."""
    first = next((atom for atom in atoms if atom != (WORD_BOUNDARY, "")), None)
    return first is not None and len(first[0]) == 1 and first[0].isalnum() and not first[1]


def _expand(pattern: str, depth: int, most: int) -> list[str] | None:
    alternatives, read = top_level(pattern)
    if not read or depth > most:
        return None
    if len(alternatives) > 1:
        parts: list[str] = []
        for alternative in alternatives:
            expanded = _expand(_source(alternative), depth + 1, most)
            if expanded is None or len(parts) + len(expanded) > most:
                return None
            parts += expanded
        return parts
    atoms = alternatives[0]
    if starts_fast(atoms):
        return [pattern]
    lead = 0   # zero-width atoms at the start: \b and unquantified lookarounds
    while lead < len(atoms) and (atoms[lead] == (WORD_BOUNDARY, "")
                                 or (atoms[lead][0].startswith(_LOOKAROUNDS) and not atoms[lead][1])):
        lead += 1
    if lead == len(atoms):
        return [pattern]
    head, before, after = atoms[lead], _source(atoms[:lead]), _source(atoms[lead + 1:])
    if head[0].startswith("(?:") and head[1] in _ONCE_OR_NOT:
        inner, inner_read = top_level(head[0][3:-1])
        if not inner_read:
            return None
        split = [before + _source(alternative) + after for alternative in inner]
        return _expand("|".join(split + [before + after] * bool(head[1])), depth + 1, most)
    return _shift_lookarounds(atoms, lead, depth, most)


def _shift_lookarounds(atoms: list[Atom], lead: int, depth: int, most: int) -> list[str] | None:
    """`[pattern]` with the lookarounds before `lead` moved past the letter at `lead` (a \\b among them put before
    it: assertions at one point commute), or as it is: "(?<!x\\s)en" -> "e(?<!(?:x\\s)e)n", "(?=[^.]*\\?)\\bwe" ->
    "\\bw(?<=(?=[^.]*\\?)w)e" (the lookahead, checked one character back)."""
    if not starts_fast([atoms[lead]]):
        return [_source(atoms)]
    letter = atoms[lead][0]
    bound = WORD_BOUNDARY if (WORD_BOUNDARY, "") in atoms[:lead] else ""
    moved = "".join(f"{atom[:4]}(?:{atom[4:-1]}){letter})" if atom.startswith(_LOOKBEHINDS)
                    else f"(?<={atom}{letter})" for atom, _ in atoms[:lead] if atom != WORD_BOUNDARY)
    return _expand(bound + letter + moved + _source(atoms[lead + 1:]), depth + 1, most)


def _source(atoms: list[Atom]) -> str:
    return "".join(atom + quantifier for atom, quantifier in atoms)


def required_lookaheads(pattern: str) -> list[str] | None:
    """The patterns `A`, `B`, … when `pattern` is exactly "^(?=[\\s\\S]*A)(?=[\\s\\S]*B)…": it matches exactly when
    each of them matches somewhere, which is cheaper to search one by one."""
    alternatives, read = top_level(pattern)
    if not read or len(alternatives) != 1 or len(alternatives[0]) < 2 or alternatives[0][0] != ("^", ""):
        return None
    prefix = "(?=[\\s\\S]*"
    looks = alternatives[0][1:]
    if any(quantifier or not atom.startswith(prefix) for atom, quantifier in looks):
        return None
    return [atom[len(prefix):-1] for atom, _ in looks]
