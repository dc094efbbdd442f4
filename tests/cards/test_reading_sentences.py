"""What a card-text reader read, in plain words in Japanese and English (issues 13, 16): every sentence comes from
the message catalogs (``<prefix>.read.*``), with every placeholder filled, and the Japanese holds no English word.

The readings rendered are the scenario texts' (as the reader reads them) and the hand-made structures of the
template corpora (tests/cards/templates/*.toml), so every op the vocabularies have is said at least once.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from judgekit.cards.errors import UnreadText
from judgekit.cards.render import game_sentences
from judgekit.cli import app

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = Path(__file__).with_name("templates")
_UNFILLED = re.compile(r"\{[a-z_]+\}|\b(dice|coj|ff|dc)\.read\.")
_RAW = re.compile(r"[{}=]")
"""Inline TOML left in a sentence (a filter or an op said as the scenario writes it)."""
_ENGLISH = re.compile(r"[a-z]{2,}")
"""An English word (lower case: the Japanese readings keep upper-case terms as printed — IN, OUT, HP, EX)."""


def _dice_readings() -> Iterator[tuple[str, dict[str, Any]]]:
    from judgekit.cards.corpus_dice_castle import card_texts, read

    for item in card_texts(ROOT / "scenarios" / "dice-castle"):
        try:
            yield item.label, read(item)
        except UnreadText:
            continue
    entries = tomllib.loads((TEMPLATES / "dice-castle.toml").read_text(encoding="utf-8"))["text"]
    for i, entry in enumerate(entries):
        if "expect" in entry:
            yield f"dice-castle.toml text{i:02d}", entry["expect"]


def _coj_readings() -> Iterator[tuple[str, dict[str, Any]]]:
    from judgekit.cards.corpus_code_of_joker import card_texts, read

    for item in card_texts(ROOT / "scenarios" / "code-of-joker"):
        try:
            reading = read(item)
        except UnreadText:
            continue
        if item.where == "abilities":
            reading = {"abilities": [reading]}
        elif item.where == "field":
            reading = {"field": [reading]}
        yield item.label, reading
    entries = tomllib.loads((TEMPLATES / "code-of-joker.toml").read_text(encoding="utf-8"))["text"]
    wrap = {"ability": "abilities", "field": "field", "effects": "effects"}
    for i, entry in enumerate(entries):
        if "expect" in entry:
            expect, part = entry["expect"], entry["part"]
            key = wrap.get(part)
            whole = expect if key is None else {key: expect if part == "effects" else [expect]}
            yield f"code-of-joker.toml text{i:02d}", whole


def _fftcg_readings() -> Iterator[tuple[str, dict[str, Any]]]:
    from judgekit.cards.fftcg_corpus import card_texts, read

    for item in card_texts(ROOT / "scenarios" / "fftcg"):
        try:
            reading = read(item)
        except UnreadText:
            continue
        if item.where == "ability":
            reading = {"abilities": [reading]}
        elif item.where == "mode":
            reading = {"modes": [reading]}
        yield item.label, reading
    entries = tomllib.loads((TEMPLATES / "fftcg.toml").read_text(encoding="utf-8"))["text"]
    for i, entry in enumerate(entries):
        if "expect" in entry:
            expect = entry["expect"]
            yield f"fftcg.toml text{i:02d}", {"abilities": [expect]} if entry["part"] == "ability" else expect


def _dc_readings() -> Iterator[tuple[str, dict[str, Any]]]:
    from judgekit.cards.corpus import card_texts, read

    for item in card_texts(ROOT / "scenarios" / "divine-cross"):
        try:
            reading = read(item)
        except UnreadText:
            continue
        if item.where == "skill":
            reading = {"skills": [reading]}
        elif item.where == "ex":
            reading = {"ex": [reading]}
        yield item.label, reading
    entries = tomllib.loads((TEMPLATES / "divine-cross.toml").read_text(encoding="utf-8"))["text"]
    wrap = {"effects": "effects", "ex": "ex", "skill": "skills"}
    for i, entry in enumerate(entries):
        if "expect" in entry:
            expect, key = entry["expect"], wrap[entry["part"]]
            yield f"divine-cross.toml text{i:02d}", {key: expect if key == "effects" else [expect]}


READINGS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "divine-cross": list(_dc_readings()),
    "fftcg": list(_fftcg_readings()),
    "dice-castle": list(_dice_readings()),
    "code-of-joker": list(_coj_readings()),
}


def _names(data: Any) -> set[str]:
    """The strings a reading holds as a card's key or name (written as the scenario writes them)."""
    if isinstance(data, dict):
        own = {v for k, v in data.items() if k in ("card", "name") and isinstance(v, str) and re.search("[A-Za-z]", v)}
        return own.union(*(_names(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_names(v) for v in data))
    return set()


@pytest.mark.parametrize("game", sorted(READINGS))
@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_reading_is_said_from_the_catalogs(game: str, language: str) -> None:
    said = 0
    for label, reading in READINGS[game]:
        for line in game_sentences(game, reading, language):  # type: ignore[arg-type]
            said += 1
            assert not _UNFILLED.search(line), (label, line)
            assert not _RAW.search(line), (label, line)
            if language == "ja":
                bare = line
                for name in _names(reading):
                    bare = bare.replace(name, "")
                assert not _ENGLISH.search(bare), (label, line)
    assert said >= 100


@pytest.mark.parametrize(
    ("text", "japanese", "english"),
    [
        (
            "カウンター:相手のユニットが攻撃した時、そのユニットを破壊する。",
            "カウンター：相手のユニットが攻撃した時、そのユニットを破壊する。",
            "Counter: when the opponent's unit attacks: destroy that unit.",
        ),
        (
            "相手のユニットが2体以上いる場合、相手の城に3ダメージを与える。",
            "効果：相手のユニットの数が2以上の場合、相手の城に3ダメージを与える（解決時に条件を満たしていなければ行わない）。",
            "Effect: if the opponent's units are at least 2 on resolution: deal 3 damage to the opponent's castle.",
        ),
        ("ターン1 コスト(火1):城壁を1得る。", "能力：コスト：火1、ターン1：城壁を1得る。", None),
        ("全てのプレイヤーのユニット配置上限+2", "ルール変更：全てのプレイヤーのユニット配置上限+2。", None),
    ],
)
def test_dice_castle_sentences(text: str, japanese: str, english: str | None) -> None:
    from judgekit.commands.cards import read_text

    _, reading = read_text("dice-castle", text, None)
    assert japanese in game_sentences("dice-castle", reading, "ja")
    if english is not None:
        assert english in game_sentences("dice-castle", reading, "en")


def test_card_command_says_dice_castle_in_the_readers_language() -> None:
    text = "攻撃1 HP2\nIN:リゲイン(火1):2ドロー。"
    ja = CliRunner().invoke(app, ["--lang", "ja", "card", "dice-castle", text])
    assert ja.exit_code == 0, ja.output
    assert "能力「リゲイン」：IN能力、コスト：リゲイン（火1）：2ドローする。" in ja.output
    assert "# 能力の名前は印刷されていません" in ja.output
    en = CliRunner().invoke(app, ["--lang", "en", "card", "dice-castle", text])
    assert "Ability リゲイン: IN, cost: リゲイン (1 fire): draw 2 cards." in en.output
    assert "# An ability's name is not printed" in en.output


@pytest.mark.parametrize(
    ("text", "japanese", "english"),
    [
        (
            "このユニットがフィールドに出た時、対戦相手のユニットを1体選ぶ。それに3000ダメージを与える。",
            "第1効果：このユニットがフィールドに出た時、対戦相手のユニット1体（選ぶ）に3000ダメージを与える。",
            "Effect 1: when this unit enters the field: deal 3000 damage to 1 chosen unit (the opponent's).",
        ),
        (
            "このユニットがフィールドに出た時、自分の手札を1枚捨てる。そうした場合、カードを2枚引く。",
            "第1効果：このユニットがフィールドに出た時、手札を1枚捨てる。そうした場合、カードを2枚引く。",
            "Effect 1: when this unit enters the field: you discard 1 card; if done: you draw 2 cards.",
        ),
        (
            "相手のターン開始時、このユニットの行動権を回復する。",
            "第1効果：対戦相手のターン開始時、このユニットの行動権を回復する。",
            None,
        ),
    ],
)
def test_code_of_joker_sentences(text: str, japanese: str, english: str | None) -> None:
    from judgekit.commands.cards import read_text

    _, reading = read_text("code-of-joker", text, "unit")
    assert japanese in game_sentences("code-of-joker", reading, "ja")
    if english is not None:
        assert english in game_sentences("code-of-joker", reading, "en")


def test_card_command_says_code_of_joker_in_the_readers_language() -> None:
    text = "【加護】このユニットがフィールドに出た時、カードを1枚引く。"
    ja = CliRunner().invoke(app, ["--lang", "ja", "card", "code-of-joker", "--kind", "unit", text])
    assert ja.exit_code == 0, ja.output
    assert "キーワード能力：【加護】。" in ja.output
    assert "第1効果：このユニットがフィールドに出た時、カードを1枚引く。" in ja.output
    assert "# 効果の名前とパターン" in ja.output
    en = CliRunner().invoke(app, ["--lang", "en", "card", "code-of-joker", "--kind", "unit", text])
    assert "Effect 1: when this unit enters the field: you draw 1 card." in en.output


@pytest.mark.parametrize(
    ("text", "kind", "japanese", "english"),
    [
        (
            "相手のフォワード1体を選ぶ。それに8000ダメージを与える。",
            "summon",
            "効果：相手のフォワード1体を選ぶ。選んだカードに8000ダメージを与える。",
            "Effect: choose 1 of the opponent's forward; deal 8000 damage to the chosen card(s).",
        ),
        (
            "《風》《ダル》、ティナをブレイクゾーンに置く：カードを1枚引く。",
            "forward",
            "アクションアビリティ：風のCP1、このカードをダルにする、このカードをブレイクゾーンに置く：あなたはカードを1枚引く。",
            None,
        ),
        (
            "ダメージ3 ― ティナはパワー+2000され、ブレイブを得る。",
            "forward",
            "フィールドアビリティ（ダメージ3以上のときのみ）：このカードのパワー+2000。このカードはブレイブを得る。",
            None,
        ),
    ],
)
def test_fftcg_sentences(text: str, kind: str, japanese: str, english: str | None) -> None:
    from judgekit.commands.cards import read_text

    _, reading = read_text("fftcg", text, kind, "ティナ")
    assert japanese in game_sentences("fftcg", reading, "ja")
    if english is not None:
        assert english in game_sentences("fftcg", reading, "en")


def test_card_command_says_fftcg_in_the_readers_language() -> None:
    text = "《ダル》：カードを1枚引く。"
    ja = CliRunner().invoke(app, ["--lang", "ja", "card", "fftcg", "--kind", "backup", text])
    assert ja.exit_code == 0, ja.output
    assert "アクションアビリティ：このカードをダルにする：あなたはカードを1枚引く。" in ja.output
    assert "# アクションアビリティには名前が印刷されていません" in ja.output
    en = CliRunner().invoke(app, ["--lang", "en", "card", "fftcg", "--kind", "backup", text])
    assert "Action ability: pay dull this card: you draw(s) 1 card(s)." in en.output


def test_the_site_shows_what_was_read_in_both_languages(tmp_path: Path) -> None:
    """A scenario page's card panel holds the reading in Japanese and English, each marked for the switch."""
    from dataclasses import replace

    from judgekit.commands.cards import read_text
    from judgekit.site.build import build_site
    from judgekit.site.i18n import UiText
    from judgekit.site.layout import GamePaths
    from judgekit.site.scenarios import PrintedCard, PrintedPart
    from tests.site.toy import GAME, toy_index, toy_scenario

    text = "カウンター:相手のユニットが攻撃した時、そのユニットを破壊する。"
    _, reading = read_text("dice-castle", text, None)
    said = tuple(
        UiText(ja, en)
        for ja, en in zip(
            game_sentences("dice-castle", reading, "ja"), game_sentences("dice-castle", reading, "en"), strict=True
        )
    )
    part = PrintedPart("card", text, "text", "counter = {}", said, "", "")
    page = replace(toy_scenario(), cards=(PrintedCard("trap", "落とし穴", text, (part,)),))
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[page]).out
    html = (out / GamePaths(GAME).scenario(page.name)).read_text(encoding="utf-8")
    assert (
        '<span class="l-ja" lang="ja">カウンター：相手のユニットが攻撃した時、そのユニットを破壊する。</span>' in html
    )
    assert (
        '<span class="l-en" lang="en">Counter: when the opponent&#39;s unit attacks: destroy that unit.</span>' in html
    )


def test_card_command_says_divine_cross_comment_in_the_readers_language() -> None:
    text = "EX このユニットのスキルのダメージを100アップする。"
    ja = CliRunner().invoke(app, ["--lang", "ja", "card", "divine-cross", "--kind", "assist", text])
    assert ja.exit_code == 0, ja.output
    assert "# EXの名前は印刷されていません" in ja.output
    en = CliRunner().invoke(app, ["--lang", "en", "card", "divine-cross", "--kind", "assist", text])
    assert "# EX power names are not printed" in en.output


def test_card_command_names_an_unread_phrase_in_the_readers_language() -> None:
    text = "相手のユニット1体を破壊する。宇宙を支配する。"
    ja = CliRunner().invoke(app, ["--lang", "ja", "card", "dice-castle", "--kind", "magic", text])
    assert ja.exit_code == 2
    assert "の16文字目からの「宇宙を支配する。」を読めませんでした" in ja.output
    assert "この部分は効果の語彙で書いてください" in ja.output
    en = CliRunner().invoke(app, ["--lang", "en", "card", "dice-castle", "--kind", "magic", text])
    assert en.exit_code == 2
    assert "could not read 「宇宙を支配する。」 at character 16" in en.output


@pytest.mark.parametrize(
    ("text", "kind", "japanese", "english"),
    [
        (
            "自分のデッキから名前に『竜』を含むユニットを1枚探して手札に加える。",
            "event",
            "効果：自分はデッキから名前に『竜』を含むユニットカードを1枚探して手札に加える。",
            "Effect: search the deck for up to 1 card(s) of this kind: unit card whose name contains 『竜』; "
            "to the hand (you).",
        ),
        (
            "EX 自分の手札から赤のカードが捨てられた時、カードを1枚引く。",
            "unit",
            "EX（誘発）：自分の手札からカードが捨てられた時、そのカードが赤属性のカードであるなら：自分はカードを1枚引く。",
            None,
        ),
        (
            "相手のメイン・ユニットの気絶マーカーを取り除く。",
            "event",
            "効果：相手のメイン・ユニットの気絶マーカーをすべて取り除く。",
            "Effect: remove the stun markers of opponent.main.",
        ),
    ],
)
def test_divine_cross_sentences(text: str, kind: str, japanese: str, english: str | None) -> None:
    """A card filter and a marker the vocabulary names by a key are said in words, not as the scenario's TOML."""
    from judgekit.commands.cards import read_text

    _, reading = read_text("divine-cross", text, kind)
    assert japanese in game_sentences("divine-cross", reading, "ja")
    if english is not None:
        assert english in game_sentences("divine-cross", reading, "en")
