"""Passing words: a job handed to the assistant ("Fix it y dime qué ha pasado", "Prepara la parte técnica cuando
puedas") and the problem it is about ("los pods no arrancan") are no memory, whatever scope their words hint at;
loving one piece of work is a one-off, what customers love is not."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.signals import analyze


@pytest.mark.parametrize("text", [
    "Fix it y dime qué ha pasado, porque los demás clientes van a ir cayendo igual.",
    "Prepara la propuesta para la agencia cuando puedas.",
    "Take a look at the invoices of the new customers when you get a chance.",
])
def test_a_job_handed_to_the_assistant_is_task_state(text: str) -> None:
    assert analyze(text).transient


@pytest.mark.parametrize("text", [
    "Prepara siempre la propuesta con tres escenarios de precio.",
    "Los lunes preparo la facturación.",
])
def test_a_standing_way_of_preparing_is_no_job_for_now(text: str) -> None:
    assert not analyze(text).transient


@pytest.mark.parametrize("user", [
    "Los pods nuevos de hermes-demo no arrancan, ImagePullBackOff contra Harbor. Fix it y dime qué ha pasado, "
    "porque los demás clientes van a ir cayendo igual.",
    "The new hermes-demo pods won't start, ImagePullBackOff from Harbor. Take a look when you get a chance, other "
    "customers will follow.",
])
def test_a_problem_and_the_job_to_fix_it_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"job-{user[:5]}", user, "On it."), user


@pytest.mark.parametrize(("text", "one_off"), [
    ("Love it, ship it.", True),
    ("We're keeping the free migration for new customers, people love it.", False),
    ("Customers love it, so the onboarding call stays in every plan.", False),
])
def test_loving_one_piece_of_work_is_a_one_off_and_what_others_love_is_not(text: str, one_off: bool) -> None:
    assert bool(analyze(text).one_off) is one_off


@pytest.mark.parametrize("user", [
    "When does the colo contract with Rackhaus expire? I need to know before I answer their renewal email.",
    "¿Qué versión de RKE2 tenemos en prod? Me lo pregunta un cliente para su auditoría.",
])
def test_the_reason_given_for_a_question_is_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"why-asked-{user[:6]}", user, "Noted."), user


def test_a_business_fact_with_no_question_beside_it_is_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("business-fact", "Ferretería Nieto renews every March and pays by bank transfer.",
                              "Noted.")
    assert stored.get("business"), stored


@pytest.mark.parametrize(("text", "hedged"), [
    ("Si cerramos por encima de 15.000 de MRR, igual no hace falta.", True),
    ("Igual conviene esperar a enero para subir precios.", True),
    ("El precio es igual para todos los planes.", False),
])
def test_igual_as_maybe_is_a_hedge(text: str, hedged: bool) -> None:
    assert bool(analyze(text).hedges) is hedged
