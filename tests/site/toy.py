"""A tiny hand-made game for the site tests: one numbered book whose texts try to inject markup,
and one scenario with a hand-written trace (a test fixture, not product data)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judgekit.engine.citations import RuleRef
from judgekit.engine.trace import (
    BoardView,
    CardView,
    ChangeKind,
    EndKind,
    Outcome,
    PlayerView,
    StateChange,
    StepKind,
    Trace,
    TraceStep,
    ZoneView,
)
from judgekit.scenario import LocalText
from judgekit.site.scenarios import Bilingual, Difference, ScenarioPage
from rules_index.catalog import Catalog, Document, Game
from rules_index.graph import RulesIndex, build_book_index
from rules_index.model import (
    ChangeEntry,
    DocumentInfo,
    Example,
    LintIssue,
    LintKind,
    Rule,
    RuleBook,
    RuleKind,
    Severity,
    SourceSpan,
)

GAME = "toy-game"
EVIL = '<script>alert("x")</script>'


def _span(line: int) -> SourceSpan:
    return SourceSpan("toy-game/rules.txt", line, line)


def toy_book() -> RuleBook:
    info = DocumentInfo(
        game=GAME,
        document="rules",
        kind="comprehensive-rules",
        title=f"トイ総合ルール {EVIL}",
        version="1.0",
        date="2024-01-01",
        path="toy-game/rules.txt",
        parser="numbered",
        is_default=True,
    )
    rules = [
        Rule("100", None, f"概要 {EVIL}", "", 0, 0, RuleKind.SECTION, _span(1)),
        Rule("101", "100", "", "**プレイヤー**: ゲームを遊ぶ人をプレイヤーと呼びます。", 1, 1, RuleKind.RULE, _span(2)),
        Rule(
            "102",
            "100",
            "",
            f"プレイヤーはダメージを受けます(200)。 {EVIL} & more",
            1,
            2,
            RuleKind.RULE,
            _span(3),
            examples=(Example(f"例: 200 に従います。{EVIL}", _span(4)),),
        ),
        Rule("200", None, "ダメージ", "", 0, 3, RuleKind.SECTION, _span(5)),
        Rule("200.1", "200", "", "ダメージはHPを減らします。102 を見ること。", 1, 4, RuleKind.RULE, _span(6)),
    ]
    lint = (
        LintIssue(LintKind.NUMBERING_GAP, Severity.WARNING, f"103 is missing {EVIL}", _span(3), "102"),
        LintIssue(LintKind.REPAIRED, Severity.INFO, "a repair", _span(4), "102"),
    )
    changelog = (ChangeEntry("1.0", "2024-01-01", (f"初版 {EVIL}",), _span(7)),)
    return RuleBook(info=info, heading="トイ総合ルール", rules=tuple(rules), changelog=changelog, lint=lint)


def toy_book_next() -> RuleBook:
    """Version 1.1 of the toy rules: 200.1 reworded, 200.2 added, 101 removed."""
    old = toy_book()
    info = replace(old.info, version="1.1", date="2024-06-01")
    rules = [r for r in old.rules if r.id != "101"]
    rules = [replace(r, text="ダメージはHPを必ず減らします。102 を見ること。") if r.id == "200.1" else r for r in rules]
    rules.append(Rule("200.2", "200", "", f"新しいルールです。{EVIL}", 1, 5, RuleKind.RULE, _span(8)))
    rules = [replace(r, order=i) for i, r in enumerate(rules)]
    changelog = (ChangeEntry("1.1", "2024-06-01", ("ダメージにて、項目を追加しました。",), _span(9)), *old.changelog)
    return replace(old, info=info, rules=tuple(rules), changelog=changelog)


def toy_index(*, versions: int = 1) -> RulesIndex:
    books = [toy_book(), toy_book_next()][:versions]
    info = books[-1].info
    game = Game(
        id=GAME,
        short="TOY",
        name_ja=f"トイゲーム {EVIL}",
        name_en="Toy",
        documents=(Document("rules", info.kind, info.title, tuple(b.info for b in books), True),),
    )
    return RulesIndex(
        catalog=Catalog((game,), Path(".")),
        books={(GAME, "rules", b.info.version): build_book_index(b) for b in books},
        fingerprint="toy",
    )


def _card(iid: str, name: str, hp: int, damage: int) -> CardView:
    attached = (CardView(f"{iid}-e", "energy", "エネルギー", False, (), (), "energy", ()),)
    return CardView(
        iid, name, name, False, (("HP", hp), ("damage", damage)), (("気絶", 1),) if damage else (), None, attached
    )


def _board(damage: int) -> BoardView:
    players = tuple(
        PlayerView(
            pid,
            f"プレイヤー{pid[-1]}",
            (("winning_ticket", 0),),
            (
                ZoneView(
                    "main",
                    "メイン・エリア",
                    True,
                    2,
                    (_card(f"{pid}-01", f"ユニット{pid}{EVIL}", 800, damage if pid == "p2" else 0),),
                ),
                ZoneView("deck", "デッキ置き場", False, 30, ()),
            ),
        )
        for pid in ("p1", "p2")
    )
    return BoardView(1, "p1", "battle", "damage", players, ())


def toy_scenario() -> ScenarioPage:
    rules = (RuleRef(GAME, "rules", "1.0", "200.1"), RuleRef(GAME, "rules", "1.0", "999"))
    steps = (
        TraceStep(1, 1, "battle", "skill", "p1", StepKind.SETUP, "盤面を用意した。", (), (), _board(0)),
        TraceStep(
            2,
            1,
            "battle",
            "damage",
            "rules",
            StepKind.RULE,
            f"ダメージ 300 を与えた。{EVIL}",
            rules,
            (StateChange(ChangeKind.NUMBER, "p2-01", "ユニットp2", "damage", 0, 300),),
            _board(300),
        ),
        TraceStep(3, 1, "battle", "damage", "rules", StepKind.RULE, "もう一度。", (rules[0],), (), _board(300)),
    )
    trace = Trace(
        GAME, "rules", "1.0", "toy", "トイのシナリオ", steps, Outcome(EndKind.SCRIPT_END, None, "終わり。", (rules[0],))
    )
    return ScenarioPage(
        game=GAME,
        name="toy/scenario one",
        title=f"トイのシナリオ {EVIL}",
        question=f"ダメージは **何点**? <b>raw</b> {EVIL}",
        ruling="300 点です(200.1; 100 点ではない)。[ステップ 2 と 200.1](#step-2) ![img](https://example.com/a.png)",
        tags=("ダメージ", EVIL),
        document="rules",
        version="1.0",
        trace=trace,
        notes=f"メモ {EVIL}",
        differs=(Difference(_ja(f"初心者向けでは違う {EVIL}"), ("200.1", "404"), _ja("こちらが優先。"), "rules"),),
    )


def _ja(text: str) -> Bilingual:
    """A piece of prose written in Japanese only, as both readers see it."""
    return Bilingual(LocalText(text, "ja"), LocalText(text, "ja"))
