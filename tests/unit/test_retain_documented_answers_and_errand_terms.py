"""An answer the user asked to have documented ("Documenta cómo…", "Check it and note it somewhere") is kept, without
its reading of the moment, and so is a setting the user asked to have confirmed ("…, ¿me lo confirmas?") that the
tools showed; a settled summary after the user's correction or conditional assent ("Corregido y
guardado: …", "Hecho: descuento del 20 %…") is the decision, and a bare "Hecho:" of an errand is not. "Nada de esto
está decidido" unsettles everything before it; the terms of a piece of work asked for now ("Escríbeme un post…",
"Give me a regex…") are one-off; "Y lo mío: …" is the speaker's own rule even with "salvo caída" in it; a rule
labelled "Otra norma:" is the organisation's; "A partir de hoy, en español." is when her preference starts."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall


def test_an_answer_asked_to_be_documented_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "documented", "Documenta cómo se reparte el tráfico entre los dos ingress, mirándolo en el cluster, que la "
                      "wiki está vieja.",
        "Los dos ingress-nginx comparten la IP 10.20.5.40 de MetalLB y el Service usa externalTrafficPolicy: Local.")
    assert any("10.20.5.40" in item for item in stored.get("platform", ())), stored
    assert not any("Documenta" in item for items in stored.values() for item in items), stored


def test_a_reading_of_the_moment_in_a_noted_answer_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "reading", "Which subnet does the WAN load balancer use? Check it and note it somewhere, I always forget.",
        "The WAN LBs use 10.20.1.0/24 with the VIP on 10.20.1.10. Right now 7 of the 254 addresses are in use.")
    kept = " ".join(stored.get("platform", ()))
    assert "10.20.1.0/24" in kept and "Right now" not in kept, stored
    assert "personal" not in stored, stored


def test_a_summary_saved_after_a_correction_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "corrected", "Casi: la permanencia es de 18 meses, no de 12, lo demás bien.",
        "Corregido y guardado: Talleres Ibáñez, plan Pro, permanencia de 18 meses, 59 €/mes, facturación anual.",
        asked="Talleres Ibáñez firma el plan Pro con permanencia.",
        before="Lo apunto: Talleres Ibáñez, plan Pro, permanencia de 12 meses, 59 €/mes, facturación anual.")
    assert any("59 €" in item and "18 meses" in item for item in stored.get("business", ())), stored


def test_a_done_summary_after_a_conditional_assent_is_the_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "done", "Vale, pero solo para los que se den de alta este mes, y como mucho 6 meses.",
        "Hecho: descuento del 15 % en el plan Starter para las altas de este mes, durante un máximo de 6 meses.")
    assert any("15 %" in item for item in stored.get("business", ())), stored


def test_a_done_errand_is_not_a_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("errand", "Vale, mándaselo a Jordi.", "Hecho: te lo he reenviado a Jordi por correo.")
    assert stored == {}, stored


def test_none_of_this_decided_unsettles_everything_before(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "brainstorm", "Ideas de la comida de equipo: plan anual con dos meses gratis. Subir el Starter a 9 €. Nada de "
                      "esto está decidido, eh.",
        "Apuntadas como ideas: plan anual con dos meses gratis y Starter a 9 €.")
    assert stored == {}, stored


def test_the_terms_of_a_piece_of_work_are_one_off(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "post", "Escríbeme un correo a la gestoría pidiendo el modelo 303 del trimestre. Tono cercano, que son majos.",
        "Asunto: Modelo 303. Hola: …")
    assert stored == {}, stored


def test_a_regex_asked_for_is_no_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("regex", "Give me a regex to pull the request time out of our php-fpm slow log lines.",
                              "Use `script_filename = (\\S+)` and `\\[(\\d+\\.\\d+)s\\]` for the time.")
    assert "personal" not in stored, stored


def test_her_own_part_with_an_outage_exception_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "mine", "El soporte de primer nivel lo lleva Marta de 9 a 17. Y lo mío: yo solo miro escalados de 10 a 13; "
                "el resto del día no me paséis nada salvo caída.", "Apuntado.")
    assert any("10 a 13" in item for item in stored.get("personal", ())), stored
    assert "platform" not in stored, stored


def test_a_rule_labelled_as_one_is_the_organisations(driver: PluginDriver) -> None:
    stored = driver.stored_by("rule", "Otra norma: los contratos de más de 24 meses los firmo yo, nadie más.",
                              "Entendido.")
    assert any("24 meses" in item for item in stored.get("business", ())), stored
    assert "personal" not in stored, stored


def test_when_her_preference_starts_is_part_of_it(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "starts", "Ya no quiero los resúmenes en inglés, me cuesta leerlos deprisa. Desde hoy, en castellano.",
        "Entendido.")
    assert "business" not in stored, stored
    assert any("en castellano" in item for item in stored.get("personal", ())), stored


def test_a_setting_asked_to_be_confirmed_and_shown_by_the_tools_is_kept(driver: PluginDriver) -> None:
    shown = ToolCall("terminal", {"command": "kubectl -n blog get ingress blog -o yaml | grep body-size"},
                     "nginx.ingress.kubernetes.io/proxy-body-size: 128m")
    stored = driver.stored_by(
        "confirmed", "Pau dice que ya subió el límite de subida del blog a 128M, ¿me lo confirmas?",
        "Confirmado: el ingress del blog tiene nginx.ingress.kubernetes.io/proxy-body-size: 128m.", tools=(shown,))
    assert any("128m" in item for item in stored.get("platform", ())), stored
