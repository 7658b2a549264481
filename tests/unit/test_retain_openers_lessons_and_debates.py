""""It's settled." opens a decision, "go with B" picks option B, an answer kept for the team after a question, a
lesson learnt today, a preference marked "for me personally", an outcome to be seen next week, an approval for
tonight and a stance someone disputes (our own sentences)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver


def test_a_settling_opener_makes_what_follows_a_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("opener", "Decidido. El plan Agency pasa a 129 € al mes desde marzo.", "Anotado.")
    business = stored.get("business", ())
    assert any("129 €" in item for item in business), stored
    assert not any(item.strip() == "Decidido." for scope in stored.values() for item in scope), stored


def test_go_with_a_letter_picks_that_option(driver: PluginDriver) -> None:
    stored = driver.stored_by("letter", "Go with C.", "Done.",
                              before="Options: (A) keep Grafana alerts by email; (B) alerts to a Slack channel; "
                                     "(C) alerts to the Telegram group wetopi-oncall via Alertmanager.",
                              asked="Where should the critical alerts go?")
    assert any("Telegram" in item for scope in stored.values() for item in scope), stored
    assert not any("Slack" in item for scope in stored.values() for item in scope), stored


def test_an_answer_kept_for_the_team_after_a_question(driver: PluginDriver) -> None:
    stored = driver.stored_by("team-note", "¿Por qué las tiendas no ven la IP real del cliente? Que quede documentado.",
                              "Porque el Service de ingress-nginx tiene externalTrafficPolicy: Cluster y se hace SNAT.")
    assert any("externalTrafficPolicy" in item for item in stored.get("platform", ())), stored
    assert not stored.get("personal"), stored


def test_a_lesson_learnt_today_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("lesson", "Lesson learned: a Secret mounted with subPath is never refreshed, the pod "
                              "needs a rollout restart.", "Noted.")
    assert any("subPath" in item for item in stored.get("platform", ())), stored


def test_a_preference_marked_for_me_personally_is_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("for-me", "And for me personally, send me every Friday a list of the refunds approved "
                              "that week.", "Ok.")
    assert any("Friday" in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored


def test_an_outcome_to_be_seen_next_week_keeps_the_change_out(driver: PluginDriver) -> None:
    stored = driver.stored_by("next-week", "I've enabled Brotli on the staging ingress. We'll see next week whether "
                              "the test shops load faster.", "OK, compression is on in staging.")
    assert not stored, stored


def test_an_approval_for_tonight_is_one_act(driver: PluginDriver) -> None:
    stored = driver.stored_by("tonight", "Aprobado para esta noche.", "Aviso a Jordi.",
                              before="Jordi pide actualizar el chart de MariaDB esta noche de 23:00 a 23:30.",
                              asked="¿Qué cambios hay pendientes?")
    assert not stored, stored


def test_a_stance_someone_disputes_is_no_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("disputed", "Yo no cobraría las migraciones, pero Marc no está de acuerdo. Lo hablamos "
                              "el jueves y ya te digo.", "Vale.")
    assert not stored, stored
