"""Output pasted after a line announcing it ("here's the log:", "me dice esto") is raw output whatever its lines look
like, and so are a logfmt line, a kubectl event and a MariaDB log line; nothing lasting in a chore asked now
("Descárgame…", "Review the…", "… and tell me if…", "Remind me Tuesday morning"), a "No sé, …", a talk put off
("ya lo hablaremos"), a coffee needed now, or a fix whose outcome the answer leaves for tomorrow; kept: how the
speaker wants to be told things ("cuéntamela así", "be more direct with me"), an answer the user asked to note in
a sentence of its own, an agreed proposal with a price, a labelled standing rule, the terms of an approved order."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall
from wetopi_memory.retain.raw_output import opens_raw_run, pasted_region
from wetopi_memory.retain.sentences import split_sentences


def test_a_paste_announced_by_the_line_before_is_one_raw_span() -> None:
    text = ("the nightly job broke again, here's the output:\nRunning migrations for shop_db\nApplying 0042_orders... "
            "FAILED\nexit status 3")
    region = pasted_region(text)
    assert region is not None
    assert text[region[0]:region[1]] == "Running migrations for shop_db\nApplying 0042_orders... FAILED\nexit status 3"
    assert (region[0], region[1]) in split_sentences(text)


def test_a_paste_ends_at_prose_after_a_blank_line() -> None:
    text = ("Me sale esto al arrancar:\nconnection refused 10.0.4.2:6379\n\n"
            "He subido el timeout a 5 segundos y ya arranca bien.")
    region = pasted_region(text)
    assert region is not None and text[region[0]:region[1]] == "connection refused 10.0.4.2:6379"
    pieces = [text[s:e] for s, e in split_sentences(text)]
    assert "He subido el timeout a 5 segundos y ya arranca bien." in pieces


def test_no_paste_without_an_announcing_line_or_when_prose_follows_it() -> None:
    assert pasted_region("Los cambios son:\npm.max_children = 20\npm.max_requests = 500") is None
    assert pasted_region("Here's the error I keep making:\nI forget to drain the node before the upgrade.") is None


def test_log_shapes_that_open_a_raw_run() -> None:
    assert opens_raw_run('ts=2026-03-02T10:11:12.001Z caller=main.go:88 level=error msg="scrape failed" job=node')
    assert opens_raw_run('level=warn component=compactor msg="retention applied" tenant=shop')
    assert opens_raw_run("Warning  BackOff  3m  kubelet  Back-off restarting failed container php in pod shop-7d9")
    assert opens_raw_run("2026-05-11  4:02:19 0 [Note] InnoDB: Buffer pool(s) load completed")
    assert not opens_raw_run("level of service matters more than price for this customer")


def test_pasted_output_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "paste-logfmt", "Estoy viendo esto en el loki nuevo, ¿es normal?\n"
        'ts=2026-03-02T10:11:12.001Z caller=table_manager.go:210 level=info msg="uploading tables"\n'
        'ts=2026-03-02T10:11:13.442Z caller=compactor.go:501 level=warn msg="compaction skipped" table=index_19',
        "Sí, es normal tras un reinicio; se estabiliza solo.")
    assert not stored, stored
    stored = driver.stored_by(
        "paste-ci", "The release job fails on the runner, here's the log:\nSetting up QEMU\nBuilding image "
        "wetopi/shop:1.8.2\nError: buildx failed with: exit code 17", "The runner is out of disk: clean its cache.")
    assert not stored, stored


def test_chores_asked_now_are_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("download", "Descárgame el contrato firmado de Lumen Agency.", "Descargado.")
    assert not driver.stored_by("review", "Review the onboarding email for new customers, be blunt.",
                                "Done: it is too long.")
    assert not driver.stored_by("tell-me", "Open the status page and tell me if it's green for every region.",
                                "All green.")
    assert not driver.stored_by("remind", "Remind me Tuesday morning.", "Reminder set for Tuesday 9:00.")


def test_a_rule_to_review_is_still_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("review-rule", "Review the pricing page before every price change, always.",
                              "Noted.")
    assert any("pricing page" in item for items in stored.values() for item in items), stored


def test_doubt_a_talk_put_off_and_a_coffee_are_not_kept(driver: PluginDriver) -> None:
    assert not driver.stored_by("no-se", "No sé, hay que mirar los márgenes antes de tocar el plan Agencia.",
                                "Vale, los miro.")
    assert not driver.stored_by("later", "Lo del descuento a las ONG, ya lo hablaremos cuando tengamos los números "
                                         "del trimestre.", "Entendido.")
    assert not driver.stored_by("coffee", "Two outages before lunch, I badly need a coffee.", "Go get it.")


def test_a_fix_left_to_be_checked_tomorrow_is_not_kept_as_a_fix(driver: PluginDriver) -> None:
    patch = ToolCall(name="terminal", args={"command": "kubectl -n shop set resources deploy/importer "
                                                       "--limits=memory=2Gi"},
                     result="deployment.apps/importer resource requirements updated")
    stored = driver.stored_by(
        "check-tomorrow", "Sube el límite de memoria del importer a 2Gi.",
        "Limit raised to 2Gi and the pod rolled. I'll check tomorrow whether the nightly import still gets "
        "OOMKilled.", tools=(patch,))
    assert not any("pod rolled" in item for items in stored.values() for item in items), stored


def test_how_the_speaker_wants_to_be_told_things_is_hers(driver: PluginDriver) -> None:
    stored = driver.stored_by("told-so", "Cuando caiga un backup, cuéntamelo así: qué cliente, desde cuándo y qué "
                                         "has probado.", "Entendido.")
    assert any("qué cliente" in item for item in stored.get("personal", ())), stored
    stored = driver.stored_by("direct", "Be more blunt with me, there is no need to soften bad news.", "Sure.")
    assert any("blunt" in item for item in stored.get("personal", ())), stored
    stored = driver.stored_by("from-me", "When you need an approval from me, put the amount in the first line.",
                              "Will do.")
    assert any("first line" in item for item in stored.get("personal", ())), stored


def test_an_answer_asked_to_be_noted_in_a_sentence_of_its_own_is_kept(driver: PluginDriver) -> None:
    check = ToolCall(name="terminal", args={"command": "ceph osd pool get wp-rbd-archive all"},
                     result="size: 3\nmin_size: 2\npg_num: 32\ncrush_rule: hdd")
    stored = driver.stored_by(
        "noted", "Jordi keeps asking about the archive pool. Can you check it on the cluster and write it down?",
        "Checked: the archive pool wp-rbd-archive keeps 3 replicas (min_size 2) on 32 PGs with the hdd crush rule.",
        tools=(check,))
    assert any("wp-rbd-archive" in item for item in stored.get("platform", ())), stored
    stored = driver.stored_by(
        "deja-apuntado", "Deja apuntado cómo rota el log de nginx, que siempre lo buscamos.",
        "Apuntado: logrotate diario, 14 copias comprimidas, en /etc/logrotate.d/nginx.",
        tools=(ToolCall(name="terminal", args={"command": "cat /etc/logrotate.d/nginx"},
                        result="/var/log/nginx/*.log {\n daily\n rotate 14\n compress\n}"),))
    assert any("14 copias" in item for item in stored.get("platform", ())), stored


def test_an_agreed_proposal_with_a_price_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "priced", "Yes, go with that.", "Recorded.",
        before="Proposal: include one onboarding call in Business, and sell extra onboarding calls to Basic "
               "customers at 60 € per call. Shall I record that as the offer?",
        asked="Basic customers keep asking for onboarding calls. What should we do?")
    assert any("60 €" in item for item in stored.get("business", ())), stored


def test_a_labelled_standing_rule_and_an_approved_orders_terms_are_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("freeze", "Standing rule: there's a code freeze on prod during Black Friday week.",
                              "Understood.")
    assert any("code freeze" in item for item in stored.get("platform", ())), stored
    stored = driver.stored_by(
        "order", "Approve the Hetzner order for the backup box: 89 €/month from 1 May, 12-month minimum.",
        "Approved PO-2026-091.")
    assert any("89 €" in item for item in stored.get("business", ())), stored


def test_a_printed_json_document_and_the_command_above_it_are_output(driver: PluginDriver) -> None:
    text = ('ceph osd pool stats wp-rbd --format json-pretty\n{\n  "pool_name": "wp-rbd",\n  "pool_id": 7,\n'
            '  "client_io_rate": {}\n}\nIs that io rate normal for a Sunday?')
    pieces = [text[s:e] for s, e in split_sentences(text)]
    assert pieces[0].startswith("ceph osd pool stats") and pieces[0].endswith("}"), pieces
    assert not driver.stored_by("json-paste", text, "Yes: nobody is writing on Sundays.")


def test_a_weekly_slot_or_a_never_later_deadline_is_no_one_off(driver: PluginDriver) -> None:
    stored = driver.stored_by("my-mornings", "Mis martes por la tarde son para clientes: hasta las 18 no me "
                                             "metas nada interno.", "Entendido.")
    assert any("martes" in item for item in stored.get("personal", ())), stored
    stored = driver.stored_by("never-later", "I want the on-call handover note by 9:00, never later.", "Got it.")
    assert any("9:00" in item for item in stored.get("personal", ())), stored


def test_a_draft_named_as_a_moment_does_not_doubt_the_preference(driver: PluginDriver) -> None:
    stored = driver.stored_by("before-draft", "One thing before the budget draft: when you brief me, give me the "
                                              "total first and the detail after.", "Understood.")
    assert any("total first" in item for item in stored.get("personal", ())), stored


def test_a_command_and_the_table_it_printed_are_output(driver: PluginDriver) -> None:
    assert not driver.stored_by("table", "kubectl get pvc -n shop output:\nNAME STATUS VOLUME CAPACITY\n"
                                         "data-0 Bound pvc-1a2b 20Gi\ndata-1 Pending pvc-3c4d 20Gi",
                                "data-1 is Pending; shall I check the storage class?")


def test_a_decision_word_with_nothing_decided_in_it_is_not_kept_alone(driver: PluginDriver) -> None:
    stored = driver.stored_by("bare-decision", "Como la prueba de restauración del clúster salió bien, en el plan "
                                               "Agencia garantizamos restaurar un sitio en menos de 4 horas. "
                                               "Decidido.", "Apuntado.")
    assert all("4 horas" in item for items in stored.values() for item in items), stored
    assert any("4 horas" in item for item in stored.get("business", ())), stored


def test_an_agreement_with_how_to_carry_it_out_keeps_the_proposal(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "one-by-one", "Sí, hazlo, pero de uno en uno y mirando el lag de replicación cada vez.", "Hecho.",
        before="Propongo subir innodb_buffer_pool_size a 12G en las tres réplicas de MariaDB. ¿Lo hago?",
        asked="Las réplicas de MariaDB van lentas en las horas punta.")
    assert any("12G" in item for item in stored.get("platform", ())), stored


def test_an_option_label_opening_a_longer_reply_picks_it(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "label-then-more", "A, and make that the rule for every partner from now on.", "Done.",
        before="Two options: A) partners pay monthly by direct debit; B) partners prepay a year with 10 % off.",
        asked="How should partners pay?")
    business = stored.get("business", ())
    assert any("direct debit" in item for item in business), stored
    assert not any("prepay" in item for item in business), stored
