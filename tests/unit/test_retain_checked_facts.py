"""When the user asks the assistant to check a fact of a system and the answer checks it, the checked fact is kept
in platform; a reading of the moment, a doubt or an answer nobody asked to check is not (our own sentences)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_CEPH_CONF = ToolCall(name="terminal", args={"command": "grep network /etc/ceph/ceph.conf"},
                      result="public_network = 10.50.0.0/24\ncluster_network = 10.51.0.0/24")


def test_a_fact_the_user_asked_to_check_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("checked-ceph", "btw can you confirm the Ceph networks? I never remember them",
                              "Confirmed from the config: public_network is 10.50.0.0/24 and cluster_network is "
                              "10.51.0.0/24.", tools=(_CEPH_CONF,))
    assert any("10.51.0.0/24" in item for item in stored.get("platform", ())), stored
    assert not stored.get("personal"), stored


def test_a_reading_of_the_moment_is_not_kept(driver: PluginDriver) -> None:
    pods = ToolCall(name="terminal", args={"command": "kubectl -n shop top pods"},
                    result="shop-web-5d9f 212m 410Mi\nshop-web-7c1a 198m 402Mi")
    stored = driver.stored_by("checked-now", "Can you check how much memory the shop pods use?",
                              "Right now the two `shop-web` pods use about 410Mi each.", tools=(pods,))
    assert not stored.get("platform"), stored


def test_a_doubted_check_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("checked-doubt", "¿Me confirmas qué storageClass usa la tienda de Lumen?",
                              "Creo que usa `ceph-rbd-mad`, pero no he podido verificarlo.")
    assert not stored.get("platform"), stored


def test_an_unasked_explanation_is_the_assistants_own(driver: PluginDriver) -> None:
    stored = driver.stored_by("unasked", "What's the difference between public and cluster network in Ceph?",
                              "The `public_network` carries client traffic; the `cluster_network` carries "
                              "replication between OSDs.")
    assert not stored.get("platform"), stored


def test_a_contract_term_is_a_business_fact(driver: PluginDriver) -> None:
    stored = driver.stored_by("contract-term", "Óptica Vidal tiene en contrato que las copias se guardan 90 días.",
                              "Anotado.")
    assert any("90 días" in item for item in stored.get("business", ())), stored
