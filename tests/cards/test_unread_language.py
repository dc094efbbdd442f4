"""Card text a reader cannot read is named in the command line's language (issue 13): the error is a message id
with its parameters (catalog ``engine-cards``), in ``judgekit card``, in ``judgekit check`` of a scenario whose card
text cannot be read (each game), and pickled whole for a worker."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cards.errors import UnreadText, or_give, stopped_at
from judgekit.cli import app

BAD = "宇宙を支配する。"
CARDS = {
    "divine-cross": 'type = "command"\ncommand = "event"',
    "fftcg": 'type = "summon"',
    "code-of-joker": 'type = "trigger"',
    "dice-castle": 'type = "magic"\nmagic = "normal"',
}
"""A card of each game that gives only its printed text."""


def test_the_error_is_data_said_in_either_language() -> None:
    exc = UnreadText("あいう。" + BAD, 4, BAD, "謎", stopped_at("宇宙"))
    assert exc.in_language("ja") == (
        "カード謎：「あいう。宇宙を支配する。」の5文字目からの「宇宙を支配する。」を読めませんでした"
        "（「宇宙」のところで読めなくなりました）。この部分は効果の語彙で書いてください"
    )
    assert exc.in_language("en") == (
        "card 謎: could not read 「宇宙を支配する。」 at character 5 of 「あいう。宇宙を支配する。」"
        " (the reading stopped at 「宇宙」); write this part in the effect vocabulary"
    )
    assert exc.message.id == "cards.unread_card" and exc.message.arg("position") == 5
    again = pickle.loads(pickle.dumps(exc))
    assert again.in_language("ja") == exc.in_language("ja") and again.why.message == exc.why.message  # type: ignore[attr-defined]
    assert f"{exc.why}; more" == "the reading stopped at 「宇宙」; more"  # a reader adding words still has a string
    assert UnreadText(BAD, 0, BAD).in_language("ja").startswith("「宇宙を支配する。」の1文字目から")


def test_a_problem_asks_for_the_part_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    exc = UnreadText(BAD, 0, BAD, "謎")
    monkeypatch.setenv("JUDGEKIT_LANG", "ja")
    assert or_give(exc, "`effects`").endswith("。または、`effects`を効果の語彙で書いてもかまいません")
    assert "could not read" not in str(exc)
    monkeypatch.setenv("JUDGEKIT_LANG", "en")
    assert or_give(exc, "`effects`").endswith("; or give `effects` in the vocabulary")


@pytest.mark.parametrize("game", sorted(CARDS))
def test_check_names_an_unread_card_text_in_the_language(game: str, tmp_path: Path) -> None:
    runner = CliRunner()
    made = runner.invoke(app, ["--lang", "ja", "new", game, "unread", "--dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    path = tmp_path / "unread.toml"
    with path.open("a", encoding="utf-8") as out:
        out.write(f'\n[cards.bad]\nname = "謎"\n{CARDS[game]}\ntext = "{BAD}"\n')
    ja = runner.invoke(app, ["--lang", "ja", "check", str(path)])
    assert ja.exit_code == 2
    assert (
        "cards.bad.text: カード" in ja.output and "の1文字目からの「宇宙を支配する。」を読めませんでした" in ja.output
    )
    assert "または、" in ja.output and "could not read" not in ja.output and "reading stopped" not in ja.output
    en = runner.invoke(app, ["--lang", "en", "check", str(path)])
    assert en.exit_code == 2
    assert "could not read 「宇宙を支配する。」 at character 1" in en.output and "; or " in en.output


@pytest.mark.parametrize("game", sorted(CARDS))
def test_card_names_the_readers_reason_in_the_language(game: str) -> None:
    runner = CliRunner()
    ja = runner.invoke(app, ["--lang", "ja", "card", game, BAD])
    assert ja.exit_code == 2
    assert "のところで読めなくなりました" in ja.output and "stopped" not in ja.output
    en = runner.invoke(app, ["--lang", "en", "card", game, BAD])
    assert "(the reading stopped at 「" in en.output


def test_a_card_name_no_card_carries_is_said_in_either_language() -> None:
    from judgekit.cards.card_names import NO_NAMES, CardNames

    with pytest.raises(UnreadText) as none:
        NO_NAMES.key_of("チョコボ", "《チョコボ》を手札に加える。", "x")
    assert "《チョコボ》という名前のカードはシナリオにありません" in none.value.in_language("ja")
    assert "no card of the scenario is named 《チョコボ》" in none.value.in_language("en")
    two = CardNames.from_cards({"a": {"name": "チョコボ"}, "b": {"name": "チョコボ"}})
    with pytest.raises(UnreadText) as both:
        two.key_of("チョコボ", "《チョコボ》を手札に加える。", "x")
    assert "《チョコボ》はシナリオのカードaとbの名前です" in both.value.in_language("ja")
    assert "is the name of the scenario's cards a and b; write the key meant" in both.value.in_language("en")


def test_the_fftcg_readers_hint_is_said_in_either_language() -> None:
    """The FFTCG reader adds a hint to the reason of a parse that stopped (a text naming its own card, read
    without the card's name): both parts in the language."""
    text = "ダメージ3 ― ティナはパワー+2000され、ブレイブを得る。"
    runner = CliRunner()
    ja = runner.invoke(app, ["--lang", "ja", "card", "fftcg", "--kind", "forward", text])
    assert ja.exit_code == 2
    assert "のところで読めなくなりました。テキストがそのカード自身を名前で書いているなら" in ja.output
    assert "stopped" not in ja.output and "give the card" not in ja.output
    en = runner.invoke(app, ["--lang", "en", "card", "fftcg", "--kind", "forward", text])
    assert "; if the text names its own card, give the card's name (--name))" in en.output


OWN_REASONS = [
    (
        "divine-cross",
        [],
        "カードを1枚引く。相手のユニットが気絶しているなら、カードを1枚引く。",
        "2体以上のユニットについての条件",
    ),
    ("divine-cross", [], "カードを1枚引く。相手のメイン・ユニットを捨てる。", "このユニット以外のユニットを捨てる"),
    ("fftcg", ["--kind", "forward"], "《S》《火》：カードを1枚引く。", "名前のないスペシャルアビリティ"),
    ("code-of-joker", [], "相手の他のユニットがアタックした時、カードを1枚引く。", "どのユニット以外か"),
    ("dice-castle", [], "全てのユニットを手札に戻す。", "すべてのユニットを戻すこと"),
    ("dice-castle", [], "自分の城とユニットに1ダメージ。", "自分の城とユニットへのダメージ"),
]
"""Texts each game's reader parses but cannot hold, and words of its own reason in Japanese."""


@pytest.mark.parametrize(("game", "options", "text", "ja_reason"), OWN_REASONS)
def test_a_readers_own_reason_is_said_in_the_language(game: str, options: list[str], text: str, ja_reason: str) -> None:
    """The reasons the readers write themselves (ids ``cards.reason.<game>.*``) are in Japanese under --lang ja:
    no English word in the message (rule ids and the --name hint aside), and in English as before."""
    import re

    runner = CliRunner()
    ja = runner.invoke(app, ["--lang", "ja", "card", game, *options, text])
    assert ja.exit_code == 2 and ja_reason in ja.output, ja.output
    assert not re.findall(r"[A-Za-z]{2,}", ja.output.replace("--name", "")), ja.output
    en = runner.invoke(app, ["--lang", "en", "card", game, *options, text])
    assert en.exit_code == 2 and ja_reason not in en.output and "could not read" in en.output


def test_every_readers_reason_is_a_message() -> None:
    """No reader raises a reason as a plain English string: every ``_Unread``/``_fail``/``UnreadText`` reason in
    the readers is a ``reason("cards.reason.…")``, a shared helper's, or a reason passed on."""
    import ast

    root = Path(__file__).resolve().parents[2] / "judgekit" / "cards"
    plain = []
    for name in ("divine_cross", "fftcg", "code_of_joker", "dice_castle", "dice_castle_unit"):
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_Unread", "_fail", "UnreadText"):
                plain += [
                    f"{name}.py:{node.lineno}"
                    for arg in node.args
                    if isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.Constant) and isinstance(arg.value, str))
                ]
    assert not plain


def test_the_site_shows_an_unread_line_in_each_language(tmp_path: Path) -> None:
    """A card's unread part on a scenario's page is in Japanese and English (the page shows its language's)."""
    from judgekit.scenario import load_scenario
    from judgekit.site.scenarios import printed_cards
    from tests.cards.test_printed_dice_castle import _martyr

    given = (
        'abilities = [{ name = "道連れ", timing = "out", effects = [{ op = "destroy", target = "opponent.unit" }] }]\n'
    )
    table = 'text = "攻撃0 HP2\\nOUT:相手のマジックを破壊する。"\n'
    (card,) = printed_cards(load_scenario(_martyr(tmp_path, given + table)))
    unread = [p.unread for p in card.parts if p.unread]
    assert len(unread) == 1
    ja, en = unread[0].ja, unread[0].en  # type: ignore[attr-defined]
    assert "「相手のマジックを破壊する。」" in ja and "を読めませんでした" in ja and "could not read" not in ja
    assert "could not read 「相手のマジックを破壊する。」" in en and "読めませんでした" not in en
    again = pickle.loads(pickle.dumps(card))
    assert next(p.unread for p in again.parts if p.unread).ja == ja  # a build's worker sends it back whole
