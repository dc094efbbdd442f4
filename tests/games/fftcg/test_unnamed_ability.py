"""An action ability that prints no name (the normal case): named by its place, called ``#N`` by the trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import ScenarioError
from judgekit.render.sentences import english
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

SOURCE = (SCENARIOS_DIR / "fftcg" / "dull-icon-needs-haste-or-turn-start.toml").read_text(encoding="utf-8")


def _unnamed(tmp_path: Path, white_mage: str, minwu: str) -> Path:
    """The scenario with both 祈り abilities unnamed, the play entries naming them as given."""
    text = SOURCE.replace('kind = "action"\nname = "祈り"\n', 'kind = "action"\n')
    text = text.replace('card = "white_mage"\nability = "祈り"', f'card = "white_mage"\nability = {white_mage}')
    text = text.replace('card = "minwu"\nability = "祈り"', f'card = "minwu"\nability = {minwu}')
    assert "祈り" not in text
    path = tmp_path / "unnamed.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unnamed_action_ability_is_named_by_its_place(tmp_path: Path) -> None:
    """The same board and plays as the named scenario, and the same outcome; the trace calls it #1."""
    sc = load_scenario(_unnamed(tmp_path, '"#1"', "1"))
    result = check_scenario(sc, update=True)
    assert result.findings == ()
    sentences = [english(step.sentence) for step in result.trace.steps]
    assert any("ミンウ" in s and "#1" in s for s in sentences), sentences


def test_a_place_that_is_not_an_action_ability_is_rejected(tmp_path: Path) -> None:
    sc = load_scenario(_unnamed(tmp_path, '"#1"', "2"))
    result = check_scenario(sc, update=True)
    assert result.findings != ()
    assert any("#2" in english(step.sentence) for step in result.trace.steps)


def test_a_special_ability_still_needs_its_name(tmp_path: Path) -> None:
    text = SOURCE.replace('kind = "special"\nname = "飛空艇"\n', 'kind = "special"\n')
    path = tmp_path / "special.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"11\.7\.1"):
        load_scenario(path)
