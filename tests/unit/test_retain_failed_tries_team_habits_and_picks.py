"""An attempt told as failed beside the change that worked casts no doubt on the fix, nor does a guess not looked at;
a status report and the speaker's own failed try are no fix; how "we" do a thing as a rule is the team's process,
not the speaker's preference; a rule told beside today's exception keeps only the rule; a change told as in place
now is a system's state; a reply that picks several numbered options ("Sí al 1 y al 3") adopts those options and no
other; ideas asked for now are no rule; a renewal is a decision, and "just so you have it" only files it."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.option_choice import chosen_part, picked_numbers
from wetopi_memory.retain.term_matching import fold

ROLLOUT = ToolCall(name="terminal", args={"command": "kubectl -n shop-olmo rollout status deploy/wordpress"},
                   result='deployment "wordpress" successfully rolled out')


def test_a_failed_try_beside_the_fix_keeps_the_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "tried", "La tienda de Olmo da 413 al subir imágenes grandes. Arréglalo.",
        "Arreglado. Subir el client_max_body_size en el configmap global no sirvió (lo he revertido). Lo que ha "
        "funcionado: la anotación nginx.ingress.kubernetes.io/proxy-body-size: 64m en el ingress de shop-olmo.",
        tools=(ROLLOUT,))
    kept = " ".join(stored.get("platform", ()))
    assert "proxy-body-size: 64m" in kept, stored
    assert "no sirvió" not in kept, stored


def test_failed_tries_alone_keep_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "only_tries", "La tienda de Olmo da 413 al subir imágenes grandes. Arréglalo.",
        "Subir el client_max_body_size en el configmap global no sirvió, y reiniciar el controlador tampoco: sigue "
        "dando 413.", tools=(ROLLOUT,))
    assert "platform" not in stored, stored


BACKUPS = ToolCall(name="terminal", args={"command": "velero backup get"},
                   result="nightly-20261204 Completed 0 0\nnightly-20261205 Completed 0 1")


def test_a_status_report_is_no_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "status", "Buenos días. How did the backups hold up overnight?",
        "All quiet. The five nodes are Ready, no pods are stuck outside Running/Succeeded, and both nightly backups "
        "completed.",
        tools=(BACKUPS,))
    assert stored == {}, stored


def test_the_speakers_failed_try_is_no_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "own_try", "He intentado subir cert-manager a la 1.16 y ha fallado el webhook. ¿Cómo está ahora?",
        "Está estable: Helm hizo rollback a la revisión 9 (1.15.3) y los tres pods están Running.", tools=(ROLLOUT,))
    assert "platform" not in stored, stored


def test_how_we_do_it_as_a_rule_is_the_teams_process(driver: PluginDriver) -> None:
    invoices = driver.stored_by("invoices", "Ojo con la plantilla: a los clientes de soporte normalmente les "
                                            "facturamos el día 1 de cada mes.", "Entendido.")
    assert "día 1" in " ".join(invoices.get("business", ())), invoices
    assert "personal" not in invoices, invoices
    own = driver.stored_by("own", "Yo normalmente reviso el correo a las 9 y a las 17, no antes.", "Entendido.")
    assert "personal" in own, own
    usual = driver.stored_by("usual", "Normalmente a los proveedores de hardware les pagamos a 60 días, pero este "
                                      "mes a Servitec le pagamos al contado por un 2 % de descuento.", "Entendido.")
    kept = " ".join(usual.get("business", ()))
    assert "60 días" in kept and "Servitec" not in kept, usual
    assert "personal" not in usual, usual


def test_a_rule_beside_todays_exception_keeps_only_the_rule(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "exception", "Hoy despliego lo de Olmo a las 20:00 porque mañana no estoy, pero que conste que la norma es que "
                     "los despliegues a producción van siempre antes de las 13:00.", "Entendido.")
    kept = " ".join(stored.get("platform", ()))
    assert "13:00" in kept, stored
    assert "20:00" not in kept, stored


OPTIONS = ("Tres ideas para la renovación: 1) un aviso por email 30 días antes del vencimiento; 2) una llamada del "
           "comercial a los clientes de más de 500 €; 3) un 5 % de descuento si renuevan anual. ¿Cuáles hacemos?")


def test_picking_several_options_adopts_those() -> None:
    for reply, numbers in (("Sí al 1 y al 3.", ["1", "3"]), ("1 y 2 sí", ["1", "2"]),
                           ("Renew 1 and 3, not the other one.", ["1", "3"]), ("1, 2 y 3", ["1", "2", "3"])):
        assert picked_numbers(fold(reply)) == numbers, reply
    for reply in ("ponlo a 1 y 2.5", "a 1,5 y 2 euros", "Sí, hazlo", "La 2"):
        assert picked_numbers(fold(reply)) == [], reply
    chosen = chosen_part(OPTIONS, "Sí al 1 y al 3. La llamada no.")
    assert "aviso por email" in chosen and "5 % de descuento" in chosen, chosen
    assert "llamada" not in chosen, chosen


def test_the_picked_options_are_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("picks", "Sí al 1 y al 3. La llamada no, que no damos abasto.",
                              "Hecho: aviso por email 30 días antes y 5 % si renuevan anual.", before=OPTIONS,
                              asked="¿Qué podemos hacer para que renueven más clientes?")
    kept = " ".join(stored.get("business", ()))
    assert "30 días" in kept and "5 %" in kept, stored
    assert "comercial" not in kept, stored


def test_a_change_told_as_in_place_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("in_place", "Para que lo sepas: ya está activo el nuevo enlace de 10G, lo conecté "
                                          "ayer al puerto 12 de sw-edge-1 y ya forma parte del LACP.", "Apuntado.")
    assert "sw-edge-1" in " ".join(stored.get("platform", ())), stored
    done = driver.stored_by("done_task", "Ayer reinicié el pod de redis de Olmo a mano.", "Ok.")
    assert "platform" not in done, done


def test_a_guess_not_looked_at_does_not_spoil_the_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "looked", "Olmo se ha quedado sin espacio en uploads. Amplíalo a 30Gi.",
        "Hecho. Fallaba porque la StorageClass ceph-rbd-hdd no tenía allowVolumeExpansion; lo he activado y el PVC ya "
        "tiene 30Gi. Creo que Lumen también se quedará sin espacio pronto, pero no lo he mirado.", tools=(ROLLOUT,))
    kept = " ".join(stored.get("platform", ()))
    assert "allowVolumeExpansion" in kept, stored
    assert "Lumen" not in kept, stored


def test_ideas_asked_for_now_are_no_rule(driver: PluginDriver) -> None:
    stored = driver.stored_by("ideas", "Estamos pensando en un plan con soporte 24/7. Dame tres ideas de precio, nada "
                                       "definitivo.", "1) 149 €/mes; 2) 199 €/mes con 4 h de guardia; 3) por horas.")
    assert stored == {}, stored
    rule = driver.stored_by("rule", "Dame siempre dos opciones de precio cuando te pida una propuesta.", "Entendido.")
    assert "personal" in rule, rule


def test_a_renewal_told_so_we_have_it_is_kept_without_the_aside(driver: PluginDriver) -> None:
    stored = driver.stored_by("renewal", "We renewed Sentry Team for another year: annual billing, 8 seats. Just so "
                                         "you have it for the supplier list.", "Added to the supplier list.")
    kept = " ".join(stored.get("business", ()))
    assert "Sentry" in kept and "8 seats" in kept, stored
    assert "so you have it" not in kept, stored
