"""How one part of a user message bears on another: an opt-out of only part of it ("the rest is chit-chat, ignore
it") leaves the other sentences to be kept, terms the next sentence calls not final are not kept, and a party
introduced in one sentence is named in its terms told in the next."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize("user", [
    "Lo que cuenta: a partir de ahora las facturas de agencias se emiten el día 1. Lo demás es cotilleo, ignóralo.",
    "What matters: from now on agency invoices go out on the 1st. The rest is small talk, ignore it.",
])
def test_an_opt_out_of_part_of_the_message_keeps_the_rest(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"part-out-{user[:4]}", user)
    assert any("1" in item for item in stored.get("business", ())), stored


@pytest.mark.parametrize("user", [
    "A partir de ahora las facturas de agencias se emiten el día 1. No lo guardes, es solo una prueba.",
    "From now on agency invoices go out on the 1st. Ignore this, just testing.",
])
def test_an_opt_out_of_the_whole_message_is_still_obeyed(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"all-out-{user[:4]}", user)


@pytest.mark.parametrize(("user", "party"), [
    ("Te reenvío el correo de Librería Valdés. Esta parte es final: renuevan anual con 3 sitios a 29 € por sitio.",
     "Librería Valdés"),
    ("Forwarding the thread with Harbor Pets. Final terms: they renew yearly, 4 sites at 31 € per site.",
     "Harbor Pets"),
])
def test_a_party_introduced_before_its_terms_is_named_in_them(driver: PluginDriver, user: str, party: str) -> None:
    stored = driver.stored_by(f"party-{party[:4]}", user)
    assert any(party in item and "€" in item for item in stored.get("business", ())), stored


@pytest.mark.parametrize(("user", "kept", "dropped"), [
    ("Lo de que la semana que viene estoy en Lisboa no lo guardes. Pero esto sí, y es para siempre: cuando yo no "
     "esté, Lucas aprueba los descuentos.", "Lucas", "Lisboa"),
    ("Don't save the bit about my trip to Lisbon next week. But save this: when I'm away, Lucas approves the "
     "discounts, always.", "Lucas", "Lisbon"),
])
def test_what_the_user_keeps_beside_an_opt_out_is_kept(driver: PluginDriver, user: str, kept: str,
                                                      dropped: str) -> None:
    stored = driver.stored_by(f"keep-this-{kept}-{dropped}", user)
    items = [item for scope_items in stored.values() for item in scope_items]
    assert any(kept in item for item in items), stored
    assert not any(dropped in item for item in items), stored


@pytest.mark.parametrize("user", [
    "Mira lo que nos manda el proveedor de DNS: renovación del plan Pro a 1.900 $/año. No es final, estamos "
    "negociando.",
    "The colo quote came in: 2 racks at 1,450 € a month. Not final yet, we're negotiating.",
])
def test_terms_the_next_sentence_calls_not_final_are_not_kept(driver: PluginDriver, user: str) -> None:
    assert not driver.stored_by(f"not-final-{user[:5]}", user), user


def test_terms_called_final_are_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("final-terms", "The colo quote came in: 2 racks at 1,450 € a month. It's signed.")
    assert any("1,450" in item for item in stored.get("business", ())), stored
