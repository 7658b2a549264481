"""A concession ("even if it looks harmless") is no hedge on the speaker's preference, and a sentence that says
something and then not to keep it opts out of itself alone: the user's other sentences are read as usual."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, stored_text


def test_a_concession_is_no_hedge(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "concession", "From now on I'd rather you ask me before draining any node, even if it looks routine.",
        "Understood, I'll ask before draining nodes.")
    assert "draining" in " ".join(stored.get("personal", ())), stored


def test_a_real_hedge_still_holds_back(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "hedge", "It looks like Brisa will sign the annual plan at 1.200 € next week.", "Let's wait and see.")
    assert "1.200" not in stored_text(stored), stored


def test_a_sentence_opting_out_of_itself_leaves_the_others(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "own-opt-out", "Marta ha sugerido un plan 'Starter Plus' a 9 € al mes, no lo guardes que es solo una idea. "
                       "Lo que sí está cerrado: desde marzo el soporte prioritario cuesta 25 €/mes.",
        "Vale: lo del Starter Plus no lo guardo; apunto el soporte prioritario a 25 €/mes desde marzo.")
    everything = stored_text(stored)
    assert "25 €/mes" in " ".join(stored.get("business", ())), stored
    assert "Starter Plus" not in everything, stored


def test_a_bare_opt_out_still_covers_the_turn(driver: PluginDriver) -> None:
    assert not driver.stored_by(
        "bare-opt-out", "No lo guardes. Desde marzo el soporte prioritario cuesta 25 €/mes, pero es una prueba.",
        "Vale, no lo guardo.")


def test_forgetting_the_old_way_keeps_the_new_one(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "replaced", "Olvida lo que te dije de que los informes me los mandes por email. Ahora quiero que cualquier "
                    "informe para mí me llegue por Signal.", "Entendido: tus informes van por Signal.")
    personal = " ".join(stored.get("personal", ()))
    assert "Signal" in personal, stored
    assert "email" not in personal, stored
