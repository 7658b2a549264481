"""Turn curation by general shapes (issue #11, sixth round): experience vs rule, other keeping verbs, hearsay,
one-piece-of-work requests, other people's ways, status dumps and access logs, the user's own checked change,
no cause yet, "Done —" and "Finished." reports, the problem a fix answers, how the speaker works, jokes."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.raw_output import field_block_lines, raw_output_kind


def run(driver: PluginDriver, name: str, user: str, assistant: str = "Ok.", *, before: str = "",
        tools: tuple[ToolCall, ...] = ()) -> dict[str, tuple[str, ...]]:
    return driver.stored_by(name, user, assistant, before=before, asked="¿Qué hacemos?", tools=tools)


def terminal(command: str, result: str) -> ToolCall:
    return ToolCall(name="terminal", args={"command": command}, result=result)


def test_never_done_is_experience_and_never_as_a_habit_is_a_rule(driver: PluginDriver) -> None:
    assert "personal" not in run(driver, "never-done", "Me toca migrar el DNS y nunca lo he hecho.")
    got = run(driver, "never-rule", "Nunca despliego los viernes por la tarde, así que no me lo propongas.")
    assert "personal" in got and "viernes" in got["personal"][0]


def test_other_keeping_verbs_and_a_test_opening_opt_out(driver: PluginDriver) -> None:
    assert run(driver, "no-retain", "No lo retengas: el plan Pro sube a 40 € al mes.", "Vale.") == {}
    assert run(driver, "test-open", "Es de prueba: la permanencia del plan Business baja a 3 meses.", "Ok.") == {}
    assert run(driver, "dont-record", "Don't record this, the Business plan now costs 90 € a month.", "Ok.") == {}


def test_hearsay_is_not_a_business_fact(driver: PluginDriver) -> None:
    assert run(driver, "rumour", "I heard a competitor will cut its hosting prices by 20% next month.", "Ok.") == {}
    assert run(driver, "rumor-es", "Se rumorea que Raiola sube precios un 15% en marzo.", "Ok.") == {}


def test_one_piece_of_work_and_passing_wishes_are_one_offs(driver: PluginDriver) -> None:
    assert run(driver, "one-summary", "Just for this summary, give the amounts in thousands.", "Sure.") == {}
    assert run(driver, "one-informe", "Solo para este informe, pon los importes sin IVA.", "Vale.") == {}
    assert run(driver, "craving", "Me apetece un café de la máquina nueva.", "Jaja, a por él.") == {}
    assert run(driver, "remind", "Remind me to renew the lawyer's contract on Monday.", "Noted.") == {}


def test_a_colleagues_way_is_not_the_speakers(driver: PluginDriver) -> None:
    got = run(driver, "colleague", "Mi compañero Luis nunca mira Slack, escríbele siempre por email.", "Vale.")
    assert "personal" not in got


def test_a_wish_for_every_system_is_not_a_personal_preference(driver: PluginDriver) -> None:
    got = run(driver, "wish-all", "I want every new namespace to get a default-deny NetworkPolicy from now on.",
              "Understood.")
    assert "personal" not in got


def test_a_pasted_status_dump_or_access_log_is_raw_output(driver: PluginDriver) -> None:
    dump = "what's this?\n\nState: Waiting\n  Reason: CrashLoopBackOff\nRestart Count: 12\nLast Exit: 1\n"
    assert run(driver, "dump", dump, "The container keeps exiting with code 1; check its logs.") == {}
    log = ('¿Y esto?\n\n192.168.1.7 - - [02/Nov/2026:10:01:02 +0100] "GET /wp-login.php HTTP/1.1" 429 0\n'
           '192.168.1.7 - - [02/Nov/2026:10:01:03 +0100] "GET /wp-login.php HTTP/1.1" 429 0\n')
    assert run(driver, "access", log, "Es el rate limit del ingress cortando un bot.") == {}


def test_a_flat_field_list_is_not_a_status_dump() -> None:
    flat = ["Precio: 20 €", "Plan: anual", "Pago: mensual"]
    nested = ["State: Waiting", "  Reason: CrashLoopBackOff", "Restart Count: 12"]
    assert field_block_lines(flat) == frozenset()
    assert field_block_lines(nested) == frozenset({0, 1, 2})
    assert raw_output_kind("\n".join(nested)) == "log-lines" and raw_output_kind("\n".join(flat)) is None


def test_the_users_own_checked_change_is_a_platform_fact(driver: PluginDriver) -> None:
    got = run(driver, "own-check", "he subido el pm.max_children del pool de la tienda a 40 y ya no petan los "
                                   "checkouts", "Genial.")
    assert set(got) == {"platform"} and "pm.max_children" in got["platform"][0]


def test_no_cause_yet_is_not_a_fix(driver: PluginDriver) -> None:
    got = run(driver, "no-cause", "the API is slow since noon, any idea?",
              "We don't have the root cause yet. I'll keep watching the p99.",
              tools=(terminal("kubectl top pods -n api", "api-7d9 410m 900Mi"),))
    assert got == {}


def test_a_done_report_with_its_setting_is_a_verified_fix(driver: PluginDriver) -> None:
    got = run(driver, "done-dash", "the db nodes swap under load",
              "Done — `vm.swappiness=10` persisted in /etc/sysctl.d/99-tune.conf on the three db nodes.",
              tools=(terminal("sysctl vm.swappiness", "vm.swappiness = 10"),))
    assert set(got) == {"platform"} and "vm.swappiness=10" in got["platform"][0]


def test_finished_then_the_checked_state_is_kept(driver: PluginDriver) -> None:
    got = run(driver, "finished", "¿Cómo va la actualización de Ceph en prod?",
              "Terminado. Todos los OSD de ceph-prod están en 18.2.4 y el cluster en HEALTH_OK.",
              tools=(terminal("ceph versions", "ceph version 18.2.4 reef (stable)"),))
    assert set(got) == {"platform"} and "18.2.4" in got["platform"][0]


def test_the_problem_a_fix_answers_is_not_a_business_fact(driver: PluginDriver) -> None:
    got = run(driver, "fix-opener", "La web de Jardinería Ruiz da 500 a sus clientes desde esta mañana.",
              "Era el pool de php-fpm sin hijos libres: he subido pm.max_children a 30 y la portada ya devuelve 200.",
              tools=(terminal("curl -s -o /dev/null -w '%{http_code}' https://jardineriaruiz.es", "200"),))
    assert "business" not in got and "pm.max_children" in got["platform"][0]


def test_how_the_speaker_works_is_personal_whatever_it_names(driver: PluginDriver) -> None:
    got = run(driver, "own-way", "Mi forma de trabajar: primero pruebo cada cambio en staging y luego en prod.",
              "Entendido.")
    assert set(got) == {"personal"} and "staging" in got["personal"][0]


def test_a_joke_is_not_kept(driver: PluginDriver) -> None:
    assert run(driver, "joke", "¿Por qué siempre es el DNS? Porque siempre es el DNS jajaja", "Jaja, clásico.") == {}


def test_a_preference_that_asks_to_be_shown_how_is_personal(driver: PluginDriver) -> None:
    got = run(driver, "show-how", "My preferred editor is helix, so when you show me how to edit a file, use hx.",
              "Sure.")
    assert set(got) == {"personal"} and "helix" in got["personal"][0]


def test_a_one_word_go_agrees(driver: PluginDriver) -> None:
    got = run(driver, "go", "Go.", "Merged.",
              before="I'd raise the PHP upload_max_filesize to 64M in the chart defaults; today it's 8M.")
    assert set(got) == {"platform"} and "64M" in got["platform"][0]


def test_done_in_a_condition_is_no_task_state(driver: PluginDriver) -> None:
    got = run(driver, "when-done", "Support policy: we refund setup fees in full within 30 days, and we email the "
                                   "customer once it's done.", "Understood.")
    assert set(got) == {"business"} and "30 days" in got["business"][0]


def test_a_change_that_starts_on_a_date_is_a_rule(driver: PluginDriver) -> None:
    got = run(driver, "from-date", "Cambiamos la permanencia del plan Pro a 6 meses a partir del 1 de marzo.",
              "Entendido.")
    assert set(got) == {"business"} and "6 meses" in got["business"][0]


def test_a_problem_given_as_the_reason_of_a_request_is_no_problem_report(driver: PluginDriver) -> None:
    got = run(driver, "reason", "Trabajo con PowerShell, así que los scripts dámelos en PowerShell, que los de bash "
                                "me fallan en Windows.", "Hecho.")
    assert set(got) == {"personal"} and "PowerShell" in got["personal"][0]
    assert run(driver, "plain-problem", "Los scripts de bash me fallan en Windows.", "Vaya.") == {}
