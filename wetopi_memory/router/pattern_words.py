"""The whole words a pattern's every match must hold, read from its source (`pattern_shape.top_level`).

A trigger's pattern runs on the normalised message, which is ASCII and lowercase; its words (`text.tokenize`) are the
runs of [a-z0-9] in it. `required_words` returns clauses: each is a set of words of which at least one is then a word
of any message the pattern matches ("\\b(?:recap|sum\\s+up)\\s+what\\b" -> {recap, sum}, {what}). A word counts only
where the pattern bounds it on both sides (\\b, ^, $, or a character that is no word character), so a clause is a
necessary condition the router checks from the message's word set, before searching. Only sound: what the reader
does not follow (\\w+, optional parts that end inside a word, back-references) yields no clause, never a wrong one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Final

from .default_rules import STOPWORDS
from .pattern_shape import Atom, top_level

MAX_VARIANTS: Final = 64   # spellings of one word followed ("summari[sz]e": 2); beyond, the word is not read
MAX_JOINED: Final = 32     # clauses kept of a choice between alternatives (each joins a clause of every one)
_WORD_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_ASCII: Final = tuple(chr(code) for code in range(128))
_BOUNDS: Final = frozenset(("\\b", "^", "$", "\\A", "\\Z"))
_LOOKAROUNDS: Final = ("(?=", "(?!", "(?<=", "(?<!")
_REPEAT: Final = re.compile(r"\{(\d*)(?:(,)(\d*))?\}")
_MARKS: Final = {"": (1, 1), "?": (0, 1), "*": (0, 2), "+": (1, 2)}

# What is known of the text just before a point of a match: None (nothing), else the spellings of the word that
# runs up to it from a bound ({""} right after a bound: no word begun yet).
State = frozenset[str] | None
Clauses = list[frozenset[str]]
_AT_BOUND: Final[frozenset[str]] = frozenset(("",))
_read: Final = cache(top_level)   # groups recur across patterns and their alternatives: each read once


def rarest(clauses: Iterable[frozenset[str]]) -> frozenset[bytes] | None:
    """The clause that looks least likely to be met (fewest common words, then fewest words), as bytes."""
    best = min(clauses, key=lambda c: (sum(w in STOPWORDS or len(w) < 3 for w in c), len(c), sorted(c)), default=None)
    return None if best is None else frozenset(word.encode("ascii") for word in best)


def plain_word(pattern: str) -> frozenset[bytes] | None:
    """A cheap clause of one word for each alternative of a split pattern: of the plain words its top level
    spells out (letters or digits between \\b, \\s+ or another character that is no word character:
    "\\bel\\s+ano\\s+pasado\\b" -> el, ano, pasado), the rarest-looking one; None when there is none."""
    alternatives, read = _read(pattern)
    if not read or len(alternatives) != 1:
        return None
    words: list[frozenset[str]] = []
    state: State = None
    for atom, quantifier in alternatives[0]:
        if len(atom) == 1 and atom in _WORD_CHARS and not quantifier:
            state = None if state is None else frozenset(word + atom for word in state)
            continue
        bounds = _bounds(quantifier)
        chars = None if atom in _BOUNDS else _matched(atom)
        if atom in _BOUNDS or (chars is not None and not chars & _WORD_CHARS and bounds is not None
                               and bounds[0] >= 1):
            state = _ended(state, words)
        elif not atom.startswith(_LOOKAROUNDS):
            state = None
    return rarest(words)


@cache
def required_words(pattern: str) -> tuple[frozenset[str], ...]:
    """The clauses of `pattern` (see the module docstring); () when none is known (remembered per pattern)."""
    alternatives, read = _read(pattern)
    if not read:
        return ()
    clauses, _ = _group(alternatives, None, (1, 1))
    return tuple(sorted(set(clauses), key=_size))


def _sequence(atoms: list[Atom], state: State) -> tuple[Clauses, State]:
    """The clauses of one alternative entered in `state`, and the state it leaves."""
    clauses: Clauses = []
    for atom, quantifier in atoms:
        bounds = _bounds(quantifier)
        if bounds is None:
            return clauses, None
        if atom in _BOUNDS:
            state = _ended(state, clauses)
        elif atom.startswith(_LOOKAROUNDS):
            if atom.startswith("(?=") and bounds == (1, 1):
                inner, read = _read(atom[3:-1])
                if read:
                    clauses += _group(inner, state, (1, 1))[0]
        elif atom.startswith("("):
            inner_source = _group_source(atom)
            inner, read = _read(inner_source) if inner_source is not None else ([], False)
            if not read:
                state = None
                continue
            found, state = _group(inner, state, bounds)
            clauses += found
        else:
            state = _char(atom, bounds, state, clauses)
    return clauses, state


def _group(alternatives: list[list[Atom]], state: State, bounds: tuple[int, int]) -> tuple[Clauses, State]:
    """A group's clauses (each alternative's, joined) and the state after it, repeated within `bounds`."""
    results = [_sequence(alternative, state) for alternative in alternatives]
    clauses: Clauses = []
    if bounds[0] >= 1:
        if len(results) == 1:
            clauses = results[0][0]
        elif all(found for found, _ in results):
            clauses = _joined([found for found, _ in results])
    ends = [end for _, end in results]
    if bounds[0] == 0:
        ends.append(state)
    if bounds[1] > 1:   # repeated: only a group that returns to a bound each time keeps one
        return clauses, _AT_BOUND if all(end == _AT_BOUND for end in ends) else None
    if any(end is None for end in ends):
        return clauses, None
    merged = frozenset().union(*(end for end in ends if end is not None))
    return clauses, merged if len(merged) <= MAX_VARIANTS else None


def _joined(alternatives: list[Clauses]) -> Clauses:
    """Clauses of a choice between alternatives: a clause of each, joined (the smallest `MAX_JOINED` such)."""
    joined: Clauses = [frozenset()]
    for found in alternatives:
        joined = sorted({done | clause for done in joined for clause in found}, key=_size)[:MAX_JOINED]
    return joined


def _size(clause: frozenset[str]) -> tuple[int, list[str]]:
    return len(clause), sorted(clause)


def _ended(state: State, clauses: Clauses) -> State:
    """At a bound: the word that runs up to it is a whole word of the message (a clause)."""
    if state is not None and "" not in state:
        clauses.append(state)
    return _AT_BOUND


def _char(atom: str, bounds: tuple[int, int], state: State, clauses: Clauses) -> State:
    """The state after one character atom (a literal, an escape, a class) repeated within `bounds`."""
    chars = _matched(atom)
    if chars is None:
        return None
    if not chars & _WORD_CHARS:   # no word character: a bound when it must occur
        if bounds[0] >= 1:
            return _ended(state, clauses)
        return state if state == _AT_BOUND else None
    if not chars <= _WORD_CHARS or bounds[1] > 1 or state is None:
        return None
    grown = frozenset(word + char for word in state for char in chars)
    if bounds[0] == 0:
        grown |= state
    return grown if len(grown) <= MAX_VARIANTS else None


@cache
def _matched(atom: str) -> frozenset[str] | None:
    """The ASCII characters one character atom matches (the normalised message is ASCII), or None if it is not
    one character."""
    if atom.startswith("\\") and atom[1:2].isdigit():
        return None
    try:
        regex = re.compile(atom)
    except re.error:
        return None
    if regex.groups or any(regex.fullmatch(pair) for pair in ("", "ab", "a\n")):
        return None
    chars = frozenset(char for char in _ASCII if regex.fullmatch(char))
    return chars or None


def _group_source(atom: str) -> str | None:
    """The inside of a plain or non-capturing group, or None for any other kind."""
    if atom.startswith("(?:"):
        return atom[3:-1]
    if atom.startswith("(?"):
        return None
    return atom[1:-1]


def _bounds(quantifier: str) -> tuple[int, int] | None:
    """(least, most) repetitions of a quantifier, its lazy or possessive mark aside; most 2 stands for "more than
    once"; None if not read."""
    mark = quantifier[:-1] if len(quantifier) > 1 and quantifier[-1] in "?+" else quantifier
    if mark in _MARKS:
        return _MARKS[mark]
    repeat = _REPEAT.fullmatch(mark)
    if repeat is None:
        return None
    least = int(repeat.group(1) or 0)
    most = least if not repeat.group(2) else int(repeat.group(3)) if repeat.group(3) else 2
    return least, 1 if most <= 1 else 2
