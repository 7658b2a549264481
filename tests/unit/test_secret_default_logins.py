"""A default login still in place is a password everyone can guess, still a secret; paths and group names that
look like one are not (our own samples)."""

from __future__ import annotations

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()
STRICT = SecretGate(skip_plain_prose=False)   # the same verdicts without the prose shortcuts


@pytest.mark.parametrize("text", [
    "el Grafana de pruebas sigue entrando con admin/admin, hay que cambiarlo",
    "the old Raspberry in the office still has pi/raspberry",
    "MinIO de desarrollo: root/changeme desde la instalación",
])
def test_a_default_login_is_refused(text: str) -> None:
    assert GATE.blocks(text), text
    assert STRICT.blocks(text), text


@pytest.mark.parametrize("text", [
    "el WAF bloquea los POST a /wp-admin/admin-ajax.php de Elementor",
    "añade a Laia al grupo admin/administrators del LDAP",
    "la ruta es /root/admin/backup.sh en el nodo 2",
    "the admin/user split of the roles stays as it is",
])
def test_a_look_alike_passes(text: str) -> None:
    assert not GATE.blocks(text), text
    assert not STRICT.blocks(text), text
