"""banks.yaml validation and the reconcile semantics: plan, apply, verify, idempotency, partial failure."""

from __future__ import annotations

import asyncio
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from wetopi_memory.backends.fake_hindsight import FakeHindsight
from wetopi_memory.backends.hindsight import HindsightBackend
from wetopi_memory.backends.local import LocalBackend
from wetopi_memory.banks import load_banks, reconcile, reconcile_file
from wetopi_memory.banks.reconcile import LiveState, plan, same_value
from wetopi_memory.banks.spec import DesiredBank
from wetopi_memory.errors import ConfigError, ConfigErrors
from wetopi_memory.identity import IdentityResolver

ROOT = Path(__file__).resolve().parents[2]
URL = "http://hindsight.test:8888"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def write(tmp_path: Path, text: str, name: str = "banks.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def fake_backend(version: str = "1.1.0", **kwargs: Any) -> tuple[FakeHindsight, HindsightBackend]:
    fake = FakeHindsight(version, **kwargs)
    return fake, HindsightBackend(URL, transport=fake.transport, max_inflight=16)


# --- validation ------------------------------------------------------------------------------------------------

def test_wetopi_banks_yaml_is_valid_and_carries_the_missions() -> None:
    spec = load_banks(ROOT / "banks" / "banks.yaml")
    by_id = {b.bank_id: b for b in spec.banks}
    assert set(by_id) == {"wetopi-platform", "wetopi-business"}
    platform = by_id["wetopi-platform"].config
    assert platform["retain_extraction_mode"] == "concise"
    assert platform["enable_observations"] is True
    assert platform["recall_max_tokens"] == 2500
    assert "validated incident root causes" in platform["retain_mission"]
    assert "Do not elevate transient incidents" in platform["observations_mission"]
    assert "pricing" in by_id["wetopi-business"].config["retain_mission"]


def test_personal_banks_expand_for_every_identity_allowed_personal() -> None:
    resolver = IdentityResolver.from_file(ROOT / "banks" / "identities.example.yaml",
                                          known_scopes=["personal", "business", "platform"])
    spec = load_banks(ROOT / "banks" / "banks.yaml", identities=resolver)
    personal = {b.bank_id: b for b in spec.banks if b.bank_id.startswith("user-")}
    assert set(personal) == {"user-u_01carlos", "user-u_02lucia"}  # the build robot has no personal scope
    assert personal["user-u_01carlos"].name == "Personal: u_01carlos"
    assert "stable preferences" in personal["user-u_01carlos"].config["retain_mission"]


BAD_FILES = [
    ("banks:\n  wetopi-platform:\n    config:\n      retain_extraction_mode: fancy\n",
     "4 banks.wetopi-platform.config.retain_extraction_mode: must be one of chunks, concise, custom, verbatim, "
     "verbose"),
    ("banks:\n  wetopi-platform:\n    config:\n      retain_missionn: x\n",
     "4 banks.wetopi-platform.config.retain_missionn: unknown configuration key 'retain_missionn'"),
    ("banks:\n  wetopi-platform:\n    config:\n      llm_model: gpt-4o\n",
     "4 banks.wetopi-platform.config.llm_model: 'llm_model' is a server-level or credential setting"),
    ("banks:\n  wetopi-platform:\n    config:\n      enable_observations: 'yes'\n",
     "4 banks.wetopi-platform.config.enable_observations: must be bool, got str"),
    ("banks:\n  wetopi-platform:\n    config:\n      recall_max_tokens: true\n",
     "4 banks.wetopi-platform.config.recall_max_tokens: must be int, got bool"),
    ("banks:\n  wetopi-platform:\n    config:\n      disposition_empathy: 7\n",
     "4 banks.wetopi-platform.config.disposition_empathy: must be an integer from 1 to 5"),
    ("banks:\n  wetopi-platform:\n    config:\n      observations_mission: null\n",
     "4 banks.wetopi-platform.config.observations_mission: null is not a value here"),
    ("banks:\n  'bad id/x':\n    name: X\n", "2 banks.bad id/x: 'bad id/x' is not a valid bank id"),
    ("bankz:\n  wetopi-platform: {}\n", "1 bankz: unknown key (did you mean 'banks'?)"),
    ("banks:\n  wetopi-platform:\n    nmae: X\n", "3 banks.wetopi-platform.nmae: unknown key (did you mean 'name'?)"),
    ("banks:\n  wetopi-platform:\n    config:\n      retain_mission: x\n      HINDSIGHT_API_RETAIN_MISSION: y\n",
     "5 banks.wetopi-platform.config.HINDSIGHT_API_RETAIN_MISSION: 'HINDSIGHT_API_RETAIN_MISSION' is the same key"),
    ("banks:\n  wetopi-platform:\n    config:\n      retain_mission: 'use key hsk-4f8a9b2c7d1e6f3a5b8c9d0e1f2a3b4c'\n",
     "4 banks.wetopi-platform.config.retain_mission: looks like a secret"),
    ("banks:\n  wetopi-platform:\n    config:\n      retain_custom_instructions: 'password: Xk9#mQ2$vL7pR4wZ'\n",
     "4 banks.wetopi-platform.config.retain_custom_instructions: looks like a secret"),
    ("templates:\n  personal:\n    bank: 'user-{name}'\n",
     "3 templates.personal.bank: bank must contain {internal_user_id} and no other field"),
    ("banks:\n  a: {name: A}\n  a: {name: B}\n", "3 banks.a: duplicate key"),
    ("banks:\n  a: {name: A\n", "invalid YAML"),
    ("version: 2\nbanks: {}\n", "1 version: must be one of 1"),
]


@pytest.mark.parametrize(("text", "expected"), BAD_FILES, ids=[e.split(":")[0] + "-" + str(i)
                                                               for i, (_, e) in enumerate(BAD_FILES)])
def test_broken_banks_yaml_is_located_and_nothing_is_applied(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path, "version: 1\n" + text if not text.startswith("version") else text)
    fake, backend = fake_backend()
    with pytest.raises(ConfigError) as caught:
        run(reconcile_file(backend, path))
    lines = caught.value.lines() if isinstance(caught.value, ConfigErrors) else [str(caught.value)]
    assert all(line.startswith(str(path)) and "\n" not in line for line in lines), lines
    line_offset = 0 if text.startswith("version") else 1
    if expected[0].isdigit():
        line, rest = expected.split(" ", 1)
        assert any(m.startswith(f"{path}:{int(line) + line_offset} {rest}") for m in lines), lines
    else:
        assert any(expected in m for m in lines), lines
    assert fake.writes == 0
    assert not any("hsk-4f8a9b2c7d1e6f3a5b8c9d0e1f2a3b4c" in m or "Xk9#mQ2$vL7pR4wZ" in m for m in lines)


def test_every_error_of_a_file_is_reported_in_one_run_in_file_order(tmp_path: Path) -> None:
    path = write(tmp_path, """\
        version: 1
        banks:
          wetopi-platform:
            name: Platform
          wetopi-business:
            config:
              recal_max_tokens: 2000
              retain_extraction_mode: fancy
        templates:
          personal:
            bank: "user-{internal_user_id}"
            config: {enable_observations: 'no'}
        """)
    fake, backend = fake_backend()
    with pytest.raises(ConfigErrors) as caught:
        run(reconcile_file(backend, path))
    assert caught.value.lines() == [
        f"{path}:3 banks.wetopi-platform.config: required key is missing",
        f"{path}:7 banks.wetopi-business.config.recal_max_tokens: unknown configuration key 'recal_max_tokens' "
        "(did you mean 'recall_max_tokens'?)",
        f"{path}:8 banks.wetopi-business.config.retain_extraction_mode: must be one of chunks, concise, custom, "
        "verbatim, verbose",
        f"{path}:12 templates.personal.config.enable_observations: must be bool, got str"]
    assert fake.writes == 0


def test_environment_variables_are_interpolated_in_banks_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, """\
        banks:
          wetopi-platform:
            name: "Wetopi ${WETOPI_ENV}"
            config: {retain_extraction_mode: "${MODE:-concise}", retain_mission: "keep $${LITERAL}"}
        """)
    spec = load_banks(path, environ={"WETOPI_ENV": "staging"})
    (bank,) = spec.banks
    assert bank.name == "Wetopi staging"
    assert bank.config == {"retain_extraction_mode": "concise", "retain_mission": "keep ${LITERAL}"}
    with pytest.raises(ConfigErrors) as caught:
        load_banks(path, environ={})
    assert caught.value.lines() == [f"{path}:3 banks.wetopi-platform.name: environment variable WETOPI_ENV is not "
                                    "set (write ${WETOPI_ENV:-default} to give a default)"]


def test_live_key_set_rejects_keys_this_server_does_not_know(tmp_path: Path) -> None:
    path = write(tmp_path, "banks:\n  b1:\n    config:\n      enable_text_search: false\n")  # 1.x-only key
    fake, backend = fake_backend("0.9.2")
    with pytest.raises(ConfigError, match="unknown configuration key 'enable_text_search'"):
        run(reconcile_file(backend, path))
    assert fake.writes == 0
    _, backend11 = fake_backend("1.1.0")
    report = run(reconcile_file(backend11, path))
    assert report.converged


# --- plan -------------------------------------------------------------------------------------------------------

def test_plan_compares_against_overrides_with_numbers_by_value() -> None:
    desired = [DesiredBank("a", "A", {"recall_max_tokens": 2500, "enable_observations": True,
                                      "retain_mission": "m"}, "t"),
               DesiredBank("b", "B", {"recall_max_tokens": 2000}, "t"),
               DesiredBank("c", None, {"retain_extraction_mode": "concise"}, "t")]
    live = LiveState(names={"a": "A", "b": "old name"},
                     overrides={"a": {"recall_max_tokens": 2500.0, "enable_observations": True, "retain_mission": "m",
                                      "disposition_empathy": 4},
                                "b": {"recall_max_tokens": 1000}})
    plans = {p.bank_id: p for p in plan(desired, live)}
    assert plans["a"].action == "noop" and plans["a"].unmanaged == {"disposition_empathy": 4}
    assert not plans["a"].drift
    assert plans["b"].action == "update"
    assert plans["b"].fields == {"recall_max_tokens": (1000, 2000)}
    assert plans["b"].name == ("old name", "B")
    assert plans["c"].action == "create" and plans["c"].fields == {"retain_extraction_mode": (None, "concise")}
    pruned = {p.bank_id: p for p in plan(desired, live, prune=True)}
    assert pruned["a"].drift and pruned["a"].updates() == {"disposition_empathy": None}


def test_booleans_never_equal_numbers() -> None:
    assert not same_value(1, True)
    assert not same_value(0, False)
    assert same_value(3, 3.0)
    assert same_value({"rules": [{"on": "x"}]}, {"rules": [{"on": "x"}]})
    assert not same_value({"rules": [{"on": "x"}]}, {"rules": [{"on": "y"}]})


# --- apply and converge -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["0.9.2", "1.1.0"])
def test_bootstrap_converges_and_second_run_writes_nothing(tmp_path: Path, version: str) -> None:
    fake, backend = fake_backend(version)
    first = run(reconcile_file(backend, ROOT / "banks" / "banks.yaml"))
    assert first.converged and not first.failed
    assert {o.plan.action for o in first.outcomes} == {"create"}
    assert first.writes == 4  # one PUT and one PATCH per bank
    writes_after_first = fake.writes
    second = run(reconcile_file(backend, ROOT / "banks" / "banks.yaml"))
    assert second.converged and second.writes == 0
    assert fake.writes == writes_after_first
    assert {o.plan.action for o in second.outcomes} == {"noop"}


def test_hand_edited_mission_is_drift_then_repaired(tmp_path: Path) -> None:
    _, backend = fake_backend()
    path = ROOT / "banks" / "banks.yaml"
    run(reconcile_file(backend, path))
    run(backend.patch_config("wetopi-platform", {"retain_mission": "edited by hand", "disposition_empathy": 5}))
    drift = run(reconcile_file(backend, path, dry_run=True))
    assert not drift.converged
    changed = {o.plan.bank_id: o.plan for o in drift.outcomes if o.plan.drift}
    assert list(changed) == ["wetopi-platform"]
    assert changed["wetopi-platform"].fields["retain_mission"][0] == "edited by hand"
    assert changed["wetopi-platform"].unmanaged == {"disposition_empathy": 5}
    repaired = run(reconcile_file(backend, path))
    assert repaired.converged and repaired.writes == 1  # only the PATCH; the name was right
    state = run(backend.get_config("wetopi-platform"))
    assert state.overrides["disposition_empathy"] == 5  # unmanaged is reported, kept without --prune-overrides
    pruned = run(reconcile_file(backend, path, prune=True))
    assert pruned.converged
    assert "disposition_empathy" not in run(backend.get_config("wetopi-platform")).overrides


def test_partial_failure_other_banks_converge_and_rerun_heals(tmp_path: Path) -> None:
    banks = "".join(f"  bank-{i:02d}:\n    name: Bank {i}\n    config:\n      retain_extraction_mode: concise\n"
                    for i in range(10))
    path = write(tmp_path, f"version: 1\nbanks:\n{banks}")
    fake = FakeHindsight("1.1.0")
    failing = {"on": True}
    with respx.mock(base_url=URL, assert_all_called=False) as router:
        async def handler(request: httpx.Request) -> httpx.Response:
            if failing["on"] and request.method == "PATCH" and "/banks/bank-03/" in request.url.path:
                return httpx.Response(500, json={"detail": "boom"})
            return await fake.transport.handle_async_request(request)  # type: ignore[no-any-return]

        router.route().mock(side_effect=handler)
        backend = HindsightBackend(URL, max_inflight=8)
        report = run(reconcile_file(backend, path, concurrency=4))
        assert not report.converged
        assert [o.plan.bank_id for o in report.failed] == ["bank-03"]
        assert "HTTP 500" in (report.failed[0].error or "")
        assert all(fake.banks[f"bank-{i:02d}"] for i in range(10) if i != 3)
        assert [p.bank_id for p in report.remaining] == ["bank-03"]
        failing["on"] = False
        healed = run(reconcile_file(backend, path, concurrency=4))
        assert healed.converged and healed.writes == 1


def test_bootstrap_on_the_local_backend(tmp_path: Path) -> None:
    backend = LocalBackend(tmp_path / "m.db")
    report = run(reconcile_file(backend, ROOT / "banks" / "banks.yaml"))
    assert report.converged and report.writes == 4
    again = run(reconcile_file(backend, ROOT / "banks" / "banks.yaml"))
    assert again.converged and again.writes == 0
    run(backend.aclose())


def test_reconcile_reports_undeclared_banks(tmp_path: Path) -> None:
    _, backend = fake_backend()
    run(backend.ensure_bank("stray-bank", "Stray"))
    report = run(reconcile(backend, [DesiredBank("a", "A", {}, "t")]))
    assert report.extra_banks == ["stray-bank"]


def test_progress_learns_how_many_banks_follow(tmp_path: Path) -> None:
    path = write(tmp_path, "banks:\n  b1: {config: {}}\n  b2: {config: {}}\n  b3: {config: {}}\n")
    fake, backend = fake_backend()
    totals: list[int] = []
    done: list[str] = []
    run(reconcile_file(backend, path, dry_run=True, on_planned=totals.append,
                       on_done=lambda o: done.append(o.plan.bank_id)))
    assert totals == [3] and sorted(done) == ["b1", "b2", "b3"] and fake.writes == 0
    totals.clear()
    done.clear()
    run(reconcile_file(backend, path, on_planned=totals.append, on_done=lambda o: done.append(o.plan.bank_id)))
    assert totals == [3] and sorted(done) == ["b1", "b2", "b3"]  # three to create, each reported as it lands
    totals.clear()
    run(reconcile_file(backend, path, on_planned=totals.append))
    assert totals == [0]  # converged: nothing left to write
