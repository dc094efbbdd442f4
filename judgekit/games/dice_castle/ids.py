"""Rule ids of the detailed rules, by section.

The page is an unnumbered outline: the rules index gives each paragraph the id of its heading
path plus its ordinal (``ゲーム全体のルール/勝敗のチェック/1``). A :class:`Section` names one
heading so engine code writes ``WIN[1]`` instead of the whole path; every id the engine cites is
checked against the rulebook by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Section:
    """One heading of the outline; indexing it gives the id of one of its paragraphs."""

    path: str
    """The heading's id (its path of titles)."""

    def __getitem__(self, ordinal: int | str) -> str:
        """The id of paragraph ``ordinal`` (``1``, or ``"1/1"`` for a nested paragraph)."""
        return f"{self.path}/{ordinal}"


_GAME = "ゲーム全体のルール"
_PLAY = "カードのプレイに関するルール"
_EFFECT = "効果、能力に関するルール"
_PROCESS = "効果の、発生、処理、解決によって発生するルール"
_PHASES = f"{_GAME}/フェイズ規定処理について"

FIELD = Section(f"{_GAME}/場について")
"""The unit zone, the magic zone, one's own field and control."""
INFO = Section(f"{_GAME}/公開情報と非公開情報")
"""Public and hidden information; looking at the castle or damage cards makes one shuffle."""
PRIORITY = Section(f"{_GAME}/効果処理の優先順位について")
"""The turn player's effects first; counters first (with the IN/OUT example on 3)."""
WIN = Section(f"{_GAME}/勝敗のチェック")
"""The win check: never in the middle of an effect, even with effects pending (examples 1 and 2)."""
PHASE = Section(_PHASES)
"""Phase processing, by the turn player except in the dice phase."""
DICE = Section(f"{_PHASES}/ダイスフェイズ")
"""The dice phase."""
DRAW = Section(f"{_PHASES}/ドローフェイズ")
"""The draw phase."""
SET = Section(f"{_PHASES}/セットフェイズ")
"""The set phase."""
BATTLE = Section(f"{_PHASES}/バトルフェイズ")
"""The battle phase."""
END = Section(f"{_PHASES}/エンドフェイズ")
"""The end phase."""
ENERGY_CAP = Section(f"{_GAME}/エネルギーの上限")
"""Energy has no cap."""
ADD_DIE = Section(f"{_GAME}/サイコロの追加について")
"""Which dice may be added."""
TEXT_WINS = Section(f"{_GAME}/ルールとテキストの矛盾")
"""Card text changes the rules (with the two-dice example)."""
KING_RULES = Section(f"{_GAME}/キングカードのルール変更能力について")
"""King cards that change rules: the unit zone limit, whom a change applies to."""
WALLS = Section(f"{_GAME}/城壁が増える能力について")
"""Walls above the start value, healing up to it, new walls."""
SUPPORT = Section(f"{_GAME}/サポートデッキについて")
"""The support deck and the support castle."""
EVOLUTION = Section(f"{_GAME}/キングカードの進化について")
"""King evolution."""
MAGIC_WORDS = Section(f"{_GAME}/カードの文章欄のマジック、マジックカードについて")
"""What マジック, マジック(通常), (場), (カウンター) mean in card text."""
PLAY_RANGE = Section(f"{_PLAY}/プレイの範囲")
"""Only cards in one's own hand are played."""
PLAY_START = Section(f"{_PLAY}/プレイの開始")
"""Nothing new while an effect is unresolved."""
IN_PLAY = Section(f"{_PLAY}/プレイ中のカード")
"""The waiting zone (examples 1–3 on 4)."""
MULTI_TARGET = Section(f"{_PLAY}/複数対象のカード")
"""Targets joined by と, and counts that fall short."""
SINGLE_ALL = Section(f"{_PLAY}/単体、全体対象のカード")
"""Single and all-target cards need a target."""
OR = Section(f"{_PLAY}/又はで区切られたカード")
"""又は is fixed when played."""
IF = Section(f"{_PLAY}/場合で区切られたカード")
"""場合 is checked on resolution."""
EFFECTS = Section(f"{_EFFECT}/カードの効果について")
"""Effects are mandatory unless してもよい."""
COST_USE = Section(f"{_EFFECT}/コスト能力の使用について")
"""Cost abilities only of cards on one's own field."""
NO_NUMBER = Section(f"{_EFFECT}/数字指定が無い効果")
"""No number means one."""
SIMULTANEOUS = Section(f"{_EFFECT}/複数の能力が同時に発動した場合の処理")
"""Abilities that activate at once (1/1 with examples 1 and 2; 2/1)."""
COMPOSITE = Section(f"{_EFFECT}/複合能力について")
"""Composite abilities (timing:cost:effect) and negation."""
EMPTY_COST = Section(f"{_EFFECT}/コスト能力の空打ち")
"""Cost abilities without a target."""
EMPTY_IN = Section(f"{_EFFECT}/IN能力の空打ち")
"""IN abilities without a target."""
EMPTY_HEAL = Section(f"{_EFFECT}/回復の空打ち")
"""Healing with nothing to heal."""
EMPTY_EXTRA = Section(f"{_EFFECT}/追加効果の空打ち")
"""Additional effects without a target."""
NOT_PLAYED = Section(f"{_PROCESS}/プレイ以外で場に出るカード")
"""Cards that enter the field without being played."""
COUNTER = Section(f"{_PROCESS}/カウンターの処理")
"""Counters resolve before their event."""
TOGETHER = Section(f"{_PROCESS}/複数のカウンターを同じタイミングで発動させたい場合")
"""Several counters on one event are declared together."""
KATIE = Section("カード個別のルール/トラップキングケイティ")
"""Trap King Katie's counter dice."""
MATCH = Section("競技ルール/勝敗")
"""Competitive rules: best of three."""
FOUL = Section("競技ルール/反則")
"""Competitive rules: fouls."""
