"""Bad input ends in a clear error, never a traceback (issue 15).

Each case runs the CLI as a user would and checks: exit code 2, a message on stderr naming the
file (or option) and what is wrong, no Python traceback, and nothing half-written.
"""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app

ROOT = Path(__file__).resolve().parent.parent

GOOD = """\
game = "divine-cross"
rulebook = "1.0.16"
title = "t"
question = "q"
ruling = "r"
[start]
at = "battle"
turn = 2
[cards.a]
name = "A"
type = "unit"
hp = 500
skills = [{ name = "S", cost = 0, damage = 300 }]
[players.P1]
main = { card = "a" }
deck = ["a"]
[players.P2]
main = { card = "a" }
deck = ["a"]
[[play]]
do = "skill"
skill = "S"
[expect]
cites = ["704.6a"]
units = [{ at = "P2.main", damage = 300 }]
"""


def cli(*args: str) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr); any exception but SystemExit fails the test."""
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def refused(*args: str) -> str:
    """The stderr of a command that must exit 2 with a message and no traceback."""
    code, out, err = cli(*args)
    assert code == 2, (code, out, err)
    assert err.startswith("error: "), err
    assert "Traceback" not in err + out
    return err


def write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# --- 1, 2, 12: files that are not UTF-8, nest too deep, start with a BOM ------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (GOOD.encode().replace(b'title = "t"', b'title = "a\xff\xfeb"'), "line 3, byte 11: FF is not UTF-8"),
        (GOOD.encode().replace(b'title = "t"', b'title = "a\xed\xa0\x80"'), "line 3, byte 11: ED is not UTF-8"),
        (bytes(range(256)) * 4, "is not UTF-8"),
        (codecs.BOM_UTF16_LE + GOOD.encode("utf-16-le"), "UTF-16 byte-order mark: save it as UTF-8"),
        (GOOD + "x = " + "[" * 500 + "]" * 500 + "\n", "nest too deeply"),
        (GOOD + "y = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n", "nest too deeply"),
    ],
    ids=["ff-fe-in-a-string", "lone-surrogate", "random-bytes", "utf-16", "arrays-500-deep", "tables-3000-deep"],
)
def test_unreadable_scenario_files_are_refused_by_run(tmp_path: Path, data: str | bytes, expected: str) -> None:
    path = write(tmp_path, "bad.toml", data)
    err = refused("run", str(path))
    assert "bad.toml" in err and expected in err, err


def test_check_reports_an_unreadable_file_and_still_checks_the_others(tmp_path: Path) -> None:
    write(tmp_path, "a-bad.toml", b'game = "divine-cross"\ntitle = "\xff"\n')
    good = write(tmp_path, "b-good.toml", GOOD)
    assert cli("check", "--update", str(good))[0] == 0
    code, out, err = cli("check", str(tmp_path))
    assert code == 2, (out, err)
    assert "a-bad.toml: (file): UTF-8 text" in err and "Traceback" not in err
    assert "ok   " in out and "b-good.toml" in out
    assert "1 scenario(s): 1 passed, 0 failed; 1 could not be read" in out


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    plain = write(tmp_path, "plain.toml", GOOD)
    bom = write(tmp_path, "bom.toml", codecs.BOM_UTF8 + GOOD.encode())
    code, out, err = cli("run", str(bom))
    assert code == 0, err
    assert out == cli("run", str(plain))[1].replace("plain", "bom")


# --- 9: control and bidirectional characters ------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "key", "named"),
    [
        ('title = "t"', 'title = "a\\u0000b"', "title", "U+0000 NUL"),
        ('name = "A"', 'name = "A\\u202Eevil"', "cards.a.name", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ('ruling = "r"', 'ruling = "\\u200F"', "ruling", "U+200F RIGHT-TO-LEFT MARK"),
        ('question = "q"', 'question = "q\\u001b[31m"', "question", "U+001B ESCAPE"),
        ('skill = "S"', 'skill = "S\\u2066"', "play[0].skill", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("[cards.a]", '[cards."a\\u202Db"]\nname = "B"\ntype = "unit"\n[cards.a]', "cards.a\\u202db", "U+202D"),
        ('question = "q"', 'question = "q\\r\\nr"', "question", "U+000D CARRIAGE RETURN"),
    ],
)
def test_control_and_bidi_characters_are_refused_naming_the_key(
    tmp_path: Path, old: str, new: str, key: str, named: str
) -> None:
    path = write(tmp_path, "chars.toml", GOOD.replace(old, new, 1))
    err = refused("run", str(path))
    assert f"chars.toml: {key}: " in err and named in err, err
    assert "\u202e" not in err and "\x00" not in err and "\x1b" not in err


def test_tabs_newlines_and_japanese_are_fine(tmp_path: Path) -> None:
    path = write(tmp_path, "ok.toml", GOOD.replace('ruling = "r"', 'ruling = """有利\n\tで2倍"""'))
    assert cli("run", str(path))[0] == 0


# --- 7: the rulebook and document a scenario is ruled under --------------------------------------


def test_an_unknown_rulebook_version_lists_the_held_ones(tmp_path: Path) -> None:
    err = refused("run", str(write(tmp_path, "v.toml", GOOD.replace('"1.0.16"', '"9.9"'))))
    assert "v.toml: rulebook: a version of DC comprehensive held in the library (1.0.16); found '9.9'" in err


def test_an_unknown_document_lists_the_held_ones(tmp_path: Path) -> None:
    text = GOOD.replace('rulebook = "1.0.16"', 'rulebook = "1.0.16"\ndocument = "rules"')
    err = refused("run", str(write(tmp_path, "d.toml", text)))
    assert "d.toml: document: a document of DC held in the library (comprehensive, beginner); found 'rules'" in err


def test_a_held_edition_the_engine_does_not_implement_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('rulebook = "1.0.16"', 'rulebook = "undated"\ndocument = "beginner"')
    err = refused("run", str(write(tmp_path, "b.toml", text)))
    assert "the edition the DC engine implements (DC comprehensive 1.0.16)" in err
    assert "DC beginner undated is held" in err


def test_every_engine_is_pinned_to_an_edition_it_holds() -> None:
    from judgekit.games import GAMES, game_support
    from judgekit.scenario_file import pin_problems

    for game in GAMES:
        pinned = game_support(game).preset().rulebook
        assert pin_problems(game, pinned.document, pinned.version, pinned) == [], game


def test_a_difference_naming_an_unknown_document_is_refused(tmp_path: Path) -> None:
    text = GOOD + '[[differs]]\ndocument = "sheet"\nsays = "s"\nrules = ["704.6a"]\ndifference = "d"\n'
    err = refused("run", str(write(tmp_path, "d.toml", text)))
    assert "differs[0].document: a document of DC held in the library" in err and "'sheet'" in err


# --- 12: rule ids in expectations must exist -----------------------------------------------------


def test_expectations_naming_rules_that_do_not_exist_say_no_such_rule(tmp_path: Path) -> None:
    text = GOOD.replace('cites = ["704.6a"]', 'cites = ["704.6a", "999.9"]\nnot_cited = ["704.6zz"]')
    err = refused("check", str(write(tmp_path, "ids.toml", text)))
    assert "ids.toml: expect.cites[1]: the id of a rule of DC comprehensive 1.0.16; no such rule '999.9'" in err
    assert "ids.toml: expect.not_cited[0]:" in err and "no such rule '704.6zz'; nearest: 704.6" in err
    assert "never cited" not in err


# --- 8: negative numbers on card definitions -----------------------------------------------------

NEGATIVE = [
    (GOOD.replace("hp = 500", "hp = -500"), "cards.a.hp"),
    (GOOD.replace("cost = 0, damage = 300", "cost = -1, damage = 300"), "cards.a.skills[0].cost"),
    (GOOD.replace("cost = 0, damage = 300", "cost = 0, damage = -300"), "cards.a.skills[0].damage"),
]


@pytest.mark.parametrize(("text", "key"), NEGATIVE, ids=[k for _, k in NEGATIVE])
def test_negative_printed_numbers_are_refused(tmp_path: Path, text: str, key: str) -> None:
    err = refused("run", str(write(tmp_path, "neg.toml", text)))
    assert f"neg.toml: {key}: Input should be greater than or equal to 0; found -" in err, err


# --- 14: a closed pipe ---------------------------------------------------------------------------


def _closed_pipe_run(*args: str) -> subprocess.CompletedProcess[bytes]:
    """Run the CLI with its stdout a pipe whose reader has already gone."""
    read, write_end = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "judgekit", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
            env={**os.environ, "NO_COLOR": "1"},
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [("rule", "divine-cross", "704.6c-1"), ("games",), ("search", "fftcg", "ダメージ")])
def test_a_closed_stdout_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    done = _closed_pipe_run(*args)
    assert done.stderr == b""
    assert done.returncode == 0


def test_migrate_refuses_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    write(tmp_path, "bad.toml", b'game = "divine-cross"\nrulebook = "1.0.16"\ntitle = "\xed\xa0\x80"\n')
    err = refused("migrate", "divine-cross", "1.0.16", "1.0.16", str(tmp_path))
    assert "bad.toml: (file): UTF-8 text; line 3, byte 10: ED is not UTF-8" in err, err
