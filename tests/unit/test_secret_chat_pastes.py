"""Secrets as they are pasted into a chat: a wp-config salt in its `define`, a bearer named in prose, a password
told in the past tense after a relative clause; and their clean look-alikes."""

from __future__ import annotations

import pytest

from wetopi_memory.secrets import SecretGate

GATE = SecretGate()


@pytest.mark.parametrize("text", [
    "en el wp-config de estudio-nube alguien dejó define('LOGGED_IN_SALT', 'l&YcwjAE~L*=Z?Oz784|A)JCdrhyj4ke@TutDN=8q2S"
    "Qs2^gC0g!ubRbt1?0TpK{'); ¿lo regeneramos?",
    "define( 'DB_PASSWORD', 'Xk9#mP2vLq' );",
    "el bearer del api de facturación es 5hpDPsORGpFMkSDWP4FKxbPZM7mCqflLYCHU8HQJ, caduca en un año",
    "login: wpadmin@hostal-brisa.com y la contraseña q le puse fue cometa-lavanda-447 (con mayúscula la primera)",
])
def test_refused(text: str) -> None:
    assert GATE.first(text) is not None, text


@pytest.mark.parametrize("text", [
    "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
    "define( 'AUTH_KEY', 'put your unique phrase here' );",
    "define('WP_DEBUG', false);",
    "la contraseña que pusimos fue la de siempre, la del gestor",
    "el bearer que devuelve el login es un JWT de una hora",
    "the bearer token was rotated yesterday after the leak scare",
])
def test_passed(text: str) -> None:
    assert GATE.first(text) is None, text
