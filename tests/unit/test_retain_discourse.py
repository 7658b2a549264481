"""Turn curation by general shapes (issue #11, eighth round): a party named the message before, a sentence that
claims its side, a quoted draft, a memory tool's answer, a check that changes nothing, a supplier, a leaning."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.certainty_lexicon import HEDGE_SET
from wetopi_memory.retain.discourse import named_party
from wetopi_memory.retain.memory_md_passing import reads_as_passing
from wetopi_memory.retain.scope_selection import own_scopes
from wetopi_memory.retain.signals import analyze, durability_of
from wetopi_memory.retain.term_matching import mentions
from wetopi_memory.retain.voice_reading import speaks_for_self

KNOWN = ("personal", "business", "platform")


def test_terms_told_after_the_party_was_named_carry_its_name(driver: PluginDriver) -> None:
    got = driver.stored_by("party", "Hosting a 39 €/mes con permanencia de un año, factura trimestral.",
                           "Anotado.", asked="Acabamos de cerrar con Talleres Ruiz", before="¿En qué condiciones?")
    assert set(got) == {"business"} and "Talleres Ruiz" in got["business"][0] and "39 €" in got["business"][0]
    assert named_party("Hoy firmamos con Grupo Ebro", "Firmado por los dos.") == "Grupo Ebro"
    assert named_party("Hoy hablamos", "Vale.") == ""   # a sentence's first word is no party


def test_a_quoted_draft_under_review_is_no_price(driver: PluginDriver) -> None:
    got = driver.stored_by("draft", "Here is the newsletter draft, not approved yet. Check the tone: "
                                    "'From April the Starter plan costs 19 € per month'", "Tone is fine.")
    assert "business" not in got


def test_a_memory_tools_answer_is_no_evidence_of_a_fix(driver: PluginDriver) -> None:
    recall = ToolCall(name="memory_search", args={"query": "rotate vault token"},
                      result="[platform] Runbook: vault token rotate, then restart the agent.")
    got = driver.stored_by("recalled", "How did we rotate the Vault token?",
                           "From the runbook: run vault token rotate and then restart the agent.", tools=(recall,))
    assert got == {}


def test_a_check_that_changes_nothing_is_not_kept(driver: PluginDriver) -> None:
    curl = ToolCall(name="terminal", args={"command": "curl -sI https://example.org/"},
                    result="HTTP/2 200\nx-cache: HIT")
    got = driver.stored_by("check", "Comprueba si responde la web de la ferretería",
                           "Responde 200, servida desde caché, en 90 ms; el pod no se ha reiniciado.", tools=(curl,))
    assert got == {}


def test_the_readings_behind_them() -> None:
    assert analyze("El pod no se ha reiniciado en toda la noche.").past_action == ()
    assert analyze("Responde 200 desde caché.").past_action == ()
    assert mentions(HEDGE_SET, "I'm leaning towards Loki, but nothing's decided")
    assert speaks_for_self("He decidido no contestar llamadas después de las 20:00.")
    assert "pricing" in analyze("Apruebo un 12 % para la Academia Norte en la renovación.").categories
    remedy = analyze("Cuando el sitio se queda en blanco, se arregla vaciando la caché con wp cache flush.")
    assert remedy.categories[0] == "runbook"


def test_a_supplier_is_the_business_s() -> None:
    assert own_scopes(["platform", "business"], ["general"], speaker=True, known=KNOWN, supplier=True) == ["business"]
    assert own_scopes(["platform"], ["general"], speaker=True, known=KNOWN, supplier=True,
                      technical_values=True) == ["platform"]


def test_memory_md_questions_and_finished_p1_tasks_are_not_kept_as_they_are() -> None:
    question = analyze("¿Facturamos la migración a la agencia de Lyon o no?")
    assert durability_of(question, origin="import") < 0.7
    assert reads_as_passing("Migración de la tienda de Hermanos Gil terminada y facturada.", "P1")
    assert reads_as_passing("The refund queue is currently empty.", "P1")


def test_a_turns_memory_retain_call_is_run_as_hermes_runs_it(driver: PluginDriver) -> None:
    call = ToolCall(name="memory_retain", args={"scope": "business", "content": "Invoices go out on the 5th."},
                    result='{"status": "queued"}')
    got = driver.stored_by("tool-retain", "Save that for the team: invoices go out on the 5th.", "Saved.",
                           tools=(call,))
    assert "Invoices go out on the 5th." in got.get("business", ())


def test_a_refusal_that_only_says_why_keeps_nothing(driver: PluginDriver) -> None:
    got = driver.stored_by("refusal", "Nope, that's what our small customers like most about us.", "Understood.",
                           asked="Support by phone costs us a lot",
                           before="I'd suggest dropping phone support for Starter customers and charging 10 € for it.")
    assert got == {}


def test_a_request_under_a_standing_condition_is_how_the_speaker_is_reached(driver: PluginDriver) -> None:
    got = driver.stored_by("standing", "He decidido no abrir el correo por la tarde. Si es algo serio, "
                                       "escríbeme por Signal.", "Entendido.")
    assert set(got) == {"personal"} and any("Signal" in item for item in got["personal"])
