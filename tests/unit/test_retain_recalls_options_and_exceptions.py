"""An answer to a memory request is recalled, not learnt; an option labelled with a comma is the one agreed; an
assent takes the scope of its proposal; an outcome the user leaves open keeps the change out; today's exception
beside the usual way keeps only the usual way; the one who approves says so in the first person; a site throwing
errors is a problem seen (our own sentences)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall


def test_an_answer_to_a_memory_request_is_not_stored_again(driver: PluginDriver) -> None:
    stored = driver.stored_by("recalled", "Remind me how we fixed the expired wildcard certificate last time?",
                              "From memory: the ClusterIssuer pointed at the staging ACME server; switching it to "
                              "letsencrypt-prod and deleting the old secret fixed it. It's also in the runbook.")
    assert not stored, stored


def test_an_answer_checked_by_a_tool_is_still_kept(driver: PluginDriver) -> None:
    check = ToolCall(name="terminal", args={"command": "kubectl get clusterissuer -o name"},
                     result="clusterissuer.cert-manager.io/letsencrypt-prod")
    stored = driver.stored_by("fixed-now", "The wildcard certificate expired again, fix it please.",
                              "Fixed: the ClusterIssuer pointed at the staging ACME server; I switched it to "
                              "letsencrypt-prod and the certificate is Ready again.", tools=(check,))
    assert any("letsencrypt-prod" in item for item in stored.get("platform", ())), stored


def test_an_option_labelled_with_a_comma_is_the_one_agreed(driver: PluginDriver) -> None:
    stored = driver.stored_by("comma-option", "ok, option 1 then", "Going with option 1.",
                              before="Option 1, nightly velero backups to the MinIO bucket with 14 days retention; "
                                     "Option 2, hourly RBD snapshots kept for two days.",
                              asked="How should we back up the new agents cluster?")
    platform = stored.get("platform", ())
    assert any("14 days" in item for item in platform), stored
    assert not any("hourly" in item for item in platform), stored


def test_an_assent_takes_the_scope_of_its_proposal(driver: PluginDriver) -> None:
    stored = driver.stored_by("assent-scope", "Vale, vamos con la segunda.", "Hecho.",
                              before="Dos opciones: 1) subir el límite de memoria de php-fpm a 512M; 2) activar "
                                     "Redis object cache en wp-lumen con maxmemory 128mb.",
                              asked="¿Cómo arreglamos la lentitud del plan de precios de Lumen?")
    assert any("object cache" in item for item in stored.get("platform", ())), stored
    assert not stored.get("business"), stored


def test_an_outcome_the_user_leaves_open_keeps_the_change_out(driver: PluginDriver) -> None:
    stored = driver.stored_by("open-outcome", "I raised the memory limit of the wp-lumen pods to 1Gi. Let's see if "
                              "the OOMKills stop overnight.", "Applied: limits.memory 1Gi on deployment wp-lumen.")
    assert not stored, stored


def test_todays_exception_leaves_the_usual_way(driver: PluginDriver) -> None:
    stored = driver.stored_by("usual-way", "This time I'd like the long version of the weekly summary, but normally "
                              "I prefer three bullets, no more.", "Ok: the long one today, three bullets by default.")
    personal = stored.get("personal", ())
    assert any("three bullets" in item for item in personal), stored
    assert not any("long version" in item for item in personal), stored


def test_an_exception_alone_is_still_no_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("only-today", "Hoy dame la versión larga, quiero entender bien cómo funciona Velero.",
                              "Claro.")
    assert not stored.get("personal"), stored


def test_the_one_who_approves_says_so_in_the_first_person(driver: PluginDriver) -> None:
    stored = driver.stored_by("approver", "A partir de ahora, los reembolsos de más de 100 € solo los apruebo yo.",
                              "Entendido.")
    assert any("reembolsos" in item for item in stored.get("business", ())), stored


def test_a_site_throwing_errors_is_a_problem_seen(driver: PluginDriver) -> None:
    stored = driver.stored_by("throwing", "The checkout of Lumen is throwing 500s since this morning.", "Looking.")
    assert not stored, stored
