"""Curation of how a sentence is read: impressions and undecided talk, a one-item request, small talk around an
appointment, someone else's preference and indifference, a decision for oneself, a procedure told for next time,
a fix's outcome and a labelled fix, praise that takes a proposal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.judgement import PluginDriver, ToolCall, plugin_driver
from wetopi_memory.retain.signals import analyze


@pytest.fixture(scope="module")
def driver() -> Iterator[PluginDriver]:
    with plugin_driver() as d:
        yield d


# ------------------------------------------------------------------------------------------------ signals

@pytest.mark.parametrize("text", [
    "Tengo la impresión de que el NFS va más lento desde el martes.", "I have a feeling the queue is backing up.",
    "No hemos decidido nada sobre el proveedor de correo.", "We haven't decided on the new pricing yet.",
])
def test_an_impression_or_an_undecided_matter_is_a_hedge(text: str) -> None:
    assert analyze(text).hedges


@pytest.mark.parametrize("text", [
    "approve this expense report from Lucía", "Aprueba el PR de Pau, es solo un typo.",
    "merge the PR for the nginx chart", "Revisando las alertas de anoche, todo en orden.",
])
def test_a_request_for_one_item_or_a_status_gerund_is_task_state(text: str) -> None:
    assert analyze(text).task_state


def test_the_current_month_is_no_work_in_progress() -> None:
    assert not analyze("Se factura el mes en curso completo.").transient
    assert analyze("La migración está en curso.").transient


def test_a_negated_translation_request_is_no_chore() -> None:
    assert not analyze("Don't translate the French invoices for me anymore.").transient
    assert analyze("Translate this paragraph into English.").transient


def test_a_fix_label_and_a_measured_drop_are_read() -> None:
    assert "fix" in analyze("Fix: pin the chart version in the Application manifest.").categories
    assert analyze("The p95 dropped from 900 ms to 120 ms after the change.").past_action


# ------------------------------------------------------------------------------------------------ turns

def test_small_talk_around_an_appointment_is_not_kept(driver: PluginDriver) -> None:
    assert driver.stored_by("luck", "tengo reunión con el banco a las 12, deséame suerte", "Entendido.") == {}
    assert driver.stored_by("luck2", "I have a call with the auditors at 3, fingers crossed", "Entendido.") == {}


def test_someone_elses_liking_and_the_speakers_indifference_are_not_personal(driver: PluginDriver) -> None:
    assert driver.stored_by("likes", "A Marta le encantan los resúmenes con viñetas, a mí me da igual.",
                            "Entendido.") == {}
    assert driver.stored_by("pages", "Jordi prefers to get alerts by Slack, never by phone, fyi", "Entendido.") == {}


def test_a_decision_the_speaker_takes_for_themself_is_personal(driver: PluginDriver) -> None:
    got = driver.stored_by("mine", "Decisión mía: no hago guardias en Semana Santa, me las cubre Pau.", "Entendido.")
    assert set(got) == {"personal"}


def test_a_procedure_told_for_next_time_is_kept(driver: PluginDriver) -> None:
    got = driver.stored_by("next", "For next time: before draining a node we set `kubectl cordon node-x` and after "
                                 "the reboot you run `kubectl uncordon node-x`.", "Saved.")
    assert set(got) == {"platform"} and "uncordon" in got["platform"][0]


def test_praise_takes_the_proposal(driver: PluginDriver) -> None:
    proposal = ("Proposed procedure: 1) create the new key with `mc admin user svcacct add`; 2) update the velero "
                "secret; 3) delete the old key.")
    got = driver.stored_by("praise", "perfect, that's the procedure from now on", "Great.", before=proposal,
                           asked="how should we rotate the MinIO keys?")
    assert set(got) == {"platform"} and "svcacct" in got["platform"][0]


def test_a_rules_exception_stays_in_the_rules_scope(driver: PluginDriver) -> None:
    got = driver.stored_by("except", "Decidido: a partir de ahora los wp-* usan MariaDB 11.4 por defecto en el chart; "
                                   "el 10.11 solo si el cliente lo pide por contrato.", "Hecho.")
    assert set(got) == {"platform"} and "10.11" in got["platform"][0]


def test_a_users_change_with_its_outcome_is_a_verified_fix(driver: PluginDriver) -> None:
    tools = (ToolCall("terminal", {"command": "ssh pve03 grep maxfiles /etc/vzdump.conf"}, "maxfiles: 3"),
             ToolCall("terminal", {"command": "ssh pve03 tail -n 1 /var/log/vzdump/qemu-101.log"},
                      "INFO: Finished Backup of VM 101 (00:04:12)"))
    got = driver.stored_by("outcome", "Los backups de pve03 llenaban el datastore. He puesto maxfiles: 3 en "
                                    "/etc/vzdump.conf y el job de esta noche ha ido bien.",
                 "Confirmado, terminó OK.", tools=tools)
    assert "platform" in got and any("maxfiles: 3" in text for text in got["platform"])
