"""The steps a user lists under a heading that keeps a procedure are part of it; a list under a question or after
the heading's list has ended is read on its own."""

from __future__ import annotations

from tests.support.judgement import PluginDriver

PROCEDURE = ("Apunta el procedimiento para rotar el certificado del registry:\n"
             "1. kubectl -n registry create secret tls registry-tls-new --cert=… --key=…\n"
             "2. cambiar el secretName del ingress a registry-tls-new\n"
             "3. esperar a que el pull de prueba funcione y borrar registry-tls\n"
             "Ese es el procedimiento oficial.")


def test_the_steps_under_a_procedure_heading_are_kept_with_it(driver: PluginDriver) -> None:
    stored = driver.stored_by("steps", PROCEDURE, "Apuntado.")
    assert "secretName" in " ".join(stored.get("platform", ()))


def test_a_list_under_a_question_is_not_a_procedure(driver: PluginDriver) -> None:
    stored = driver.stored_by("asked", "¿Cuál de estos pasos sobra para rotar el certificado del registry?\n"
                              "1. borrar el secret viejo\n2. reiniciar el registry", "El segundo.")
    assert stored == {}


def test_the_detail_after_a_decision_is_kept_with_it(driver: PluginDriver) -> None:
    stored = driver.stored_by("detail", "Hemos decidido que los clientes del plan Básico no tendrán acceso SSH. "
                              "Solo SFTP y el gestor de archivos del panel.", "Entendido.")
    assert set(stored) == {"business"} and "SFTP" in stored["business"][0]


def test_a_status_after_a_decision_is_not_its_detail(driver: PluginDriver) -> None:
    stored = driver.stored_by("status", "Hemos decidido que los clientes del plan Básico no tendrán acceso SSH. "
                              "Por cierto, el ticket de Ferrer sigue abierto.", "Entendido.")
    assert "Ferrer" not in " ".join(stored.get("business", ()))
