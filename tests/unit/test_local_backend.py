"""LocalBackend against real SQLite files: round trips, search semantics, tag filters, isolation, migration,
concurrency."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import pytest

from wetopi_memory.backends.base import MemoryBackend
from wetopi_memory.backends.local import REFLECT_UNSUPPORTED, SCHEMA_VERSION, LocalBackend
from wetopi_memory.errors import BackendError, BackendRequestError, BackendUnavailableError
from wetopi_memory.models import (
    BankConfigState,
    BankInfo,
    MemoryRecord,
    RecallQuery,
    ReflectAnswer,
    RetainItem,
    RetainReceipt,
    TagsMatch,
)

T = TypeVar("T")


def with_backend(path: Path, fn: Callable[[LocalBackend], Awaitable[T]]) -> T:
    """Run `fn` against a fresh LocalBackend on `path`, closing it afterwards."""

    async def go() -> T:
        backend = LocalBackend(path)
        try:
            return await fn(backend)
        finally:
            await backend.aclose()

    return asyncio.run(go())


def item(content: str, doc: str, *, tags: tuple[str, ...] = (), when: datetime | None = None) -> RetainItem:
    return RetainItem(content=content, document_id=doc, tags=tags, timestamp=when)


def contents(records: list[MemoryRecord]) -> list[str]:
    return [r.content for r in records]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "memory.db"


# -- basics ------------------------------------------------------------------------------------------


def test_is_a_memory_backend(db: Path) -> None:
    backend = LocalBackend(db)
    assert isinstance(backend, MemoryBackend)
    assert backend.kind == "local"
    assert not db.exists(), "constructing the backend must not touch the disk"


def test_retain_then_recall_round_trip(db: Path) -> None:
    when = datetime(2025, 3, 4, 10, 30, tzinfo=UTC)

    async def go(b: LocalBackend) -> tuple[RetainReceipt, list[MemoryRecord], list[MemoryRecord]]:
        receipt = await b.retain("team-ops", [
            RetainItem(content="The staging server for Globex runs PHP 8.3", document_id="d1",
                       context="ops channel", timestamp=when, tags=("ops", "globex"),
                       metadata={"source": "slack"}),
            item("Alice prefers email over phone calls", "d2"),
            item("Invoices are sent on the first Monday of each month", "d3"),
        ])
        hits = await b.recall("team-ops", RecallQuery("which PHP version does Globex staging use?"))
        other = await b.recall("team-ops", RecallQuery("Alice email"))
        return receipt, hits, other

    receipt, hits, other = with_backend(db, go)
    assert db.exists()
    assert receipt == RetainReceipt(bank="team-ops", items_count=3)
    assert len(hits) == 1
    hit = hits[0]
    assert hit.content == "The staging server for Globex runs PHP 8.3"
    assert hit.type == "world"
    assert hit.tags == ("ops", "globex")
    assert hit.document_id == "d1"
    assert hit.score > 0
    assert hit.occurred_at is not None and datetime.fromisoformat(hit.occurred_at) == when
    assert contents(other) == ["Alice prefers email over phone calls"]
    assert other[0].id != hit.id


def test_ranking_prefers_more_relevant_and_scores_descend(db: Path) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [
            item("Redis cache purge runbook: purge the Redis cache then restart workers", "best"),
            item("Redis is used for object caching", "mid"),
            item("The weekly meeting is on Tuesday", "none"),
        ])
        return await b.recall("b", RecallQuery("redis cache purge"))

    hits = with_backend(db, go)
    assert [h.document_id for h in hits] == ["best", "mid"]
    assert hits[0].score > hits[1].score > 0


def test_recency_breaks_ties_toward_newer(db: Path) -> None:
    now = datetime.now(UTC)

    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [
            item("Backup window is at 03:00 UTC", "old", when=now - timedelta(days=400)),
            item("Backup window is at 03:00 UTC", "new", when=now - timedelta(hours=1)),
            item("Unrelated filler about invoices", "x1"),
            item("More unrelated filler about domains", "x2"),
        ])
        return await b.recall("b", RecallQuery("backup window"))

    hits = with_backend(db, go)
    assert [h.document_id for h in hits] == ["new", "old"]
    assert hits[0].score > hits[1].score


@pytest.mark.parametrize(("stored", "query"), [
    ("La configuración del servidor de correo", "configuracion"),
    ("La configuracion del servidor de correo", "configuración"),
    ("Migración completada el miércoles", "MIGRACION miercoles"),
    ("Ñandú Logística pidió factura", "nandu"),
    ("Café con Begoña en València", "cafe begona valencia"),
])
def test_accent_and_case_insensitive_match(db: Path, stored: str, query: str) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("es", [item(stored, "d"), item("Something else entirely", "e")])
        return await b.recall("es", RecallQuery(query))

    assert contents(with_backend(db, go)) == [stored]


def test_decomposed_unicode_matches_composed(db: Path) -> None:
    decomposed = "configuracio\u0301n del DNS"

    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("es", [item(decomposed, "d")])
        return await b.recall("es", RecallQuery("configuración"))

    assert [h.document_id for h in with_backend(db, go)] == ["d"]


def test_stopwords_do_not_drag_in_unrelated_memories(db: Path) -> None:
    async def go(b: LocalBackend) -> tuple[list[MemoryRecord], list[MemoryRecord]]:
        await b.retain("b", [item("The cat is on the roof", "cat"), item("The invoice for Globex", "inv")])
        return (await b.recall("b", RecallQuery("what is the invoice status?")),
                await b.recall("b", RecallQuery("the")))

    specific, only_stopword = with_backend(db, go)
    assert [h.document_id for h in specific] == ["inv"]
    assert sorted(h.document_id or "" for h in only_stopword) == ["cat", "inv"]


def test_types_are_all_served_by_world_memories(db: Path) -> None:
    async def go(b: LocalBackend) -> list[list[MemoryRecord]]:
        await b.retain("b", [item("Bruno manages the Lisboa office", "d")])
        return [await b.recall("b", RecallQuery("Bruno", types=types))
                for types in (None, ("world",), ("observation",), ("experience", "observation"))]

    for hits in with_backend(db, go):
        assert [(h.document_id, h.type) for h in hits] == [("d", "world")]


def test_limit_and_max_tokens_cut_the_list(db: Path) -> None:
    body = "deploy checklist " + "x" * 380  # ~400 chars, ~100 tokens each

    async def go(b: LocalBackend) -> dict[str, int]:
        await b.retain("b", [item(f"{body} {i}", f"d{i}") for i in range(10)])
        return {
            "default": len(await b.recall("b", RecallQuery("deploy checklist"))),
            "limit3": len(await b.recall("b", RecallQuery("deploy checklist", limit=3))),
            "tokens250": len(await b.recall("b", RecallQuery("deploy checklist", max_tokens=250))),
            "tokens50": len(await b.recall("b", RecallQuery("deploy checklist", max_tokens=50))),
            "limit0": len(await b.recall("b", RecallQuery("deploy checklist", limit=0))),
        }

    # 50 tokens is less than the best memory alone: it still comes back (the caller trims), alone.
    assert with_backend(db, go) == {"default": 10, "limit3": 3, "tokens250": 2, "tokens50": 1, "limit0": 0}


def test_top_hit_is_returned_even_when_it_alone_exceeds_the_budget(db: Path) -> None:
    huge = "incident postmortem " + "y" * 20_000

    async def go(b: LocalBackend) -> list[list[str | None]]:
        await b.retain("b", [item(huge, "huge"), item("short incident note", "short"),
                             item(huge.replace("incident", "another incident"), "huge2")])
        return [[h.document_id for h in await b.recall("b", RecallQuery(q, max_tokens=10))]
                for q in ("postmortem", "incident")]

    only_huge, mixed = with_backend(db, go)
    assert only_huge == ["huge"]
    assert len(mixed) == 1  # the best hit, whatever its size; nothing after it fits 10 tokens


# -- scores ------------------------------------------------------------------------------------------

# Memories dated in the future have age 0 (it is clamped), so their recency factor is exactly 1.1 and a
# score cannot drift with the wall clock between two recalls.
FUTURE = datetime.now(UTC) + timedelta(days=3650)


def test_scores_are_in_unit_interval_and_follow_bm25_times_recency(db: Path) -> None:
    docs = {"best": "Redis cache purge runbook: purge the Redis cache then restart workers",
            "mid": "Redis is used for object caching",
            "weak": "The purge of old invoices happens yearly",
            "none": "The weekly meeting is on Tuesday"}
    query = "redis cache purge"

    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("other", [item("Redis Redis Redis cache purge everywhere", "o")])
        await b.retain("b", [item(text, doc, when=FUTURE) for doc, text in docs.items()])
        return await b.recall("b", RecallQuery(query))

    hits = with_backend(db, go)
    assert [h.document_id for h in hits] == ["best", "mid", "weak"]
    assert all(0.0 < h.score <= 1.0 for h in hits)
    assert hits[0].score > hits[1].score > hits[2].score

    # The documented mapping: r = -bm25(content 1.0, context 0.3) × recency (1.1 here); score = r / (r + 2·n).
    with sqlite3.connect(db) as conn:
        key = conn.execute("SELECT key FROM banks WHERE bank_id = 'b'").fetchone()[0]
        fts = f"fts_{key}"
        rows = conn.execute(f"SELECT m.document_id, -bm25({fts}, 1.0, 0.3, 0.0) * 1.1 FROM {fts} JOIN memories m"
                            f" ON m.id = {fts}.rowid WHERE {fts} MATCH ?"
                            " ORDER BY 2 DESC", ('{content context} : ("redis" OR "cache" OR "purge")',)).fetchall()
    n = 3
    assert [doc for doc, _ in rows] == [h.document_id for h in hits]
    assert [h.score for h in hits] == pytest.approx([r / (r + 2.0 * n) for _, r in rows], rel=1e-12)


def test_scores_saturate_but_stay_ordered(db: Path) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [item("filler about something else " + str(i), f"f{i}") for i in range(50)])
        await b.retain("b", [item("zqx " * k, f"k{k}") for k in (1, 2, 5, 20)])
        return await b.recall("b", RecallQuery("zqx"))

    hits = with_backend(db, go)
    assert sorted(h.document_id or "" for h in hits) == ["k1", "k2", "k20", "k5"]
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 < s <= 1.0 for s in scores)


# -- tag filters -------------------------------------------------------------------------------------

TAGGED = {"untagged": (), "a": ("a",), "b": ("b",), "ab": ("a", "b"), "c": ("c",)}


@pytest.mark.parametrize(("tags", "mode", "expected"), [
    (("a", "b"), "any", {"untagged", "a", "b", "ab"}),
    (("a", "b"), "all", {"untagged", "ab"}),
    (("a", "b"), "any_strict", {"a", "b", "ab"}),
    (("a", "b"), "all_strict", {"ab"}),
    (("a",), "any", {"untagged", "a", "ab"}),
    (("a",), "all_strict", {"a", "ab"}),
    (("a", "a"), "all_strict", {"a", "ab"}),
    (("zzz",), "any", {"untagged"}),
    (("zzz",), "any_strict", set()),
    ((), "any_strict", {"untagged", "a", "b", "ab", "c"}),
])
def test_tag_filters(db: Path, tags: tuple[str, ...], mode: TagsMatch, expected: set[str]) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [item(f"shared fact number {doc}", doc, tags=t) for doc, t in TAGGED.items()])
        return await b.recall("b", RecallQuery("shared fact", tags=tags, tags_match=mode))

    assert {h.document_id for h in with_backend(db, go)} == expected


def test_unknown_tags_match_is_a_request_error(db: Path) -> None:
    with pytest.raises(BackendRequestError):
        with_backend(db, lambda b: b.recall("b", RecallQuery("x", tags=("a",),
                                                             tags_match="some")))  # type: ignore[arg-type]


# -- document_id replace -----------------------------------------------------------------------------


def test_document_id_replaces_and_redelivery_is_idempotent(db: Path) -> None:
    batch = [item("Renewal for Hotel Mirador is due in March", "doc-1", tags=("billing",)),
             item("Hotel Mirador uses Cloudflare", "doc-2")]

    async def go(b: LocalBackend) -> dict[str, object]:
        await b.retain("b", batch)
        await b.retain("b", batch)
        twice = await b.recall("b", RecallQuery("Hotel Mirador"))
        count_twice = await b.count("b")
        await b.retain("b", [item("Renewal for Hotel Mirador moved to April", "doc-1")])
        await b.retain("other", [item("Renewal for Hotel Mirador is due in March", "doc-1")])
        return {"twice": sorted(contents(twice)), "count_twice": count_twice,
                "march": contents(await b.recall("b", RecallQuery("March"))),
                "april": contents(await b.recall("b", RecallQuery("April"))),
                "count": await b.count("b"), "other": await b.count("other")}

    result = with_backend(db, go)
    assert result["twice"] == ["Hotel Mirador uses Cloudflare", "Renewal for Hotel Mirador is due in March"]
    assert result["count_twice"] == 2
    assert result["march"] == []
    assert result["april"] == ["Renewal for Hotel Mirador moved to April"]
    assert result["count"] == 2
    assert result["other"] == 1


def test_retain_rejects_empty_content_without_partial_write(db: Path) -> None:
    async def go(b: LocalBackend) -> int:
        with pytest.raises(BackendRequestError):
            await b.retain("b", [item("valid memory", "ok"), item("   ", "blank")])
        return await b.count("b")

    assert with_backend(db, go) == 0


# -- banks and config --------------------------------------------------------------------------------


def test_missing_bank_has_no_memories_and_is_not_created(db: Path) -> None:
    async def go(b: LocalBackend) -> tuple[list[MemoryRecord], BankConfigState | None, list[BankInfo], int]:
        await b.retain("exists", [item("something to find", "d")])
        return (await b.recall("ghost", RecallQuery("something")), await b.get_config("ghost"),
                list(await b.list_banks()), await b.count("ghost"))

    hits, config, banks, count = with_backend(db, go)
    assert hits == [] and config is None and count == 0
    assert banks == [BankInfo(bank_id="exists", name="exists")]


def test_banks_and_config(db: Path) -> None:
    async def go(b: LocalBackend) -> None:
        assert await b.list_banks() == []
        info = await b.ensure_bank("user-a", "Alice")
        assert (info.bank_id, info.name) == ("user-a", "Alice")
        await b.retain("user-a", [item("Alice likes paella", "d")])
        await b.ensure_bank("user-a", "Alice García")  # rename keeps memories
        await b.retain("team-x", [item("created by retain", "d")])
        banks = await b.list_banks()
        assert [(x.bank_id, x.name) for x in banks] == [("team-x", "team-x"), ("user-a", "Alice García")]
        assert await b.count("user-a") == 1

        state = await b.get_config("user-a")
        assert state is not None and state.config == {} and state.overrides == {}
        state = await b.patch_config("user-a", {"retain_mission": "remember preferences", "k": 3})
        assert state.overrides == {"retain_mission": "remember preferences", "k": 3}
        state = await b.patch_config("user-a", {"k": None, "nested": {"x": [1, 2]}})
        assert state.overrides == {"retain_mission": "remember preferences", "nested": {"x": [1, 2]}}
        assert state.config == state.overrides
        assert await b.get_config("user-a") == state

        created = await b.patch_config("brand-new", {"a": 1})
        assert created.bank_id == "brand-new" and created.overrides == {"a": 1}
        assert "brand-new" in [x.bank_id for x in await b.list_banks()]
        with pytest.raises(BackendRequestError):
            await b.patch_config("user-a", {"bad": object()})

    with_backend(db, go)


def test_patch_config_merges_concurrent_updates(db: Path) -> None:
    async def go(b: LocalBackend) -> dict[str, object]:
        await asyncio.gather(*(b.patch_config("cfg", {f"key{i}": i}) for i in range(20)))
        state = await b.get_config("cfg")
        assert state is not None
        return state.overrides

    assert with_backend(db, go) == {f"key{i}": i for i in range(20)}


def test_reflect_is_honestly_unsupported(db: Path) -> None:
    async def go(b: LocalBackend) -> ReflectAnswer:
        await b.retain("b", [item("Some fact", "d")])
        return await b.reflect("b", "what do you know?", budget="high", max_tokens=100)

    assert with_backend(db, go) == ReflectAnswer(bank="b", text=REFLECT_UNSUPPORTED, supported=False)


# -- hostile input -----------------------------------------------------------------------------------

HOSTILE = ['"', "'", "(", ")", "NEAR(a b)", "a OR", "OR", "AND", "NOT", "*", "-x", "col:val", "🎉🔥",
           "", "   ", "!!!", "?¿¡!.,;:", '"unterminated', "a AND (b OR", "^start", "content:secret",
           "{content context}: x", "bank_tok : bk1", "x' OR 1=1 --", "\x00", "a" * 5000,
           " ".join(f"w{i}" for i in range(500)), "NEAR(\"a\" \"b\", 3)", "e\u0301", "_", "a_b",
           "𞤀𞤁 ǅ Ⅻ ²³", "\u200b\u200d", "x\u0301\u0302y", "ＡＮＤ（ｘ）"]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_never_raise(db: Path, query: str) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [item("a secret plan about x and bk1 content", "d")])
        return await b.recall("b", RecallQuery(query))

    hits = with_backend(db, go)
    assert all(h.document_id == "d" for h in hits)


@pytest.mark.parametrize("query", ["", "   ", "!!!", "?¿¡!.,;:", "*", "-", "()", '""', "🎉", "_"])
def test_queries_without_words_return_nothing(db: Path, query: str) -> None:
    async def go(b: LocalBackend) -> list[MemoryRecord]:
        await b.retain("b", [item("anything at all", "d")])
        return await b.recall("b", RecallQuery(query))

    assert with_backend(db, go) == []


def test_operator_words_are_searched_as_plain_words(db: Path) -> None:
    async def go(b: LocalBackend) -> list[list[str | None]]:
        await b.retain("b", [item("Ops NEAR the datacenter", "near"), item("plain fact", "plain")])
        return [[h.document_id for h in await b.recall("b", RecallQuery(q))]
                for q in ('NEAR(datacenter', '"datacenter"', "datacenter*", "-datacenter", "col:datacenter")]

    assert with_backend(db, go) == [["near"]] * 5


# -- isolation ---------------------------------------------------------------------------------------

CANARY_BANK = "user-u_1"
CANARY = "Canary zqxjkv7 the vault code for Wayne Logistics is 4417"
NEIGHBOURS = ["user-u_12", "user-u", "user-u_1-x", "user-u_10", "user-u_1 ", "USER-U_1", "user-u_",
              "user-a", "user-a-b", "user", "u_1", "bk1", "1", "%", "user-u_%", "_"]
PROBES = [CANARY, "zqxjkv7", "Canary", "vault code Wayne Logistics 4417", "*", "", "zqxjkv*",
          '"zqxjkv7"', "bk1", "bk2", 'bank_tok : "bk1"', 'zqxjkv7" OR bank_tok:"bk1', "user-u_1",
          "user u_1", "canary OR zqxjkv7 OR vault", "the", "4417"]


def test_recall_never_crosses_banks(db: Path) -> None:
    async def go(b: LocalBackend) -> list[tuple[str, str, list[str]]]:
        await b.retain(CANARY_BANK, [item(CANARY, "canary-doc", tags=("secret",))])
        for i, bank in enumerate(NEIGHBOURS):
            await b.retain(bank, [item(f"Neighbour {bank} note about the vault code for Wayne Logistics", f"n{i}"),
                                  item("zqxjkv8 is a harmless lookalike token", f"m{i}")])
        await b.retain(CANARY_BANK, [item("Ordinary note in the canary bank about the vault", "own")])
        leaks: list[tuple[str, str, list[str]]] = []
        filters: list[tuple[tuple[str, ...], TagsMatch]] = [((), "any"), (("secret",), "any_strict"),
                                                            (("secret",), "all")]
        for bank in NEIGHBOURS:
            for probe in PROBES:
                for tags, mode in filters:
                    hits = await b.recall(bank, RecallQuery(probe, tags=tags, tags_match=mode, limit=100))
                    bad = [h.content for h in hits if "zqxjkv7" in h.content or h.document_id in
                           ("canary-doc", "own")]
                    if bad:
                        leaks.append((bank, probe, bad))
        return leaks

    assert with_backend(db, go) == []


def test_recall_returns_only_own_bank_rows(db: Path) -> None:
    banks = ["user-u_1", "user-u_12", "user-u", "user-a", "user-a-b"]

    async def go(b: LocalBackend) -> dict[str, set[str]]:
        for bank in banks:
            await b.retain(bank, [item(f"shared topic migration plan {n} for {bank}", f"{bank}|{n}")
                                  for n in range(15)])
        seen: dict[str, set[str]] = {}
        for bank in banks:
            hits = await b.recall(bank, RecallQuery(f"shared topic migration plan {bank}", limit=100))
            seen[bank] = {(h.document_id or "").split("|")[0] for h in hits}
            assert len(hits) == 15
        return seen

    assert with_backend(db, go) == {bank: {bank} for bank in banks}


def test_canary_is_found_in_its_own_bank(db: Path) -> None:
    """The isolation test above would pass vacuously if the canary were unfindable."""

    async def go(b: LocalBackend) -> list[list[str]]:
        await b.retain(CANARY_BANK, [item(CANARY, "canary-doc", tags=("secret",))])
        await b.retain("user-u_12", [item("noise", "n")])
        return [contents(await b.recall(CANARY_BANK, RecallQuery(q))) for q in (CANARY, "zqxjkv7", "vault")]

    assert with_backend(db, go) == [[CANARY]] * 3


# The observer's bank: a rare term in a long memory, and a shorter memory that repeats another query word.
OBSERVER = "user-b"
OBSERVER_DOCS = {
    "rare": "Notes from the quarterly review: the zorblax audit for the Lisbon warehouse is scheduled",
    "lisbon": "Lisbon office Lisbon lunch",
    "f1": "Invoices are sent on the first Monday of each month",
    "f2": "Alice prefers email over phone calls",
    "f3": "The staging server for Globex runs PHP 8.3",
    "f4": "Backups run nightly at 03:00 UTC",
}
OBSERVER_QUERY = "zorblax Lisbon"


def observe(b: LocalBackend) -> Awaitable[list[MemoryRecord]]:
    return b.recall(OBSERVER, RecallQuery(OBSERVER_QUERY, limit=50))


def test_scores_do_not_depend_on_other_banks(db: Path) -> None:
    """No cross-bank side channel: nothing retained or replaced in other banks moves this bank's scores.

    With one FTS index for every bank, BM25's IDF and average length were computed over the whole file, so
    user B could learn whether a term occurs in user A's bank from B's own score for that term.
    """

    Scored = list[tuple[str | None, float]]

    async def go(b: LocalBackend) -> tuple[Scored, Scored, Scored, int]:
        await b.retain(OBSERVER, [item(text, doc, when=FUTURE) for doc, text in OBSERVER_DOCS.items()])
        before = [(h.document_id, h.score) for h in await observe(b)]

        # The victim's bank, and others, fill up with the observer's rare term; plus long memories without
        # it (average length) and a brand-new bank.
        await b.retain("user-a", [item(f"zorblax zorblax note {i} about the zorblax rollout", f"z{i}")
                                  for i in range(300)])
        await b.retain("team-x", [item(f"Lisbon zorblax meeting {i}", f"t{i}") for i in range(100)])
        await b.retain("user-c", [item("word " * 400 + str(i), f"long{i}") for i in range(50)])
        await b.ensure_bank("user-d", "Dora")
        planted = [(h.document_id, h.score) for h in await observe(b)]
        victim_sees = len(await b.recall("user-a", RecallQuery("zorblax", limit=1000, max_tokens=100_000)))

        # Replacing and removing the victim's memories (FTS deletes) must not move it either.
        await b.retain("user-a", [item(f"nothing rare any more {i}", f"z{i}") for i in range(300)])
        replaced = [(h.document_id, h.score) for h in await observe(b)]
        return before, planted, replaced, victim_sees

    before, planted, replaced, victim_sees = with_backend(db, go)
    assert victim_sees == 300, "the planted memories must really be searchable in their own bank"
    assert [doc for doc, _ in before] == ["rare", "lisbon"]
    assert planted == before  # exact floats: same ranking, same scores
    assert replaced == before


def test_same_bank_content_scores_the_same_in_any_file(tmp_path: Path) -> None:
    """The attacker's view from two worlds, one where the victim holds the term and one where it does not."""

    async def world(b: LocalBackend, victim_has_term: bool) -> list[tuple[str | None, float]]:
        word = "zorblax" if victim_has_term else "harmless"
        await b.retain("user-a", [item(f"{word} private note {i}", f"a{i}") for i in range(200)])
        await b.retain(OBSERVER, [item(text, doc, when=FUTURE) for doc, text in OBSERVER_DOCS.items()])
        return [(h.document_id, h.score) for h in await observe(b)]

    with_term = with_backend(tmp_path / "with.db", lambda b: world(b, True))
    without = with_backend(tmp_path / "without.db", lambda b: world(b, False))
    assert with_term and with_term == without


HOSTILE_BANKS = ['x"; DROP TABLE memories; --', "fts_1", "fts_src_1", "memories", "a b", "ñandú",
                 "'); SELECT 1; --", "1", "🎉", "bank]", "[bank", "`b`"]


def test_bank_ids_never_reach_sql_identifiers(db: Path) -> None:
    async def go(b: LocalBackend) -> dict[str, list[str | None]]:
        for i, bank in enumerate(HOSTILE_BANKS):
            await b.retain(bank, [item(f"hostile bank memory number{i}", f"d{i}")])
        await b.ensure_bank("empty", "Empty")
        return {bank: [h.document_id for h in await b.recall(bank, RecallQuery(f"number{i} memory"))]
                for i, bank in enumerate([*HOSTILE_BANKS, "empty"])}

    found = with_backend(db, go)
    assert found == {**{bank: [f"d{i}"] for i, bank in enumerate(HOSTILE_BANKS)}, "empty": []}
    allowed = re.compile(r"(banks|memories|memories_bank_document|sqlite_\w+|fts_src_\d+|fts_\d+(_\w+)?)")
    with sqlite3.connect(db) as conn:
        names = [row[0] for row in conn.execute("SELECT name FROM sqlite_master")]
        keys = [row[0] for row in conn.execute("SELECT key FROM banks")]
    assert [n for n in names if not allowed.fullmatch(n)] == []
    assert {f"fts_{k}" for k in keys} <= set(names) and {f"fts_src_{k}" for k in keys} <= set(names)


def test_bank_index_is_created_with_the_bank(db: Path) -> None:
    async def go(b: LocalBackend) -> list[list[MemoryRecord]]:
        await b.ensure_bank("ensured", "Ensured")
        await b.patch_config("patched", {"k": 1})
        return [await b.recall(bank, RecallQuery("anything")) for bank in ("ensured", "patched")]

    assert with_backend(db, go) == [[], []]
    with sqlite3.connect(db) as conn:
        keys = [row[0] for row in conn.execute("SELECT key FROM banks ORDER BY bank_id")]
        for key in keys:
            conn.execute(f"INSERT INTO fts_{key}(fts_{key}, rank) VALUES ('integrity-check', 1)")
    assert len(keys) == 2


# -- migration ---------------------------------------------------------------------------------------

# Schema version 1 exactly as it shipped: one FTS table for all banks, a bank token column, triggers.
V1_SCHEMA = (
    """CREATE TABLE banks (
        key INTEGER PRIMARY KEY AUTOINCREMENT,
        bank_id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        config TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )""",
    """CREATE TABLE memories (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        bank_key INTEGER NOT NULL REFERENCES banks(key),
        bank_tok TEXT NOT NULL,
        document_id TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'world',
        content TEXT NOT NULL,
        context TEXT,
        tags TEXT NOT NULL DEFAULT '[]',
        metadata TEXT NOT NULL DEFAULT '{}',
        occurred_at TEXT NOT NULL,
        occurred_ts REAL NOT NULL,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX memories_bank_document ON memories(bank_key, document_id)",
    """CREATE VIRTUAL TABLE memories_fts USING fts5(
        content, context, bank_tok,
        content='memories', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2'
    )""",
    """CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
        INSERT INTO memories_fts(rowid, content, context, bank_tok)
        VALUES (new.id, new.content, new.context, new.bank_tok);
    END""",
    """CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
        INSERT INTO memories_fts(memories_fts, rowid, content, context, bank_tok)
        VALUES ('delete', old.id, old.content, old.context, old.bank_tok);
    END""",
    """CREATE TRIGGER memories_au AFTER UPDATE ON memories BEGIN
        INSERT INTO memories_fts(memories_fts, rowid, content, context, bank_tok)
        VALUES ('delete', old.id, old.content, old.context, old.bank_tok);
        INSERT INTO memories_fts(rowid, content, context, bank_tok)
        VALUES (new.id, new.content, new.context, new.bank_tok);
    END""",
)


def make_v1_file(path: Path, banks: dict[str, list[tuple[str, str]]], *,
                 when: datetime = FUTURE, tags: tuple[str, ...] = ()) -> None:
    """A version-1 store written with raw SQL: {bank: [(document_id, content), ...]}."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("BEGIN")
        for statement in V1_SCHEMA:
            conn.execute(statement)
        stamp = datetime.now(UTC).isoformat()
        for n, (bank, rows) in enumerate(banks.items()):
            conn.execute("INSERT INTO banks(bank_id, name, config, created_at, updated_at)"
                         " VALUES (?, ?, '{}', ?, ?)", (bank, bank.title(), stamp, stamp))
            key = conn.execute("SELECT key FROM banks WHERE bank_id = ?", (bank,)).fetchone()[0]
            for doc, content in rows:
                conn.execute("INSERT INTO memories(uid, bank_key, bank_tok, document_id, content, context, tags,"
                             " occurred_at, occurred_ts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (f"uid-{n}-{doc}", key, f"bk{key}", doc, content, "ctx", json.dumps(list(tags)),
                              when.isoformat(), when.timestamp(), stamp))
        conn.execute("PRAGMA user_version = 1")
        conn.execute("COMMIT")
    finally:
        conn.close()


def test_version_1_file_is_migrated_in_place(db: Path) -> None:
    make_v1_file(db, {
        CANARY_BANK: [("canary-doc", CANARY), ("own", "Ordinary note in the canary bank about the vault")],
        OBSERVER: list(OBSERVER_DOCS.items()),
        "user-u_12": [(f"n{i}", f"Neighbour note {i} about the vault code for Wayne Logistics zorblax")
                      for i in range(40)],
    }, tags=("legacy",))

    async def go(b: LocalBackend) -> dict[str, object]:
        observed = [(h.document_id, h.score) for h in await observe(b)]
        result: dict[str, object] = {
            "canary": [(h.document_id, h.tags, h.type) for h in await b.recall(CANARY_BANK, RecallQuery("zqxjkv7"))],
            "leak": [h.document_id for bank in ("user-u_12", OBSERVER, "ghost") for probe in PROBES
                     for h in await b.recall(bank, RecallQuery(probe, limit=100))
                     if h.document_id in ("canary-doc", "own")],
            "neighbour": len(await b.recall("user-u_12", RecallQuery("vault", limit=100, max_tokens=100_000))),
            "banks": [(x.bank_id, x.name) for x in await b.list_banks()],
            "counts": [await b.count(x) for x in (CANARY_BANK, OBSERVER, "user-u_12")],
            "observed": observed,
            "observed_docs": [doc for doc, _ in observed],
        }
        # Replacing a migrated document must remove its old text from the bank's new index.
        await b.retain(CANARY_BANK, [item("The vault code was rotated", "canary-doc")])
        result["old_text"] = contents(await b.recall(CANARY_BANK, RecallQuery("zqxjkv7")))
        result["new_text"] = contents(await b.recall(CANARY_BANK, RecallQuery("rotated")))
        # The side channel stays closed in a migrated file.
        await b.retain("user-u_12", [item(f"zorblax Lisbon {i}", f"p{i}") for i in range(100)])
        result["observed_after"] = [(h.document_id, h.score) for h in await observe(b)]
        return result

    result = with_backend(db, go)
    assert result["canary"] == [("canary-doc", ("legacy",), "world")]
    assert result["leak"] == []
    assert result["neighbour"] == 40
    assert result["banks"] == [(OBSERVER, "User-B"), (CANARY_BANK, "User-U_1"), ("user-u_12", "User-U_12")]
    assert result["counts"] == [2, len(OBSERVER_DOCS), 40]
    assert result["observed_docs"] == ["rare", "lisbon"]
    assert result["old_text"] == []
    assert result["new_text"] == ["The vault code was rotated"]
    assert result["observed_after"] == result["observed"]

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        columns = {row[1] for row in conn.execute("PRAGMA table_info(memories)")}
        keys = [row[0] for row in conn.execute("SELECT key FROM banks")]
        for key in keys:
            conn.execute(f"INSERT INTO fts_{key}(fts_{key}, rank) VALUES ('integrity-check', 1)")
    assert not {"memories_fts", "memories_ai", "memories_ad", "memories_au", "memories_v1"} & names
    assert "bank_tok" not in columns
    assert {f"fts_{k}" for k in keys} <= names


def test_migrated_and_fresh_files_score_alike(tmp_path: Path) -> None:
    """A migrated bank is indexed exactly as if its memories had been retained into a new file."""
    make_v1_file(tmp_path / "old.db", {"noise": [("x", "zorblax " * 30)], OBSERVER: list(OBSERVER_DOCS.items())})

    async def fresh(b: LocalBackend) -> list[tuple[str | None, float]]:
        await b.retain(OBSERVER, [RetainItem(content=t, document_id=d, context="ctx", timestamp=FUTURE)
                                  for d, t in OBSERVER_DOCS.items()])
        return [(h.document_id, h.score) for h in await observe(b)]

    migrated = with_backend(tmp_path / "old.db", lambda b: observe(b))
    assert [(h.document_id, h.score) for h in migrated] == with_backend(tmp_path / "new.db", fresh)


def test_ranking_within_a_bank_is_unchanged_from_version_1(db: Path) -> None:
    """Per-bank indexes change no ranking: in a one-bank file, version 1's order is exactly today's order."""
    rng = random.Random(11)
    vocab = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda"]
    rows = [(f"d{i}", " ".join(rng.choices(vocab, k=rng.randint(2, 25)))) for i in range(400)]
    make_v1_file(db, {"solo": rows})
    queries = ["alpha", "beta gamma", "delta epsilon zeta", "kappa lambda alpha beta", "theta iota"]
    old: dict[str, dict[str, float]] = {}
    with sqlite3.connect(db) as conn:  # version 1's own recall SQL, on the version-1 file
        for q in queries:
            words = " OR ".join(f'"{w}"' for w in q.split())
            old[q] = dict(conn.execute(
                "SELECT m.document_id, -bm25(memories_fts, 1.0, 0.3, 0.0) * 1.1 FROM memories_fts"
                " CROSS JOIN memories AS m ON m.id = memories_fts.rowid WHERE memories_fts MATCH ?",
                (f'bank_tok : "bk1" AND {{content context}} : ({words})',)).fetchall())

    async def go(b: LocalBackend) -> dict[str, list[MemoryRecord]]:
        return {q: await b.recall("solo", RecallQuery(q, limit=1000, max_tokens=10**6)) for q in queries}

    for q, hits in with_backend(db, go).items():
        assert {h.document_id for h in hits} == set(old[q]) and len(hits) == len(old[q])
        relevance = [old[q][h.document_id or ""] for h in hits]
        assert relevance == sorted(relevance, reverse=True), q  # same order (ties may fall either way)
        n = len(q.split())
        assert [h.score for h in hits] == pytest.approx([r / (r + 2.0 * n) for r in relevance], rel=1e-9)


def test_index_padding_is_never_searched(db: Path) -> None:
    async def go(b: LocalBackend) -> list[list[str | None]]:
        await b.retain("b", [item("alpha note", "a"), item("a pad for writing", "p")])
        return [[h.document_id for h in await b.recall("b", RecallQuery(q))] for q in ("pad", "PAD", "pads")]

    assert with_backend(db, go) == [["p"], ["p"], []]


def test_migration_is_one_write_transaction(db: Path) -> None:
    make_v1_file(db, {"b": [("d", "persisted fact about Bilbao")]})
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        async def blocked() -> None:
            backend = LocalBackend(db, busy_timeout_ms=100)
            try:
                await backend.recall("b", RecallQuery("Bilbao"))
            finally:
                await backend.aclose()

        with pytest.raises(BackendUnavailableError):
            asyncio.run(blocked())
    finally:
        holder.rollback()
        holder.close()
    with sqlite3.connect(db) as conn:  # untouched: still version 1, still the shared index
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'bilbao'").fetchone()[0] == 1
    assert contents(with_backend(db, lambda b: b.recall("b", RecallQuery("Bilbao")))) == [
        "persisted fact about Bilbao"]


# -- durability, errors, lifecycle -------------------------------------------------------------------


def test_data_persists_across_instances_and_schema_is_versioned(db: Path) -> None:
    with_backend(db, lambda b: b.retain("b", [item("persisted fact about Bilbao", "d")]))
    hits = with_backend(db, lambda b: b.recall("b", RecallQuery("Bilbao")))
    assert contents(hits) == ["persisted fact about Bilbao"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_newer_schema_is_refused(db: Path) -> None:
    with_backend(db, lambda b: b.health())
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(BackendError, match="newer"):
        with_backend(db, lambda b: b.recall("b", RecallQuery("x")))


def test_health(db: Path, tmp_path: Path) -> None:
    health = with_backend(db, lambda b: b.health())
    assert health.ok and health.backend == "local"
    assert health.detail == str(db) and health.version == str(SCHEMA_VERSION)
    assert health.latency_ms is not None and health.latency_ms >= 0

    a_dir = tmp_path / "is-a-directory"
    a_dir.mkdir()
    bad = with_backend(a_dir, lambda b: b.health())
    assert not bad.ok and str(a_dir) in bad.detail and "\n" not in bad.detail


def test_sqlite_errors_become_backend_errors(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is definitely not an sqlite database file" * 100)
    with pytest.raises(BackendError) as caught:
        with_backend(garbage, lambda b: b.retain("b", [item("x", "d")]))
    assert not isinstance(caught.value, sqlite3.Error)
    assert str(garbage) in str(caught.value) and "\n" not in str(caught.value)

    a_dir = tmp_path / "dir.db"
    a_dir.mkdir()
    with pytest.raises(BackendUnavailableError):
        with_backend(a_dir, lambda b: b.recall("b", RecallQuery("x")))


def test_locked_database_is_transient(db: Path) -> None:
    with_backend(db, lambda b: b.health())
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        async def go() -> None:
            backend = LocalBackend(db, busy_timeout_ms=100)
            try:
                await backend.retain("b", [item("blocked write", "d")])
            finally:
                await backend.aclose()

        with pytest.raises(BackendUnavailableError) as caught:
            asyncio.run(go())
        assert caught.value.transient
    finally:
        holder.rollback()
        holder.close()


def test_opening_waits_for_a_lock_held_while_another_process_creates_the_file(db: Path) -> None:
    """SQLite refuses the switch to WAL at once (no busy wait) while a rollback-journal file is write-locked."""
    db.parent.mkdir(parents=True)
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE other_process_was_here (x)")
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, holder.rollback)
    release.start()
    try:
        health = with_backend(db, lambda b: b.health())
    finally:
        release.join()
        holder.close()
    assert health.ok, health.detail
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_closed_backend_refuses_work(db: Path) -> None:
    async def go() -> None:
        backend = LocalBackend(db)
        await backend.health()
        await backend.aclose()
        await backend.recall("b", RecallQuery("x"))

    with pytest.raises(BackendError, match="closed"):
        asyncio.run(go())


def test_concurrent_tasks_share_one_backend(db: Path) -> None:
    async def go(b: LocalBackend) -> tuple[int, list[int]]:
        async def writer(n: int) -> None:
            await b.retain("shared", [item(f"parallel note {n} about Zaragoza", f"t{n}")])

        async def reader() -> int:
            return len(await b.recall("shared", RecallQuery("Zaragoza", limit=100)))

        results = await asyncio.gather(*(writer(n) for n in range(40)), *(reader() for _ in range(40)))
        return await b.count("shared"), [r for r in results if isinstance(r, int)]

    count, reads = with_backend(db, go)
    assert count == 40
    assert all(0 <= r <= 40 for r in reads)


WRITER = textwrap.dedent("""
    import asyncio, sys, time
    from wetopi_memory.backends.local import LocalBackend
    from wetopi_memory.models import RetainItem

    path, name, start_at = sys.argv[1], sys.argv[2], float(sys.argv[3])

    async def main() -> None:
        backend = LocalBackend(path)
        while time.time() < start_at:
            time.sleep(0.005)
        for i in range(300):
            await backend.retain("shared", [RetainItem(content=f"writer {name} note {i} marker{name}",
                                                       document_id=f"{name}-{i}")])
        await backend.aclose()

    asyncio.run(main())
""")


@pytest.mark.parametrize("start", ["fresh", "version-1"])
def test_two_processes_writing_at_once_lose_nothing(db: Path, start: str) -> None:
    seeded = {f"seed-{i}": f"seeded note {i} markerseed" for i in range(20)} if start == "version-1" else {}
    if seeded:  # both processes also race to migrate the file
        make_v1_file(db, {"shared": list(seeded.items())})
    start_at = time.time() + 2.0  # both interpreters are up and racing to create the file by then
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(db), name, str(start_at)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name in ("alpha", "beta")]
    for proc in procs:
        _, err = proc.communicate(timeout=240)
        assert proc.returncode == 0, err

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        for (key,) in conn.execute("SELECT key FROM banks").fetchall():  # index consistent with its rows
            conn.execute(f"INSERT INTO fts_{key}(fts_{key}, rank) VALUES ('integrity-check', 1)")
        docs = {row[0] for row in conn.execute("SELECT document_id FROM memories")}
    assert docs == {f"{name}-{i}" for name in ("alpha", "beta") for i in range(300)} | set(seeded)

    async def go(b: LocalBackend) -> tuple[int, int, int, int]:
        return (await b.count("shared"),
                len(await b.recall("shared", RecallQuery("markeralpha", limit=1000, max_tokens=100_000))),
                len(await b.recall("shared", RecallQuery("markerbeta", limit=1000, max_tokens=100_000))),
                len(await b.recall("shared", RecallQuery("markerseed", limit=1000, max_tokens=100_000))))

    assert with_backend(db, go) == (600 + len(seeded), 300, 300, len(seeded))
