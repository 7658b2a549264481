"""A long pasted line that is almost a command (a flag, then a long token, then a gap) is read in one pass: the
command-line shape consumes one character a step, so a 40-character token cannot make it try every split."""

from __future__ import annotations

from wetopi_memory.retain.raw_output import raw_output_kind


def test_a_long_line_after_a_flag_is_read_as_output() -> None:
    line = "run --fast " + "a" * 48 + "  b"
    assert raw_output_kind(f"Output:\n```\n{line}\nline two\nline three\n```") == "code-block"


def test_commands_with_flags_are_still_steps() -> None:
    block = "```\nvelero backup create wp-nube --include-namespaces wp-nube\nkubectl -n wp-nube get pods\n```"
    assert raw_output_kind(f"Pasos:\n{block}") is None
