"""Identity bound to each turn (issue #15), through a real Hermes Agent 0.19.0 on the embedded store.

Overlapping turns of one session are made with the stub LLM's `delays` and run_turns' `parallel` groups: each
turn runs on its own thread with its own AIAgent (the API server's shape: one agent per request), sharing one
session id. Every test reads what each personal bank holds straight from the store, what every LLM request
carried from the stub's log, and whom the plugin attributed each turn, hook and tool call to (run_turns'
`speakers`); 0 cross-person reads or writes is asserted on all three.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import ALICE, BOB, Backend, Run, World

pytestmark = pytest.mark.hermes

ALICE_PRIVATE = "Alice keeps her OpenSearch dashboards in dark mode with a 15 minute refresh."
BOB_PRIVATE = "Bob keeps his OpenSearch dashboards in light mode with a 5 minute refresh."
SEARCH = {"name": "memory_search", "arguments": {"query": "OpenSearch dashboards refresh", "scopes": ["personal"]}}
ALICE_TOOL_FACT = "I prefer tmux with a Ctrl-a prefix on every server I log into."
BOB_TOOL_FACT = "I prefer zsh with the starship prompt on every laptop I use."
ALICE_MSG = "I prefer vim keybindings in every editor I use, always. Which refresh do my OpenSearch dashboards use?"
BOB_MSG = "I prefer light themes in every Grafana dashboard I open. Which refresh do my OpenSearch dashboards use?"
ANON_FACT = "I prefer emacs with evil mode on every workstation I touch."
ANON_MSG = "Search my memory: which refresh do my OpenSearch dashboards use? I prefer emacs with evil mode."
REVIEW_PROMPT = "Review the conversation above"
REFUSED = ("identity_required", "scope_not_allowed")


def retain(content: str) -> dict[str, Any]:
    return {"name": "memory_retain", "arguments": {"content": content, "scope": "personal"}}


def turn(user: dict[str, str] | None, agent: str, session_id: str, message: str, **extra: Any) -> dict[str, Any]:
    """One turn; `user` None is the API server's caller: platform api_server, no sender id."""
    who = {**user, "chat_type": "group"} if user else {"platform": "api_server"}
    return {**who, "agent": agent, "session_id": session_id, "message": message, **extra}


def world_with_private_memories(make_world: Callable[[Backend], World], backend: Backend) -> World:
    world = make_world(backend)
    world.seed(ALICE, "personal", ALICE_PRIVATE)
    world.seed(BOB, "personal", BOB_PRIVATE)
    return world


# ---------------------------------------------------------------------------------------------- reading a run


def requests_of(run: Run, message: str) -> list[dict[str, Any]]:
    """Every chat request the LLM received for the turn that sent `message` (tool follow-ups included)."""
    out = []
    for request in run.chat_requests():
        users = [m for m in request["body"].get("messages") or [] if m.get("role") == "user"]
        text = users[-1].get("content") if users else ""
        if message in (text if isinstance(text, str) else json.dumps(text)):
            out.append(request)
    return out


def tool_answers(run: Run, message: str) -> list[tuple[str, dict[str, Any]]]:
    """(tool, parsed answer) for every tool call of the turn that sent `message`, from its last LLM request."""
    mine = requests_of(run, message)
    assert mine, f"the LLM never received {message[:40]!r}"
    messages = mine[-1]["body"]["messages"]
    last_user = max(i for i, m in enumerate(messages) if m.get("role") == "user")
    names: dict[str, str] = {}
    out: list[tuple[str, dict[str, Any]]] = []
    for m in messages[last_user + 1:]:
        for call in m.get("tool_calls") or []:
            names[call["id"]] = call["function"]["name"]
        if m.get("role") == "tool":
            content = m["content"] if isinstance(m["content"], str) else json.dumps(m["content"])
            try:
                parsed, _ = json.JSONDecoder().raw_decode(content.strip())
            except ValueError:
                parsed = {"text": content}  # Hermes' own refusal (e.g. the review's tool whitelist)
            out.append((names.get(m.get("tool_call_id"), "?"), parsed))
    return out


def turn_speakers(run: Run) -> dict[str, dict[str, Any]]:
    """turn id -> the pre_llm_call record of that turn (its sender and whom the plugin resolved)."""
    return {r["turn"]: r for r in run.result.get("speakers") or [] if r["call"] == "begin_turn"}


def assert_every_call_acts_as_its_turn(run: Run) -> None:
    """Every later hook or tool call of a turn was attributed to that turn's own speaker, never another's."""
    begun = turn_speakers(run)
    later = [r for r in run.result.get("speakers") or [] if r["call"] == "speaker"]
    assert later, "no hook or tool call asked for its turn's speaker: the run proves nothing"
    for record in later:
        assert record["turn"] in begun, f"a call of a turn pre_llm_call never opened: {record}"
        assert record["user"] == begun[record["turn"]]["user"], (record, begun[record["turn"]])


def turn_of(run: Run, sender: str) -> list[dict[str, Any]]:
    return [r for r in turn_speakers(run).values() if r["sender"] == sender]


def assert_body_free_of(requests: list[dict[str, Any]], *texts: str) -> None:
    for request in requests:
        body = json.dumps(request["body"], ensure_ascii=False)
        for text in texts:
            assert text not in body, f"an LLM request carried another person's memory: {text[:40]!r}"


# ---------------------------------------------------------------------------------------------- 1. one thread


def test_two_speakers_overlapping_in_one_thread_session_each_act_as_themselves(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    """Alice's turn is in flight (slow LLM) when Bob speaks in the same thread; her tool calls and her
    post_llm_call run after Bob's pre_llm_call and must still act as Alice (attacks 1 and 2 of the issue)."""
    world = world_with_private_memories(make_world, local_backend)
    rules = [{"when": "vim keybindings", "calls": [SEARCH, retain(ALICE_TOOL_FACT)], "reply": "Noted, Alice.",
              "delays": [2.0, 0.3, 0.3]},
             {"when": "Grafana dashboard", "calls": [SEARCH, retain(BOB_TOOL_FACT)], "reply": "Noted, Bob.",
              "delays": [0.0, 0.0, 0.5], "reply_after": "vim keybindings"}]
    thread = {"chat_id": "thread-1"}
    run = world.run([turn({**ALICE, **thread}, "alice", "thread-1", ALICE_MSG, parallel="g"),
                     turn({**BOB, **thread}, "bob", "thread-1", BOB_MSG, parallel="g", pause_before=0.6)],
                    rules, name="thread")
    assert all(t["completed"] for t in run.turns), run.turns
    alice_reqs, bob_reqs = requests_of(run, ALICE_MSG), requests_of(run, BOB_MSG)
    # the turns really overlapped: Bob's turn began before Alice's first tool call and ended after her last
    assert min(r["received"] for r in bob_reqs) < sorted(r["received"] for r in alice_reqs)[1]
    assert max(r["t"] for r in bob_reqs) > max(r["t"] for r in alice_reqs)

    alice_answers, bob_answers = dict(tool_answers(run, ALICE_MSG)), dict(tool_answers(run, BOB_MSG))
    found_by_alice = [r["content"] for r in alice_answers["memory_search"]["results"]]
    found_by_bob = [r["content"] for r in bob_answers["memory_search"]["results"]]
    assert ALICE_PRIVATE in found_by_alice and BOB_PRIVATE not in found_by_alice, found_by_alice
    assert BOB_PRIVATE in found_by_bob and ALICE_PRIVATE not in found_by_bob, found_by_bob
    assert "caller" not in alice_answers["memory_search"] and "caller" not in bob_answers["memory_search"]
    assert_body_free_of(alice_reqs, BOB_PRIVATE, BOB_TOOL_FACT)
    assert_body_free_of(bob_reqs, ALICE_PRIVATE, ALICE_TOOL_FACT)

    alice_bank = world.stored_texts(local_backend.banks["personal:u_alice"])
    bob_bank = world.stored_texts(local_backend.banks["personal:u_bob"])
    assert ALICE_TOOL_FACT in alice_bank and BOB_TOOL_FACT in bob_bank, (alice_bank, bob_bank)
    # each turn's own sentence, retained automatically at its post_llm_call, lands in its speaker's bank
    assert any("vim keybindings" in t for t in alice_bank) and any("Grafana" in t for t in bob_bank)
    assert not any("tmux" in t or "vim" in t or "Alice" in t for t in bob_bank), bob_bank
    assert not any("zsh" in t or "Grafana" in t or "Bob" in t for t in alice_bank), alice_bank
    for call in run.backend_calls("retain"):
        text = " ".join(call["contents"])
        if call["bank"] == local_backend.banks["personal:u_bob"]:
            assert "tmux" not in text and "vim" not in text, call
        if call["bank"] == local_backend.banks["personal:u_alice"]:
            assert "zsh" not in text and "Grafana" not in text, call

    speakers = turn_speakers(run)
    assert sorted((r["sender"], r["user"]) for r in speakers.values()) == [("1001", "u_alice"), ("2002", "u_bob")]
    assert_every_call_acts_as_its_turn(run)


# ---------------------------------------------------------------------------------------------- 2. API server


def test_concurrent_api_server_requests_on_one_session_touch_no_personal_memory(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    """Two requests with one session id and no sender run at once: nobody's personal memory is read or written."""
    world = world_with_private_memories(make_world, local_backend)
    before = {u: world.stored_texts(local_backend.banks[f"personal:{u}"]) for u in ("u_alice", "u_bob")}
    rules = [{"when": "evil mode", "calls": [SEARCH, retain(ANON_FACT)], "reply": "Done.", "delays": [1.0, 0.5]}]
    first, second = ANON_MSG + " Request one.", ANON_MSG + " Request two."
    run = world.run([turn(None, "api-1", "api-shared", first, parallel="g"),
                     turn(None, "api-2", "api-shared", second, parallel="g", pause_before=0.3)],
                    rules, name="api")
    assert all(t["completed"] for t in run.turns), run.turns
    assert min(r["received"] for r in requests_of(run, second)) < max(r["t"] for r in requests_of(run, first)), \
        "the two requests did not overlap"
    for message in (first, second):
        answers = tool_answers(run, message)
        assert [name for name, _ in answers] == ["memory_search", "memory_retain"], answers
        for _, answer in answers:
            assert answer.get("error", {}).get("code") in REFUSED, answer
            assert answer.get("caller", {}).get("code") == "no_sender", answer
            assert "unknown" in answer["caller"]["message"]
    assert_body_free_of(run.chat_requests(), ALICE_PRIVATE, BOB_PRIVATE)
    personal = {local_backend.banks["personal:u_alice"], local_backend.banks["personal:u_bob"]}
    assert [c for c in run.backend_calls() if c["bank"] in personal] == []
    after = {u: world.stored_texts(local_backend.banks[f"personal:{u}"]) for u in ("u_alice", "u_bob")}
    assert after == before
    assert {(r["user"], r["doubt"]) for r in turn_speakers(run).values()} == {(None, "no_sender")}
    assert_every_call_acts_as_its_turn(run)


# ---------------------------------------------------------------------------------------------- 3. attack 3


def test_a_caller_without_sender_reusing_alices_session_id_gets_nothing_of_hers(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    """Alice's turn is in flight in her session when an API-server caller with no sender reuses its id."""
    world = world_with_private_memories(make_world, local_backend)
    rules: list[dict[str, Any]] = [
        {"when": "vim keybindings", "calls": [SEARCH], "reply": "Noted, Alice.", "delays": [0.0, 3.0]},
        {"when": "evil mode", "calls": [SEARCH, retain(ANON_FACT)], "reply": "Done."}]
    run = world.run([turn(ALICE, "alice", "alice-dm", ALICE_MSG, parallel="g"),
                     turn(None, "intruder", "alice-dm", ANON_MSG, parallel="g", pause_before=1.0)],
                    rules, name="reuse")
    assert all(t["completed"] for t in run.turns), run.turns
    alice_reqs, intruder_reqs = requests_of(run, ALICE_MSG), requests_of(run, ANON_MSG)
    assert min(r["received"] for r in intruder_reqs) < max(r["t"] for r in alice_reqs), "no overlap"
    alice_found = [r["content"] for r in dict(tool_answers(run, ALICE_MSG))["memory_search"]["results"]]
    assert ALICE_PRIVATE in alice_found  # the positive control: Alice herself still finds it
    for _, answer in tool_answers(run, ANON_MSG):
        assert answer.get("error", {}).get("code") in REFUSED, answer
        assert answer.get("caller", {}).get("code") == "no_sender", answer
    assert_body_free_of(intruder_reqs, ALICE_PRIVATE, BOB_PRIVATE)
    assert not any("emacs" in t for t in world.stored_texts(local_backend.banks["personal:u_alice"]))
    intruder = turn_of(run, "")
    assert len(intruder) == 1 and intruder[0]["user"] is None and intruder[0]["doubt"] == "no_sender"
    assert_every_call_acts_as_its_turn(run)


# ---------------------------------------------------------------------------------------------- 4. review agent


def test_the_background_review_agent_gets_and_writes_no_personal_memory(
        make_world: Callable[[Backend], World], local_backend: Backend) -> None:
    """Hermes' skill review (creation_nudge_interval 1) forks an agent with Alice's session id and no sender;
    it runs on its own thread right after her turn and must get none of her personal memory, neither injected by
    pre_llm_call nor through a tool (Hermes 0.19.0's review whitelist denies plugin tools before they run), and
    its turn must write nothing to her bank."""
    world = world_with_private_memories(make_world, local_backend)
    world.hermes_extra = {"skills": {"creation_nudge_interval": 1}}
    rules: list[dict[str, Any]] = [
        {"when": REVIEW_PROMPT, "calls": [SEARCH, retain(ANON_FACT)], "reply": ANON_FACT},
        {"when": "vim keybindings", "reply": "Noted, Alice."}]
    run = world.run([turn(ALICE, "alice", "alice-review", ALICE_MSG, join_background=True)], rules,
                    toolsets=("wetopi_memory", "skills"), name="review")
    assert run.turns[0]["completed"], run.turns
    review_reqs = requests_of(run, REVIEW_PROMPT)
    assert review_reqs, "Hermes did not start its background review agent: the test would prove nothing"
    for request in review_reqs:
        users = [m for m in request["body"]["messages"] if m.get("role") == "user"]
        assert ALICE_PRIVATE not in json.dumps(users[-1], ensure_ascii=False)
    answers = tool_answers(run, REVIEW_PROMPT)
    assert [name for name, _ in answers] == ["memory_search", "memory_retain"], answers
    for _, answer in answers:  # Hermes denies the review our tools; were it to let one through, it must refuse
        assert ALICE_PRIVATE not in json.dumps(answer, ensure_ascii=False), answer
        assert ("Background review denied" in str(answer.get("error"))
                or answer.get("caller", {}).get("code") == "no_sender"), answer
        assert "results" not in answer and "stored" not in answer, answer
    review = [r for r in turn_speakers(run).values() if r["thread"] == "bg-review"]
    assert len(review) == 1 and review[0]["sender"] == "" and review[0]["user"] is None, review
    assert review[0]["session"] == "alice-review"
    assert not any("emacs" in x or REVIEW_PROMPT in x for c in run.backend_calls("retain") for x in c["contents"])
    assert not any("emacs" in t for t in world.stored_texts(local_backend.banks["personal:u_alice"]))
    assert_every_call_acts_as_its_turn(run)
