"""Cards given by their printed text in a scenario: read, checked against the structure given, never guessed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cards.printed import complete
from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.scenario import check_scenario, load_scenario

HEAD = """
game = "divine-cross"
rulebook = "1.0.16"
title = "printed text"
question = "q"
ruling = "r"

[start]
at = "main"
turn = 5
turn_player = "P1"

[cards.goods]
name = "商品"
type = "command"
command = "action"
"""

MERCHANT = """
[cards.merchant]
name = "商人"
type = "unit"
hp = 400
attributes = ["colorless"]
text = "EX 自分のターンに1回使える。自分のデッキを1枚引く。"
{ex}
"""

BOARD = """
[players.P1]
main = {{ card = "merchant" }}
deck = ["goods", "goods", "goods"]

[players.P2]
main = {{ card = "merchant" }}
deck = ["goods"]

[[play]]
do = "ex_power"
power = "{power}"

[expect]
zones = [{{ zone = "P1.hand", count = 1 }}, {{ zone = "P1.deck", count = 2 }}]
"""


def scenario(tmp_path: Path, ex: str = "", power: str = "EX1", text: str | None = None) -> Path:
    card = MERCHANT.format(ex=ex)
    if text is not None:
        card = card.replace("EX 自分のターンに1回使える。自分のデッキを1枚引く。", text)
    path = tmp_path / "printed.toml"
    path.write_text(HEAD + card + BOARD.format(power=power), encoding="utf-8")
    return path


def test_a_card_given_by_its_text_alone_runs_from_what_is_read(tmp_path: Path) -> None:
    sc = load_scenario(scenario(tmp_path))
    (part,) = sc.cards_read["merchant"]
    assert (part.section, part.source, part.differs) == ("ex", "text", "")
    result = check_scenario(sc, update=True)
    assert result.findings == ()
    assert any("EX1" in str(s.sentence) or s.kind.value == "effect" for s in result.trace.steps)


def test_an_ex_power_named_by_hand_takes_its_structure_from_the_text(tmp_path: Path) -> None:
    sc = load_scenario(scenario(tmp_path, ex='ex = [{ name = "仕入れ" }]', power="仕入れ"))
    assert check_scenario(sc, update=True).findings == ()
    assert sc.model.cards["merchant"].ex[0].uses == 1


def test_a_structure_that_agrees_with_the_text_is_not_reported(tmp_path: Path) -> None:
    ex = 'ex = [{ name = "仕入れ", kind = "activated", uses = 1, effects = [{ op = "draw", count = 1 }] }]'
    sc = load_scenario(scenario(tmp_path, ex=ex, power="仕入れ"))
    assert sc.card_findings == []


def test_a_structure_that_reads_otherwise_than_the_text_is_reported_by_check(tmp_path: Path) -> None:
    ex = 'ex = [{ name = "仕入れ", kind = "activated", uses = 2, effects = [{ op = "draw", count = 1 }] }]'
    sc = load_scenario(scenario(tmp_path, ex=ex, power="仕入れ"))
    (finding,) = check_scenario(sc, update=True).findings
    assert finding.startswith("cards.merchant.ex[0]: the printed text 「")
    assert "uses = 1" in finding and "the scenario gives" in finding and "uses = 2" in finding
    runner = CliRunner()
    out = runner.invoke(app, ["check", str(sc.path)])
    assert out.exit_code == 1 and "cards.merchant.ex[0]" in out.output, out.output


def test_text_the_reader_cannot_read_stops_loading_naming_the_phrase_and_asking_for_the_part(tmp_path: Path) -> None:
    text = "EX 自分のターンに1回使える。自分のデッキを1枚引く。 EX 月が満ちるとき、世界がふるえる。"
    path = scenario(tmp_path, text=text)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    message = str(err.value)
    assert "cards.merchant.text" in message and "月が満ちるとき" in message and "`ex`" in message
    out = CliRunner().invoke(app, ["run", str(path)])
    assert out.exit_code == 2 and "Traceback" not in out.output


def test_an_unread_part_given_by_hand_loads_and_the_rest_still_comes_from_the_text(tmp_path: Path) -> None:
    data = {
        "cards": {
            "u": {
                "name": "u",
                "type": "unit",
                "text": "「剣撃」1 300 相手のメイン・ユニットに100ダメージを与える。"
                " EX 月が満ちるとき、世界がふるえる。",
                "ex": [{"name": "月", "kind": "activated", "effects": [{"op": "draw", "count": 1}]}],
            }
        }
    }
    printed = complete("divine-cross", data)
    assert printed.problems == []
    card = printed.data["cards"]["u"]
    assert card["skills"][0]["name"] == "剣撃" and card["skills"][0]["damage"] == 300
    assert [p.unread != "" for p in printed.cards["u"]] == [False, True]
    assert "skills" not in data["cards"]["u"], "the input is left as it was"


def test_games_without_a_reader_are_left_as_written() -> None:
    data = {"cards": {"x": {"name": "x", "text": "何か"}}}
    assert complete("chess", data).data is data


def test_the_site_shows_each_printed_card_with_what_was_read(tmp_path: Path) -> None:
    from judgekit.site.scenarios import printed_cards

    ex = 'ex = [{ name = "仕入れ", kind = "activated", uses = 2, effects = [{ op = "draw", count = 1 }] }]'
    (card,) = printed_cards(load_scenario(scenario(tmp_path, ex=ex, power="仕入れ")))
    assert (card.key, card.name) == ("merchant", "商人") and card.text.startswith("EX 自分のターンに1回")
    (part,) = card.parts
    assert part.label == "ex[0]" and part.source == "scenario" and "uses = 1" in part.reading
    assert part.sentences and "draw" in " ".join(s.en for s in part.sentences) and "uses = 2" in part.differs


def test_new_writes_cards_from_their_printed_text_and_refuses_text_it_cannot_read(tmp_path: Path) -> None:
    import tomllib

    runner = CliRunner()
    text = "EX 自分のターンに1回使える。自分のデッキを1枚引く。"
    out = runner.invoke(app, ["new", "divine-cross", "mine", "--dir", str(tmp_path), "--card", f"商人={text}"])
    assert out.exit_code == 0, out.output
    data = tomllib.loads((tmp_path / "mine.toml").read_text(encoding="utf-8"))
    assert data["cards"]["商人"] == {"name": "商人", "type": "unit", "text": text}
    assert '# ex = [{ name = "EX1", kind = "activated"' in (tmp_path / "mine.toml").read_text(encoding="utf-8")
    bad = runner.invoke(app, ["new", "divine-cross", "bad", "--dir", str(tmp_path), "--card", "謎=EX 月が満ちるとき。"])
    assert bad.exit_code == 2 and "月が満ちるとき" in bad.output and not (tmp_path / "bad.toml").exists()
    other = runner.invoke(app, ["new", "chess", "x", "--dir", str(tmp_path), "--card", "a=b"])
    assert other.exit_code == 2 and "chess" in other.output
