"""A verified fix is kept with the settings it applied (a short config snippet is those settings, not pasted
output) and without how this run went (its verification figures, its timing)."""

from __future__ import annotations

from tests.support.judgement import PluginDriver, ToolCall

_ROLLOUT = ToolCall(name="terminal", args={"command": "kubectl -n lagar rollout status deploy/wordpress"},
                    result='deployment "wordpress" successfully rolled out')
_CURL = ToolCall(name="terminal", args={"command": "curl -s -o /dev/null -w '%{http_code}' https://lagar.es/"},
                 result="200")


def test_a_fix_is_kept_without_its_verification_figures(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "fix-verification", "La tienda de El Lagar da 504 al exportar pedidos. Arréglalo.",
        "Arreglado. El export tardaba más que el timeout del ingress. He puesto "
        "`nginx.ingress.kubernetes.io/proxy-read-timeout: \"300\"` en el ingress de lagar y reiniciado el deployment. "
        "Verificación: 20 exports seguidos, 0 errores 504, p95 41 s.", tools=(_ROLLOUT, _CURL))
    platform = " ".join(stored.get("platform", ()))
    assert "proxy-read-timeout" in platform and "300" in platform, stored
    assert "p95" not in platform and "20 exports" not in platform, stored


def test_a_runs_timing_is_dropped_but_a_setting_beside_a_timing_stays(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "fix-timing", "The nightly import on lagar keeps dying with a 504, fix it please.",
        "Fixed: I set `proxy-read-timeout: \"600\"` on the lagar ingress and the import now finishes, the last run "
        "took 7 minutes. The rollout took 3 minutes. ", tools=(_ROLLOUT, _CURL))
    platform = " ".join(stored.get("platform", ()))
    assert "proxy-read-timeout" in platform and "600" in platform, stored
    assert "rollout took" not in platform.lower(), stored


def test_a_short_config_snippet_of_a_fix_is_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by(
        "fix-snippet", "Los workers se quedan sin disco por imágenes viejas otra vez. Arréglalo en todos.",
        "Arreglado en los tres workers. Fix, en `/etc/rancher/rke2/config.yaml`:\n\n```yaml\nkubelet-arg:\n"
        "  - \"image-gc-high-threshold=70\"\n  - \"image-gc-low-threshold=55\"\n```\n\nReiniciado `rke2-agent` nodo a "
        "nodo.", tools=(_ROLLOUT,))
    assert any("image-gc-high-threshold=70" in item for item in stored.get("platform", ())), stored


def test_a_pasted_snippet_asked_about_is_not_kept(driver: PluginDriver) -> None:
    stored = driver.stored_by("snippet-question",
                              "what does this do?\n```\nspec:\n  podManagementPolicy: Parallel\n```",
                              "It makes the StatefulSet create and delete pods in parallel.")
    assert not stored, stored
