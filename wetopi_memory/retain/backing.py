"""Which of a turn's tool calls back a sentence (design §14): successful calls of the sentence's domain, found by
the scopes their tool routes to or by the words their output shares with the sentence."""

from __future__ import annotations

from dataclasses import dataclass

from cachetools import LRUCache

from ..router.rules import RuleRouter
from .evidence import TurnEvidence
from .term_matching import WORD, fold

__all__ = ["BackingIndex"]

# Office errands (a calendar, the mail, notes): what they change is an appointment or a message, never the platform.
_OFFICE_TOOL_PREFIXES = ("calendar", "mcp_calendar", "email", "mail", "gmail", "outlook", "contacts", "docs", "drive",
                         "sheets", "notion", "todo", "tasks")
_STOP_EVIDENCE_WORDS = frozenset({"cmd", "file", "url", "args", "no", "the", "get", "run", "sudo", "bash", "sh",
                                  "python", "python3", "echo", "cat", "ls", "cd"})


@dataclass(frozen=True, slots=True)
class _BackingCall:
    """A successful tool call that may back a sentence: its ref, the scopes its tool routes to, its digest words."""

    ref: str
    scopes: frozenset[str]
    words: frozenset[str]
    office: bool = False


class BackingIndex:
    """The backing calls of the turn being judged, computed once per turn; tools' scopes remembered across turns."""

    def __init__(self, router: RuleRouter) -> None:
        self.router = router
        self._tool_scopes: LRUCache[str, frozenset[str]] = LRUCache(maxsize=1024)
        self._evidence_cache: tuple[TurnEvidence, list[_BackingCall]] | None = None

    def supports(self, text: str, scope: str, evidence: TurnEvidence) -> tuple[str, ...]:
        """Evidence refs of successful tool calls that back a sentence in a scope (same domain, last call ok)."""
        if not evidence.items:
            return ()
        words = set(WORD.findall(fold(text)))
        refs = [call.ref for call in self._backing_calls(evidence) if scope in call.scopes or (call.words & words)]
        return tuple(dict.fromkeys(refs))

    def all_elsewhere(self, evidence: TurnEvidence, scope: str) -> bool:
        """Whether every successful call's tool routes to scopes other than `scope` (a calendar write, a CRM), or is
        an office errand when `scope` is the platform (`calendar_list`, `email_send`): such calls check nothing of
        `scope`."""
        calls = self._backing_calls(evidence)
        return bool(calls) and all((call.scopes and scope not in call.scopes) or (call.office and scope == "platform")
                                   for call in calls)

    def _backing_calls(self, evidence: TurnEvidence) -> list[_BackingCall]:
        """Each successful call whose tool's last call succeeded."""
        cached = self._evidence_cache
        if cached is not None and cached[0] is evidence:
            return cached[1]
        last: dict[str, bool] = {}
        for item in evidence.items:
            last[item.tool] = item.ok
        index: list[_BackingCall] = []
        for item in evidence.world:
            if not item.ok or not last.get(item.tool, False):
                continue
            scopes = self._tool_scopes.get(item.tool)
            if scopes is None:
                scopes = self._tool_scopes[item.tool] = frozenset(
                    self.router.route("", tools=[item.tool]).scope_names)
            digest_words = frozenset(w for w in WORD.findall(fold(item.digest.split(":", 1)[-1]))
                                     if len(w) >= 3 and w not in _STOP_EVIDENCE_WORDS)
            index.append(_BackingCall(ref=item.ref, scopes=scopes, words=digest_words,
                                      office=item.tool.lower().startswith(_OFFICE_TOOL_PREFIXES)))
        self._evidence_cache = (evidence, index)
        return index
