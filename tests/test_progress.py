"""The live progress bar appears only once work has lasted judgekit.commands.progress.DEFER seconds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from judgekit.commands import progress as progress_module
from judgekit.commands.progress import progress


class Bar:
    """Stands for rich's bar: what it was drawn with, and each step after."""

    def __init__(self, what: str, total: int | None, begun: int, item: str) -> None:
        self.drawn = (what, total, begun, item)
        self.steps: list[str] = []
        self.gone = False

    def step(self, label: str) -> None:
        self.steps.append(label)


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> list[Bar]:
    drawn: list[Bar] = []

    @contextmanager
    def live(what: str, total: int | None, begun: int = 0, item: str = "") -> Iterator[Bar]:
        bar = Bar(what, total, begun, item)
        drawn.append(bar)
        yield bar
        bar.gone = True

    monkeypatch.setattr(progress_module, "_live", live)
    monkeypatch.setattr(progress_module, "is_live", lambda: True)
    return drawn


def test_quick_work_draws_no_bar(bars: list[Bar], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "DEFER", 60.0)
    with progress("indexing", 2) as bar:
        bar.step("divine-cross/comprehensive@1.0.16")
        bar.step("fftcg/comprehensive@2.1.9")
    assert bars == []


def test_longer_work_draws_the_bar_counting_what_was_begun(bars: list[Bar], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "DEFER", 0.05)
    with progress("indexing", 3) as bar:
        bar.step("code-of-joker/rules-page@2016-08-21")
        for _ in range(100):
            if bars:
                break
            time.sleep(0.02)
        bar.step("divine-cross/comprehensive@1.0.16")
        bar.step("fftcg/comprehensive@2.1.9")
    assert len(bars) == 1
    assert bars[0].drawn == ("indexing", 3, 1, "code-of-joker/rules-page@2016-08-21")
    assert bars[0].steps == ["divine-cross/comprehensive@1.0.16", "fftcg/comprehensive@2.1.9"]
    assert bars[0].gone


def test_no_bar_is_drawn_once_the_work_is_done(bars: list[Bar], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "DEFER", 0.05)
    with progress("indexing", 1) as bar:
        bar.step("fftcg/comprehensive@2.1.9")
    time.sleep(0.2)
    assert bars == []


def test_without_a_delay_the_bar_is_drawn_at_once(bars: list[Bar], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "DEFER", 0.0)
    with progress("checking scenarios", 1) as bar:
        assert len(bars) == 1 and bars[0].drawn == ("checking scenarios", 1, 0, "")
        bar.step("a.toml")
    assert bars[0].steps == ["a.toml"] and bars[0].gone
