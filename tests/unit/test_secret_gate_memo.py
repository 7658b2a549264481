"""The gate judges a repeated value once per scan and forgets every value it judged when the scan ends, so a log
that repeats one assignment is cheap and no secret stays in memory after the gate has answered."""

from __future__ import annotations

from wetopi_memory.secrets import heuristics
from wetopi_memory.secrets.gate import DEFAULT_GATE, SecretGate

JUDGES = (heuristics._judged_opaque, heuristics._judged_password, heuristics._judged_prose, heuristics._judged_random)


def _remembered() -> int:
    return sum(judge.cache_info().currsize for judge in JUDGES)


def test_each_repeat_of_a_secret_is_a_finding() -> None:
    text = "DB_PASSWORD=Xk9#mQ2vLp7Z\n" * 3 + "DB_PASSWORD=changeme\n"
    findings = DEFAULT_GATE.scan(text)
    assert [(f.start, f.end) for f in findings] == [(12, 24), (37, 49), (62, 74)]


def test_one_value_is_judged_by_how_it_is_written_each_time() -> None:
    # quoted, `env.Xk9mQ2vLp7Z` is a literal; bare, it reads a setting: one scan judges both, in either order
    quoted, bare = 'api_key: "env.Xk9mQ2vLp7Z"', "api_key: env.Xk9mQ2vLp7Z"
    assert [(f.start, f.end) for f in DEFAULT_GATE.scan(f"{bare}\n{quoted}")] == [(35, 50)]
    assert [(f.start, f.end) for f in DEFAULT_GATE.scan(f"{quoted}\n{bare}")] == [(10, 25)]


def test_no_judged_value_outlives_a_scan() -> None:
    text = "password=Xk9#mQ2vLp7Z token: ghp_not_a_token_value api_key=Vq83nd0sLx9e1Rt"
    DEFAULT_GATE.scan(text)
    assert _remembered() == 0
    assert DEFAULT_GATE.first(text) is not None   # stops at its first finding, before the text's end
    assert _remembered() == 0
    assert SecretGate(block_tier3=True).blocks("passwd = Tango-42-otter " * 5)
    assert _remembered() == 0
