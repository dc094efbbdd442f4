"""Code of Joker's trace sentences: they say what is true, and every one reads in Japanese and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine import Trace
from judgekit.message import Message
from judgekit.render.sentences import english, render
from judgekit.scenario import SCENARIOS_DIR, load_scenario, run_scenario

FOLDER = SCENARIOS_DIR / "code-of-joker"
CLOSING_UP = FOLDER / "trigger-slot-after-closing-up.toml"


def _sentences(trace: Trace) -> list[str]:
    return [english(step.sentence, "code-of-joker") for step in trace.steps]


def test_a_set_card_is_named_by_the_slot_it_moved_to() -> None:
    """号令 in slot 1 is used; 援軍 moves from slot 2 to slot 1 and is named there, and 3 cards close up."""
    said = _sentences(run_scenario(load_scenario(CLOSING_UP)))
    assert any("号令 from slot 1" in s and "the 3 cards to its right move left" in s for s in said)
    assert any(s.startswith("援軍 (slot 1) meets its condition") for s in said)
    assert not any("援軍 (slot 2)" in s for s in said)


def test_using_slot_2_of_a_full_zone_moves_the_2_cards_to_its_right(tmp_path: Path) -> None:
    """援軍 (slot 1) stays set; 号令 is used from slot 2 of the four: the 2 cards to its right move left."""
    text = CLOSING_UP.read_text(encoding="utf-8")
    before = 'trigger = ["command", "reinforce", "filler", "judgment"]'
    assert before in text
    path = tmp_path / "slot-2.toml"
    path.write_text(text.replace(before, 'trigger = ["reinforce", "command", "filler", "judgment"]'), encoding="utf-8")
    said = _sentences(run_scenario(load_scenario(path)))
    assert any(s.startswith("援軍 (slot 1) meets its condition") for s in said)
    used = [s for s in said if "号令 from slot 2" in s]
    assert len(used) == 1 and used[0].endswith("; the 2 cards to its right move left"), said


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.toml")), ids=lambda p: p.stem)
def test_every_sentence_reads_in_both_languages(path: Path) -> None:
    """No sentence is left as plain English, and none shows an id or an unfilled placeholder."""
    trace = run_scenario(load_scenario(path))
    sentences = [step.sentence for step in trace.steps] + [trace.outcome.message]
    for sentence in sentences:
        assert isinstance(sentence, Message)
        for language in ("ja", "en"):
            shown = render(sentence, language, "code-of-joker")
            assert "coj." not in shown and "{" not in shown, shown
