"""Leave to try a proposal adopts nothing; "no uses …" is an order and "Una cosa: no …" no switch, so a style wish
stays personal; an event "about an hour ago" is task state; a fix labelled "Arreglo aplicado" with tool evidence
is kept with its setting; a customer's ask told before any answer is no term agreed; an hour "por debajo" of an
SLA is a business term, not what runs under the hood; leave given to the assistant ("puedes … sin preguntarme")
is the speaker's own way of working, leave given to a colleague a business rule; a change told with its purpose
("lo movimos a las 03:30 para que no coincida…") is a system's new state; a customer moving plan ("se pasan a
Pro") is a business fact."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.dialogue_lexicon import TRIAL_ASSENT
from wetopi_memory.retain.signals import analyze, states_value
from wetopi_memory.retain.term_matching import mentions

PROPOSAL = ("Probablemente es el memory_limit de PHP, que en su sitio está en 256M. Propongo subirlo a 512M solo "
            "para wp-anaya y volver a probar.")


def test_leave_to_try_is_told_from_an_adoption() -> None:
    for reply in ("Vale, prueba.", "Sí, pruébalo", "ok, give it a try", "Try it."):
        assert mentions(TRIAL_ASSENT, reply), reply
    for reply in ("Vale, hazlo.", "Prueba superada", "La prueba gratis no.", "Sí, hagámoslo así"):
        assert not mentions(TRIAL_ASSENT, reply), reply


def test_leave_to_try_a_hypothesis_stores_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "trial", "Vale, prueba.",
        "Lo he probado y no era eso: con memory_limit=512M el PDF sigue fallando igual. He revertido a 256M.",
        before=PROPOSAL, asked="El PDF de catálogos de Anaya da error 500, ¿qué puede ser?")
    assert "platform" not in stored, stored


def test_adopting_the_same_proposal_keeps_it(driver: PluginDriver) -> None:
    adopted = driver.stored_by(
        "adopted", "Sí, hagámoslo así a partir de ahora.", "Hecho: memory_limit a 640M en wp-olivo.",
        before=PROPOSAL.replace("512M", "640M").replace("wp-anaya", "wp-olivo"),
        asked="El PDF de catálogos de Olivo da error 500, ¿qué puede ser?")
    assert "640M" in " ".join(adopted.get("platform", ())), adopted


def test_a_spanish_dont_use_is_no_architecture_and_no_switch() -> None:
    order = "Una cosa: no uses emojis en los mensajes que me mandas, ni uno."
    assert "architecture" not in analyze(order).categories
    assert not states_value(order)
    assert states_value("autoscaling: no") and states_value("hpa: no, lo quitamos")
    assert "architecture" in analyze("The shop uses Redis for sessions.").categories


def test_a_style_wish_stays_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("emojis", "Una cosa: no uses emojis en los mensajes que me mandas, ni uno. "
                                        "It's a pet peeve of mine.", "Entendido, sin emojis.")
    assert "emojis" in " ".join(stored.get("personal", ())), stored
    assert "platform" not in stored, stored


def test_an_event_an_hour_ago_is_task_state() -> None:
    for sentence in ("Tienda Luna threw a handful of 502s about an hour ago.", "It failed a few minutes ago."):
        assert analyze(sentence).transient, sentence


ARGO = ToolCall(name="terminal", args={"command": "argocd app get wp-sol"},
                result="Name: wp-sol\nSync Status: Synced\nHealth Status: Healthy")


def test_a_fix_labelled_applied_is_kept_with_its_setting(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "applied", "wp-sol sale OutOfSync en Argo cada dos por tres y el selfHeal le baja las réplicas. ¿Qué pasa?",
        "Es una pelea entre Argo y el HPA. Arreglo aplicado en el ApplicationSet wp-sites: ignoreDifferences para "
        "apps/Deployment con jsonPointers /spec/replicas. Verificado: wp-sol lleva 40 minutos Synced/Healthy.",
        tools=(ARGO,))
    assert "ignoreDifferences" in " ".join(stored.get("platform", ())), stored
    assert set(stored) == {"platform"}, stored


def test_a_customers_ask_is_no_term_agreed(driver: PluginDriver) -> None:
    for ask in ("Vidal Abogados pide un 30 % de descuento para renovar.",
                "Lumen Dental pide bajar a 200 €/mes en la renovación."):
        assert analyze(ask).hedges, ask
    assert not analyze("Con el wildcard ya no se pide un certificado por preview.").hedges
    stored = driver.stored_by("ask", "Lumen Dental pide bajar a 180 €/mes en la renovación del año que viene. "
                                     "Les he dicho que lo miro. What do you think?",
                              "Yo no bajaría tanto: con 12 sitios serían 15 € por sitio.")
    assert "business" not in stored, stored


def test_time_below_an_sla_is_no_architecture() -> None:
    credit = "Por cada hora por debajo se abona un 5 % de la cuota, con tope del 50 %."
    assert "architecture" not in analyze(credit).categories
    assert "pricing" in analyze(credit).categories
    assert "architecture" in analyze("Por debajo usa Redis para las sesiones.").categories


def test_leave_given_to_the_assistant_is_personal(driver: PluginDriver) -> None:
    stored = driver.stored_by("leave", "Para que lo tengas claro: en staging puedes reiniciar pods sin preguntarme. "
                                       "En producción me preguntas siempre antes.", "Entendido.")
    assert "staging" in " ".join(stored.get("personal", ())), stored
    rule = driver.stored_by("colleague", "Regla nueva: hasta 80 € los reembolsos los aprueba Lucía sin preguntarme.",
                            "Apuntado.")
    assert "personal" not in rule, rule


def test_a_change_told_with_its_purpose_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("purpose", "No, eso era antes. Lo movimos a las 04:15 para que no coincida con el cron "
                                         "de WooCommerce de las 2.", "Entendido.",
                              asked="¿A qué hora corre el CronJob mariadb-dump?")
    assert "04:15" in " ".join(stored.get("platform", ())), stored


def test_a_customer_moving_plan_is_a_business_fact() -> None:
    assert "pricing" in analyze("Marta, de Floristería Olmo, me ha escrito: se pasan a Pro.").categories
