"""The answer noting a fact the user told tangled with the moment ("Anoto que Lumen tiene contratado…" after "Móntame
un staging para Lumen, que nos acaban de contratar…") keeps that fact; a fact the user told plainly, or a preference
of theirs, is kept in their own words only. What the answer states as settled right after the user agreed to it or
corrected it ("Vale, la primera, pero…" → "Queda fijado…", "Me equivoqué…" → "Corregido: …") is the decision. A bare
"Approved, go ahead", an approval for a slot of today, a lapse beside a how-to question and a note "never agreed"
keep nothing."""

from __future__ import annotations

from tests.support.judgement import PluginDriver


def test_a_fact_noted_from_a_tangled_request_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "tangled", "Móntame un staging para Lumen, que nos acaban de contratar el mantenimiento anual por 2.400 €.",
        "Staging creado en el cluster wp-stg, namespace stg-lumen. Anoto que Lumen tiene contratado el mantenimiento "
        "anual por 2.400 €.")
    assert any("2.400" in item and "Lumen" in item for item in stored.get("business", ())), stored


def test_a_plain_fact_is_kept_in_the_users_words_only(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "plain", "Política de bajas: cuando un cliente cancela, guardamos sus backups 30 días y luego se borran.",
        "Anotado: tras una baja conservamos los backups 30 días y después se borran.")
    kept = " ".join(stored.get("business", ()))
    assert "guardamos sus backups 30 días" in kept and "conservamos" not in kept, stored
    assert "platform" not in stored, stored


def test_a_preference_noted_is_not_a_business_fact(driver: PluginDriver) -> None:
    stored = driver.stored_by("hers", "Mis vacaciones de verano son del 3 al 21 de agosto; me sustituye Pere.",
                              "Anotado: del 3 al 21 de agosto fuera, Pere te sustituye.")
    assert "business" not in stored, stored


def test_what_is_settled_after_the_users_assent_is_the_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "settled", "Vale, la primera, pero los viernes solo hasta las 14:00.",
        "Queda fijado el horario de soporte: de lunes a jueves de 9:00 a 18:00 y los viernes de 9:00 a 14:00.",
        asked="Somos cuatro, la segunda no la sostenemos.",
        before="Entonces la primera. Si queréis, los viernes podéis acortarlo.")
    assert any("14:00" in item for item in stored.get("business", ())), stored


def test_a_settled_summary_without_the_users_assent_is_the_assistants(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "unasked", "¿Y los viernes cómo lo ves?",
        "Queda fijado el horario de soporte: de lunes a jueves de 9:00 a 18:00 y los viernes de 9:00 a 14:00.",
        asked="Somos cuatro, la segunda no la sostenemos.",
        before="Entonces la primera. Si queréis, los viernes podéis acortarlo.")
    assert stored == {}, stored


def test_the_corrected_summary_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "corrected", "Me equivoqué con el nombre: el cliente es Clínica Farré, no Ferran. Lo demás igual.",
        "Corregido: el contrato de mantenimiento de 12 meses es con Clínica Farré.",
        asked="Apunta que Clínica Ferran ha firmado el contrato de mantenimiento de 12 meses.",
        before="Anotado: Clínica Ferran, contrato de mantenimiento de 12 meses.")
    assert any("Farré" in item and "12 meses" in item for item in stored.get("business", ())), stored


def test_a_bare_approval_keeps_nothing(driver: PluginDriver) -> None:
    asked = "Panel v2.4.0 is ready for production: 14 commits, migrations tested on staging. Approve the deploy?"
    assert driver.stored_by("bare", "Approved, go ahead.", "Deploying v2.4.0 now.", asked="deploy?",
                            before=asked) == {}
    tonight = driver.stored_by("tonight", "Aprobado, pero solo fuera de horario: después de las 21:00 de hoy.",
                               "Programado para hoy a las 21:00.", asked="deploy?", before=asked)
    assert tonight == {}, tonight


def test_an_approved_rule_is_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("rule", "Aprobado: a partir de ahora los despliegues a producción de los viernes "
                                      "necesitan dos revisores en el PR.", "Entendido.")
    assert any("dos revisores" in item for items in stored.values() for item in items), stored


def test_a_lapse_beside_a_how_to_question_is_no_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("lapse", "How do I list the placement groups stuck in Ceph? I always forget the "
                                       "command.", "`ceph pg dump_stuck` lists them.")
    assert "personal" not in stored, stored


def test_a_note_never_agreed_is_no_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("floated", "Please forget that note about Lumen's renewal discount. It was never "
                                         "agreed, Marta only floated it on a call.",
                              "Done, I'll disregard it.")
    assert stored == {}, stored


def test_what_the_user_wants_kept_is_the_organisations_fact(driver: PluginDriver) -> None:
    stored = driver.stored_by("kept", "Lo de la baja de ayer no lo apuntes. Lo que sí quiero que quede: en julio el "
                                      "horario de oficina es de 8:00 a 14:00, todos los años.", "Entendido.")
    assert any(item.startswith("En julio") and "14:00" in item for item in stored.get("business", ())), stored
    assert "personal" not in stored, stored


def test_a_team_decision_with_a_time_of_day_is_the_businesss(driver: PluginDriver) -> None:
    stored = driver.stored_by("standup", "Y para el equipo: la reunión semanal pasa a los jueves a las 10:30, "
                                         "decidido hoy con todos.", "Anotado.")
    assert any("10:30" in item for item in stored.get("business", ())), stored


def test_how_she_wants_answers_on_a_topic_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("answers", "Cuando el tema sea de arquitectura, quiero respuestas largas, con contexto "
                                         "y alternativas.", "Entendido.")
    assert "personal" in stored and "platform" not in stored, stored


def test_a_deal_settled_in_the_answer_is_the_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "deal", "Hecho: Ceph RBD para wp-prod, y la storageclass por defecto que sea la de Retain.",
        "Decisión registrada: en wp-prod los volúmenes pasan a Ceph RBD, con `ceph-rbd-retain` como StorageClass por "
        "defecto.", asked="¿Y cuál por defecto?", before="Para datos de clientes, Retain es más seguro.")
    assert any("ceph-rbd-retain" in item for item in stored.get("platform", ())), stored
