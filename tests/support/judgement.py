"""Drives labelled corpus turns through the Hermes plugin as Hermes drives it, and scores what each scope got.

One `PluginDriver` is one Hermes process: the plugin on the local backend in a temporary state dir, the speaker
Ana (`telegram:1001`, all three scopes). `run(case)` fires pre_llm_call → post_tool_call per tool →
post_llm_call (with `conversation_history`), flushes the outbox and reads back what each bank stored.
`score_turns` turns the outcomes into per-scope precision/recall, fact recall and the exact-stores share.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.texts import ANA_IDENTITIES, PLUGIN_CONFIG
from wetopi_memory.config import LoadedConfig, parse_config
from wetopi_memory.hermes import HermesPlugin, build_plugin
from wetopi_memory.hermes import runtime as _runtime

SCOPES: tuple[str, ...] = ("personal", "business", "platform")
BANKS: dict[str, str] = {"user-u_ana": "personal", "wetopi-business": "business", "wetopi-platform": "platform"}
# The plugin's tools that write: a corpus turn's call of one is run as Hermes runs it (the model called it).
WRITING_TOOLS: frozenset[str] = frozenset({"memory_retain"})
SPEAKER = {"platform": "telegram", "sender_id": "1001"}


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call of a corpus turn, with its output."""

    name: str
    args: dict[str, Any]
    result: str
    status: str = "ok"


@dataclass(frozen=True, slots=True)
class TurnCase:
    """One labelled turn of `tests/corpus/turns/*.jsonl` (format in tests/corpus/README.md)."""

    id: str
    lang: str
    agent: str
    history: tuple[dict[str, Any], ...]
    user: str
    assistant: str
    tools: tuple[ToolCall, ...]
    expect: dict[str, tuple[tuple[str, ...], ...]]
    forbid: dict[str, tuple[str, ...]]
    why: str = ""


def load_turns(path: Path) -> list[TurnCase]:
    """Every case of a turns corpus; a malformed line is an error naming the file and line."""
    cases: list[TurnCase] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            cases.append(TurnCase(
                id=str(row["id"]), lang=str(row.get("lang", "")), agent=str(row.get("agent", "wetopi-lead")),
                history=tuple(row.get("history") or ()), user=str(row["user"]),
                assistant=str(row.get("assistant", "")),
                tools=tuple(ToolCall(name=t["name"], args=dict(t.get("args") or {}), result=str(t.get("result", "")),
                                     status=str(t.get("status", "ok"))) for t in row.get("tools") or ()),
                expect={s: tuple(tuple(f) for f in facts) for s, facts in (row.get("expect") or {}).items()},
                forbid={s: tuple(v) for s, v in (row.get("forbid") or {}).items()}, why=str(row.get("why", ""))))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path}:{number}: bad turn record ({type(exc).__name__}: {exc})") from None
    return cases


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """What each scope stored for one case."""

    case: TurnCase
    stored: dict[str, tuple[str, ...]]

    def fact_found(self, scope: str, fact: Sequence[str]) -> bool:
        return any(all(part.lower() in item.lower() for part in fact) for item in self.stored.get(scope, ()))

    def forbidden_found(self, scope: str) -> tuple[str, ...]:
        return tuple(f for f in self.case.forbid.get(scope, ())
                     if any(f.lower() in item.lower() for item in self.stored.get(scope, ())))

    @property
    def exact(self) -> bool:
        """Exactly the expected scopes stored, every expected fact found, nothing forbidden."""
        return (set(self.stored) == set(self.case.expect)
                and all(self.fact_found(s, f) for s, facts in self.case.expect.items() for f in facts)
                and not any(self.forbidden_found(s) for s in SCOPES))


class PluginDriver:
    """The plugin of one Hermes process on the local backend; `run` drives one corpus turn through its hooks."""

    def __init__(self, root: Path) -> None:
        ids = root / "ids.yaml"
        ids.write_text(ANA_IDENTITIES)
        self.db = root / "memory.db"
        text = PLUGIN_CONFIG.replace("DB", str(self.db)).replace("IDS", str(ids))
        loaded = LoadedConfig(parse_config(text, "config.yaml", {}), "config.yaml")
        self.runtime = _runtime.Runtime(name="judgement-plugin-io")
        self.plugin: HermesPlugin = build_plugin({"WETOPI_MEMORY_STATE_DIR": str(root / "state")}, config=loaded,
                                                 runtime=self.runtime)
        self.hooks: dict[str, Any] = {}
        self.tools: dict[str, Any] = {}
        self.plugin.register_with(self)
        self._seen = 0

    def register_tool(self, *args: Any, name: str = "", handler: Any = None, **kwargs: Any) -> None:
        """PluginContext.register_tool: the plugin's own tools, run when a corpus turn calls them."""
        if name and handler is not None:
            self.tools[name] = handler

    def register_hook(self, name: str, callback: Any) -> None:
        self.hooks[name] = callback

    def _hook(self, name: str, **kwargs: Any) -> Any:
        return self.hooks[name](telemetry_schema_version="hermes.observer.v1", **kwargs)

    def run(self, case: TurnCase) -> TurnOutcome:
        """One turn in Hermes' order, then what each scope stored from it."""
        session, turn = f"s-{case.id}", f"s-{case.id}:t:1"
        history = list(case.history)
        common = {"session_id": session, "task_id": "t", "turn_id": turn, "model": "m"}
        self._hook("pre_llm_call", user_message=case.user, conversation_history=history, is_first_turn=not history,
                   **common, **SPEAKER)
        for call in case.tools:
            if call.name in WRITING_TOOLS and call.name in self.tools:  # Hermes runs the plugin's tool, then the hook
                self.tools[call.name](dict(call.args), session_id=session, turn_id=turn, task_id="t")
            self._hook("post_tool_call", tool_name=call.name, args=call.args, result=call.result, status=call.status,
                       platform="telegram", **common)
        full = [*history, {"role": "user", "content": case.user}, {"role": "assistant", "content": case.assistant}]
        self._hook("post_llm_call", user_message=case.user, assistant_response=case.assistant,
                   conversation_history=full, platform="telegram", **common)
        self._hook("on_session_end", completed=True, interrupted=False, platform="telegram", **common)
        self.runtime.run(self.plugin.gateway.flush(5.0), 15)
        return TurnOutcome(case=case, stored=self._new_items())

    def stored_by(self, name: str, user: str, assistant: str = "Ok.", *, before: str = "", asked: str = "",
                  tools: tuple[ToolCall, ...] = ()) -> dict[str, tuple[str, ...]]:
        """What one hand-written turn stored, per scope; `before` is the assistant's previous message (answering
        the user's `asked`), for turns that agree to it."""
        history: tuple[dict[str, Any], ...] = (
            {"role": "user", "content": asked}, {"role": "assistant", "content": before}) if before else ()
        case = TurnCase(id=name, lang="", agent="wetopi-lead", history=history, user=user, assistant=assistant,
                        tools=tools, expect={}, forbid={})
        return self.run(case).stored

    def imported(self, entries: Sequence[str], directory: Path) -> list[Any]:
        """The import report's entries for a MEMORY.md of `entries` (one per `§`), imported as Ana."""
        source = directory / "MEMORY.md"
        source.write_text("\n§\n".join(entries) + "\n", encoding="utf-8")
        plane = self.plugin.plane
        self.plugin.retain_coordinator()
        ana = plane.identify("telegram", "1001")
        return list(self.runtime.run(plane.import_memory_md(ana, source, deliver_timeout=10.0), 30).entries)

    def _new_items(self) -> dict[str, tuple[str, ...]]:
        """Documents stored since the last call, per scope."""
        if not self.db.exists():
            return {}
        with sqlite3.connect(self.db) as conn:
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memories'").fetchone() is None:
                return {}  # nothing stored yet: the backend creates its tables on the first write
            rows = conn.execute("SELECT m.id, b.bank_id, m.content FROM memories m JOIN banks b ON b.key = m.bank_key"
                                " WHERE m.id > ? ORDER BY m.id", (self._seen,)).fetchall()
        out: dict[str, list[str]] = {}
        for row_id, bank, content in rows:
            self._seen = max(self._seen, int(row_id))
            out.setdefault(BANKS.get(bank, bank), []).append(str(content))
        return {scope: tuple(items) for scope, items in out.items()}

    def close(self) -> None:
        self.plugin.close(5)
        self.runtime.shutdown(5)


def stored_text(stored: Mapping[str, Sequence[str]]) -> str:
    """Everything a turn stored, all scopes joined: for asserting what must appear nowhere."""
    return " ".join(item for items in stored.values() for item in items)


@contextmanager
def plugin_driver() -> Iterator[PluginDriver]:
    """A driver in a temporary directory, closed afterwards."""
    with tempfile.TemporaryDirectory(prefix="wm-judgement-") as tmp:
        driver = PluginDriver(Path(tmp))
        try:
            yield driver
        finally:
            driver.close()


@dataclass(slots=True)
class ScopeScore:
    """Counts on (turn, scope) pairs, and fact recall, for one scope."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    facts: int = 0
    facts_found: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def fact_recall(self) -> float:
        return self.facts_found / self.facts if self.facts else 1.0


@dataclass(slots=True)
class CurationScore:
    """The figures of one corpus part."""

    scopes: dict[str, ScopeScore] = field(default_factory=lambda: {s: ScopeScore() for s in SCOPES})
    turns: int = 0
    exact: int = 0
    forbidden: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def exact_share(self) -> float:
        return self.exact / self.turns if self.turns else 1.0


def score_turns(outcomes: Sequence[TurnOutcome]) -> CurationScore:
    """Per-scope precision/recall on (turn, scope) pairs, fact recall, exact-stores share, and each miss."""
    score = CurationScore()
    for outcome in outcomes:
        score.turns += 1
        score.exact += outcome.exact
        problems: list[str] = []
        for scope in SCOPES:
            got, want, counts = scope in outcome.stored, scope in outcome.case.expect, score.scopes[scope]
            counts.tp += got and want
            counts.fp += got and not want
            counts.fn += want and not got
            if got and not want:
                problems.append(f"+{scope}: {_short(outcome.stored[scope])}")
            if want and not got:
                problems.append(f"-{scope}")
            for fact in outcome.case.expect.get(scope, ()):
                counts.facts += 1
                found = outcome.fact_found(scope, fact)
                counts.facts_found += found
                if got and not found:
                    problems.append(f"~{scope} lacks {list(fact)}: {_short(outcome.stored[scope])}")
            bad = outcome.forbidden_found(scope)
            score.forbidden += len(bad)
            problems += [f"!{scope} has forbidden {b!r}" for b in bad]
        if problems:
            score.misses.append(f"{outcome.case.id}: " + " | ".join(problems))
    return score


def _short(items: Sequence[str], limit: int = 160) -> str:
    text = " ‖ ".join(items)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def run_corpus(cases: Sequence[TurnCase]) -> list[TurnOutcome]:
    """Every case through one plugin, in order."""
    with plugin_driver() as driver:
        return [driver.run(case) for case in cases]


def format_score(name: str, score: CurationScore) -> str:
    """The printed figures of one part."""
    lines = [f"{name}: {score.turns} turns, exact stores {score.exact_share:.1%}, forbidden hits {score.forbidden}"]
    for scope, s in score.scopes.items():
        lines.append(f"  {scope:9} precision {s.precision:.3f} recall {s.recall:.3f} "
                     f"(tp {s.tp} fp {s.fp} fn {s.fn})  fact recall {s.fact_recall:.3f} ({s.facts_found}/{s.facts})")
    return "\n".join(lines)


def summary(score: CurationScore) -> Mapping[str, float]:
    """The headline figures as a flat mapping (for tests and JSON)."""
    out: dict[str, float] = {"exact_share": score.exact_share}
    for scope, s in score.scopes.items():
        out[f"{scope}.precision"], out[f"{scope}.recall"] = s.precision, s.recall
    return out
