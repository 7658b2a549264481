"""Tool names as routing evidence: a turn's tool names read once (whatever the caller passed), and the tool-glob
rules they match, remembered per name."""

from __future__ import annotations

import re
from typing import Final

from .compiled import Term
from .memo import BoundedMemo

MAX_TOOLS: Final = 64
MAX_TOOL_NAME_CHARS: Final = 200
TOOL_CACHE_SIZE: Final = 1024


def tool_names(tools: object) -> tuple[str, ...]:
    """The first `MAX_TOOLS` tool names of a turn, stripped and casefolded; a single name is one tool, and
    anything that is not a sequence of names is no tool evidence rather than an error."""
    if isinstance(tools, str):
        tools = (tools,)
    try:
        names = list(tools[:MAX_TOOLS])   # type: ignore[index]
    except Exception:
        return ()
    return tuple(name[:MAX_TOOL_NAME_CHARS].strip().casefold() for name in names if isinstance(name, str))


class ToolMatcher:
    """The tool terms (globs over tool names) of one router, with a bounded memo of name -> matching terms."""

    def __init__(self, terms: tuple[Term, ...], any_tool: re.Pattern[str]) -> None:
        self._terms = terms
        self._any = any_tool
        self._cache: BoundedMemo[str, tuple[Term, ...]] = BoundedMemo(TOOL_CACHE_SIZE)

    def match(self, names: tuple[str, ...], allowed: frozenset[str] | None, found: dict[int, Term]) -> None:
        """Add the tool terms matching `names` (from `tool_names`) to `found`."""
        cache = self._cache
        for name in names:
            terms = cache.get(name)
            if terms is None:
                terms = self._terms_of(name)
            for term in terms:
                if allowed is None or term.scope in allowed:
                    found[term.rank] = term

    def _terms_of(self, name: str) -> tuple[Term, ...]:
        terms: tuple[Term, ...] = ()
        if self._any.match(name):
            terms = tuple(t for t in self._terms if t.regex is not None and t.regex.match(name))
        return self._cache.put(name, terms)
