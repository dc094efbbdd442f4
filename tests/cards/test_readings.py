"""Card readings kept by content (judgekit.cards.readings): a scenario whose printed card texts were read before
is not read again, whatever else in its file changed; the readers' code, the language and the cards table are
the key. Readings are counted, not timed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgekit import run_cache
from judgekit.cards import printed
from judgekit.scenario import SCENARIOS_DIR, load_scenario

SOURCE = SCENARIOS_DIR / "divine-cross" / "activated-ex-once-a-turn.toml"  # cards read from printed text


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """The card keys the Divine Cross reader is asked to read, with an empty cache folder."""
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    seen: list[str] = []
    real = printed.READERS["divine-cross"]

    def counted(key: str, *args: Any) -> list[printed.PartReport]:
        seen.append(key)
        return real(key, *args)

    monkeypatch.setitem(printed.READERS, "divine-cross", counted)
    yield seen


def _copy(tmp_path: Path, name: str = "scenario.toml") -> Path:
    target = tmp_path / name
    shutil.copy(SOURCE, target)
    return target


def test_a_second_load_reads_nothing_and_gives_the_same_scenario(reads: list[str], tmp_path: Path) -> None:
    path = _copy(tmp_path)
    first = load_scenario(path)
    assert reads, "the scenario's cards are read from their printed text"
    count = len(reads)
    second = load_scenario(path)
    assert len(reads) == count
    assert second.model == first.model
    assert second.cards_read == first.cards_read


def test_a_change_outside_the_cards_reads_nothing(reads: list[str], tmp_path: Path) -> None:
    load_scenario(_copy(tmp_path))
    count = len(reads)
    other = _copy(tmp_path, "other.toml")
    other.write_text(other.read_text(encoding="utf-8") + "\n# another file, the same cards\n", encoding="utf-8")
    load_scenario(other)
    assert len(reads) == count


def test_the_readers_code_and_the_language_are_in_the_key(
    reads: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _copy(tmp_path)
    load_scenario(path)
    count = len(reads)
    monkeypatch.setattr(run_cache, "readers_digest", lambda: "another reader")
    load_scenario(path)
    assert len(reads) == 2 * count
    monkeypatch.setenv("JUDGEKIT_LANG", "ja")
    load_scenario(path)
    assert len(reads) == 3 * count


def test_a_changed_card_is_read_again(reads: list[str], tmp_path: Path) -> None:
    path = _copy(tmp_path)
    load_scenario(path)
    count = len(reads)
    text = path.read_text(encoding="utf-8")
    assert 'name = "商人"' in text
    path.write_text(text.replace('name = "商人"', 'name = "大商人"', 1), encoding="utf-8")
    load_scenario(path)
    assert len(reads) == 2 * count


def test_an_unreadable_cache_file_only_costs_a_reading(reads: list[str], tmp_path: Path) -> None:
    path = _copy(tmp_path)
    first = load_scenario(path)
    count = len(reads)
    for file in (tmp_path / "cache" / "readings").iterdir():
        file.write_bytes(b"not a pickle")
    assert load_scenario(path).cards_read == first.cards_read
    assert len(reads) == 2 * count
