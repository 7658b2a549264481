"""The router's bounded memo holds at most its size, empties itself when full and remembers nothing at size 0."""

from __future__ import annotations

from wetopi_memory.router import RuleRouter
from wetopi_memory.router.memo import BoundedMemo


def test_a_memo_returns_what_was_put_and_nothing_else() -> None:
    memo: BoundedMemo[str, int] = BoundedMemo(4)
    assert memo.put("a", 1) == 1
    assert memo.get("a") == 1
    assert memo.get("b") is None


def test_a_full_memo_is_emptied_before_the_next_entry() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(3)
    for key in range(3):
        memo.put(key, key * 10)
    assert len(memo) == 3
    memo.put(3, 30)
    assert len(memo) == 1
    assert memo.get(0) is None
    assert memo.get(3) == 30


def test_a_memo_never_holds_more_than_its_size() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(5)
    for key in range(100):
        memo.put(key, key)
        assert len(memo) <= 5


def test_a_memo_of_size_0_remembers_nothing_but_still_answers() -> None:
    memo: BoundedMemo[str, int] = BoundedMemo(0)
    assert memo.put("a", 1) == 1
    assert memo.get("a") is None
    assert len(memo) == 0


def test_a_router_with_a_tiny_decision_memo_decides_as_one_without_it() -> None:
    tiny = RuleRouter((), known_scopes=("personal", "business", "platform"), cache_size=2)
    cold = RuleRouter((), known_scopes=("personal", "business", "platform"), cache_size=0)
    texts = ["el certificado TLS caducado", "pricing of managed Hermes", "I prefer dark mode",
             "¿qué habíamos decidido sobre el precio?", "el certificado TLS caducado"] * 3
    for text in texts:
        assert tiny.route(text) == cold.route(text)
    assert tiny._scorer.remembered <= 2
