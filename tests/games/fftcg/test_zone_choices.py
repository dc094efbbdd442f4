"""Cards chosen in a break zone or 除外 (``Choose.zone``): what may act on them, up_to, and the option labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import ScenarioError
from judgekit.render.sentences import english
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

SOURCE = (SCENARIOS_DIR / "fftcg" / "summon-chooses-in-the-break-zone.toml").read_text(encoding="utf-8")
RAISE = 'effects = [{ op = "add_to_hand", target = "chosen" }]'


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "zone.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_damage_to_a_card_chosen_in_the_break_zone_is_refused(tmp_path: Path) -> None:
    assert RAISE in SOURCE
    text = SOURCE.replace(RAISE, 'effects = [{ op = "damage", target = "chosen", amount = 1000 }]')
    with pytest.raises(ScenarioError, match="add_to_hand, remove or put_onto_field only"):
        load_scenario(_write(tmp_path, text))


def test_add_to_hand_needs_a_card_chosen_in_a_zone(tmp_path: Path) -> None:
    text = SOURCE.replace(
        'choose = [{ what = { type = "forward", cost_at_most = 3 }, whose = "own", zone = "break" }]',
        'choose = [{ what = { type = "forward", cost_at_most = 3 }, whose = "own" }]',
    )
    with pytest.raises(ScenarioError, match="add_to_hand acts on cards chosen in a break zone"):
        load_scenario(_write(tmp_path, text))


def test_up_to_may_choose_nothing_in_the_zone(tmp_path: Path) -> None:
    """With …枚まで the cast that chose nothing is legal (11.3.3 asks only for a legal choice to exist when one must
    be made) and its effect affects nothing (2.3)."""
    text = SOURCE.replace(
        'cost_at_most = 3 }, whose = "own", zone = "break" }',
        'cost_at_most = 3 }, whose = "own", zone = "break", up_to = true }',
    )
    text = text.replace('choose = ["P1/break/cloud"]\n', "")
    sc = load_scenario(_write(tmp_path, text))
    result = check_scenario(sc, update=True)
    sentences = [english(step.sentence) for step in result.trace.steps]
    assert not any("rejected" in s for s in sentences[:4]), sentences[:4]
    assert any("nothing for its effect to affect" in s for s in sentences), sentences


def test_a_field_card_is_not_named_as_a_break_zone_card(tmp_path: Path) -> None:
    """ティーダ is on the field at first: P1/break/tidus names no card the choice may take."""
    text = SOURCE.replace('choose = ["P1/break/cloud"]', 'choose = ["P1/break/tidus"]')
    sc = load_scenario(_write(tmp_path, text))
    result = check_scenario(sc, update=True)
    first = next(english(s.sentence) for s in result.trace.steps if "レイズ" in english(s.sentence))
    assert "rejected" in first and "nothing it can choose" in first, first


def test_a_forward_chosen_in_the_break_zone_is_put_onto_the_field(tmp_path: Path) -> None:
    """それをフィールドに出す: ティーダ, broken by デス and chosen in the break zone, enters P1's field (6.2.4)."""
    text = SOURCE.replace(RAISE, 'effects = [{ op = "put_onto_field", target = "chosen" }]')
    text = text.replace("それを手札に加える。", "それをフィールドに出す。")
    text = text.replace('zones = [{ zone = "P1.hand", cards = ["tidus"] }, ', "zones = [")
    text = text.replace('cites = ["11.3.3", "15.1.1.3.1", "7.3", "7.4"]', 'cites = ["11.3.3", "6.2.4"]')
    path = _write(tmp_path, text)
    result = check_scenario(load_scenario(path), update=True)
    sentences = [english(step.sentence) for step in result.trace.steps]
    assert any(s.startswith("ティーダ enters P1's") for s in sentences), sentences
    assert result.findings == (), result.findings
