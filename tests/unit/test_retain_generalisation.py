"""Turn curation by general shapes (issue #11, fifth round): proposals put as questions, hedged assent, options
without a pick, staffing facts, other people's ways, stories, forecasts, failed attempts, verified changes."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.scope_selection import fallback_for, own_scopes
from wetopi_memory.retain.signals import analyze
from wetopi_memory.retain.voice_reading import past_event, voice_of


def run(driver: PluginDriver, name: str, user: str, assistant: str = "Ok.", *, before: str = "",
        tools: tuple[ToolCall, ...] = ()) -> dict[str, tuple[str, ...]]:
    return driver.stored_by(name, user, assistant, before=before, asked="¿Cómo lo hacemos?", tools=tools)


def test_terms_put_as_a_question_or_a_tag_question_are_agreed(driver: PluginDriver) -> None:
    got = run(driver, "q-we", "Sí, así.", "Hecho.",
              before="¿Dejamos el preaviso de baja del plan Business en 30 días y la permanencia en 6 meses?")
    assert set(got) == {"business"} and "30 días" in got["business"][0]
    got = run(driver, "q-tag", "Vale", "Lo añado.",
              before="Yo lo cobraría como add-on de 20 €/mes por cliente, ¿vale?")
    assert set(got) == {"business"} and "20 €/mes" in got["business"][0]


def test_a_proposed_rule_closed_by_an_offer_is_agreed_without_the_offer(driver: PluginDriver) -> None:
    got = run(driver, "rule-offer", "Yes, go with that.", "Added.",
              before="Suggested policy: refunds of annual plans are prorated by unused months. "
                     "Want me to add it to the billing handbook?")
    assert set(got) == {"business"}
    assert "prorated" in got["business"][0] and "Want me to" not in got["business"][0]


def test_a_hedged_yes_agrees_to_nothing(driver: PluginDriver) -> None:
    assert run(driver, "hedged-yes", "Sí, puede ser.", "Lo miro.",
               before="Te propongo mover los backups de MySQL a las 04:00 para no coincidir con el snapshot.") == {}


def test_options_without_a_recommendation_need_a_pick(driver: PluginDriver) -> None:
    options = ("Hay dos opciones: 1) guardar los logs 30 días en Loki; 2) guardarlos 90 días en S3. "
               "Las dos tienen pros y contras.")
    assert run(driver, "no-pick", "Vale.", "Ok.", before=options) == {}
    got = run(driver, "pick", "Vale, con la 2.", "Ok.", before=options)
    assert set(got) == {"platform"} and "90 días" in got["platform"][0] and "Loki" not in got["platform"][0]


def test_a_hire_is_the_business_whatever_the_role(driver: PluginDriver) -> None:
    got = run(driver, "hire", "We hired Marta Gil as a platform engineer, she starts on 12 January.", "Welcome!")
    assert set(got) == {"business"} and "Marta Gil" in got["business"][0]


def test_someone_close_to_the_speaker_has_their_own_ways(driver: PluginDriver) -> None:
    assert "personal" not in run(driver, "boss", "Mi jefa wants the quarterly numbers as a spreadsheet.", "Vale.")


def test_a_request_about_how_the_speaker_is_treated_is_personal(driver: PluginDriver) -> None:
    got = run(driver, "treat-me", "Por favor no uses tablas conmigo, en el móvil las leo fatal.", "Entendido.")
    assert set(got) == {"personal"} and "tablas" in got["personal"][0]


def test_keeping_it_out_of_memory_is_obeyed(driver: PluginDriver) -> None:
    assert run(driver, "out", "Que no quede en la memoria: a Talleres Gil les he dejado el plan Pro a 30 € al mes.",
               "De acuerdo.") == {}


def test_stories_forecasts_and_failed_attempts_are_not_memory(driver: PluginDriver) -> None:
    assert run(driver, "story", "Ayer un cliente llamó muy enfadado por un cargo duplicado y Leire lo resolvió.",
               "Menos mal.") == {}
    assert run(driver, "forecast", "Forecast: if both deals close we'd reach 90k MRR in March.", "Nice.") == {}
    assert run(driver, "tried", "We tried raising the memory limit to 2Gi but the pods still get OOMKilled.",
               "Let's look at the heap.") == {}


def test_a_checked_change_is_kept_beside_hedged_advice(driver: PluginDriver) -> None:
    got = run(driver, "checked", "He subido max_connections a 800 en el configmap mariadb-prod y he reiniciado.",
              "Comprobado: el valor aplicado es 800 y hay 310 conexiones. Te sugiero vigilar la memoria estos días.",
              tools=(ToolCall("terminal", {"command": "mysql -e 'SHOW VARIABLES'"}, "max_connections 800"),))
    assert set(got) == {"platform"} and "max_connections a 800" in got["platform"][0]


def test_the_assent_itself_is_no_preference(driver: PluginDriver) -> None:
    got = run(driver, "assent-only", "Me parece bien, hazlo así a partir de ahora.", "Hecho.",
              before="Te propongo que los certificados de clientes se emitan con el ClusterIssuer letsencrypt-dns.")
    assert set(got) == {"platform"} and "letsencrypt-dns" in got["platform"][0]


def test_a_commercial_fact_with_numbers_of_its_own_is_the_business(driver: PluginDriver) -> None:
    got = run(driver, "hours", "El horario de atención es de 8 a 17 de lunes a jueves y de 8 a 14 los viernes.")
    assert set(got) == {"business"} and "8 a 17" in got["business"][0]


def test_a_task_handed_to_the_speaker_is_not_memory(driver: PluginDriver) -> None:
    assert run(driver, "asked", "My manager has asked me to prepare the cost report for Friday.", "Sure.") == {}


def test_the_readings_behind_them() -> None:
    story = analyze("Yesterday a customer called about a late invoice.")
    assert "past event" in past_event(story, "Yesterday a customer called about a late invoice.").transient
    decided = analyze("Ayer decidimos subir el plan Pro a 39 €.")
    assert past_event(decided, "Ayer decidimos subir el plan Pro a 39 €.") == decided
    assert voice_of("Gandi se queda para los que ya teníamos.") == "group"
    assert voice_of("Nosotros lo tenemos claro, pero yo prefiero esperar.") == "self"
    assert voice_of("El horario de atención es de 8 a 17.") == "none"
    assert fallback_for(("business", "platform"), ("process",)) == ("business",)
    assert fallback_for(("business", "platform"), ("process",), technical_values=True) == ("business", "platform")
    assert own_scopes(["personal"], ("pricing",), speaker=True, known=("personal", "business")) == []
