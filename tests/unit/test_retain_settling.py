"""Curation of what a user message says about its own statements: a sentence that declares the one before it
settled, a case worked out for a preference just stated, a statement put on record, an agreement that opens a
longer message, plans named only as possible, a quoted passage, a standing request to the speaker."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.signals import analyze

# ------------------------------------------------------------------------------------------------ settled

@pytest.mark.parametrize(("user", "value"), [
    ("Ayer subí el timeout del ingress de la tienda a 120s. Lo dejamos así.", "120s"),
    ("This morning I set the Ceph scrub window to 01:00-05:00 on prod. That's our setting from now on.", "01:00"),
])
def test_a_statement_declared_settled_is_kept_with_its_value(driver: PluginDriver, user: str, value: str) -> None:
    stored = driver.stored_by(f"settled-{value}", user)
    assert any(value in item for item in stored.get("platform", ())), stored
    assert not any(item.strip() in ("Lo dejamos así.", "That's our setting from now on.")
                   for items in stored.values() for item in items), stored


def test_a_policy_declared_as_such_is_business(driver: PluginDriver) -> None:
    stored = driver.stored_by("settled-policy", "Lo hablé con dirección: las agencias pagan la migración a partir "
                              "de 30 sitios. Esto ya es política.")
    assert any("30 sitios" in item for item in stored.get("business", ())), stored


def test_a_hedge_is_not_settled_by_the_sentence_after_it(driver: PluginDriver) -> None:
    stored = driver.stored_by("settled-hedge", "Quizá subamos el timeout del ingress a 120s. Lo dejamos así.")
    assert not stored, stored


# ------------------------------------------------------------------------------------------------ preference cases

def test_a_case_worked_out_for_a_preference_stays_with_it(driver: PluginDriver) -> None:
    stored = driver.stored_by("case-calls", "I never do calls on Mondays. If a supplier asks for a Monday call, "
                              "offer them Tuesday instead.")
    assert set(stored) == {"personal"}, stored
    assert any("Tuesday" in item for item in stored["personal"]), stored


def test_a_rule_that_shares_nothing_with_the_preference_is_not_its_case(driver: PluginDriver) -> None:
    stored = driver.stored_by("case-unrelated", "Prefiero los resúmenes en viñetas. Si un cliente pide la baja, "
                              "el reembolso es del 100 % dentro de los primeros 14 días.")
    assert not any("reembolso" in item for item in stored.get("personal", ())), stored
    assert any("reembolso" in item for item in stored.get("business", ())), stored


# ------------------------------------------------------------------------------------------------ on record

def test_a_setting_put_on_record_is_kept_whenever_it_was_measured(driver: PluginDriver) -> None:
    stored = driver.stored_by("record-setting", "Deja escrito: el pool de PHP 8.3 va con pm.max_children 40, lo "
                              "hemos medido esta semana con carga real.")
    assert any("pm.max_children 40" in item for item in stored.get("platform", ())), stored


def test_a_hedge_put_on_record_stays_a_hedge() -> None:
    signals = analyze("Para que conste: quizá cambiemos el pool de PHP mañana.")
    assert signals.hedges and signals.transient


# ------------------------------------------------------------------------------------------------ agreement

def test_an_agreement_that_opens_a_longer_message_takes_the_proposal(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "assent-first", "Yes, go ahead. And please send me these summaries as bullet points from now on.",
        "Done.", before="Proposal: resellers with more than 50 sites get a 15% discount on the Business plan.",
        asked="Resellers keep asking for volume discounts.")
    assert any("15%" in item for item in stored.get("business", ())), stored
    assert any("bullet points" in item for item in stored.get("personal", ())), stored
    assert not any("15%" in item for item in stored.get("personal", ())), stored


# ------------------------------------------------------------------------------------------------ hedges

@pytest.mark.parametrize(("text", "hedged"), [
    ("Posible migración del clúster de staging el lunes, si llegan los switches.", True),
    ("Tentative: move the backups bucket to the new region next month.", True),
    ("Lo antes posible, por favor: el certificado caduca hoy.", False),
    ("Llevo días pensando en cambiar de proveedor de correo.", True),
    ("Fijé target_size_ratio 0.5 pensando en lo que va a crecer el pool.", False),
])
def test_a_plan_named_only_as_possible_is_a_hedge_a_purpose_is_not(text: str, hedged: bool) -> None:
    assert bool(analyze(text).hedges) is hedged


# ------------------------------------------------------------------------------------------------ quotes

def test_a_quoted_passage_is_one_piece_of_its_sentence(driver: PluginDriver) -> None:
    stored = driver.stored_by("quoted-dash", "Yo firmo los correos como «Ana – Cuentas Wetopi», no con el cargo "
                              "largo de «Account Manager de Resellers y Partners». Úsalo en todos mis borradores.")
    assert any("Ana – Cuentas Wetopi" in item for item in stored.get("personal", ())), stored


def test_a_standing_request_addressed_to_the_speaker_is_hers_whatever_system_it_names(driver: PluginDriver) -> None:
    stored = driver.stored_by("request-to-me", "A partir de ahora los cambios de Kubernetes propónmelos siempre con "
                              "el comando para deshacerlos al lado.")
    assert any("propónmelos" in item for item in stored.get("personal", ())), stored
    assert "platform" not in stored, stored
