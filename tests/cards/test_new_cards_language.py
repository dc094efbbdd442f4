"""``judgekit new GAME NAME --card NAME=TEXT`` writes the comments beside each card (what the text does not print,
what was read in plain words, the reading as the vocabulary) in the command line's language (issue 13), as the
rest of the template's comments are; its errors too."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app

CARDS = {
    "divine-cross": (
        "探索=自分のデッキから名前に『竜』を含むユニットを1枚探して手札に加える。",
        "効果：自分はデッキから名前に『竜』を含むユニットカードを1枚探して手札に加える。",
    ),
    "fftcg": ("ラムウ=相手に1ダメージを与える。", "効果：相手に1ダメージを与える。"),
    "code-of-joker": ("門番=【加護】【強制防御】", "キーワード能力：【加護】【強制防御】。"),
    "dice-castle": (
        "落とし穴=カウンター:相手のユニットが攻撃した時、そのユニットを破壊する。",
        "カウンター：相手のユニットが攻撃した時、そのユニットを破壊する。",
    ),
}
ENGLISH = ("not in the card text", "read from the text", "the text reads as", "read as a character", "plain words")


def _card_comments(text: str) -> list[str]:
    """The comment lines of the template's [cards."…"] tables written from --card."""
    block = text[text.index('[cards."') :]
    return [line for line in block.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("game", sorted(CARDS))
def test_card_comments_follow_the_language(game: str, tmp_path: Path) -> None:
    card, said = CARDS[game]
    runner = CliRunner()
    ja = runner.invoke(app, ["--lang", "ja", "new", game, "ja", "--dir", str(tmp_path), "--card", card])
    assert ja.exit_code == 0, ja.output
    comments = _card_comments((tmp_path / "ja.toml").read_text(encoding="utf-8"))
    assert "# 読み取った内容（ことばで）：" in comments and f"#   {said}" in comments
    assert any(c.startswith("# テキストから読み取ったもの") for c in comments)
    assert "ください" in comments[0]  # what the text does not print (or what it reads as), asked for
    assert not [c for c in comments if any(word in c for word in ENGLISH)]
    en = runner.invoke(app, ["--lang", "en", "new", game, "en", "--dir", str(tmp_path), "--card", card])
    assert en.exit_code == 0, en.output
    comments = _card_comments((tmp_path / "en.toml").read_text(encoding="utf-8"))
    assert "# what was read, in plain words:" in comments
    assert any(c.startswith("# read from the text") for c in comments)
    assert "write" in comments[0] or "written" in comments[0]


def test_card_option_errors_follow_the_language(tmp_path: Path) -> None:
    runner = CliRunner()
    twice = ["--card", "a=自分の手札を2枚捨てる。", "--card", "a=自分の手札を2枚捨てる。"]
    ja = runner.invoke(app, ["--lang", "ja", "new", "divine-cross", "x", "--dir", str(tmp_path), *twice])
    assert ja.exit_code == 2 and "--card a：2回指定されています" in ja.output
    bare = runner.invoke(app, ["--lang", "ja", "new", "divine-cross", "y", "--dir", str(tmp_path), "--card", "a"])
    assert bare.exit_code == 2 and "NAME=TEXT（カードに印刷された名前" in bare.output
    unread = ["--card", "謎=宇宙を支配する。"]
    ja = runner.invoke(app, ["--lang", "ja", "new", "fftcg", "z", "--dir", str(tmp_path), *unread])
    assert ja.exit_code == 2 and "を読めませんでした" in ja.output and "could not read" not in ja.output
    en = runner.invoke(app, ["--lang", "en", "new", "divine-cross", "x", "--dir", str(tmp_path), *twice])
    assert en.exit_code == 2 and "--card a: given twice" in en.output
    assert not list(tmp_path.iterdir())
