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
from tests.scenario_fixtures import DAMAGE_DEALT, SKILL_BOARD

ROOT = Path(__file__).resolve().parent.parent

GOOD = (
    'game = "divine-cross"\nrulebook = "1.0.16"\ntitle = "t"\nquestion = "q"\nruling = "r"\n'
    + SKILL_BOARD
    + '[expect]\ncites = ["704.6a"]\n'
    + DAMAGE_DEALT
)


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
    assert cli("check", "--update", str(tmp_path))[0] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-bad.toml", "b-good.toml", "b-good.trace.json"]


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


def test_an_older_held_version_is_refused_naming_the_engines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.catalog
    from tests.rules_index.editions import Edition, write_sources

    older = Edition.published("divine-cross").as_version("1.0.15", "2025-12-01")
    monkeypatch.setattr(rules_index.catalog, "SOURCES", write_sources(tmp_path, older, newest=False))
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    err = refused("run", str(write(tmp_path, "old.toml", GOOD.replace('"1.0.16"', '"1.0.15"'))))
    assert "old.toml: rulebook: the edition the DC engine implements (DC comprehensive 1.0.16)" in err
    assert "DC comprehensive 1.0.15 is held" in err and "judgekit migrate divine-cross 1.0.15 1.0.16" in err


def test_every_engine_is_pinned_to_an_edition_it_holds() -> None:
    from judgekit.games import GAMES, game_support
    from judgekit.scenario_file import library_catalog, pin_problems

    for game in GAMES:
        pinned = game_support(game).preset().rulebook
        assert pin_problems(library_catalog(), game, pinned.document, pinned.version, pinned) == [], game


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


# --- 10: Markdown escapes the title as it escapes the steps --------------------------------------


def test_run_markdown_escapes_the_title_and_names(tmp_path: Path) -> None:
    text = GOOD.replace('title = "t"', 'title = "<script>alert(1)</script> *x*"').replace(
        "[players.P1]\n", '[players.P1]\nname = "<b>Ann</b>"\n'
    )
    code, out, err = cli("run", str(write(tmp_path, "md.toml", text)), "--format", "md")
    assert code == 0, err
    assert out.startswith("# \\<script\\>alert(1)\\</script\\> \\*x\\*\n")
    assert "<script>" not in out and "<b>" not in out


# --- 11: search --limit ----------------------------------------------------------------------------


@pytest.mark.parametrize("limit", ["0", "-1", "-20"])
def test_search_limit_must_be_at_least_one(limit: str) -> None:
    code, out, err = cli("search", "divine-cross", "有利", "--limit", limit)
    assert code == 2 and out == ""
    flat = " ".join(err.replace("│", " ").split())
    assert "Invalid value for '--limit'" in flat and "Traceback" not in err
    assert "x>=1" in flat or "greater than or equal to" in flat  # click's wording, or pydantic's through typer


def test_search_book_refuses_a_limit_below_one() -> None:
    from rules_index.search import search_book

    with pytest.raises(ValueError, match="1 or more"):
        search_book(None, "x", limit=0)  # type: ignore[arg-type]


# --- 3: serve on a port in use -------------------------------------------------------------------


def test_serve_on_a_port_in_use_says_so_before_building(tmp_path: Path) -> None:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        err = refused("serve", "--out", str(tmp_path / "site"), "--port", port)
    assert f"cannot serve on 127.0.0.1:{port}: another program is already listening on it" in err
    assert "--port 0 for any free port" in err
    assert list(tmp_path.iterdir()) == []  # refused before building anything


def test_serve_refuses_a_port_number_out_of_range(tmp_path: Path) -> None:
    err = refused("serve", "--no-build", "--out", str(tmp_path), "--port", "70000")
    assert "--port 70000: expected a port number from 0 to 65535" in err


# --- 4: impact --junit on a path that cannot be written ------------------------------------------


@pytest.mark.parametrize("target", ["a-file/impact.xml", "a-folder"])
def test_impact_junit_path_is_checked_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    import judgekit.versions

    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "a-folder").mkdir()

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the versions were loaded before the --junit path was checked")

    monkeypatch.setattr(judgekit.versions, "load_versions", no_work)
    err = refused("impact", "divine-cross", "1.0.16", "1.0.17", "--junit", str(tmp_path / target))
    assert f"--junit {tmp_path / target}: " in err
    assert ("is a file, not a folder" if "/" in target else "is a folder; expected the path of a file") in err


# --- 5 and 13: the site's output folder -----------------------------------------------------------


def test_build_into_a_mount_point_is_refused_before_the_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = (tmp_path / "mnt").resolve()
    out.mkdir()
    real = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == out or real(p))
    err = refused("build", "--out", str(out))
    assert f"{out} is a mount point" in err and f"--out {out / 'site'}" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mnt"]


def test_a_failed_swap_is_an_error_and_leaves_the_previous_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from judgekit.site.build import build_site
    from judgekit.site.output import OutputError
    from tests.site.toy import toy_index

    out = tmp_path / "site"
    build_site(out, index=toy_index(), scenarios=[])
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real = os.rename

    def busy(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if ".building-" in Path(src).name:
            raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(dst))
        real(src, dst)

    monkeypatch.setattr(os, "rename", busy)
    with pytest.raises(OutputError, match=r"cannot put the new site in place at .*the previous site is left as it was"):
        build_site(out, index=toy_index(), scenarios=[])
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_build_removes_what_killed_builds_left_and_keeps_running_ones(tmp_path: Path) -> None:
    from judgekit.site.build import build_site
    from tests.site.toy import toy_index

    dead = [".site.building-4194399-k1ll3d", ".site.building-abc_12x9", ".site.old-4194399-abcdefgh"]
    running = f".site.building-{os.getppid()}-st1llgo"
    for name in [*dead, running, ".other.building-4194399-x"]:
        (tmp_path / name / "rules").mkdir(parents=True)
        (tmp_path / name / "rules" / "page.html").write_text("half", encoding="utf-8")
    build_site(tmp_path / "site", index=toy_index(), scenarios=[])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([".other.building-4194399-x", running, "site"])


def test_a_killed_build_leaves_its_folder_for_the_next_build_to_remove(tmp_path: Path) -> None:
    import signal
    import time

    out = tmp_path / "site"
    script = (
        "import os, signal, sys\nfrom pathlib import Path\n"
        "from judgekit.site.build import build_site\n"
        "from judgekit.site.output import SiteWriter\n"
        "from tests.site.toy import toy_index\n"
        "real = SiteWriter.write_bytes\n"
        "def write_then_die(self, path, data):\n"
        "    real(self, path, data)\n"
        "    if len(self.files) == 3:\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "SiteWriter.write_bytes = write_then_die\n"
        "build_site(Path(sys.argv[1]), index=toy_index(), scenarios=[], jobs=1)\n"  # the build's own process killed
    )
    done = subprocess.run([sys.executable, "-c", script, str(out)], cwd=ROOT, check=False)
    assert done.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".site.building-"), left
    time.sleep(0)  # the killed process is gone: its pid names no running process
    from judgekit.site.build import build_site
    from tests.site.toy import toy_index

    build_site(out, index=toy_index(), scenarios=[])
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_new_into_a_folder_that_cannot_be_made_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    err = refused("new", "divine-cross", "case", "--dir", str(tmp_path / "a-file" / "sub"))
    assert f"--dir {tmp_path / 'a-file' / 'sub' / 'case.toml'}: cannot write it" in err


def test_a_build_whose_worker_is_killed_stops_with_a_message_and_keeps_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import signal

    from judgekit.site.build import build_site
    from judgekit.site.output import SiteWriter
    from rules_index.errors import JudgekitError
    from tests.site.toy import toy_index

    out = tmp_path / "site"
    build_site(out, index=toy_index(), scenarios=[], jobs=1)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    parent = os.getpid()
    real = SiteWriter.write_bytes

    def write_then_die(self: SiteWriter, path: str, data: bytes) -> None:
        real(self, path, data)
        if os.getpid() != parent:  # only in a worker the build forked
            os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(SiteWriter, "write_bytes", write_then_die)
    with pytest.raises(JudgekitError, match="worker process of the build was killed"):
        build_site(out, index=toy_index(), scenarios=[], jobs=2, incremental=False)  # every part rendered again
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
