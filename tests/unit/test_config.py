"""config.yaml: the §5 example loads, interpolation, located errors for every kind of mistake, no tracebacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from wetopi_memory.config import default_config, load_config, parse_config
from wetopi_memory.errors import ConfigError
from wetopi_memory.models import TIMED_OPERATIONS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "banks" / "config.example.yaml"
ENV = {"HINDSIGHT_API_URL": "http://127.0.0.1:8888", "HINDSIGHT_API_KEY": "hsk-test-key-value"}
LOCATED = re.compile(r"^\S+:\d+ ")


def test_design_example_loads_with_every_section() -> None:
    loaded = load_config(EXAMPLE, ENV)
    cfg = loaded.config
    assert loaded.source == str(EXAMPLE)
    assert cfg.backend.type == "hindsight"
    assert cfg.backend.url == "http://127.0.0.1:8888"
    assert cfg.backend.api_key is not None and cfg.backend.api_key.get_secret_value() == "hsk-test-key-value"
    assert cfg.backend.concurrency.max_inflight == 1
    assert list(cfg.stores) == ["personal", "business", "platform"]
    assert cfg.stores["personal"].bank_template == "user-{internal_user_id}"
    assert cfg.stores["platform"].recall.max_tokens == 2000
    assert cfg.retain.async_ is True
    assert cfg.recall.synchronous.only_when == ("explicit_memory_request", "high_confidence_cache_miss")
    assert cfg.recall.inject_header.startswith("[Wetopi Memory Plane]\n")
    assert cfg.identity.file is not None and cfg.identity.file.endswith("identities.example.yaml")
    assert Path(cfg.identity.file).is_absolute()


def test_api_key_is_never_printed() -> None:
    cfg = load_config(EXAMPLE, ENV).config
    assert "hsk-test-key-value" not in repr(cfg)
    assert "hsk-test-key-value" not in str(cfg.redacted())
    assert cfg.redacted()["backend"]["api_key"] == "**********"


def test_open_ended_scopes_with_their_own_backends() -> None:
    text = """
backend: {type: hindsight, url: "http://h:8888"}
backends:
  scratch: {type: local, path: /tmp/x.db}
stores:
  security: {bank: wetopi-security}
  support: {bank: wetopi-support, access: read_only}
  customer-acme: {bank: customer-acme, backend: scratch}
  project-x1: {bank: project-x1, backend: local}
"""
    cfg = parse_config(text, "c.yaml", {})
    assert list(cfg.stores) == ["security", "support", "customer-acme", "project-x1"]
    assert cfg.backend_settings(cfg.stores["customer-acme"].backend) == cfg.backends["scratch"]
    assert cfg.backend_settings("local") is not None and cfg.backend_settings("local").type == "local"  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "expected"), [
    ("stores:\n  platform:\n    bank: wetopi-platform\n    recall:\n      budget: medium\n",
     "c.yaml:5 stores.platform.recall.budget: must be one of low, mid, high"),
    ("stores:\n  platform:\n    bank: p\n    recal:\n      budget: mid\n",
     "c.yaml:4 stores.platform.recal: unknown key (did you mean 'recall'?)"),
    ("bakend:\n  type: local\nstores:\n  p: {bank: p}\n", "c.yaml:1 bakend: unknown key (did you mean 'backend'?)"),
    ("stores:\n  p:\n    bank: p\n    bank_template: 'user-{internal_user_id}'\n",
     "c.yaml:2 stores.p: set exactly one of bank or bank_template"),
    ("stores:\n  p:\n    bank_template: 'user-{name}'\n",
     "c.yaml:2 stores.p: bank_template must contain {internal_user_id} and no other field"),
    ("stores:\n  a: {bank: same}\n  b: {bank: same}\n",
     "c.yaml:3 stores.b.bank: bank 'same' is already used by scope 'a'; scopes must not share a bank"),
    ("stores:\n  Platform: {bank: p}\n", "c.yaml:2 stores.Platform: scope name 'Platform' must start with"),
    ("stores:\n  p: {bank: 'has space'}\n", "c.yaml:2 stores.p: bank 'has space' is not a valid bank id"),
    ("stores:\n  p: {bank: p, backend: nowhere}\n", "c.yaml:2 stores.p.backend: unknown backend 'nowhere'"),
    ("stores:\n  p: {bank: p}\nidentity:\n  unknown_caller_scopes: [x]\n",
     "c.yaml:4 identity.unknown_caller_scopes[0]: unknown scope 'x'"),
    ("stores:\n  personal: {bank_template: 'user-{internal_user_id}'}\nidentity:\n  unknown_caller_scopes:\n"
     "    - personal\n", "c.yaml:5 identity.unknown_caller_scopes[0]: 'personal' is per-identity"),
    ("stores:\n  p: {bank: p}\nrouting:\n  rules:\n    - scope: p\n      patterns: ['(']\n",
     "c.yaml:6 routing.rules[0].patterns: pattern '(' is not a valid regular expression"),
    ("stores:\n  p: {bank: p}\nrouting:\n  rules:\n    - scope: q\n",
     "c.yaml:5 routing.rules[0].scope: unknown scope 'q'"),
    ("backend:\n  type: hindsight\nstores:\n  p: {bank: p}\n",
     "c.yaml:1 backend: a hindsight backend needs url"),
    ("backend:\n  timeout_seconds: fast\nstores:\n  p: {bank: p}\n",
     "c.yaml:2 backend.timeout_seconds: input should be a valid number"),
    ("version: 2\nstores:\n  p: {bank: p}\n", "c.yaml:1 version: must be one of 1"),
    ("routing:\n  confidence_threshold: 0.9\n  high_confidence: 0.5\nstores:\n  p: {bank: p}\n",
     "c.yaml:3 routing.high_confidence: must be at least confidence_threshold"),
    ("stores:\n  p: {bank: p}\n  p: {bank: q}\n", "c.yaml:3 stores.p: duplicate key"),
    ("stores:\n  p: {bank: p\n", "c.yaml:3: invalid YAML"),
    ("- just\n- a list\n", "c.yaml:1: the top level must be a mapping"),
    ("", "c.yaml: the file is empty"),
    ("stores: {}\n", "c.yaml:1 stores: at least one store is required"),
    ("observability:\n  include_content_in_logs: true\nstores:\n  p: {bank: p}\n",
     "c.yaml:2 observability.include_content_in_logs: must be one of False"),
])
def test_errors_name_file_line_and_key(text: str, expected: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "c.yaml", {})
    assert str(caught.value).startswith(expected), str(caught.value)


def test_interpolation_with_defaults_and_escapes() -> None:
    text = ("backend:\n  type: ${KIND:-local}\n  timeout_seconds: ${T:-7}\n  path: '$${HOME}/x-${SUFFIX}'\n"
            "stores:\n  p: {bank: '${BANK}'}\n")
    cfg = parse_config(text, "c.yaml", {"BANK": "b-1", "SUFFIX": "s"})
    assert cfg.backend.type == "local"
    assert cfg.backend.timeout_seconds == 7
    assert cfg.backend.path == "${HOME}/x-s"
    assert cfg.stores["p"].bank == "b-1"


def test_unset_variable_is_named_with_its_location() -> None:
    with pytest.raises(ConfigError, match=r"^c.yaml:3 backend.api_key: environment variable MISSING_KEY is not set"):
        parse_config("backend:\n  url: http://x\n  api_key: ${MISSING_KEY}\nstores:\n  p: {bank: p}\n", "c.yaml", {})


def test_error_messages_never_contain_the_api_key() -> None:
    text = "backend:\n  type: hindsight\n  url: ftp://x\n  api_key: hsk-super-secret-123\nstores:\n  p: {bank: p}\n"
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "c.yaml", {})
    assert "hsk-super-secret-123" not in str(caught.value)


def test_resolution_order(tmp_path: Path) -> None:
    explicit = tmp_path / "explicit.yaml"
    explicit.write_text("stores:\n  explicit: {bank: e}\n")
    from_env = tmp_path / "env.yaml"
    from_env.write_text("stores:\n  fromenv: {bank: f}\n")
    hermes_home = tmp_path / "hermes"
    plugin_dir = hermes_home / "plugins" / "wetopi-memory"
    plugin_dir.mkdir(parents=True)
    (plugin_dir / "config.yaml").write_text("stores:\n  plugin: {bank: g}\n")
    env = {"WETOPI_MEMORY_CONFIG": str(from_env), "HERMES_HOME": str(hermes_home)}
    assert list(load_config(explicit, env).config.stores) == ["explicit"]
    assert list(load_config(None, env).config.stores) == ["fromenv"]
    assert list(load_config(None, {"HERMES_HOME": str(hermes_home)}).config.stores) == ["plugin"]
    default = load_config(None, {"HERMES_HOME": str(tmp_path / "none")})
    assert default.source == "built-in default"
    assert list(default.config.stores) == ["personal", "business", "platform"]


def test_builtin_default_is_local_unless_hindsight_url_is_set() -> None:
    assert default_config({}).backend.type == "local"
    cfg = default_config({"HINDSIGHT_API_URL": "http://h:8888", "HINDSIGHT_API_KEY": "k"})
    assert cfg.backend.type == "hindsight" and cfg.backend.url == "http://h:8888"
    assert cfg.stores["personal"].per_identity and not cfg.stores["platform"].per_identity


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nope.yaml: file not found$"):
        load_config(tmp_path / "nope.yaml", {})


def test_timeouts_have_per_operation_floors() -> None:
    cfg = parse_config("backend:\n  timeout_seconds: 5\n  timeouts: {recall: 2}\nstores:\n  p: {bank: p}\n", "c", {})
    assert cfg.backend.timeout_for("recall") == 2
    assert cfg.backend.timeout_for("retain") == 60
    assert cfg.backend.timeout_for("reflect") == 120



def test_every_timed_operation_reads_its_own_timeout() -> None:
    text = ("backend:\n  timeout_seconds: 5\n  timeouts: {recall: 1, retain: 2, reflect: 3, config: 4}\n"
            "stores:\n  p: {bank: p}\n")
    cfg = parse_config(text, "c", {})
    assert [cfg.backend.timeout_for(op) for op in TIMED_OPERATIONS] == [1, 2, 3, 4]
    assert parse_config("stores:\n  p: {bank: p}\n", "c", {}).backend.timeout_for("config") == 10

# --- documented switches that have only one implemented value: accepted at it, refused elsewhere, never ignored

_ONE_VALUE_SWITCHES = [
    ("backend:\n  fail_open: {v}\n", "true", "false",
     "c.yaml:2 backend.fail_open: false is not supported: a failing backend never fails the agent's turn"),
    ("backend:\n  retain:\n    batching: {v}\n", "true", "false",
     "c.yaml:3 backend.retain.batching: false is not supported: retains always reach the backend as one batch "
     "per scope and turn"),
    ("routing:\n  semantic_fallback:\n    enabled: {v}\n", "false", "true",
     "c.yaml:3 routing.semantic_fallback.enabled: true is not supported: routing is rules only"),
    ("recall:\n  parallel: {v}\n", "true", "false",
     "c.yaml:2 recall.parallel: false is not supported: recall always fans out to its scopes in parallel"),
    ("recall:\n  fail_open: {v}\n", "true", "false",
     "c.yaml:2 recall.fail_open: false is not supported: a scope whose backend fails is left out"),
    ("retain:\n  async: {v}\n", "true", "false",
     "c.yaml:2 retain.async: false is not supported: turn-end retains are always delivered in the background"),
]
_SWITCH_ARGS = ("section", "supported", "refused", "expected")


@pytest.mark.parametrize(_SWITCH_ARGS, _ONE_VALUE_SWITCHES)
def test_one_value_switch_loads_at_the_implemented_value(section: str, supported: str, refused: str,
                                                         expected: str) -> None:
    # Loading is the behaviour under test: this raises ConfigError if the supported value were refused (the
    # fields cannot hold any other value, so asserting on them afterwards would prove nothing).
    parse_config(section.format(v=supported) + "stores:\n  p: {bank: p}\n", "c.yaml", {})


@pytest.mark.parametrize(_SWITCH_ARGS, _ONE_VALUE_SWITCHES)
def test_one_value_switch_refuses_any_other_value_with_its_location(section: str, supported: str, refused: str,
                                                                    expected: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(section.format(v=refused) + "stores:\n  p: {bank: p}\n", "c.yaml", {})
    assert str(caught.value).startswith(expected), str(caught.value)
    assert "\n" not in str(caught.value)


def test_design_example_sets_every_one_value_switch_to_what_the_product_does() -> None:
    data = yaml.safe_load(EXAMPLE.read_text())
    assert data["backend"]["fail_open"] is True and data["backend"]["retain"]["batching"] is True
    assert data["routing"]["semantic_fallback"]["enabled"] is False
    assert data["recall"]["parallel"] is True and data["recall"]["fail_open"] is True
    assert data["retain"]["async"] is True


# --- fuzzing: any input yields a config or a located ConfigError, never another exception -----------------

_VALID = yaml.safe_load(EXAMPLE.read_text())
_VALID.pop("identity")
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                     st.text(max_size=20), st.sampled_from(["low", "mid", "high", "${X}", "${Y:-3}", "{x}"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                       max_leaves=8)


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


_ALL_PATHS = [p for p in _paths(_VALID) if p]


def _mutated(path: tuple[object, ...], value: object, extra_key: str | None) -> str:
    import copy

    data = copy.deepcopy(_VALID)
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    if extra_key is not None and isinstance(node, dict):
        node[extra_key] = 1
    return yaml.safe_dump(data, allow_unicode=True)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_ALL_PATHS), _VALUES, st.one_of(st.none(), st.text(min_size=1, max_size=8)))
def test_fuzzed_config_always_loads_or_fails_located(path: tuple[object, ...], value: object,
                                                     extra_key: str | None) -> None:
    text = _mutated(path, value, extra_key)
    try:
        parse_config(text, "fuzz.yaml", {"HINDSIGHT_API_URL": "http://h:1", "HINDSIGHT_API_KEY": "k", "Y": "4"})
    except ConfigError as exc:
        message = str(exc)
        assert "\n" not in message.strip()
        assert LOCATED.match(message) or message.startswith("fuzz.yaml:"), message


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises_anything_but_config_error(text: str) -> None:
    try:
        parse_config(text, "junk.yaml", {})
    except ConfigError as exc:
        assert str(exc).startswith("junk.yaml")
