"""FFTCG cards given by their printed text in a scenario: read, checked against the structure given, never guessed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cards.printed import complete
from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

SOURCE = SCENARIOS_DIR / "fftcg" / "limited-sixth-damage-loses.toml"
EFFECTS = 'effects = [{ op = "damage_player", player = "opponent", amount = 1 }]\n'


def _copy(tmp_path: Path, old: str, new: str) -> Path:
    text = SOURCE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / SOURCE.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    shutil.copy(SOURCE.with_suffix(".trace.json"), path.with_suffix(".trace.json"))
    return path


def test_a_summon_given_by_its_text_alone_runs_as_the_scenario_with_its_structure(tmp_path: Path) -> None:
    sc = load_scenario(_copy(tmp_path, EFFECTS, ""))
    (part,) = sc.cards_read["ramuh"]
    assert (part.section, part.source, part.differs) == ("card", "text", "")
    assert check_scenario(sc).findings == ()  # the golden trace of the hand-written scenario, byte for byte


def test_a_structure_that_reads_otherwise_is_reported_by_check(tmp_path: Path) -> None:
    path = _copy(tmp_path, 'text = "相手に1ダメージを与える。"', 'text = "相手に2ダメージを与える。"')
    sc = load_scenario(path)
    (finding,) = check_scenario(sc).findings
    assert finding.startswith("cards.ramuh.card[0]: the printed text 「相手に2ダメージを与える。」 reads")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 1 and "cards.ramuh.card[0]" in out.output


def test_unread_text_without_a_structure_stops_loading_naming_the_phrase(tmp_path: Path) -> None:
    path = _copy(tmp_path, EFFECTS + 'text = "相手に1ダメージを与える。"', 'text = "相手の山札を燃やす。"')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert "cards.ramuh.text" in str(err.value) and "相手の山札を燃やす" in str(err.value)


def test_a_character_text_box_fills_keywords_and_unnamed_abilities() -> None:
    data = {
        "cards": {
            "tidus": {
                "name": "ティーダ",
                "type": "forward",
                "elements": ["water"],
                "cost": 3,
                "power": 7000,
                "text": "ヘイスト\nティーダがフィールドに出たとき、カードを1枚引く。\n《ダル》：カードを1枚引く。",
            }
        }
    }
    printed = complete("fftcg", data)
    assert printed.problems == []
    card = printed.data["cards"]["tidus"]
    assert card["keywords"] == ["haste"]
    assert [a["kind"] for a in card["abilities"]] == ["auto", "action"]
    assert "name" not in card["abilities"][1]
    assert "abilities" not in data["cards"]["tidus"], "the input is left as it was"


def test_an_ability_given_by_its_own_text_and_name() -> None:
    data = {
        "cards": {
            "cid": {
                "name": "シド",
                "type": "backup",
                "elements": ["water"],
                "abilities": [{"name": "飛空艇", "text": "「飛空艇」《S》《ダル》：カードを1枚引く。"}],
            }
        }
    }
    card = complete("fftcg", data).data["cards"]["cid"]
    assert card["abilities"][0]["kind"] == "special" and card["abilities"][0]["cost"] == {"dull": True}


def test_new_writes_fftcg_cards_from_their_printed_text(tmp_path: Path) -> None:
    import tomllib

    runner = CliRunner()
    text = "相手に1ダメージを与える。"
    out = runner.invoke(app, ["new", "fftcg", "mine", "--dir", str(tmp_path), "--card", f"ラムウ={text}"])
    assert out.exit_code == 0, out.output
    written = (tmp_path / "mine.toml").read_text(encoding="utf-8")
    assert tomllib.loads(written)["cards"]["ラムウ"] == {"name": "ラムウ", "type": "summon", "text": text}
    assert '# effects = [{ op = "damage_player", player = "opponent", amount = 1 }]' in written
    bad = runner.invoke(app, ["new", "fftcg", "bad", "--dir", str(tmp_path), "--card", "謎=相手の山札を燃やす。"])
    assert bad.exit_code == 2 and "相手の山札を燃やす" in bad.output and not (tmp_path / "bad.toml").exists()


def test_the_site_shows_an_fftcg_card_with_what_was_read(tmp_path: Path) -> None:
    from judgekit.site.scenarios import printed_cards

    cards = {c.key: c for c in printed_cards(load_scenario(_copy(tmp_path, EFFECTS, "")))}
    (part,) = cards["ramuh"].parts
    assert part.source == "text" and "damage_player" in part.reading
    assert [(s.ja, s.en) for s in part.sentences] == [
        ("効果：相手に1ダメージを与える。", "Effect: deal 1 damage to your opponent.")
    ]


OUTSIDE = SCENARIOS_DIR / "fftcg" / "card-from-outside-the-game-owner-gap.toml"
BROUGHT = 'effects = [{ op = "from_outside", card = "moogle", to = "hand" }]\n'


def _outside(tmp_path: Path, old: str, new: str) -> Path:
    text = OUTSIDE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / OUTSIDE.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    shutil.copy(OUTSIDE.with_suffix(".trace.json"), path.with_suffix(".trace.json"))
    return path


def test_a_card_named_by_its_printed_name_reads_as_the_key_of_the_card_carrying_it(tmp_path: Path) -> None:
    sc = load_scenario(_outside(tmp_path, BROUGHT, ""))
    (part,) = sc.cards_read["summoning"]
    assert part.reading == {"effects": [{"op": "from_outside", "card": "moogle", "to": "hand"}]}
    assert check_scenario(sc).findings == ()  # the hand-written scenario's golden trace, byte for byte


def test_a_card_named_and_given_by_hand_is_compared_by_key() -> None:
    sc = load_scenario(OUTSIDE)
    (part,) = sc.cards_read["summoning"]
    assert (part.source, part.differs) == ("scenario", "")


def test_a_printed_name_two_cards_carry_is_not_guessed() -> None:
    cards = {
        "summoning": {
            "name": "召喚術",
            "type": "summon",
            "text": "ゲームの外部から《モーグリ》1枚をあなたの手札に加える。",
        },
        "moogle": {"name": "モーグリ", "type": "backup"},
        "moogle-2": {"name": "モーグリ", "type": "backup"},
    }
    printed = complete("fftcg", {"cards": cards})
    ((where, what),) = printed.problems
    assert where == "cards.summoning.text"
    assert "《モーグリ》" in what and "moogle and moogle-2" in what
    assert "effects" not in printed.data["cards"]["summoning"]


def test_a_printed_name_no_card_carries_is_named() -> None:
    cards = {
        "summoning": {
            "name": "召喚術",
            "type": "summon",
            "text": "ゲームの外部から《モーグリ》1枚をあなたの手札に加える。",
        }
    }
    ((where, what),) = complete("fftcg", {"cards": cards}).problems
    assert where == "cards.summoning.text"
    assert "no card of the scenario is named 《モーグリ》" in what and "召喚術" in what
