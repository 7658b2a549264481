"""A routine told with the date it comes round ("Every first Monday of the month we do the restore drill", "el
simulacro es el primer lunes de cada mes") is a process worth keeping, and the speaker's own ("I mentor Lucía every
other Tuesday") stays hers; a value taken back in the same sentence ("49 €... no, espera, me equivoco: 59 €") is kept
as the value that stands, without the one it replaced. A wish "para esta conversación" is one-off; a labelled
decision's "por ahora" is how long it holds, and the list's next item ("Idea de Luis: …") is not its detail."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize(("text", "value"), [
    ("Every first Monday of the month we do the backup restore drill; Luis runs it.", "restore drill"),
    ("El simulacro de restauración de backups es el primer lunes de cada mes.", "primer lunes"),
])
def test_a_routine_with_its_date_is_kept(driver: PluginDriver, text: str, value: str) -> None:
    stored = driver.stored_by("routine", text, "Got it.")
    assert any(value in item for items in stored.values() for item in items), stored


def test_her_own_routine_stays_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("own-routine", "Remember that I mentor Pau every other Thursday at 16:00. Never book "
                                             "anything on top of that.", "Noted.")
    assert set(stored) == {"personal"}, stored


def test_a_value_taken_back_is_kept_as_the_one_that_stands(driver: PluginDriver) -> None:
    stored = driver.stored_by("taken-back", "El plan Agencia cuesta 49 €... no, espera, me equivoco: 59 €.",
                              "Anotado: 59 €.")
    kept = " ".join(stored.get("business", ()))
    assert "59 €" in kept and "49" not in kept, stored


def test_a_wish_for_this_conversation_is_one_off(driver: PluginDriver) -> None:
    stored = driver.stored_by("this-chat", "Para esta conversación, sé muy breve, que voy con prisa.", "Vale.")
    assert stored == {}, stored


def test_a_labelled_decision_holds_for_now_and_the_next_idea_is_not_its_detail(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "decided", "DECIDIDO: las tiendas pequeñas se quedan en el cluster compartido, por ahora. Idea de Luis: un "
                   "plan dedicado.", "Apuntado.")
    kept = " ".join(item for items in stored.values() for item in items)
    assert "cluster compartido" in kept and "Idea de Luis" not in kept, stored
