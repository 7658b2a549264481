"""A sentence that only says how far the preference before it reaches stays with that preference, also in a turn
where the assistant used a tool (a calendar) to act on it."""

from __future__ import annotations

import pytest

from tests.support.judgement import PluginDriver, ToolCall

_CALENDAR = ToolCall(name="calendar_create_event", args={"title": "Blocked", "recurrence": "weekly"},
                     result='{"id": "evt_81", "status": "confirmed"}')


@pytest.mark.parametrize(("user", "reach"), [
    ("Los jueves no me pongas nada después de las 18, que recojo a los niños. Y eso es todas las semanas.",
     "todas las semanas"),
    ("I swim every Wednesday at 7am. Never put anything on top of that.", "on top of that"),
])
def test_how_far_a_preference_reaches_stays_with_it(driver: PluginDriver, user: str, reach: str) -> None:
    stored = driver.stored_by(f"reach-{reach}", user, "Hecho, bloqueado en tu calendario.", tools=(_CALENDAR,))
    assert set(stored) == {"personal"}, stored
    assert any(reach in item for item in stored["personal"]), stored
