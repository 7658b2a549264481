"""What a turn says about its own request is not memory: an order to file what was agreed ("Apúntalo en la tabla"),
a gloss of the thing to review ("It's the chart bump for…"), an interrogative taken for a party's name; what it
changes is: a guard ordered and verified ("Make sure staging can't send mail"), a lesson under its label,
a deal closed, an announcement made official; a price the answer files is no platform fix, a threshold is; a test
run's timing is evidence, not the fix; "nothing changed in git" is the drift's premise, not a failed attempt."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall, stored_text


def test_an_order_to_file_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("file-it", "Queda aprobado: el soporte urgente cuesta 90 € la hora. Apúntalo en la "
                                         "tabla de precios.", "Hecho.")
    assert "90 €" in " ".join(stored.get("business", ()))
    assert "Apúntalo" not in stored_text(stored)


def test_a_gloss_of_the_thing_to_review_is_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("gloss", "Can you review PR #77 on platform-gitops? It's the ingress-nginx "
                                         "ConfigMap change for the new staging sites.", "Approved #77.")


def test_an_interrogative_is_no_party(driver: PluginDriver) -> None:
    stored = driver.stored_by("que-party", "Sí, hagámoslo así.", "Hecho, queda así.",
                              asked="Lo del soporte urgente no puede seguir gratis. ¿Qué propones?",
                              before="Propuesta: soporte urgente a 90 € la hora, mínimo una hora, facturado a fin de "
                                     "mes.")
    assert "90 €" in " ".join(stored.get("business", ()))
    assert "Qué:" not in stored_text(stored)


def test_a_guard_ordered_and_verified_is_kept_with_its_values(driver: PluginDriver) -> None:
    apply = ToolCall(name="terminal", args={"command": "kubectl apply -f staging-egress.yaml"},
                     result="networkpolicy.networking.k8s.io/staging-egress configured")
    test = ToolCall(name="terminal", args={"command": "kubectl -n wp-staging-lumen exec deploy/wordpress -- nc -zw3 "
                                                      "smtp.example.com 587"}, result="nc: timed out", status="ok")
    stored = driver.stored_by(
        "guard", "Make sure staging copies can't send real emails to customers' clients.",
        "Verified on every staging namespace:\nNetworkPolicy `staging-egress` only allows egress on 53, 80 and 443, "
        "so SMTP (25/465/587) is blocked.\nFrom wp-staging-lumen, port 587 times out.", tools=(apply, test))
    assert "staging-egress" in " ".join(stored.get("platform", ()))


def test_a_price_filed_by_the_answer_is_no_platform_fix(driver: PluginDriver) -> None:
    edit = ToolCall(name="edit_file", args={"path": "docs/precios.md"}, result="1 line changed")
    stored = driver.stored_by(
        "price-filed", "Queda aprobado el precio del almacenamiento extra: 0,10 €/GB/mes por encima de lo incluido.",
        "Añadido a la tabla: almacenamiento adicional a 0,10 €/GB/mes por encima de lo incluido; el Pro incluye "
        "50 GB.", tools=(edit,))
    assert "0,10" in " ".join(stored.get("business", ()))
    assert "platform" not in stored


def test_a_threshold_share_stays_part_of_the_fix(driver: PluginDriver) -> None:
    edit = ToolCall(name="terminal", args={"command": "kubectl -n monitoring apply -f node-disk-rules.yaml"},
                    result="prometheusrule.monitoring.coreos.com/node-disk configured")
    stored = driver.stored_by(
        "threshold", "Las alertas de disco no paran de saltar y recuperarse.",
        "La regla `NodeDiskAlmostFull` saltaba con cada pico de logs. Le he puesto `for: 10m` y el umbral al 85 % "
        "en lugar del 80 %. Verificado: en la última hora no ha vuelto a saltar.", tools=(edit,))
    assert "for: 10m" in " ".join(stored.get("platform", ()))


def test_a_test_runs_timing_is_not_kept_with_the_fix(driver: PluginDriver) -> None:
    patch = ToolCall(name="terminal", args={"command": "helm upgrade velero vmware-tanzu/velero -f values.yaml"},
                     result="Release \"velero\" has been upgraded.")
    stored = driver.stored_by(
        "test-run", "Yes, switch the uploader to Kopia.",
        "Switched: Velero now runs with `--uploader-type=kopia`. A test backup of wp-nube completed with the kopia "
        "uploader in 3m12s, versus 11 min with restic.", tools=(patch,))
    platform = " ".join(stored.get("platform", ()))
    assert "uploader-type=kopia" in platform and "3m12s" not in platform


def test_nothing_changed_in_git_is_the_premise_not_an_outcome(driver: PluginDriver) -> None:
    diff = ToolCall(name="terminal", args={"command": "argocd app diff customer-lumen"}, result="/spec/replicas 2 -> 4")
    commit = ToolCall(name="terminal", args={"command": "git commit -am 'appset: ignoreDifferences replicas'"},
                      result="[main 4e1a9c2] appset: ignoreDifferences replicas")
    stored = driver.stored_by(
        "premise", "customer-lumen is OutOfSync in Argo CD again even though nothing changed in git. What's going on?",
        "It's the HPA: git says `replicas: 2` and the HPA scaled it to 4. I added an `ignoreDifferences` entry for "
        "`/spec/replicas` to the customer-sites ApplicationSet. After the sync, customer-lumen shows Synced/Healthy.",
        tools=(diff, commit))
    assert "ignoreDifferences" in " ".join(stored.get("platform", ()))


def test_a_labelled_lesson_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("lesson", "lesson: big ALTERs on the shared MariaDB only with pt-online-schema-change.",
                              "Noted.")
    assert "pt-online-schema-change" in " ".join(stored.get("platform", ()))


def test_a_deal_closed_and_an_official_announcement_are_decisions(driver: PluginDriver) -> None:
    deal = driver.stored_by("deal", "We closed the hardware support deal with Ingram Micro for the Supermicro "
                                    "servers, 3 years, next business day replacement.", "Noted.")
    assert "Ingram" in " ".join(deal.get("business", ()))
    official = driver.stored_by("official", "It's official, we announced it yesterday: staging environments are "
                                            "now included in all plans, Starter included.", "Great news.")
    assert "all plans" in " ".join(official.get("business", ()))


def test_an_item_handed_to_the_approver_is_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("expense", "Gasto de Marta: parking en el aeropuerto para la visita a Interxion, "
                                           "24 €. ¿Lo apruebas?", "Aprobado: por debajo del límite de 60 €.")
    assert not driver.stored_by("invoice", "Pau's June invoice: 30 hours at 40 €/h, 1.200 € + VAT. Process it.",
                                "Approved and scheduled for payment.")
    kept = driver.stored_by("rule-too", "Gasto de Marta: parking, 24 €. A partir de ahora el parking de las visitas "
                                        "a clientes se paga sin pedir permiso. ¿Lo apruebas?", "Aprobado.")
    assert "parking" in " ".join(kept.get("business", ()))


def test_a_list_of_weekdays_makes_a_habit(driver: PluginDriver) -> None:
    stored = driver.stored_by("weekdays", "Martes y jueves voy a nadar a las 8, así que esos días no me pongas nada "
                                          "antes de las 10.", "Anotado.")
    assert "nadar" in " ".join(stored.get("personal", ()))


def test_what_her_own_words_mean_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("code-word", "Cuando te diga «modo cueva» significa: nada de notificaciones, solo "
                                           "alertas P1 de producción.", "Entendido.")
    assert set(stored) == {"personal"} and "modo cueva" in stored["personal"][0]
