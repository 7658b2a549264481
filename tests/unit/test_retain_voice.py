"""Curation of a turn's voice and acts: errands, habits taken up, someone else's clause, a preference's detail,
assent by emoji or option, an answer the user asks to note, a change told with its reason, test messages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.judgement import PluginDriver, ToolCall, TurnCase
from wetopi_memory.retain.memory_md_passing import reads_as_passing
from wetopi_memory.retain.raw_output import raw_output_kind
from wetopi_memory.retain.signals import analyze


def stored(driver: PluginDriver, name: str, user: str, assistant: str = "Entendido.", *,
           history: tuple[dict[str, Any], ...] = (), tools: tuple[ToolCall, ...] = ()) -> dict[str, tuple[str, ...]]:
    return driver.run(TurnCase(id=name, lang="", agent="wetopi-lead", history=history, user=user,
                               assistant=assistant, tools=tools, expect={}, forbid={})).stored


def said(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


# ------------------------------------------------------------------------------------------------ signals

@pytest.mark.parametrize("text", [
    "Approved the refund for Hotel Mirador yesterday.", "Sent the signed contract to Autoescuelas Martín.",
    "Ayer le mandé a Marta la factura firmada.", "Aprobé el reembolso del pedido 4412.",
    "I emailed Acme the renewal quote.", "Hemos enviado el contrato firmado a Acme.",
])
def test_an_errand_told_in_the_past_is_task_state_not_a_decision(text: str) -> None:
    signals = analyze(text)
    assert signals.errand and signals.task_state
    assert "decision" not in signals.categories and "relationship" not in signals.categories


@pytest.mark.parametrize("text", [
    "Signed the contract with Hetzner this morning: 3-year term, €1,150 per month.",
    "The board approved the refund policy: refunds within 14 days.",
    "Policy: if an invoice is 30 days overdue and we've sent two reminders, we suspend the service.",
    "From now on I always send the invoices on the 1st.",
])
def test_a_commitment_a_rule_or_a_condition_is_no_errand(text: str) -> None:
    assert not analyze(text).errand


def test_memory_md_reads_errands_as_passing_through_the_same_signal() -> None:
    assert reads_as_passing("Approved the refund for Hotel Mirador yesterday.", None)
    assert reads_as_passing("Sent the signed contract to Autoescuelas Martín.", "P1")
    assert not reads_as_passing("Acme Corp signed the annual contract for 12 managed agents.", None)


def test_a_habit_taken_up_is_no_past_action() -> None:
    for text in ("Me he acostumbrado a usar k9s en vez de kubectl.", "I've made it a rule to never deploy on Fridays.",
                 "Me he puesto como norma no contestar mensajes después de las 20:00."):
        signals = analyze(text)
        assert not signals.past_action and "preference" in signals.categories, text


def test_word_senses_that_are_not_prices_or_transient() -> None:
    assert "pricing" not in analyze("Me cuesta leer en pantalla pequeña.").categories
    assert "pricing" in analyze("El plan cuesta 49 € al mes.").categories
    assert "pricing" not in analyze("Las fechas en formato día/mes.").categories
    assert not analyze("No uso Windows desde hace años.").transient
    assert analyze("El pod lleva en ContainerCreating desde hace 20 segundos.").transient


def test_a_request_for_now_is_transient_unless_it_is_regular() -> None:
    assert analyze("Bórrame la reunión del jueves con la gestoría.").transient
    assert analyze("Resúmeme este hilo.").transient
    assert not analyze("Cuando esté de guardia, resúmeme las alertas cada 2 horas.").transient
    assert not analyze("Cuando esté de guardia, avísame.").past_action  # "esté" is no preterite


def test_a_labelled_cause_is_a_root_cause() -> None:
    assert "root_cause" in analyze("Causa: el relay SMTP rechazaba por SPF.").categories


def test_a_pasted_table_with_a_header_is_raw_output() -> None:
    table = ("NAME       CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\n"
             "rke2-w07   15.6         97%    41210Mi         64%\nrke2-w08   3.1          19%    38002Mi         59%")
    assert raw_output_kind(table) is not None
    assert raw_output_kind("Mi forma de trabajar: primero el plan, luego el código.") is None


# ------------------------------------------------------------------------------------------------ turns

def test_a_colleagues_preference_is_cut_from_the_speakers_sentence(driver: PluginDriver) -> None:
    got = stored(driver, "luis", "Mi compañero Luis prefiere Vim, yo uso VS Code.")
    assert set(got) == {"personal"} and "VS Code" in got["personal"][0] and "Vim" not in got["personal"][0]
    got = stored(driver, "boss", "My manager likes long reports, but I prefer bullet points.")
    assert "bullet points" in got["personal"][0] and "long reports" not in got["personal"][0]
    assert stored(driver, "jordi", "Jordi prefiere que le llames en vez de escribirle, tenlo en cuenta.") == {}


def test_the_detail_of_a_preference_goes_with_it(driver: PluginDriver) -> None:
    got = stored(driver, "detail", "Prefiero respuestas cortas. Máximo tres párrafos y sin emojis.")
    assert set(got) == {"personal"} and "sin emojis" in got["personal"][0]
    got = stored(driver, "detail2", "Prefiero respuestas cortas. Nuestro clúster usa Cilium.")
    assert "Cilium" not in " ".join(got.get("personal", ()))


def test_a_rule_the_speaker_keeps_is_personal_whatever_it_mentions(driver: PluginDriver) -> None:
    got = stored(driver, "norma", "Me he puesto como norma no contestar mensajes de clientes después de las 20:00.")
    assert set(got) == {"personal"}
    got = stored(driver, "console", "Ojo que yo no tengo acceso a la consola de Proxmox, so don't ask me to "
                                    "click things there.")
    assert set(got) == {"personal"}
    assert stored(driver, "remember", "Do I usually take Fridays off? I can't remember what I told you.") == {}


def test_assent_by_a_thumbs_up(driver: PluginDriver) -> None:
    proposal = said("I'd set the HPA for hermes-gateway to min 3 / max 12 at 70% CPU.")
    got = stored(driver, "thumbs", "👍", "Applied.", history=(proposal,))
    assert set(got) == {"platform"} and "70% CPU" in got["platform"][0]


@pytest.mark.parametrize(("name", "reply"), [("ordinal", "the second one"), ("number", "la 2, go")])
def test_assent_by_picking_an_option(driver: PluginDriver, name: str, reply: str) -> None:
    options = said(f"Option 1: keep weekly full backups only of {name}. Option 2: switch {name} to daily "
                   "incrementals with restic and keep a weekly full on Sunday.")  # a text per case: no dedupe
    got = stored(driver, name, reply, "Done.", history=(options,))
    assert "daily incrementals" in got["platform"][0] and "weekly full backups only" not in got["platform"][0]


def test_a_first_person_offer_is_a_proposal_and_a_doubt_before_an_offer_stays_a_doubt(driver: PluginDriver) -> None:
    offer = said("¿Activo el auto-prune en la Application hermes-agents de Argo CD? Así se borran los recursos "
                 "que ya no están en git.")
    got = stored(driver, "offer", "yes, adelante", "Auto-prune activado.", history=(offer,))
    assert "auto-prune" in got["platform"][0]
    hedge = said("Quizá convenga subir el precio del plan Agency, pero no tengo datos de churn. ¿Saco los números?")
    assert stored(driver, "hedge", "sí, sácalos", "Ok, te los paso en una hora.", history=(hedge,)) == {}


def test_an_answer_the_user_asks_to_note_is_kept_with_its_steps(driver: PluginDriver) -> None:
    got = stored(driver, "note", "Apunta esto como procedimiento para cuando haya que parar un host Proxmox.",
                 "Apuntado. Para mantenimiento de un host Proxmox: primero kubectl drain del nodo con "
                 "--ignore-daemonsets, después ceph osd set noout y al volver ceph osd unset noout.")
    assert set(got) == {"platform"} and "ceph osd set noout" in got["platform"][0]


def test_a_change_told_with_its_reason_is_a_configuration_fact(driver: PluginDriver) -> None:
    got = stored(driver, "moved", "Hemos movido los backups de MySQL a las 04:30 porque a las 3 coincidían con "
                                  "el snapshot de Ceph.", "Tiene sentido.")
    assert set(got) == {"platform"} and "04:30" in got["platform"][0]
    assert stored(driver, "bare", "Hemos movido los backups de MySQL a las 04:30.", "Vale.") == {}


def test_a_test_message_and_a_chore_are_not_memory(driver: PluginDriver) -> None:
    assert stored(driver, "test", "Es solo una prueba del bot, ignore it: la VIP del LB interno es 10.9.9.9") == {}
    assert stored(driver, "chore", "Bórrame la reunión del jueves con la gestoría, que la han cancelado.") == {}


def test_a_rule_that_starts_with_a_period_is_durable(driver: PluginDriver) -> None:
    got = stored(driver, "month", "Desde este mes los cobros por domiciliación van a la cuenta del Sabadell.")
    assert set(got) == {"business"}
