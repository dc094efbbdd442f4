"""Scenario files: validation with file and key, the schema, determinism, the template, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.render.sentences import english
from judgekit.scenario import (
    SCENARIOS_DIR,
    check_scenario,
    load_scenario,
    run_scenario,
    schema_text,
    template,
    trace_text,
)
from tests.scenario_fixtures import DAMAGE_DEALT, SKILL_BOARD

runner = CliRunner()

GOOD = (
    '\ngame = "divine-cross"\ntitle = "t"\nquestion = "q"\nruling = "r"\n' + SKILL_BOARD + "[expect]\n" + DAMAGE_DEALT
)


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> dict[str, str]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, text))
    assert str(tmp_path / "case.toml") in str(info.value) or "case.toml" in str(info.value)
    return dict(info.value.problems)


def test_a_good_file_loads_and_runs(tmp_path: Path) -> None:
    result = check_scenario(load_scenario(write(tmp_path, GOOD)), update=True)
    assert result.ok, result.findings
    assert result.trace.steps[-1].phase == "main"


@pytest.mark.parametrize(
    ("change", "key", "expected"),
    [
        (("hp = 500", 'hp = "lots"'), "cards.a.hp", "integer"),
        (('do = "skill"', 'do = "attack"'), "play[0]", "charge"),
        (('at = "P2.main"', 'at = "P3.main"'), "expect.units[0].at", "P1 or P2"),
        (
            ('main = { card = "a" }\ndeck = ["a"]\n[players.P2]', 'main = { card = "b" }\ndeck = ["a"]\n[players.P2]'),
            "players.P1.main.card",
            "a key of [cards]",
        ),
        (("turn = 2", "turn = 2\nwhatever = 1"), "start.whatever", "no such key"),
        (('title = "t"\n', ""), "title", "required"),
    ],
)
def test_bad_files_name_the_key_and_what_was_expected(
    tmp_path: Path, change: tuple[str, str], key: str, expected: str
) -> None:
    found = problems(tmp_path, GOOD.replace(*change, 1))
    assert key in found, found
    assert expected in found[key]


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    bad = GOOD.replace("hp = 500", 'hp = "x"').replace('do = "skill"', 'do = "attack"')
    assert len(problems(tmp_path, bad)) >= 2


def test_four_standby_units_are_rejected_by_308_1(tmp_path: Path) -> None:
    bad = GOOD.replace("[players.P2]", 'standby = [{card="a"},{card="a"},{card="a"},{card="a"}]\n[players.P2]')
    assert "308.1" in problems(tmp_path, bad)["players.P1.standby"]


def test_unknown_decision_kind_is_rejected(tmp_path: Path) -> None:
    bad = GOOD + '[[play]]\ndecide = "promotee"\nchoose = "P2.standby1"\n'
    bad = bad.replace("[expect]\n", "").replace('units = [{ at = "P2.main", damage = 300 }]\n', "") + "[expect]\n"
    assert "promote" in problems(tmp_path, bad)["play[1].decide"]


def test_not_toml(tmp_path: Path) -> None:
    assert "(toml)" in problems(tmp_path, "game = ")


def test_an_unused_decision_fails_the_scenario(tmp_path: Path) -> None:
    text = GOOD.replace("[expect]", '[[play]]\ndecide = "promote"\nby = "P2"\nchoose = "P2.standby1"\n[expect]')
    result = check_scenario(load_scenario(write(tmp_path, text)), update=True)
    assert any("nobody asked for" in f or "never used" in f for f in result.findings), result.findings


def test_a_missing_decision_stops_with_options_and_rule(tmp_path: Path) -> None:
    text = GOOD.replace("hp = 500", "hp = 300").replace(
        '[players.P2]\nmain = { card = "a" }', '[players.P2]\nmain = { card = "a" }\nstandby = [{card="a"},{card="a"}]'
    )
    trace = run_scenario(load_scenario(write(tmp_path, text)))
    assert trace.outcome.end.value == "decision_needed"
    message = english(trace.outcome.message)
    assert "'promote'" in message and "'P2.standby1', 'P2.standby2'" in message
    assert [r.id for r in trace.outcome.rules] == ["1004.1"]
    assert trace.steps[-1].kind.value == "stop"


def test_an_unexpected_rejection_fails_the_scenario(tmp_path: Path) -> None:
    text = GOOD.replace('do = "skill"\nskill = "S"', 'do = "skill"\nskill = "Nope"')
    result = check_scenario(load_scenario(write(tmp_path, text)), update=True)
    assert any("703.1a-1" in f and "does not list it" in f for f in result.findings), result.findings


def test_the_same_scenario_gives_a_byte_identical_trace() -> None:
    path = SCENARIOS_DIR / "divine-cross" / "ko-promotion-and-orphans.toml"
    first = trace_text(run_scenario(load_scenario(path)))
    second = trace_text(run_scenario(load_scenario(path)))
    assert first == second
    data = json.loads(first)
    assert data["steps"][0]["board"]["players"][0]["zones"][0]["name"] == "deck"


def test_the_published_schema_is_up_to_date() -> None:
    published = (Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json").read_text(
        encoding="utf-8"
    )
    assert published == schema_text(), (
        "regenerate with: python -c 'from judgekit.scenario import write_schema; write_schema()'"
    )


def test_every_scenario_file_validates_against_the_schema_keys() -> None:
    """Each file's top-level keys are those of its game's model in the published schema."""
    import tomllib

    schema = json.loads(schema_text())
    mapping = schema["discriminator"]["mapping"] if "discriminator" in schema else None
    checked = 0
    for path in sorted(SCENARIOS_DIR.glob("*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        model = schema if mapping is None else schema["$defs"][mapping[data["game"]].rsplit("/", 1)[-1]]
        assert set(data) <= set(model["properties"]), path.name
        assert set(model["required"]) <= set(data), path.name
        checked += 1
    assert checked >= 40


def test_the_template_is_a_valid_scenario_that_passes(tmp_path: Path) -> None:
    path = write(tmp_path, template("divine-cross", "my-case"), "my-case.toml")
    result = check_scenario(load_scenario(path), update=True)
    assert result.ok, result.findings


# --- the command line ----------------------------------------------------------------------------


def test_run_prints_one_step_a_line_with_cited_ids() -> None:
    path = SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml"
    result = runner.invoke(app, ["run", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.stdout.splitlines() if "doubled" in ln)
    assert "[DC 704.6c, DC 704.6c-1, DC 205.1, DC 204.2]" in line
    assert "\x1b[" not in result.stdout


def test_run_explain_prints_rule_text() -> None:
    path = SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml"
    result = runner.invoke(app, ["run", str(path), "--explain"], env={"NO_COLOR": "1"})
    assert "DC 704.6c-1  相手のメイン・ユニットの属性が" in result.stdout


def test_run_until_prints_the_board() -> None:
    path = SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml"
    result = runner.invoke(app, ["run", str(path), "--until", "13"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "the board after step 13" in result.stdout and "damage 800" in result.stdout
    assert "\n  14 " not in result.stdout


def test_run_json_and_markdown() -> None:
    path = SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml"
    result = runner.invoke(app, ["run", str(path), "--format", "json"])
    data = json.loads(result.stdout)
    assert data["steps"][0]["index"] == 1 and "森の番人" in result.stdout
    md = runner.invoke(app, ["run", str(path), "--format", "md"])
    assert md.stdout.startswith("# ") and "`DC 704.6c-1`" in md.stdout


def test_run_bad_file_exits_2_with_key_on_stderr(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("hp = 500", 'hp = "x"'))
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 2
    assert "cards.a.hp" in result.stderr


def test_check_exit_codes(tmp_path: Path) -> None:
    good = write(tmp_path, GOOD, "good.toml")
    assert runner.invoke(app, ["check", str(good), "--update"]).exit_code == 0
    assert runner.invoke(app, ["check", str(good)]).exit_code == 0
    failing = write(
        tmp_path,
        GOOD.replace('damage = 300 }]\n"""', "x").replace(
            'units = [{ at = "P2.main", damage = 300 }]', 'units = [{ at = "P2.main", damage = 999 }]'
        ),
        "failing.toml",
    )
    result = runner.invoke(app, ["check", str(failing), "--update"])
    assert result.exit_code == 1 and "expected 999" in result.stdout
    bad = write(tmp_path, "game = 1", "bad.toml")
    assert runner.invoke(app, ["check", str(bad)]).exit_code == 2


def test_new_writes_a_template_and_refuses_to_overwrite(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "divine-cross", "my-case", "--dir", str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "my-case.toml").read_text(encoding="utf-8").startswith("# my-case")
    again = runner.invoke(app, ["new", "divine-cross", "my-case", "--dir", str(tmp_path)])
    assert again.exit_code == 2
