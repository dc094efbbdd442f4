"""What every card-text reader's corpus test asks of a scenario text, whatever the game.

A text is read to exactly the structure its scenario gives by hand, or it is on the test's ``NOT_READ``
list and reported unread naming the phrase (in the text) and the card; a text on ``SCENARIO_DIFFERS``
reads to something else, where the printed text says what the reader reads. Each list entry that no
longer holds fails, so the lists stay the spec.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from judgekit.cards.errors import UnreadText


def reads_as_given(
    item: Any,
    read: Callable[[Any], Any],
    differences: Callable[[Any, Any], list[str]],
    not_read: Mapping[str, str],
    differs: Mapping[str, str],
) -> None:
    """``item`` reads to its scenario's structure, or is listed as unread (named) or differing."""
    try:
        reading = read(item)
    except UnreadText as exc:
        assert item.label in not_read, f"{item.label}: not read: {exc}"
        assert exc.phrase and exc.phrase in exc.text
        assert item.card in str(exc)
        return
    assert item.label not in not_read, f"{item.label} is read now: take it off NOT_READ"
    problems = differences(item, reading)
    if item.label in differs:
        assert problems, f"{item.label} now reads as its scenario gives: take it off SCENARIO_DIFFERS"
    else:
        assert problems == []


def unread_count(texts: Iterable[Any], read: Callable[[Any], Any]) -> int:
    """How many of ``texts`` the reader does not read."""
    unread = 0
    for item in texts:
        try:
            read(item)
        except UnreadText:
            unread += 1
    return unread
