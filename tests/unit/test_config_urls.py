"""Backend URLs fail on one located line (file or $HINDSIGHT_API_URL), print masked, literal keys warn, and the
default banks.yaml is found beside the config in use."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wetopi_memory_cli.app import app

from wetopi_memory.config import (
    ENV_BANKS,
    LoadedConfig,
    check_backend_url,
    default_config,
    load_config,
    mask_url,
    parse_config,
)
from wetopi_memory.errors import ConfigError

SUFFIX = "must be an http(s) URL like http://host:8888"


@pytest.mark.parametrize(("url", "why"), [
    ("localhost:8888", "no http:// or https:// scheme"),
    ("hindsight", "no http:// or https:// scheme"),
    ("ftp://hindsight:8888", "scheme 'ftp' is not http or https"),
    ("http://:8888", "no host"),
    ("http://bad_host:8888", "'bad_host' is not a valid host name"),
    ("http://hindsight:99999", "port '99999' is not a number in 1-65535"),
    ("http://hindsight:http", "port 'http' is not a number in 1-65535"),
    ("http://hindsight:", "the port after ':' is empty"),
    ("http://300.1.1.1:8888", "'300.1.1.1' is not an IPv4 address"),
    ("http://hindsight:8888/?a=1", "a query or fragment is not allowed"),
    ("http://hind sight:8888", "it contains whitespace"),
])
def test_a_bad_url_in_a_file_is_one_located_line(url: str, why: str) -> None:
    text = f"version: 1\nbackend:\n  type: hindsight\n  url: '{url}'\nstores:\n  p: {{bank: p}}\n"
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "c.yaml", {})
    assert str(caught.value) == f"c.yaml:4 backend.url: '{url}' {SUFFIX} ({why})"


@pytest.mark.parametrize("url", ["http://127.0.0.1:8888", "https://hindsight.example", "http://[::1]:8888",
                                 "http://hindsight-api.wetopi.svc.cluster.local:8888/prefix/",
                                 "HTTPS://Hindsight.Example:443"])
def test_good_urls_pass_unchanged(url: str) -> None:
    assert check_backend_url(url) == url
    cfg = parse_config(f"backend: {{type: hindsight, url: '{url}'}}\nstores:\n  p: {{bank: p}}\n", "c.yaml", {})
    assert cfg.backend.url == url


def test_a_bad_url_in_another_named_backend_is_located_too() -> None:
    text = "stores:\n  p: {bank: p}\nbackends:\n  eu:\n    type: hindsight\n    url: eu-host:8888\n"
    with pytest.raises(ConfigError, match="^" + re.escape(f"c.yaml:6 backends.eu.url: 'eu-host:8888' {SUFFIX}")):
        parse_config(text, "c.yaml", {})


def test_a_bad_hindsight_url_variable_is_one_line_naming_it() -> None:
    with pytest.raises(ConfigError) as caught:
        default_config({"HINDSIGHT_API_URL": "localhost:8888", "HINDSIGHT_API_KEY": "k-123"})
    assert str(caught.value) == f"$HINDSIGHT_API_URL: 'localhost:8888' {SUFFIX} (no http:// or https:// scheme)"
    assert load_config(None, {"HINDSIGHT_API_URL": "http://h:1", "HERMES_HOME": "/nonexistent"}).config.backend.url \
        == "http://h:1"


def test_the_cli_reports_a_bad_url_variable_in_one_line_with_exit_2(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WETOPI_MEMORY_CONFIG", raising=False)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("HINDSIGHT_API_URL", "localhost:8888")
    for command in (["status"], ["config", "show"], ["config", "validate"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2, command
        assert result.stderr == f"error: $HINDSIGHT_API_URL: 'localhost:8888' {SUFFIX} (no http:// or https:// " \
                                "scheme)\n", command


def test_credentials_inside_a_url_are_masked() -> None:
    assert mask_url("http://user:s3cr3t@host:8888/x") == "http://user:***@host:8888/x"
    assert mask_url("https://tok3n@host") == "https://***@host"
    assert mask_url("http://host:8888") == "http://host:8888"
    assert mask_url("http://u:p@[::1") == "***@[::1", "even a URL that does not parse is masked"


@pytest.mark.parametrize(("url", "shown"), [("http://ops:s3cr3t@h:1", "http://ops:***@h:1"),
                                            ("https://tok3n@eu", "https://***@eu")])
def test_credentials_in_a_url_are_refused_on_one_masked_line(url: str, shown: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(f"backend: {{type: hindsight, url: '{url}'}}\nstores:\n  p: {{bank: p}}\n", "c.yaml", {})
    assert str(caught.value) == (f"c.yaml:1 backend.url: '{shown}' {SUFFIX} (credentials in the URL are not "
                                 "allowed; put the key in api_key: ${HINDSIGHT_API_KEY})")


def test_config_show_never_prints_url_credentials(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("backend:\n  type: hindsight\n  url: http://ops:s3cr3t@h:1\n  api_key: ${K}\n"
                      "stores:\n  p: {bank: p}\n")
    result = CliRunner().invoke(app, ["--config", str(config), "config", "show", "-o", "json"], env={"K": "kk-1"})
    assert result.exit_code == 2
    assert "s3cr3t" not in result.stdout + result.stderr and "kk-1" not in result.stdout + result.stderr
    assert f"{config}:3 backend.url: 'http://ops:***@h:1'" in result.stderr
    cfg = parse_config("backend: {type: hindsight, url: 'http://h:1', api_key: k-1}\nstores:\n  p: {bank: p}\n",
                       "c.yaml", {})
    assert cfg.redacted()["backend"] == {**cfg.redacted()["backend"], "url": "http://h:1", "api_key": "**********"}


def test_a_literal_api_key_loads_with_one_warning_naming_file_and_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("backend:\n  type: hindsight\n  url: http://h:1\n  api_key: hsk-literal-1\n"
                      "backends:\n  eu: {type: hindsight, url: 'http://eu:1', api_key: '${EU_KEY}'}\n"
                      "stores:\n  p: {bank: p}\n")
    with caplog.at_level(logging.WARNING, logger="wetopi_memory.config"):
        loaded = load_config(config, {"EU_KEY": "from-env"})
    assert loaded.config.backend.api_key is not None
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [f"warning: {config}:4 backend.api_key: a literal API key in a config file; put it in an "
                        "environment variable (api_key: ${HINDSIGHT_API_KEY})"]
    assert "hsk-literal-1" not in warnings[0]


def test_keys_from_the_environment_give_no_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="wetopi_memory.config"):
        parse_config("backend: {type: hindsight, url: 'http://h:1', api_key: '${K:-}'}\nstores:\n  p: {bank: p}\n",
                     "c.yaml", {})
    assert not caplog.records


def test_the_default_banks_path_order(tmp_path: Path) -> None:
    config = tmp_path / "etc" / "config.yaml"
    config.parent.mkdir()
    loaded = LoadedConfig(default_config({}), str(config))
    assert loaded.banks_path({ENV_BANKS: "/srv/banks.yaml"}) == Path("/srv/banks.yaml")
    assert loaded.banks_path({}) == Path("banks/banks.yaml"), "nothing beside the config: the last resort"
    (config.parent / "banks.yaml").write_text("version: 1\n")
    assert loaded.banks_path({}) == config.parent / "banks.yaml"
    assert load_config(None, {"HERMES_HOME": str(tmp_path / "none")}).banks_path({}) == Path("banks/banks.yaml")


def test_diff_reads_the_banks_file_beside_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "config.yaml").write_text(f"backend: {{type: local, path: '{tmp_path / 'm.db'}'}}\n"
                                     "stores:\n  platform: {bank: wetopi-platform}\n")
    (etc / "banks.yaml").write_text("version: 1\nbanks:\n  wetopi-platform:\n    config: {}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_BANKS, raising=False)
    monkeypatch.setenv("WETOPI_MEMORY_STATE_DIR", str(tmp_path / "state"))
    result = CliRunner().invoke(app, ["--config", str(etc / "config.yaml"), "diff", "-o", "json"])
    assert result.exit_code == 1, result.stderr  # the bank does not exist yet: drift, read from etc/banks.yaml
    assert '"wetopi-platform"' in result.stdout
    (etc / "banks.yaml").unlink()
    result = CliRunner().invoke(app, ["--config", str(etc / "config.yaml"), "diff"])
    assert result.exit_code == 2 and result.stderr.startswith("error: banks/banks.yaml")
