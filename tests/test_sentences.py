"""Trace sentences are data: every message id the code records has a translation in Japanese and in
English with the placeholders its callers fill, and the neutral form reads back as it was written."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgekit.i18n import LANGUAGES, LOCALE_DIR
from judgekit.message import CardRef, ZoneRef, msg, sentence_from_json, sentence_json
from judgekit.render.sentences import domain_of, engine_catalog, render

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
BUILT = {"kernel.card_at": {"card", "where"}, "kernel.zone_of": {"player", "zone"}}
"""Messages the renderer itself builds (not through ``msg``), with their parameters."""


def calls() -> Iterator[tuple[str, str, frozenset[str] | None]]:
    """Every ``msg("id", ...)`` (and card reader's ``reason("id", ...)``) in the packages: (where, id, its keyword
    names, None when it splats)."""
    for path in sorted((ROOT / "judgekit").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in ("msg", "reason") or not node.args:
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            names = None if any(k.arg is None for k in node.keywords) else frozenset(str(k.arg) for k in node.keywords)
            yield f"{path.relative_to(ROOT)}:{node.lineno}", first.value, names


def translations(message_id: str) -> dict[str, list[str]]:
    """The translations of ``message_id`` in each language (plural forms each)."""
    out: dict[str, list[str]] = {}
    for language in LANGUAGES:
        cat = engine_catalog(language, domain_of(message_id))
        if message_id in cat.messages:
            out[language] = [cat.messages[message_id]]
        elif message_id in cat.plurals:
            out[language] = list(cat.plurals[message_id])
    return out


def test_every_recorded_message_is_translated_with_its_placeholders() -> None:
    problems = []
    used: dict[str, set[str]] = {k: set(v) for k, v in BUILT.items()}
    for where, message_id, names in calls():
        found = translations(message_id)
        for language in LANGUAGES:
            if language not in found:
                problems.append(f"{where}: {message_id} has no {language} translation")
        if names is None:
            continue
        used.setdefault(message_id, set()).update(names)
        for language, forms in found.items():
            for form in forms:
                missing = set(PLACEHOLDER.findall(form)) - names
                if missing:
                    problems.append(f"{where}: {message_id} ({language}) needs {sorted(missing)}, not given")
    for message_id, names in used.items():
        for language, forms in translations(message_id).items():
            shown = set().union(*(set(PLACEHOLDER.findall(f)) for f in forms))
            unshown = names - shown - {"n"}
            if unshown:
                problems.append(f"{message_id} ({language}) never shows {sorted(unshown)}")
    assert not problems, "\n".join(problems)


def test_no_catalog_entry_is_left_unused() -> None:
    from judgekit.render.sentences import KEY_WORDS

    used = {message_id for _, message_id, _ in calls()} | set(BUILT)
    looked_up = {f".word.{kind}." for kind in KEY_WORDS.values()}  # a key's word, found by the key (KEY_WORDS)
    unused = []
    for language in LANGUAGES:
        for path in sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("engine-*.po")):
            cat = engine_catalog(language, path.stem)
            for message_id in [*cat.messages, *cat.plurals]:
                if any(part in message_id for part in looked_up):
                    continue
                if message_id not in used and not message_id.split(".")[-1].startswith("term_"):
                    unused.append(f"{path.relative_to(ROOT)}: {message_id}")
    assert not unused, "\n".join(unused)


def test_the_neutral_form_reads_back_and_renders_in_both_languages() -> None:
    card = CardRef("炎の剣士", "P2", "main", "メイン・エリア")
    zone = ZoneRef("main", "P1", "メイン・エリア")
    sentence = msg("kernel.decided", prompt=msg("kernel.card_at", card="x", where="y"), choice=(card, zone, 3))
    assert sentence_from_json(sentence_json(sentence)) == sentence
    assert render(sentence, "ja", "divine-cross") == "x（y）：炎の剣士（P2のメイン・エリア）、P1のメイン・エリア、3"
    assert render(sentence, "en", "divine-cross") == "x (y): 炎の剣士 (P2's main area), P1's main area, 3"


def test_an_unknown_id_is_shown_with_its_parameters_not_an_error() -> None:
    assert render(msg("kernel.no_such_sentence", card="炎の剣士"), "en") == "kernel.no_such_sentence(card=炎の剣士)"


def test_a_parameter_must_be_data() -> None:
    with pytest.raises(TypeError, match="parameter x"):
        msg("kernel.none", x=1.5)


CONVERTED = frozenset({"code-of-joker", "dice-castle", "divine-cross", "fftcg"})
"""Games whose engines record every sentence as a message (no plain English left in their golden traces)."""


def plain_sentences(data: object, where: str = "") -> Iterator[str]:
    """Every sentence-holding field of a golden trace whose value is a plain string."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("sentence", "message", "reason", "gap", "prompt", "where") and isinstance(value, str) and value:
                yield f"{where}.{key}: {value[:80]}"
            else:
                yield from plain_sentences(value, f"{where}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from plain_sentences(value, f"{where}[{i}]")


def test_golden_traces_of_converted_games_hold_no_plain_sentences() -> None:
    import json

    found = []
    for path in sorted(p for game in CONVERTED for p in (ROOT / "scenarios" / game).glob("*.trace.json")):
        found += [f"{path.name}{p}" for p in plain_sentences(json.loads(path.read_text(encoding="utf-8")))]
    assert not found, "\n".join(found[:40])


def test_every_phase_and_step_in_the_traces_is_named_in_both_languages() -> None:
    """The board's caption names where the game is as the rulebook does (バトルフェイズ終了ステップ), never
    by the engine's key (``end``)."""
    import json

    from judgekit.render.sentences import part_name

    seen: set[tuple[str, str, str]] = set()
    for path in sorted((ROOT / "scenarios").rglob("*.trace.json")):
        game = path.relative_to(ROOT / "scenarios").parts[0]
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            seen.update((game, kind, step[kind]) for kind in ("phase", "step") if step[kind])
    assert {g for g, _, _ in seen} == {"divine-cross", "fftcg", "code-of-joker", "dice-castle"}
    unnamed = [f"{g} {kind} {name}" for g, kind, name in sorted(seen) if part_name(g, kind, name, "ja") == name]
    assert not unnamed, unnamed
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert all(japanese.search(part_name(g, kind, name, "ja")) for g, kind, name in seen)
    assert not any(japanese.search(part_name(g, kind, name, "en")) for g, kind, name in seen)
    assert part_name("divine-cross", "phase", "battle", "ja") == "バトルフェイズ"
    assert part_name("divine-cross", "step", "end", "ja") == "バトルフェイズ終了ステップ"
    assert part_name("divine-cross", "step", "end", "en") == "battle phase end step"
    assert part_name("code-of-joker", "step", "recover", "ja") == "行動権の回復、アタック制限の解除"
    assert part_name("code-of-joker", "step", "life", "en") == "life damage"


def test_keys_a_scenario_writes_are_shown_as_the_games_words() -> None:
    """An action, a decision's option and an energy attribute are kept as the scenario's keys in the trace
    and shown in the reader's language; a key the game has no word for (a card's key) is shown as written."""
    rejected = msg("kernel.rejected", player="P1", action="charge", reason=msg("kernel.none"))
    assert render(rejected, "ja", "divine-cross") == "P1の行動（チャージ）は認められません：なし"
    assert render(rejected, "en", "divine-cross") == "P1's charge is rejected: none"
    assert render(msg("kernel.rejected", player="P2", action="cast", reason="x"), "ja", "fftcg").startswith(
        "P2の行動（キャスト）"
    )
    decided = msg("kernel.decided", prompt="P1 decides", choice=("yes",))
    assert render(decided, "ja", "fftcg") == "P1 decides：はい"
    assert render(decided, "en", "fftcg") == "P1 decides: yes"
    cards = msg("kernel.decided", prompt="p", choice=("P2.guard", "pass"))
    assert render(cards, "ja", "code-of-joker") == "p：P2.guard、パス"
    amount = msg("dice.energy.amount", n=2, attribute="fire")
    assert render(amount, "ja", "dice-castle") == "火 2" and render(amount, "en", "dice-castle") == "2 fire"
    assert render(rejected, "ja") == "P1の行動（charge）は認められません：なし"  # no game: the key as written
    for game in ("divine-cross", "fftcg", "code-of-joker", "dice-castle"):
        for word in ("yes", "no"):
            assert render(msg("kernel.decided", prompt="p", choice=(word,)), "ja", game) != "p：" + word


def test_an_effects_instruction_is_named_by_its_words() -> None:
    gap = msg("coj.run.pattern_a", effect="光神・アマテラスの第2効果", op="delete", note="")
    assert render(gap, "ja", "code-of-joker").startswith(
        "光神・アマテラスの第2効果：指示「消滅させる」は対象を取ることができません"
    )
    assert render(gap, "en", "code-of-joker").startswith(
        "光神・アマテラスの第2効果: its instruction “delete” can take no target"
    )


def test_state_changes_are_named_in_the_readers_language() -> None:
    from judgekit.engine.trace import ChangeKind, StateChange
    from judgekit.render.changes import change_text
    from judgekit.scenario import load_scenario, run_scenario

    trace = run_scenario(load_scenario(ROOT / "scenarios/divine-cross/advantage-after-modifiers.toml"))
    lines = {
        (change_text(c, "ja", trace.game, s.board), change_text(c, "en", trace.game, s.board))
        for s in trace.steps
        for c in s.changes
    }
    assert ("ステップ: スキルステップ → ダメージステップ", "game (game) step: skill → damage") in lines
    assert ("森の番人（P2-01）のダメージ: 0 → 800", "森の番人 (P2-01) damage: 0 → 800") in lines
    assert (
        "森の番人（P2-01）の領域: P2のメイン・エリア → P2のKO置き場",
        "森の番人 (P2-01) zone: P2.main → P2.ko",
    ) in lines
    assert not any(re.search(r"[a-z]{3,}", ja) for ja, _ in lines), lines
    face = StateChange(ChangeKind.FACE, "P1-03", "木の葉", "face_down", True, False)
    assert change_text(face, "ja") == "木の葉（P1-03）の裏向き: はい → いいえ"
    assert change_text(face, "en") == face.describe() == "木の葉 (P1-03) face_down: true → false"
    energy = StateChange(ChangeKind.COUNTER, "P1", "P1", "energy:fire", 4, 0)
    assert change_text(energy, "ja", "dice-castle") == "P1（P1）のエネルギー（火）: 4 → 0"


def test_an_interface_string_in_both_languages_survives_pickling() -> None:
    """Scenario pages are pickled (the build's workers send them back, the cache keeps them)."""
    import pickle

    from judgekit.site.i18n import UiText

    text = pickle.loads(pickle.dumps(UiText("ルール", "rule")))
    assert isinstance(text, UiText) and (text.ja, text.en) == ("ルール", "rule")
    assert text == UiText("ルール", "rule")


def test_a_code_of_joker_cards_colour_is_the_rulebooks_word_on_the_board() -> None:
    from judgekit.engine.trace import ChangeKind, StateChange
    from judgekit.render.changes import change_text
    from judgekit.site.board import card_facts

    facts = {f.kind: f.value for f in card_facts("code-of-joker", {"type": "unit", "color": "blue"}, {}, "hand")}
    assert facts == {"type": "ユニット", "colour": "青"}
    facts = {f.kind: f.value for f in card_facts("code-of-joker", {"color": "colorless"}, {}, "hand")}
    assert facts["colour"] == "無色"
    entered = StateChange(ChangeKind.NUMBER, "P1-02", "戦神・毘沙門", "entered", None, 9)
    assert change_text(entered, "ja", "code-of-joker") == "戦神・毘沙門（P1-02）の場に出たターン: - → 9"
