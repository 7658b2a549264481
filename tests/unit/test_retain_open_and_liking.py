"""A change made while the investigation goes on is no fix; "Me gusta." said of a proposal agrees to it and is no
preference of the speaker's."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_DESCRIBE = ToolCall(name="terminal", args={"command": "kubectl -n casa-lur describe pod wordpress-0"},
                     result="Last State: Terminated\n  Reason: OOMKilled")


def test_a_stopgap_while_investigating_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "stopgap", "¿Cómo va lo de la caída de casa-lur?",
        "Seguimos mirando. El pod de WordPress reinicia por OOMKilled (limit 512Mi). He subido el limit a 1Gi "
        "mientras investigo; no es el arreglo definitivo.", tools=(_DESCRIBE,))
    assert not stored, stored


def test_liking_a_proposal_agrees_to_it(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "liking", "Me gusta. Adelante.", "Hecho, queda así.",
        before="Propongo el plan Tienda Plus a 59 €/mes para tiendas de hasta 2.000 pedidos al mes.",
        asked="¿Qué plan le damos a las tiendas medianas?")
    assert "personal" not in stored, stored
    assert any("59" in item for item in stored.get("business", ())), stored


def test_a_change_turned_down_is_no_fix(driver: PluginDriver) -> None:
    e2e = ToolCall(name="terminal", args={"command": "npx playwright test checkout --project=staging"},
                   result="1 failed, 11 passed")
    stored = driver.stored_by(
        "declined", "¿Lo has probado? Si algo falla, no lo apruebes.",
        "Lo he rechazado: el E2E de checkout falla en staging con WooCommerce 9.5.0. Se queda en 9.4.1; he abierto "
        "la tarea WT-1310 para revisarlo.", tools=(e2e,))
    assert not stored, stored
