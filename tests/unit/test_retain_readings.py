"""Curation of readings: the state of the moment an answer reports after checking ("Ahora mismo: …") and a bare
value of no system ("the train is 40 minutes late") are no memory; a checked change told beside its old value
("`pm.max_children = 12` (was 5)") is."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver, ToolCall

_TOP = (ToolCall(name="terminal", args={"command": "kubectl top nodes --no-headers"}, result="wk-01 58% 66%\n"
                 "wk-02 64% 74%"),)


@pytest.mark.parametrize("answer", [
    "Right now: 96 WordPress sites in prod, cluster CPU at 58 % and memory at 66 %. Nothing open.",
    "Ahora mismo: 96 sitios WordPress en prod, CPU del clúster al 58 % y memoria al 66 %. Nada abierto.",
    "At the moment the nodes sit at 58 % CPU and 66 % memory.",
])
def test_a_reading_of_the_moment_is_not_kept(driver: PluginDriver, answer: str) -> None:
    stored = driver.stored_by(f"snapshot-{answer[:6]}", "How are the nodes doing? I have a call in five minutes.",
                              answer, tools=_TOP)
    assert not stored, stored


def test_a_new_state_after_a_checked_change_is_still_kept(driver: PluginDriver) -> None:
    tools = (ToolCall(name="terminal", args={"command": "kubectl -n shop annotate ingress shop "
                                             "nginx.ingress.kubernetes.io/proxy-body-size=64m --overwrite"},
                      result="ingress.networking.k8s.io/shop annotated"),)
    stored = driver.stored_by("new-state", "Uploads over 10 MB fail on the shop, fix it please.",
                              "Fixed: the shop ingress now has proxy-body-size 64m; a 40 MB upload went through.",
                              tools=tools)
    assert any("64m" in item for item in stored.get("platform", ())), stored


@pytest.mark.parametrize("user", [
    "It's pouring here and the train is 40 minutes late. Anyway, is the Ceph rebalance done?",
    "Llueve a mares y el tren va con 25 minutos de retraso. ¿Ha terminado el rebalanceo de Ceph?",
])
def test_a_value_of_no_system_in_a_technical_turn_is_not_a_setting(driver: PluginDriver, user: str) -> None:
    stored = driver.stored_by(f"no-system-{user[:5]}", user, "Yes, Ceph is HEALTH_OK again.")
    assert not stored.get("platform"), stored


@pytest.mark.parametrize(("answer", "fact"), [
    ("Yes. With `pm.max_children = 16` (was 6) on the shared pool, the k6 run at 60 VUs finished with 0 502s.",
     "pm.max_children = 16"),
    ("Sí. Desde que subimos `proxy-read-timeout` a 240, el chat de los agentes no se corta.", "240"),
])
def test_a_checked_change_told_beside_its_old_value_is_kept(driver: PluginDriver, answer: str, fact: str) -> None:
    tools = (ToolCall(name="terminal", args={"command": "kubectl -n wp get cm php-fpm -o yaml"},
                      result="pm.max_children: 16"),)
    stored = driver.stored_by(f"was-{fact}", "Did the change hold under the load test?", answer, tools=tools)
    assert any(fact in item for item in stored.get("platform", ())), stored
