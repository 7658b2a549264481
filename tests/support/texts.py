"""Config and identities texts that many tests share: the three standard scopes and Ana, who may use them all."""

from __future__ import annotations

from pathlib import Path

from wetopi_memory.config import Config, parse_config
from wetopi_memory.identity import IdentityResolver

FAKE_URL = "http://hindsight.test:8888"
STANDARD_STORES = """stores:
  personal: {bank_template: "user-{internal_user_id}"}
  business: {bank: wetopi-business}
  platform: {bank: wetopi-platform}
"""
HINDSIGHT_CONFIG = f'backend: {{type: hindsight, url: "{FAKE_URL}"}}\n' + STANDARD_STORES
LOCAL_CONFIG = "backend: {type: local}\n" + STANDARD_STORES
# The Hermes plugin on the local backend; DB and IDS stand for the paths of its memory db and identities file.
PLUGIN_CONFIG = "\nbackend: {type: local, path: DB}\n" + STANDARD_STORES + "identity:\n  file: IDS\n"
ANA_IDENTITIES = """users:
  u_ana: {display_name: Ana, allowed_scopes: [personal, business, platform], accounts: ["telegram:1001"]}
"""


def standard_config(text: str = HINDSIGHT_CONFIG) -> Config:
    """A parsed config from text (no environment variables)."""
    return parse_config(text, "c.yaml", {})


def identities(tmp_path: Path, config: Config, text: str = ANA_IDENTITIES) -> IdentityResolver:
    """An identities file written under tmp_path and loaded against the config's scopes."""
    path = tmp_path / "ids.yaml"
    path.write_text(text)
    return IdentityResolver.from_file(path, known_scopes=config.stores)
