"""Turn curation of choices by name, errands, forgotten orders and changes that did not help (local backend)."""

from __future__ import annotations

from typing import Any

from tests.support.judgement import PluginDriver, ToolCall, TurnCase
from wetopi_memory.retain.option_choice import chosen_part, takes_option

NAMES = ("Dos opciones para el nombre:\n1) Wetopi Agents: directo, describe lo que es.\n2) Wetopi Copilot: más "
         "marketing, pero choca con Microsoft.\nMe inclino por Wetopi Agents.")


def case(name: str, user: str, assistant: str = "Ok.", *, history: tuple[dict[str, Any], ...] = (),
         tools: tuple[ToolCall, ...] = ()) -> TurnCase:
    return TurnCase(id=name, lang="", agent="wetopi-lead", history=history, user=user, assistant=assistant,
                    tools=tools, expect={}, forbid={})


def test_an_option_taken_by_name_is_the_option_alone() -> None:
    assert takes_option("Me quedo con Wetopi Agents.") and takes_option("let's go with the Hetzner one")
    assert not takes_option("Me quedo con la sensación de que no lo hemos explicado bien a los clientes, Jordi")
    chosen = chosen_part(NAMES, "Me quedo con Wetopi Agents.")
    assert chosen.startswith("1) Wetopi Agents") and "Copilot" not in chosen and "Me inclino" not in chosen
    assert chosen_part(NAMES, "Me quedo con Wetopi.") == NAMES   # both options named: none stands out


def test_taking_an_offered_option_keeps_it_and_is_no_preference_of_the_speaker(driver: PluginDriver) -> None:
    got = driver.run(case("named", "Me quedo con Wetopi Agents.", "Perfecto, el producto se llamará Wetopi Agents.",
                          history=({"role": "assistant", "content": NAMES},))).stored
    assert set(got) == {"business"} and "Wetopi Agents" in got["business"][0] and "Copilot" not in got["business"][0]


def test_a_calendar_move_is_an_errand_not_a_fix(driver: PluginDriver) -> None:
    tools = (ToolCall("calendar_list", {"from": "2026-10-26"}, "Call Kinetica Labs Fri 11:00"),
             ToolCall("calendar_move", {"event": "Call Kinetica Labs", "to": "2026-10-29T11:00"}, "moved"))
    got = driver.run(case("errand", "Reorganízame la agenda de la semana que viene.",
                          "He movido la llamada con Kinetica Labs del viernes al jueves a las 11:00.",
                          tools=tools)).stored
    assert got == {}


def test_the_bare_order_after_a_forget_request_is_not_kept(driver: PluginDriver) -> None:
    got = driver.run(case("forget", "Olvida lo del descuento a Mar Abierto, al final no lo vamos a hacer. Quítalo.",
                          "Quitado: la renovación sale a precio normal, sin el 30 %.")).stored
    assert got == {}


def test_a_trial_that_did_not_help_and_was_put_back_is_no_fix(driver: PluginDriver) -> None:
    tools = (ToolCall("terminal", {"command": "kubectl annotate ingress aran proxy-read-timeout=300"}, "annotated"),)
    got = driver.run(case("trial", "Prueba a poner el proxy-read-timeout a 300 en el ingress de Arán.",
                          "Probado: con proxy-read-timeout a 300 el importador sigue cortándose, ahora con un error "
                          "de PHP. He vuelto a dejar la anotación en 60 como estaba.", tools=tools)).stored
    assert got == {}


def test_a_bare_letter_picks_its_option_and_a_look_put_off_agrees_to_nothing(driver: PluginDriver) -> None:
    options = ("Two options: (A) one digest at 19:00 with everything, in English; (B) one digest at 9:00 in Spanish, "
               "max 5 bullets. Which one?")
    assert chosen_part(options, "B").startswith("(B) one digest at 9:00")
    table = "| Plan | €/mes |\n|---|---|\n| Basic | 19 |\n\nHe quitado Starter 2019. ¿Lo damos por bueno?"
    got = driver.run(case("later", "vale, lo miro luego con calma", "Perfecto, queda como borrador.",
                          history=({"role": "assistant", "content": table},))).stored
    assert got == {}
