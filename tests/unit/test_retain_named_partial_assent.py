"""A reply that opens with a yes to the one option it names ("Lo del backup diario sí. Lo de cambiar de proveedor
todavía no", "The Grafana part yes, go ahead") adopts that option and no other, and so does one that opens with an
option's label and a condition ("Opción 2, pero solo para clientes nuevos"); a yes to a part that names no offered
option adopts nothing."""

from __future__ import annotations

from tests.support.judgement import PluginDriver

OPTIONS_ES = ("Dos propuestas: (1) activar backup diario de la base de datos a las 03:00, con 14 días de retención; "
              "(2) cambiar el storage de OVH a Hetzner.")
OPTIONS_EN = ("Options: (a) move the Grafana disk alert threshold from 80% to 90%; (b) page only the on-call lead, "
              "not the whole team.")


def test_a_yes_to_the_part_named_adopts_that_option_only(driver: PluginDriver) -> None:
    stored = driver.stored_by("backup", "Lo del backup diario sí. Lo de cambiar de proveedor todavía no, ya veremos.",
                              "Perfecto, activo el backup diario.", asked="¿Qué harías con los backups?",
                              before=OPTIONS_ES)
    kept = " ".join(item for items in stored.values() for item in items)
    assert "03:00" in kept and "Hetzner" not in kept, stored


def test_an_english_yes_to_the_part_named(driver: PluginDriver) -> None:
    stored = driver.stored_by("grafana", "The Grafana part yes, go ahead. Hold off on the pager change.", "Done.",
                              asked="How do we cut alert noise?", before=OPTIONS_EN)
    kept = " ".join(item for items in stored.values() for item in items)
    assert "90%" in kept and "on-call lead" not in kept, stored


def test_a_yes_to_a_part_no_option_names_adopts_nothing(driver: PluginDriver) -> None:
    stored = driver.stored_by("none", "Lo del logo sí, adelante.", "Perfecto.", asked="¿Qué harías con los backups?",
                              before=OPTIONS_ES)
    kept = " ".join(item for items in stored.values() for item in items)
    assert "03:00" not in kept and "Hetzner" not in kept, stored


def test_an_option_label_with_a_condition_adopts_that_option(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "label", "Opción 2, pero solo para clientes nuevos.", "Perfecto.",
        asked="¿Cómo cobramos el add-on de WooCommerce?",
        before="Opción 1: 15 €/mes fijos. Opción 2: 10 €/mes más el 1 % de las ventas. Opción 3: gratis el primer año.")
    kept = " ".join(stored.get("business", ()))
    assert "1 % de las ventas" in kept and "15 €" not in kept, stored
