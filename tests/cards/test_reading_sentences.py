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
_UNFILLED = re.compile(r"\{[a-z_]+\}|\b(dice|coj|ff)\.read\.")
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


READINGS: dict[str, list[tuple[str, dict[str, Any]]]] = {"dice-castle": list(_dice_readings())}


@pytest.mark.parametrize("game", sorted(READINGS))
@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_reading_is_said_from_the_catalogs(game: str, language: str) -> None:
    said = 0
    for label, reading in READINGS[game]:
        for line in game_sentences(game, reading, language):  # type: ignore[arg-type]
            said += 1
            assert not _UNFILLED.search(line), (label, line)
            if language == "ja":
                assert not _ENGLISH.search(line), (label, line)
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
