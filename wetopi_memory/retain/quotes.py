"""What a quoted passage is, for every reader of a turn: words between a matching pair of quote marks, where a single
quote counts only when it is not an apostrophe inside a word ("don't")."""

from __future__ import annotations

import re

__all__ = ["quoted_passages"]

_PAIRS = (("«", "»"), ("“", "”"), ('"', '"'), ("‘", "’"), ("'", "'"))


def quoted_passages(min_chars: int = 0, max_chars: int | None = None, *, lines: bool = True) -> re.Pattern[str]:
    """A pattern for quoted passages of `min_chars`..`max_chars` characters (across lines only when `lines`)."""
    size = f"{{{min_chars},{'' if max_chars is None else max_chars}}}"
    newline = "" if lines else r"\n"
    forms = [f"{re.escape(opening)}[^{re.escape(closing)}{newline}]{size}{re.escape(closing)}"
             for opening, closing in _PAIRS]
    return re.compile(r"(?<!\w)(?:" + "|".join(forms) + r")(?!\w)")
