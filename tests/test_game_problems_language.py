"""A game's own checks of a scenario file (issue 13): in Japanese with ``--lang ja``, in the rulebook's
terms, and in English word for word as before with ``--lang en``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from judgekit.cli import app


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def bad_copy(tmp_path: Path, scenario: str, *edits: tuple[str, str]) -> Path:
    """A copy of a built-in scenario with ``edits`` (old, new) made, each found exactly once."""
    text = Path(scenario).read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    return bad


def errors(bad: Path, language: str) -> list[str]:
    """The problems ``check`` reports for ``bad`` in ``language`` (exit 2), a line each, the first after the
    language's error prefix; ``run --format json`` says the same."""
    code, _, err = invoke("--lang", language, "check", str(bad))
    assert code == 2
    code, out, json_err = invoke("--lang", language, "run", "--format", "json", str(bad))
    assert code == 2 and out == "" and json_err == err
    first, *rest = err.split("\n")
    prefix = {"ja": "エラー: ", "en": "error: "}[language]
    assert first.startswith(prefix)
    return [first.removeprefix(prefix), *rest]


def test_divine_cross(tmp_path: Path) -> None:
    bad = bad_copy(
        tmp_path,
        "scenarios/divine-cross/third-ko-loses.toml",
        ("hp = 200\n", 'hp = 200\ncommand = "event"\n'),
        ('deck = ["scout"]\n\n[players.P2]', 'deck = ["scout"]\nused = ["bogus"]\n\n[players.P2]'),
    )
    ja = errors(bad, "ja")
    assert f"{bad}: cards.scout.command: ユニットカードにはコマンドの分類を付けません（201.2b）" in ja[0]
    assert (
        f"{bad}: players.P1.used[0]: charge、event、retreat、ex:<エリア>/<EXパワー名> のいずれかが必要です"
        "（見つかったもの: 'bogus'）" in ja
    )
    en = errors(bad, "en")
    assert en[0] == f"{bad}: cards.scout.command: no command class on a unit card (201.2b)"
    assert f"{bad}: players.P1.used[0]: charge, event, retreat or ex:<area>/<EX power name>; found 'bogus'" in en


def test_fftcg(tmp_path: Path) -> None:
    bad = bad_copy(
        tmp_path,
        "scenarios/fftcg/zero-power-is-not-a-break.toml",
        ('elements = ["wind"]\ncost = 2\npower = 3000\n', 'elements = ["wind"]\ncost = 2\n'),
        (
            'field = [{ card = "filler" }]\n',
            'field = [{ card = "filler" }, { card = "mind_blast" }]\nused = ["bogus"]\n',
        ),
    )
    ja = errors(bad, "ja")
    assert ja[0] == f"{bad}: cards.penelo.power: フォワードにはパワーが必要です（5.2.6.1）"
    assert f"{bad}: players.P1.field[1].card: キャラクターが必要です。'mind_blast' は召喚獣です（5.2.3.1.2.1）" in ja
    assert f"{bad}: players.P1.used[0]: <カードのキー>/<アビリティ名> が必要です（見つかったもの: 'bogus'）" in ja
    en = errors(bad, "en")
    assert en[0] == f"{bad}: cards.penelo.power: a power for a forward (5.2.6.1)"
    assert f"{bad}: players.P1.field[1].card: a character; 'mind_blast' is a summon (5.2.3.1.2.1)" in en
    assert f"{bad}: players.P1.used[0]: <card key>/<ability name>; found 'bogus'" in en


def test_code_of_joker(tmp_path: Path) -> None:
    bad = bad_copy(
        tmp_path,
        "scenarios/code-of-joker/as-many-as-possible.toml",
        ("round = 6\n", "round = 11\n"),
        ('jokers = ["sweep"]\n', 'jokers = ["sweep", "wall"]\n'),
        ('field = [{ card = "wall" }]\n', 'field = [{ card = "sweep" }]\n'),
    )
    ja = errors(bad, "ja")
    assert f"{bad}: players.P1.jokers[1]: ジョーカーカードが必要です。'wall' はユニットです" in ja
    assert f"{bad}: players.P2.field[0].card: ユニットか進化ユニットが必要です。'sweep' はジョーカーです" in ja
    assert f"{bad}: start.round: 1〜10のラウンドが必要です（見つかったもの: 11）" in ja
    en = errors(bad, "en")
    assert f"{bad}: players.P1.jokers[1]: a joker card; 'wall' is a unit" in en
    assert f"{bad}: players.P2.field[0].card: a unit or evolution; 'sweep' is a joker" in en
    assert f"{bad}: start.round: a round from 1 to 10; found 11" in en


def test_dice_castle(tmp_path: Path) -> None:
    bad = bad_copy(
        tmp_path,
        "scenarios/dice-castle/add-die-limit-raised-by-king.toml",
        ('magic = "normal"\n', ""),
        ('king = "plain_king"\n', 'king = "filler"\n'),
    )
    ja = errors(bad, "ja")
    assert ja[0] == (
        f"{bad}: cards.boost.magic: マジックカードには normal、field、counter（カウンター）のいずれかの種類が必要です"
    )
    assert f"{bad}: players.P2.king: キングカードが必要です。'filler' はユニットです" in ja
    en = errors(bad, "en")
    assert en[0] == f"{bad}: cards.boost.magic: normal, field or counter for a magic card"
    assert f"{bad}: players.P2.king: a king card; 'filler' is a unit" in en


def test_fftcg_card_models_own_checks(tmp_path: Path) -> None:
    """The FFTCG card model's own checks (a value pydantic reports as ``value_error``) are messages too: said
    in Japanese under --lang ja, in English as pydantic words them."""
    bad = bad_copy(
        tmp_path, "scenarios/fftcg/groups-split-with-an-empty-group.toml", ("groups = 2, by", "groups = 1, by")
    )
    ja = errors(bad, "ja")[0]
    assert ja.startswith(f"{bad}: cards.split.effects[0].split: グループに分けるには2つ以上のグループが必要です")
    assert "（15.1.1.11.2）（見つかったもの: {'op': 'split'" in ja and "Value error" not in ja
    en = errors(bad, "en")[0]
    assert en.startswith(
        f"{bad}: cards.split.effects[0].split: Value error, splitting into groups needs 2 or more groups"
        " (15.1.1.11.2); found {'op': 'split'"
    )
