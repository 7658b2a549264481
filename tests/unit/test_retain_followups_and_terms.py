"""A checked answer to "that's fixed now, right?" keeps the fix; an opt-out of "lo de mi …" drops only that part; a
problem report, a one-test approval, a routine run and a doubt are nothing lasting; a closed date, a refund policy,
a customer's plan change and a promise in the offer are the business's; a rule for a kind of case is the speaker's."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_VARIABLES = ToolCall(name="terminal", args={"command": "kubectl -n db exec pg-main-0 -- psql -tc 'SHOW work_mem'"},
                      result=" 64MB")


def test_a_checked_answer_to_is_it_fixed_keeps_the_value(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "fix-asked", "Lo de las consultas lentas del Postgres ya está arreglado, ¿no? Deja el valor como está.",
        "Sí, está resuelto: pg-main tiene work_mem = 64MB (ConfigMap postgres-conf, commit 9d1e2aa) y desde el "
        "cambio no hay consultas de más de 2 s en el log.", tools=(_VARIABLES,))
    assert any("work_mem" in item and "64MB" in item for item in stored.get("platform", ())), stored


def test_an_opt_out_of_my_own_errand_keeps_the_rest(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "my-part", "Lo de los timeouts del Postgres ya está arreglado, ¿no? Y lo de mi cena con Laura, eso no lo "
        "guardes, es privado.",
        "Sí, está resuelto: pg-main tiene statement_timeout = 30s y no hay timeouts desde el cambio. Lo de la cena "
        "no lo guardo.", tools=(_VARIABLES,))
    assert any("statement_timeout" in item for item in stored.get("platform", ())), stored
    assert not any("Laura" in item or "cena" in item for items in stored.values() for item in items), stored


def test_a_customers_http_error_opening_a_fix_is_no_business_fact(driver: PluginDriver) -> None:
    logs = ToolCall(name="terminal", args={"command": "kubectl -n ingress-nginx logs ds/ingress-nginx-controller"},
                    result="client intended to send too large body: 22011904 bytes")
    stored = driver.stored_by(
        "http-error", "El cliente Olmo Cerámica no puede subir el CSV de pedidos, les sale un 413. Arréglalo.",
        "Arreglado. He puesto nginx.ingress.kubernetes.io/proxy-body-size: \"32m\" en su ingress; probado con un "
        "CSV de 25 MB: 200.", tools=(logs,))
    assert "business" not in stored, stored
    assert any("proxy-body-size" in item for item in stored.get("platform", ())), stored


def test_an_approval_for_one_test_only_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "one-test", "CHG-0512: bajar el TTL de la caché a 60 s el martes para la prueba del CDN. Aprobado, solo "
        "para ese ensayo.", "Aprobado y anotado en CHG-0512.")
    assert not stored, stored


def test_a_closed_date_is_a_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("closed-date", "Fecha cerrada: el Woo Basic se lanza el 2 de abril.", "Apuntado.")
    assert any("2 de abril" in item for item in stored.get("business", ())), stored


def test_a_refund_policy_that_mentions_upgrades_is_the_business(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "refund-policy", "Refund policy, final version: we don't refund unused weeks when someone cancels, but "
        "upgrades in the middle of a cycle are prorated.", "Noted.")
    assert any("prorated" in item for item in stored.get("business", ())), stored
    assert "platform" not in stored, stored


def test_did_it_go_through_with_the_change_keeps_the_checked_fix(driver: PluginDriver) -> None:
    job = ToolCall(name="terminal", args={"command": "kubectl -n shop logs job/feed-export | tail -1"},
                   result="Export finished: 12,904 rows, 0 errors")
    stored = driver.stored_by(
        "went-through", "Did the nightly feed export go through with the new 900s timeout? And a general thing: "
        "for fixes like this, give me a one-line summary first, logs only if I ask.",
        "Yes: the export works since proxy-read-timeout is 900 on the shop ingress (12,904 rows, 0 errors).",
        tools=(job,))
    assert any("proxy-read-timeout" in item and "900" in item for item in stored.get("platform", ())), stored
    assert any("one-line summary" in item for item in stored.get("personal", ())), stored   # a rule for a kind of case
    assert not any("summary" in item for item in stored.get("platform", ())), stored


def test_a_routine_sync_reported_done_is_not_kept(driver: PluginDriver) -> None:
    sync = ToolCall(name="terminal", args={"command": "argocd app sync shop-main"}, result="Sync OK")
    stored = driver.stored_by(
        "routine-sync", "Sincroniza shop-main con el último commit y avísame.",
        "Hecho: shop-main Synced a 4be91c2 y Healthy; rollout completado en 2 min 5 s.", tools=(sync,))
    assert not stored, stored


def test_the_speakers_doubt_about_a_proposal_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("doubt", "I'm not convinced about the usage-based pricing part.", "Fair enough.",
                              before="Proposal: charge 0.10 EUR per extra GB over the plan's quota.",
                              asked="How do we bill storage overages?")
    assert not stored, stored


def test_a_run_far_longer_than_usual_is_a_problem_report(driver: PluginDriver) -> None:
    stored = driver.stored_by("slow-run", "The nightly Velero backup of the shop cluster took 3 hours instead of 1.",
                              "I'll look at the logs.")
    assert not stored, stored


def test_a_customer_upgrading_and_a_promise_in_the_offer_are_the_business(driver: PluginDriver) -> None:
    upgrade = driver.stored_by("upgrading", "Good news: Librería Nudo is upgrading to Woo Pro starting 1 May.",
                               "Great.")
    assert list(upgrade) == ["business"], upgrade
    promise = driver.stored_by(
        "promise", "Como el simulacro salió bien, lo ponemos en la oferta: en el Woo Pro garantizamos restaurar una "
        "tienda en menos de 4 horas.", "Apuntado.")
    assert list(promise) == ["business"], promise


def test_a_checked_answer_to_did_it_hold_keeps_the_setting(driver: PluginDriver) -> None:
    check = ToolCall(name="terminal", args={"command": "kubectl -n shop exec deploy/shop -c php-fpm -- php-fpm -tt"},
                     result="pm.max_children = 60\npm = static")
    stored = driver.stored_by(
        "held", "¿Ha aguantado el pool de la tienda el pico de anoche con el cambio a static?",
        "Sí. Con pm = static y pm.max_children = 60 el pool pasó el pico sin llegar al máximo de procesos. Lo doy por "
        "validado.", tools=(check,))
    assert any("max_children" in item and "60" in item for item in stored.get("platform", ())), stored
