"""Dice-and-castle's trace sentences: every one is a message that reads in Japanese and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.message import Message
from judgekit.render.sentences import english, render
from judgekit.scenario import SCENARIOS_DIR, load_scenario, run_scenario

FOLDER = SCENARIOS_DIR / "dice-castle"


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.toml")), ids=lambda p: p.stem)
def test_every_sentence_reads_in_both_languages(path: Path) -> None:
    """No sentence is left as plain English, and none shows an id or an unfilled placeholder."""
    trace = run_scenario(load_scenario(path))
    for sentence in [step.sentence for step in trace.steps] + [trace.outcome.message]:
        assert isinstance(sentence, Message)
        for language in ("ja", "en"):
            shown = render(sentence, language, "dice-castle")
            assert "dice." not in shown and "{" not in shown, shown


def test_zones_are_named_with_the_rulebook_s_terms_in_japanese_and_the_term_table_s_in_english() -> None:
    """A card in a unit zone reads 「ユニットゾーン」 in Japanese and "unit zone" in English, as on the board."""
    trace = run_scenario(load_scenario(FOLDER / "attack-and-counter-attack.toml"))
    attack = next(s.sentence for s in trace.steps if s.kind.value == "action")
    assert english(attack, "dice-castle") == "P1 attacks 水の番兵 (P2's unit zone) with 火の剣士 (attack right 1 of 1)"
    assert (
        render(attack, "ja", "dice-castle")
        == "P1は火の剣士で水の番兵（P2のユニットゾーン）を攻撃します（攻撃権1回のうち1回目）"
    )
