"""Routines the user agrees to with their own details, tag questions, a PR kept in draft as a way of working, what
the platform does every night, standing commitments, and asides about the speaker's moment (our own sentences)."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


def test_agreeing_to_a_routine_with_its_details_keeps_them(driver: PluginDriver) -> None:
    stored = driver.stored_by("routine-details", "Sí, porfa: los viernes a las 8, el resumen de backups fallidos.",
                              "Hecho.", before="¿Quieres que te mande un resumen semanal de backups fallidos?",
                              asked="¿Qué me puedes automatizar?")
    assert any("viernes" in item for item in stored.get("personal", ())), stored
    assert not stored.get("platform") and not stored.get("business"), stored


def test_a_tag_question_does_not_make_a_preference_a_question(driver: PluginDriver) -> None:
    stored = driver.stored_by("tag-question", "Prefiero que los presupuestos me los mandes siempre en PDF, ¿vale?",
                              "Vale.")
    assert any("PDF" in item for item in stored.get("personal", ())), stored


def test_a_real_question_is_still_not_kept(driver: PluginDriver) -> None:
    assert driver.stored_by("real-question", "¿Prefieres que los presupuestos te los mande en PDF?", "Sí.") == {}


def test_a_pr_kept_in_draft_is_a_way_of_working(driver: PluginDriver) -> None:
    stored = driver.stored_by("draft-pr", "Lo de abrirme los PR en draft hasta que los mire me gusta, hazlo siempre.",
                              "Hecho.")
    assert stored.get("personal"), stored


def test_a_draft_decision_is_still_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("draft-decision", "Draft for the board, not approved: we raise the Pro plan to 49 €.",
                              "Ok.")
    assert not stored.get("business"), stored


def test_what_the_platform_does_every_night_is_no_past_action(driver: PluginDriver) -> None:
    stored = driver.stored_by("nightly", "Each preview environment is its own namespace with the suffix -pre and it "
                              "gets scaled to zero at night.", "Ok.")
    assert any("-pre" in item for item in stored.get("platform", ())), stored


def test_a_standing_commitment_is_no_next_step(driver: PluginDriver) -> None:
    stored = driver.stored_by("standing-commitment", "From now on I'll personally answer the Larrea tickets.", "Ok.")
    assert stored, stored


@pytest.mark.parametrize("user", [
    "En fin, voy a por un café.",
    "I always forget which is which. anyway, lunch soon",
    "Estoy con la migración de Ribera, voy por la base de datos. Luego te digo.",
    "Talleres Ruiz nos ha pedido la web en un zip. Hay que mandarles el export.",
])
def test_asides_about_the_moment_are_not_kept(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"aside-{user[:10]}", user, "Ok.")
    assert not stored.get("personal") and not stored.get("platform"), stored


def test_a_task_with_a_setting_of_its_own_keeps_the_setting(driver: PluginDriver) -> None:
    stored = driver.stored_by("task-setting", "Hay que montarles el namespace `ribera-shop` con una ResourceQuota de "
                              "2 CPU y 4Gi.", "Ok.")
    assert any("ribera-shop" in item for item in stored.get("platform", ())), stored
