"""terms._normalised takes a shortcut when every character folds to one; it must give what the plain loop gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_index.terms import _fold_char, _normalised

ALPHABET = st.sampled_from(list("アイｱｲがか\u3099ＡＢab 　\t\nｶﾞ①㍻ﬁ・。、有利ダメージ"))


def reference(text: str) -> tuple[str, list[int]]:
    out: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        folded = _fold_char(ch)
        out.append(folded)
        origin.extend([index] * len(folded))
    return "".join(out), origin


@given(st.text(ALPHABET, max_size=40))
def test_the_shortcut_gives_the_loops_offsets(text: str) -> None:
    assert _normalised(text) == reference(text)


def test_folding_that_changes_length_keeps_every_offset() -> None:
    assert _normalised("ｶﾞ ㍻") == ("カ\u3099平成", [0, 1, 3, 3])  # the space gives nothing, ㍻ gives two
    normal, origin = _normalised("㍻有利")
    assert normal.endswith("有利") and origin[-2:] == [1, 2] and len(origin) == len(normal)
