"""A short sentence that makes the way just stated the rule for good ("Siempre así", "Do it like that every week")
holds nothing of its own: the statement before it is what is kept, in its own scope."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver


@pytest.mark.parametrize(("user", "fact"), [
    ("Cuando me prepares una llamada con un cliente, pásame antes su plan y sus últimos tickets. Siempre así, con "
     "cualquier cliente.", "últimos tickets"),
    ("Before a customer call, I want their plan and last tickets on one page. Always like that, for every "
     "customer.", "one page"),
])
def test_the_way_stated_for_good_is_kept_once_and_stays_personal(driver: PluginDriver, user: str,
                                                                 fact: str) -> None:
    stored = driver.stored_by(f"settled-way-{fact[:4]}", user, "Entendido.")
    assert any(fact in item for item in stored.get("personal", ())), stored
    assert not stored.get("business"), stored
