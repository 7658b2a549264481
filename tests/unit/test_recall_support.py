"""The recall tests' shared helpers (tests/support/recall_rig.py) checked on their own."""

from __future__ import annotations

from pathlib import Path

from tests.support.recall_rig import PLATFORM_FACTS, Clock, make_rig, recall_requests, run, seed_defaults
from wetopi_memory.models import RecallQuery

# ------------------------------------------------------------------------------------------ the helpers' own checks


def test_seeded_observations_are_recalled_through_the_backend(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    seed_defaults(rig.fake)
    records = run(rig.backend.recall("wetopi-platform", RecallQuery(query="kubernetes clusters",
                                                                    types=("observation",))))
    assert {r.content for r in records} == set(PLATFORM_FACTS)
    assert all(r.type == "observation" for r in records)
    assert rig.backend.calls and rig.backend.calls[0][0] == "wetopi-platform"
    assert recall_requests(rig.fake) == 1


def test_clock_advances() -> None:
    clock = Clock(5.0)
    clock.advance(2.5)
    assert clock() == 7.5
