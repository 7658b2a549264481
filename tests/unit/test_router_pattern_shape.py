"""The top-level shape of a pattern read from its source: alternatives, atoms, and whether every match holds "?"."""

from __future__ import annotations

import re

import pytest

from wetopi_memory.router.explicit_rules import EXPLICIT_TRIGGERS
from wetopi_memory.router.pattern_shape import holds_question_mark, top_level


@pytest.mark.parametrize("pattern", [
    r"\bwhat\b[^.!?]*\?", r"a\?", r"(a|b)\?", r"[?]", r"a[]?]\?", r"(?:x|y)[^\]?]*\?", r"que\s+\w+\?$",
])
def test_a_pattern_whose_every_match_holds_a_question_mark(pattern: str) -> None:
    assert holds_question_mark(pattern)


@pytest.mark.parametrize("pattern", [
    None, r"a\??", r"a\?*", r"a\?{0,1}", r"a|b\?", r"a\\?", r"[^?]+", r"\?|no", r"(?x) a \?", r"(a\?", r"a[\?",
    r"what\b", r"x\?+",
])
def test_a_pattern_with_a_match_without_a_question_mark_or_not_understood(pattern: str | None) -> None:
    assert not holds_question_mark(pattern)


@pytest.mark.parametrize("pattern", [r"a\??", r"a|b\?", r"[^?]+", r"\?|no"])
def test_what_is_not_held_has_a_match_without_a_question_mark(pattern: str) -> None:
    assert any("?" not in m.group() for text in ("a", "b", "no", "xyz") if (m := re.search(pattern, text)))


def test_every_trigger_pattern_is_read_whole_and_its_atoms_rebuild_it() -> None:
    for trigger in EXPLICIT_TRIGGERS:
        for pattern in (trigger.pattern, trigger.also, trigger.unless, trigger.before):
            if pattern is None:
                continue
            alternatives, read = top_level(pattern)
            assert read, pattern
            atoms = "|".join("".join(atom for atom, _ in alternative) for alternative in alternatives)
            assert len(atoms) <= len(pattern) and all(atom in pattern for alt in alternatives for atom, _ in alt)


def test_top_level_alternatives_ignore_bars_inside_groups_and_classes() -> None:
    alternatives, read = top_level(r"(?:a|b)[|]c|d\|e")
    assert read
    assert [[atom for atom, _ in alt] for alt in alternatives] == [["(?:a|b)", "[|]", "c"], ["d", "\\|", "e"]]
