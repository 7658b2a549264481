"""A request to be told what memory holds ("Recuérdame cuánto cuesta…") is a question, whatever reason it gives;
"Apúntate el procedimiento tal cual lo hemos hecho" keeps the answer's runbook; "Decided: …" after the user's assent
is the decision; a change followed by the same failure ("…, but it was OOMKilled again") is no fix; "I've made up my
mind" decides, "I haven't made up my mind" does not; where we buy names a supplier; someone else's unchecked word is
no fact; "Casi: …" corrects a summary; a meeting's notes keep their decisions only; forgetting the old way beside
the new one keeps the new one; a rule for a named plan is the business's."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall


def test_a_request_to_recall_is_no_memory(driver: PluginDriver) -> None:
    stored = driver.stored_by("recall", "Recuérdame cuánto cuesta el plan Pro, que me lo pregunta un cliente por "
                                        "teléfono.", "El plan Pro está a 29 €/mes.")
    assert stored == {}, stored


def test_a_preference_closed_by_vale_is_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("vale", "Prefiero que me escribas siempre en castellano aunque yo te hable en "
                                      "inglés, ¿vale?", "Vale.")
    assert "personal" in stored, stored


def test_the_procedure_asked_to_be_noted_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "procedure", "Acabamos de reiniciar lb-01 sin cortar tráfico. Apúntate el procedimiento tal cual lo hemos "
                     "hecho, que es el bueno.",
        "Runbook para reiniciar un balanceador sin corte: 1) `systemctl stop keepalived` en el nodo; 2) comprobar con "
        "`ip a` en el otro que la VIP 10.0.0.100 ha migrado; 3) `reboot`; 4) al volver, `systemctl start keepalived`.")
    assert any("systemctl stop keepalived" in item for item in stored.get("platform", ())), stored


def test_decided_after_the_users_assent_is_the_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "decided", "Yes, monthly, first one in February — but never any pricing news in it.",
        "Decided: Wetopi will send a monthly client newsletter from February, with product news only; prices are "
        "never announced in it.",
        asked="Hmm, pricing news makes me nervous.", before="Then keep it to product news and maintenance.")
    assert any("newsletter" in item and "monthly" in item for item in stored.get("business", ())), stored


OOM = ToolCall(name="terminal", args={"command": "kubectl -n agents get pod redis-queue-0"},
               result="redis-queue-0 0/1 OOMKilled 3 14m")


def test_a_change_followed_by_the_same_failure_is_no_fix(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "again", "The redis for the agents queue keeps getting OOMKilled. Bump it.",
        "I raised the memory limit of `redis-queue` from 256Mi to 512Mi, but it was OOMKilled again 12 minutes "
        "later — it's not just the limit.", tools=(OOM,))
    assert "platform" not in stored, stored


def test_made_up_my_mind_decides_and_not_made_up_does_not(driver: PluginDriver) -> None:
    decided = driver.stored_by("mind", "I've made up my mind: I'm stepping out of the on-call rota after March.",
                               "Understood.")
    assert "personal" in decided, decided
    undecided = driver.stored_by("undecided", "Should we require two approvals for prod syncs? Just asking, I "
                                              "haven't made up my mind.", "I'd recommend it for prod.")
    assert undecided == {}, undecided


def test_where_we_buy_is_the_businesss_supplier(driver: PluginDriver) -> None:
    stored = driver.stored_by("supplier", "Lo hemos comprado a Servitec, y a partir de ahora todo el hardware de "
                                          "servidores se compra ahí.", "Anotado.")
    kept = " ".join(stored.get("business", ()))
    assert "Servitec" in kept and "platform" not in stored, stored


def test_the_plan_a_customer_is_on_is_the_businesss(driver: PluginDriver) -> None:
    stored = driver.stored_by("plan", "Para que lo sepas: Vinos Olmedo está en el plan Business desde este mes.",
                              "Anotado.")
    assert any("Olmedo" in item for item in stored.get("business", ())), stored
    assert "platform" not in stored, stored


def test_someone_elses_word_is_not_a_fact_yet(driver: PluginDriver) -> None:
    heard = driver.stored_by("says", "Marta says the Olmedo contract was signed yesterday.", "Great news.")
    assert heard == {}, heard
    ours = driver.stored_by("we_said", "We said that the Basic plan goes up to 14 € in January, and it's final.",
                            "Noted.")
    assert "business" in ours, ours


def test_almost_corrects_the_summary_it_accepts(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "almost", "Casi: no son 30 días de preaviso sino 60, lo demás sí.",
        "Corregido: preaviso de 60 días para dar de baja el contrato de mantenimiento.",
        asked="Resume las condiciones de baja.", before="Condiciones de baja: preaviso de 30 días, por escrito.")
    assert any("60 días" in item for item in stored.get("business", ())), stored


def test_a_meetings_notes_keep_the_decisions_not_the_ideas_nor_the_tasks(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "notes", "Meeting notes from today:\n1. Agreed: support hours become 9:00-17:00 from April.\n2. Idea: a Slack "
                 "community for customers, to explore.\n3. Action: Pau to draft the announcement by Friday.",
        "Got it.")
    kept = " ".join(stored.get("business", ()))
    assert "9:00-17:00" in kept, stored
    assert "Slack" not in kept and "Pau to draft" not in kept, stored


def test_forgetting_the_old_way_beside_the_new_one_keeps_the_new_one(driver: PluginDriver) -> None:
    changed = driver.stored_by("changed", "Olvida lo de los resúmenes en inglés; desde hoy, todo en castellano.",
                               "Hecho.")
    assert any("castellano" in item for item in changed.get("personal", ())), changed
    forgotten = driver.stored_by("forgotten", "Olvida lo del descuento de Lumen, no se llegó a acordar.", "Hecho.")
    assert forgotten == {}, forgotten


def test_a_rule_for_a_named_plan_is_the_businesss(driver: PluginDriver) -> None:
    stored = driver.stored_by("tier", "A partir de ahora el límite de almacenamiento del plan Basic es de 10 GB.",
                              "Entendido.")
    assert any("10 GB" in item for item in stored.get("business", ())), stored
