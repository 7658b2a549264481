"""Turn curation by general shapes (issue #11, ninth round): a question the splitter kept whole, a reply that
asks instead of agreeing, a status told with its participle, a chore for the assistant, and the consequence the
speaker draws from a preference just stated."""

from __future__ import annotations

from tests.support.judgement import PluginDriver
from wetopi_memory.retain.assent import assents
from wetopi_memory.retain.signals import analyze


def test_a_leading_question_followed_by_more_words_is_a_question() -> None:
    assert analyze("how should we price the agency add-on? the partner wants a number").question
    assert analyze("¿qué opinas de cobrar en dólares? lo pidió un cliente").question
    assert not analyze("Refunds of annual plans are prorated by unused months.").question


def test_a_reply_that_asks_for_something_does_not_agree() -> None:
    assert not assents("sí, ¿cuáles caducan esta semana?")
    assert not assents("yes, which ones are overdue?")
    assert assents("sí, hazlo así")


def test_a_status_told_with_its_participle_and_a_chore_for_the_assistant_are_not_kept(driver: PluginDriver) -> None:
    assert driver.stored_by("status", "Pagadas ya las 3 facturas de proveedores del trimestre.") == {}
    assert driver.stored_by("chore", "Búscame la propuesta de precios que mandamos a la agencia Kreativa.") == {}
    assert driver.stored_by("ask-whole", "what's your view on offering a lifetime plan? a partner suggested it") == {}


def test_an_offer_to_act_answered_with_a_question_is_no_decision(driver: PluginDriver) -> None:
    got = driver.stored_by("offer-ask", "sí, ¿cuáles tienen el plan Business?",
                           "Tienen Business: Hotel Sol y Clínica Mar.", before="Buenos días. ¿Miro en el CRM "
                           "las cuentas que renuevan este trimestre?", asked="Vamos con las renovaciones.")
    assert "business" not in got


def test_the_consequence_of_a_preference_is_part_of_it(driver: PluginDriver) -> None:
    got = driver.stored_by("so", "How I work: I do all invoice reviews on Friday mornings, in one batch. "
                                 "So queue any invoice questions for Friday 10:00, not when they come in.")
    assert set(got) == {"personal"} and "Friday 10:00" in got["personal"][0]
