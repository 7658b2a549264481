"""Curation of what a turn says beside its facts: terms put to the user for approval, an aside the speaker marks as
about herself, bets and vague causes, steps not yet done, material handed over, a named change approved, the end
of a working day, relief at how something went, a norm set for everyone, terms signed off in the next sentence,
network and key sizes as values, progress reports, venting and asking for the assistant's view."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.signals import analyze, money_value, states_value
from wetopi_memory.retain.speaker_lexicon import OWN_WAY
from wetopi_memory.retain.term_matching import mentions

# ------------------------------------------------------------------------------------------------ approval asked

@pytest.mark.parametrize(("before", "user", "fact"), [
    ("Condiciones para aprobación: descuento del 15 % el primer año para ONGs, solo planes anuales. ¿Lo apruebas?",
     "Aprobado.", "15 %"),
    ("Terms for your approval: partner agencies get 90-day payment terms above 20 sites. Do you approve?",
     "Yes, approved.", "90-day"),
])
def test_terms_put_to_the_user_for_approval_are_kept_when_approved(driver: PluginDriver, before: str, user: str,
                                                                   fact: str) -> None:
    stored = driver.stored_by(f"approval-{fact}", user, "Registrado.", before=before, asked="¿Cómo quedan?")
    assert any(fact in item for item in stored.get("business", ())), stored


def test_terms_put_for_approval_and_refused_are_not_kept(driver: PluginDriver) -> None:
    before = "Condiciones para aprobación: descuento del 15 % el primer año para ONGs. ¿Lo apruebas?"
    stored = driver.stored_by("approval-refused", "No, todavía no.", "Entendido.", before=before, asked="¿Y?")
    assert not stored, stored


# ------------------------------------------------------------------------------------------------ own asides

@pytest.mark.parametrize("user", [
    "Bump the Loki retention to 14 days on prod. And for my own routine: I read the error dashboard every evening "
    "at 19:00.",
    "Sube la retención de Loki a 14 días en prod. Y para mí: reviso el panel de errores cada tarde a las 19:00.",
])
def test_an_aside_the_speaker_marks_as_hers_is_personal(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"aside-{user[:4]}", user)
    assert any("19:00" in item for item in stored.get("personal", ())), stored


def test_an_aside_for_me_personally_states_a_standing_wish(driver: PluginDriver) -> None:
    stored = driver.stored_by("aside-paged", "Oh, and for me personally: I only want a phone call for outages of "
                              "the billing site; the rest can wait in chat.")
    assert any("phone call" in item for item in stored.get("personal", ())), stored


@pytest.mark.parametrize(("text", "aside"), [
    ("Y para mí: los lunes sin reuniones.", True),
    ("Oh, and for me: no calls before 10.", True),
    ("In my case, never on Fridays.", True),
    ("Ese informe es para mí, no para Marta.", False),
    ("The new plan looks expensive for me and for most agencies.", False),
])
def test_an_aside_opens_the_sentence(text: str, aside: bool) -> None:
    assert mentions(OWN_WAY, text) == aside


def test_a_month_free_of_meetings_is_no_price() -> None:
    assert "pricing" not in analyze("I'm off every August, so keep that month free of meetings for me.").categories
    assert "pricing" in analyze("Annual plans get two months free.").categories


def test_a_request_to_draft_something_is_not_a_draft() -> None:
    assert not analyze("I always write in Spanish first, so draft it in Spanish and translate it later.").unverified
    assert analyze("Draft for the board, not approved: prices go up 5 %.").unverified


# ------------------------------------------------------------------------------------------------ not yet known

@pytest.mark.parametrize("user", [
    "The nightly CPU spike on db-2? I bet it's the analytics export.",
    "Me apuesto algo a que es el cron de las facturas lo que satura la base de datos.",
])
def test_a_bet_on_the_cause_is_a_hedge(driver: PluginDriver, user: str) -> None:
    assert analyze(user).hedges
    assert not driver.stored_by(f"bet-{user[:5]}", user), user


@pytest.mark.parametrize("user", [
    "Ya he arreglado lo del DNS de la tienda, era algo del TTL.",
    "Fixed the mail bounce on the shop, it was something with the SPF record.",
])
def test_a_cause_named_only_vaguely_is_not_a_fix(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"vague-{user[:5]}", user, "Vale."), user


def test_a_step_named_but_not_done_is_not_kept() -> None:
    assert analyze("Convendría alertar al 90 % del disco, pero eso aún no está hecho.").unverified
    assert analyze("Alerting at 90 % of the disk makes sense, but that's not done yet.").unverified


@pytest.mark.parametrize("user", [
    "No, don't publish that yet: I need the numbers from finance first.",
    "No, no lo publiques todavía, que me faltan los números de finanzas.",
])
def test_not_yet_declines_for_now(driver: PluginDriver, user: str) -> None:
    before = "Propongo publicar la nueva tarifa de soporte premium: 40 € por hora. ¿La publico?"
    assert not driver.stored_by(f"notyet-{user[:6]}", user, "Ok.", before=before, asked="¿Y la tarifa?"), user


# ------------------------------------------------------------------------------------------------ one-offs

@pytest.mark.parametrize("user", [
    "Here's the export of last month's tickets (pasted below).",
    "Aquí tienes el log del despliegue de ayer.",
    "Approved PR #77.",
    "Mergeado el MR !12.",
    "Me voy ya, que mañana madrugo.",
    "Heading out now.",
    "At least the migration went fine.",
    "Al menos la subida de versión ha ido sin sustos.",
])
def test_passing_remarks_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"remark-{user[:8]}", user, "Ok."), user


def test_time_off_every_year_is_no_farewell(driver: PluginDriver) -> None:
    stored = driver.stored_by("off-august", "I'm off every August, so keep that month free of meetings for me.")
    assert any("August" in item for item in stored.get("personal", ())), stored


def test_a_rule_at_least_is_still_a_rule() -> None:
    assert analyze("At least three replicas are required for every production database.").categories


# ------------------------------------------------------------------------------------------------ norms and picks

def test_a_norm_for_everyone_is_a_business_decision(driver: PluginDriver) -> None:
    stored = driver.stored_by("norm-brand", "Como norma de marca para todo el equipo: en los correos a clientes, "
                              "siempre de usted y sin emojis.")
    assert any("de usted" in item for item in stored.get("business", ())), stored


def test_a_norm_the_speaker_set_herself_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("norm-own", "Me he puesto como norma no abrir el correo antes de las 10, avísame si "
                              "lo hago.")
    assert "business" not in stored, stored


def test_locking_one_idea_is_a_decision() -> None:
    assert "decision" in analyze("Lock the third talk for March, with Lucía as the speaker.").categories


# ------------------------------------------------------------------------------------------------ settled, values

@pytest.mark.parametrize("user", [
    "Al final con Pixelia: 15 % el primer año y 5 % desde el segundo. Ya está firmado el anexo.",
    "Agreed with Pixelia: 15 % off the first year, 5 % from the second. Jordi signed off on it.",
])
def test_terms_signed_off_in_the_next_sentence_are_kept(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"signed-{user[:6]}", user, "Registrado.")
    assert any("15 %" in item for item in stored.get("business", ())), stored
    assert not any(item.strip() in ("Ya está firmado el anexo.", "Jordi signed off on it.")
                   for items in stored.values() for item in items), stored


@pytest.mark.parametrize(("text", "value"), [
    ("Storage traffic goes over VLAN 120 with MTU 9000.", True),
    ("La clave nueva es RSA de 4096 bits.", True),
    ("The team grew to 12 people this year.", False),
])
def test_network_and_key_sizes_are_values(text: str, value: bool) -> None:
    assert states_value(text) is value


def test_money_and_shares_are_values_of_a_business_rule() -> None:
    assert money_value("20 % el primer año") and money_value("149 € al mes") and money_value("$49 per seat")
    assert not money_value("MTU 9000 on VLAN 120")


@pytest.mark.parametrize("user", [
    "La migración de webs va por 800 de 1.500, we're on track for Thursday.",
    "Este proveedor es insoportable, cada mes sube algo.",
    "Cuéntame cómo ves la subida de precios del plan Pro.",
    "What do you think of the new pricing page?",
    "Vaya semana llevo, entre el cierre del trimestre y la gripe del peque no doy abasto.",
    "Crazy week: quarter close, two renewals and a sick kid, I can't keep up.",
])
def test_progress_venting_and_asking_for_a_view_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"passing-{user[:8]}", user, "Ok."), user


@pytest.mark.parametrize("user", [
    "Dormí fatal, necesito un café antes de nada.",
    "I'm exhausted, let's wrap up after this one.",
    "I want to talk to Jordi first.",
    "Quiero hablarlo antes con Jorge.",
])
def test_how_the_speaker_feels_today_and_a_first_step_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"today-{user[:8]}", user, "Ok."), user


def test_no_need_to_remember_drops_the_turn(driver: PluginDriver) -> None:
    stored = driver.stored_by("no-need", "No need to remember any of this, it's in the CRM: Pixelia renewed for two "
                              "years at 15 % off.", "Ok.")
    assert not stored, stored


@pytest.mark.parametrize("user", [
    "Como el cron de backups vuelva a fallar esta semana, me hago agricultora.",
    "Nos piden un 40 % de descuento, ni de broma.",
    "send the updated price list to Pixelia",
    "Olvídalo, no hace falta que lo apuntes: el plan Enterprise era solo una idea.",
])
def test_joking_threats_refusals_errands_and_no_need_to_note_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"joke-{user[:8]}", user, "Ok."), user


def test_words_in_quotes_are_mentioned_not_said() -> None:
    read = analyze("I hate being asked 'shall I proceed?' for read-only checks; just run them.")
    assert not read.hedges and not read.past_action
    assert analyze("Shall I proceed with the read-only checks?").hedges


def test_taking_something_for_granted_is_not_a_finished_task() -> None:
    assert not analyze("Antes de mandar un contrato, pregúntame quién lo firma, no lo des por hecho").transient
    assert analyze("La migración del correo, hecho").transient


def test_a_range_of_dates_is_one_clause(driver: PluginDriver) -> None:
    stored = driver.stored_by("range", "I'm off 20 Dec – 6 Jan every year, family trip. Keep those days free for me.")
    assert any("20 Dec" in item and "6 Jan" in item for item in stored.get("personal", ())), stored


def test_a_subjunctive_is_no_past_action() -> None:
    assert not analyze("No me corrijas las faltas salvo que cambie el sentido.").past_action
    assert analyze("Ayer cambie el timeout del ingress a 60s.").past_action


def test_something_about_me_is_an_aside(driver: PluginDriver) -> None:
    stored = driver.stored_by("about-me", "Una cosa sobre mí: escribo muy rápido y con faltas, no me las corrijas.")
    assert any("faltas" in item for item in stored.get("personal", ())), stored
