"""Turn curation of moods and stories, one-off requests, standing orders about what the speaker is handed, and
changes the user orders and the answer checks (local backend)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall, TurnCase
from wetopi_memory.retain.evidence import TurnEvidence
from wetopi_memory.retain.turn_reading import read_turn


def case(name: str, user: str, assistant: str = "Ok.", *, history: tuple[dict[str, str], ...] = (),
         tools: tuple[ToolCall, ...] = ()) -> TurnCase:
    return TurnCase(id=name, lang="", agent="wetopi-lead", history=history, user=user, assistant=assistant,
                    tools=tools, expect={}, forbid={})


def test_a_mood_or_a_story_is_no_preference(driver: PluginDriver) -> None:
    assert driver.run(case("mood", "estoy hasta el moño de Arriaga, seriously me tienen amargada")).stored == {}
    assert driver.run(case("story", "the talk went great!!! like 200 people and someone from a hosting company "
                                    "asked for my slides", "Congrats!")).stored == {}


def test_a_piece_of_work_or_a_look_asked_for_now_is_not_kept(driver: PluginDriver) -> None:
    assert driver.run(case("post", "escribeme el post de linkedin para la oferta de soporte, corto y sin frases de "
                                   "gurú")).stored == {}
    tools = (ToolCall("terminal", {"command": "kubectl -n ingress logs deploy/ingress | grep ' 499 '"}, "23 lines"),)
    assert driver.run(case("grep", "grep the ingress logs for 499s on olmo last hour", "23 responses with 499.",
                           tools=tools)).stored == {}


def test_what_the_speaker_is_always_handed_is_their_own(driver: PluginDriver) -> None:
    got = driver.run(case("cost", "whenever you propose a change, always tell me the monthly cost in euros, even "
                                  "if it's 0")).stored
    assert set(got) == {"personal"}
    got = driver.run(case("tables", "no, las tablas en telegram se ven fatal en el movil. plain text always, nunca "
                                    "tablas")).stored
    assert set(got) == {"personal"}


def test_the_speaker_as_a_customers_only_contact_is_business(driver: PluginDriver) -> None:
    got = driver.run(case("contact", "stop the automated dunning emails for Arriaga. from now on only I talk to "
                                     "them, anything from them gets forwarded to me")).stored
    assert set(got) == {"business"}


def test_a_confirmed_hire_or_a_warning_that_cleared_is_no_platform_fix(driver: PluginDriver) -> None:
    got = driver.run(case("hire", "Lucia Ferrer ha firmado, empieza el 13 de enero como acordamos",
                          "Confirmado: Lucía Ferrer se incorpora el 13 de enero. Te preparo la checklist.")).stored
    assert "platform" not in got
    assert driver.run(case("cleared", "HEALTH_WARN 1 slow ops on osd.17. q es esto",
                           "Es una operación que tardó más de 30 s en osd.17. Ya se ha despejado (HEALTH_OK).")
                      ).stored == {}


def test_a_value_the_user_orders_and_the_answer_checks_is_a_fix(driver: PluginDriver) -> None:
    history = ({"role": "assistant", "content": "Result: 3.1% errors, all 'Too many connections' from mariadb "
                                               "(max_connections=300)."},)
    got = driver.run(case("ordered", "raise it to 600 and rerun",
                          "With max_connections=600 (set in the mariadb-olmo values in Git, synced by Argo) the "
                          "checkout test at 900 rps ran clean: 0% errors.", history=history)).stored
    assert set(got) == {"platform"} and "max_connections=600" in got["platform"][0]


def test_an_agreement_with_a_step_before_it_keeps_the_proposal(driver: PluginDriver) -> None:
    history = ({"role": "assistant", "content": "Suggestion: free migration for the first 3 shops, then 49 € per shop; "
                                               "Jordi migrates with the wp-migrate Job in the 22:00–01:00 window."},)
    user = "ok, go with that, but nothing moves before Jordi has tested wp-migrate on their staging site"
    reading = read_turn(user, "Agreed.", list(history), (), TurnEvidence("s", "t"))
    assert reading.proposal.endswith("; nothing moves before Jordi has tested wp-migrate on their staging site")
    got = driver.run(case("step", user, "Agreed.", history=history)).stored
    assert "49" in " ".join(got.get("business", ()))


def test_a_final_word_settles_the_cause_told_after_it(driver: PluginDriver) -> None:
    got = driver.run(case("final", "Final word on the cert scare. Root cause: the Infisical key rename broke the "
                                   "ClusterIssuer; we renew at 30 days now and alert at 21.", "Recorded.")).stored
    assert set(got) == {"platform"} and "ClusterIssuer" in got["platform"][0]


def test_a_note_about_the_speaker_and_a_table_wish_are_their_own(driver: PluginDriver) -> None:
    got = driver.run(case("about", "note about me: I over-discount when a customer complains. whenever I propose a "
                                   "discount above 15%, ask me if I'm sure.")).stored
    assert set(got) == {"personal"}
    got = driver.run(case("table", "Recuerda que cuando compares precios o planes me lo pongas siempre en tabla, no "
                                   "en párrafos.")).stored
    assert set(got) == {"personal"}
    assert driver.run(case("beach", "ya en la playa, los niños me están enterrando en la arena. tú a lo tuyo")
                      ).stored == {}


def test_an_order_to_the_agents_together_about_the_speaker_is_their_own(driver: PluginDriver) -> None:
    got = driver.run(case("vosotros", "Mientras estoy de vacaciones (del 4 al 18 de agosto) solo me avisáis por un P1 "
                                      "o si un cliente amenaza con irse.")).stored
    assert set(got) == {"personal"} and "18" in got["personal"][0]
